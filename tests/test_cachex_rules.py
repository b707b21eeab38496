"""One test (or table) per rule of ../shared/notes/cachex-rules.md."""

import pytest
from helpers import diamonds, name

from cachex import Game, IllegalMoveError

N = 9
CENTRE_CELL = (3, 3)  # d4: an inner cell of the 9 x 9 board, not its centre
FILLER = "i9"  # Red's opening move, far from every diamond around d4


def _diamond_cases() -> list[tuple[str, str, tuple[str, str], str]]:
    """(new stone, mate, opponent pair, kind) for the 12 diamonds through d4."""
    cases = []
    for short, long_ in diamonds(N):
        for own, theirs, kind in ((short, long_, "short"), (long_, short, "long")):
            if CENTRE_CELL in own:
                (mate,) = own - {CENTRE_CELL}
                first, second = sorted(name(*c) for c in theirs)
                pair = (first, second)
                cases.append((name(*CENTRE_CELL), name(*mate), pair, kind))
    return sorted(cases)


DIAMOND_CASES = _diamond_cases()


def test_there_are_twelve_diamond_shapes_six_of_each_kind() -> None:
    assert len(DIAMOND_CASES) == 12
    assert sum(case[3] == "short" for case in DIAMOND_CASES) == 6


@pytest.mark.parametrize(("new", "mate", "pair", "kind"), DIAMOND_CASES)
@pytest.mark.parametrize("mover", ["red", "blue"])
def test_each_diamond_shape_captures(new: str, mate: str, pair: tuple[str, str], kind: str,
                                     mover: str) -> None:
    game = Game(N)
    if mover == "red":
        moves = [FILLER, pair[0], mate, pair[1], new]
    else:
        moves = [pair[0], mate, pair[1], FILLER, "a9", new]
    for move in moves[:-1]:
        assert game.play(move).captured == ()
    turn = game.play(moves[-1])
    assert turn.side == mover
    assert set(turn.captured) == set(pair)
    assert game.last_captures == turn.captured
    assert game.stone_at(pair[0]) is None and game.stone_at(pair[1]) is None
    assert game.stone_at(new) == mover and game.stone_at(mate) == mover


@pytest.mark.parametrize(("new", "mate", "pair", "kind"), DIAMOND_CASES)
def test_three_against_one_does_not_capture(new: str, mate: str, pair: tuple[str, str],
                                            kind: str) -> None:
    # Red holds mate and one of the pair, Blue the other: Red completes 3 against 1.
    game = Game(N)
    for move in [FILLER, pair[1], pair[0], "a9", mate]:
        game.play(move)
    game.play("a8")
    assert game.play(new).captured == ()
    assert game.stone_at(pair[1]) == "blue"


def test_two_against_two_along_the_sides_does_not_capture() -> None:
    # Red takes d4 and one long-diagonal cell, Blue the other two cells.
    (new, mate, pair, _kind) = next(c for c in DIAMOND_CASES if c[3] == "short")
    game = Game(N)
    for move in [FILLER, mate, pair[0], pair[1]]:
        game.play(move)
    game.play("a9")
    turn = game.play(new)  # Red: new + pair[0]; Blue: mate + pair[1] -> sides, no capture
    assert turn.captured == ()
    assert game.stone_at(mate) == "blue" and game.stone_at(pair[1]) == "blue"


def test_one_placement_captures_two_pairs_at_once() -> None:
    # d4 with mates on both sides: d5 above (short diagonal d4-d5, long c5-e4)
    # and d3 below (short diagonal d4-d3, long e3-c4).
    game = Game(N)
    for move in [FILLER, "c5", "d5", "e4", "d3", "e3", "a9", "c4"]:
        assert game.play(move).captured == ()
    turn = game.play("d4")
    assert set(turn.captured) == {"c4", "c5", "e3", "e4"}
    assert all(game.stone_at(c) is None for c in turn.captured)


def test_a_just_emptied_cell_can_be_played_and_recaptured() -> None:
    game = Game(N)
    for move in [FILLER, "c5", "d5", "e4"]:
        game.play(move)
    assert set(game.play("d4").captured) == {"c5", "e4"}
    game.play("c5")  # Blue plays straight back into a captured cell
    game.play("a9")
    turn = game.play("e4")  # Blue completes c5-e4 against Red's d4-d5
    assert set(turn.captured) == {"d4", "d5"}


def test_steal_of_an_off_diagonal_stone_reflects_and_turns_blue() -> None:
    game = Game(5)
    game.play("d2")
    turn = game.play("swap")
    assert turn.side == "blue" and turn.captured == ()
    assert game.stones() == {"b4": "blue"}
    assert game.to_move == "red"
    assert game.turn_count == 2


def test_steal_of_a_diagonal_stone_keeps_its_cell_and_turns_blue() -> None:
    game = Game(5)
    game.play("b2")
    game.play("swap")
    assert game.stones() == {"b2": "blue"}


def test_steal_only_on_blues_first_turn() -> None:
    game = Game(5)
    with pytest.raises(IllegalMoveError, match="only allowed as Blue's first turn"):
        game.play("swap")
    game.play("a1")
    game.play("b1")
    with pytest.raises(IllegalMoveError, match="only allowed as Blue's first turn"):
        game.play("swap")
    assert "swap" not in [str(m) for m in game.legal_moves()]


