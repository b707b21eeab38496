"""The rules of a position as ``cachex.rules`` decides them once for every caller."""

import pytest

from cachex import Game, Move
from cachex.colours import BLUE, RED, colour_code, opponent, opposite
from cachex.geometry import BOTH_EDGES, FIRST_EDGE, NO_CELL, SECOND_EDGE, STEAL, Geometry
from cachex.rules import (
    REPETITION_LIMIT,
    TURN_LIMIT,
    BoardCounts,
    banned_cell,
    ending,
    legal_codes,
    mover,
    steal_allowed,
)


def test_red_moves_first_and_the_steal_is_a_turn() -> None:
    assert [mover(t) for t in range(4)] == [RED, BLUE, RED, BLUE]
    game = Game.from_fragment("v1.5.a1.swap")
    assert game.to_move == "red" and game.mover == RED


def test_the_centre_is_banned_only_on_reds_first_turn_of_an_odd_board() -> None:
    odd, even = Geometry.of(5), Geometry.of(6)
    assert banned_cell(odd, 0) == odd.index(2, 2)
    assert banned_cell(odd, 1) == NO_CELL and banned_cell(even, 0) == NO_CELL


def test_legal_codes_follow_the_opening_rules() -> None:
    geo = Geometry.of(3)
    empty = bytearray(9)
    assert legal_codes(empty, geo, 0) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert legal_codes(empty, geo, 1)[-1] == STEAL and steal_allowed(1)
    assert STEAL not in legal_codes(empty, geo, 2) and not steal_allowed(2)
    board = bytearray(9)
    board[4] = RED
    assert 4 not in legal_codes(board, geo, 2)


def test_the_game_asks_the_same_rules_for_its_legal_moves() -> None:
    for fragment in ("v1.5", "v1.5.a1", "v1.6", "v1.5.a1.swap.b2"):
        game = Game.from_fragment(fragment)
        codes = legal_codes(game.board, game.geometry, game.turn_count)
        assert [m.code(game.n) for m in game.legal_moves()] == codes


def test_a_connection_comes_before_repetition_before_the_turn_limit() -> None:
    assert ending(True, REPETITION_LIMIT, TURN_LIMIT) == "connection"
    assert ending(False, REPETITION_LIMIT, TURN_LIMIT) == "repetition"
    assert ending(False, REPETITION_LIMIT - 1, TURN_LIMIT) == "turn-limit"
    assert ending(False, REPETITION_LIMIT - 1, TURN_LIMIT - 1) is None


def test_board_counts_overlay_a_base_without_changing_it() -> None:
    base = {b"\x00": 2}
    counts = BoardCounts(base)
    assert counts.add(b"\x00") == 3 and counts.add(b"\x01") == 1
    assert counts.count(b"\x00") == 3 and base == {b"\x00": 2}
    counts.remove(b"\x01")
    assert counts.count(b"\x01") == 0 and counts.as_dict() == {b"\x00": 3}
    with pytest.raises(ValueError, match="never counted"):
        counts.remove(b"\x02")


def test_colours_convert_only_through_their_owner() -> None:
    assert opponent(RED) == BLUE and opponent(BLUE) == RED
    assert opposite("red") == "blue" and opposite("blue") == "red"
    for bad in ("green", "", None, 1):
        with pytest.raises(ValueError, match="unknown colour"):
            colour_code(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [3, 4, 9, 15])
def test_edge_bits_mark_each_colours_two_edges(n: int) -> None:
    geo = Geometry.of(n)
    for colour in (RED, BLUE):
        first, second = geo.edges[colour]
        for cell in range(geo.size):
            bits = geo.edge_bits[colour][cell]
            assert bool(bits & FIRST_EDGE) == (cell in first)
            assert bool(bits & SECOND_EDGE) == (cell in second)
    # a1 is on both colours' first edges.
    assert (geo.edge_bits[RED][0], geo.edge_bits[BLUE][0]) == (FIRST_EDGE, FIRST_EDGE)
    assert BOTH_EDGES == FIRST_EDGE | SECOND_EDGE


def test_the_middle_cell_exists_on_every_size() -> None:
    assert Geometry.of(5).middle == Geometry.of(5).centre
    assert Geometry.of(4).coords(Geometry.of(4).middle) == (2, 2)


def test_steal_destination_is_the_mirror_of_reds_stone_while_swap_is_legal() -> None:
    assert Game.from_fragment("v1.5.d2").steal_destination() == "b4"
    assert Game.from_fragment("v1.5.c2").steal_destination() == "b3"
    for fragment in ("v1.5", "v1.5.d2.a1", "v1.5.d2.swap"):
        assert Game.from_fragment(fragment).steal_destination() is None
    game = Game.from_fragment("v1.5.d2")
    game.play(Move.swap())
    assert game.stone_at("b4") == "blue"