def test_steal_never_captures() -> None:
    # After a steal there is one stone on the board: nothing to capture.
    game = Game(3)
    game.play("a1")
    assert game.play("swap").captured == ()


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 13, 15])
def test_centre_ban_on_odd_boards(n: int) -> None:
    game = Game(n)
    centre = name((n - 1) // 2, (n - 1) // 2)
    with pytest.raises(IllegalMoveError, match="centre"):
        game.play(centre)
    assert centre not in [str(m) for m in game.legal_moves()]
    assert game.turn_count == 0
    game.play("a1")
    game.play(centre)  # Blue may take it, and so may Red later
    assert game.stone_at(centre) == "blue"


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14])
def test_no_centre_ban_on_even_boards(n: int) -> None:
    game = Game(n)
    assert len(game.legal_moves()) == n * n
    game.play(name(n // 2, n // 2))
    game = Game(n)
    game.play(name(n // 2 - 1, n // 2 - 1))


def test_red_wins_by_joining_bottom_and_top_through_corners() -> None:
    game = Game(3)
    for move in ["a1", "c1", "a2", "c2"]:
        game.play(move)
    game.play("a3")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("red", "connection")
    assert game.winning_cells == ("a1", "a2", "a3")
    assert game.legal_moves() == []


def test_blue_wins_by_joining_left_and_right() -> None:
    game = Game(3)
    for move in ["a3", "a1", "b3", "b1", "a2"]:
        game.play(move)
    assert game.outcome is None
    game.play("c1")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == ("blue", "connection")
    assert game.winning_cells == ("a1", "b1", "c1")


def test_a_bent_chain_wins_for_blue_on_a_larger_board() -> None:
    game = Game(5)
    blue = ["a3", "b3", "b4", "c4", "d3", "e2"]
    red = ["a1", "b1", "c1", "d1", "e1", "a5"]
    for r, b in zip(red, blue, strict=True):
        game.play(r)
        game.play(b)
        assert (game.outcome is None) == (b != "e2")
    assert game.outcome is not None and game.outcome.winner == "blue"
    assert set(game.winning_cells) == set(blue)


def test_only_the_group_of_the_new_stone_decides_the_win() -> None:
    # A group touching one edge only does not win, and neither does the opponent.
    game = Game(3)
    for move in ["a1", "b1", "a2"]:
        game.play(move)
    assert game.outcome is None


def test_a_capture_opens_the_way_to_a_win() -> None:
    game = Game(3)
    for move in ["a1", "a2", "b3", "b1"]:
        game.play(move)
    assert set(game.play("b2").captured) == {"a2", "b1"}
    game.play("c1")
    game.play("a2")  # into the cell the capture emptied
    assert game.outcome is not None and game.outcome.winner == "red"
    assert "a2" in game.winning_cells


def _cycle_game() -> Game:
    """Two diamonds that capture back and forth in turn, from the same start."""
    game = Game(7)
    for move in ["b2", "f6", "a3", "e7", "g1"]:
        game.play(move)
    return game


CYCLE = ["a2", "e6", "b3", "f7", "f6", "b2", "e7", "a3"]


def test_repetition_draw_on_the_seventh_occurrence() -> None:
    game = _cycle_game()
    assert game.repetition_count() == 1
    for lap in range(2, 8):
        for move in CYCLE:
            assert game.outcome is None
            game.play(move)
        assert game.repetition_count() == lap
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (None, "repetition")
    assert game.turn_count == 5 + 6 * len(CYCLE)


def test_empty_start_counts_once_for_repetition() -> None:
    game = Game(5)
    assert game.repetition_count() == 1


def test_turn_limit_draw_after_343_turns() -> None:
    # Capture cycles at two far corners burn turns; every fifth lap each side
    # adds a lone filler stone, so no board occurs 7 times and nobody connects.
    game = Game(15)
    for move in ["b2", "n14", "a3", "m15", "o1"]:
        game.play(move)
    cycle = ["a2", "m14", "b3", "n15", "n14", "b2", "m15", "a3"]
    red_fillers = iter(name(7, q) for q in range(0, 15, 2))
    blue_fillers = iter(name(10, q) for q in range(0, 15, 2))
    laps = 0
    while game.outcome is None:
        for move in cycle:
            game.play(move)
            if game.outcome is not None:
                break
        laps += 1
        if laps % 5 == 0 and game.outcome is None:
            game.play(next(blue_fillers))
            if game.outcome is None:
                game.play(next(red_fillers))
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (None, "turn-limit")
    assert game.turn_count == 343


def test_unplace_takes_back_a_placement_and_returns_its_captures() -> None:
    from cachex.colours import opponent
    from cachex.rules import place, unplace

    game = Game(N)
    for move in [FILLER, "c5", "d5", "e4", "d3", "e3", "a9", "c4"]:
        game.play(move)
    board = bytearray(game.board)
    before = bytes(board)
    cell = game.geometry.index(3, 3)  # d4: captures c4, c5, e3 and e4
    captured = place(board, game.geometry, cell, game.mover)
    assert len(captured) == 4 and all(board[c] == 0 for c in captured)
    unplace(board, cell, game.mover, captured)
    assert bytes(board) == before
    assert all(board[c] == opponent(game.mover) for c in captured)


def test_stolen_cell_is_where_the_steal_puts_a_stone_and_where_it_came_from() -> None:
    from cachex.colours import BLUE, RED
    from cachex.geometry import Geometry
    from cachex.rules import steal, stolen_cell
    geo = Geometry.of(5)
    for cell in range(geo.size):
        board = bytearray(geo.size)
        board[cell] = RED
        steal(board, geo)
        assert board[stolen_cell(geo, cell)] == BLUE and sum(board) == BLUE
        assert stolen_cell(geo, stolen_cell(geo, cell)) == cell
