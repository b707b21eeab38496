import random

import pytest

from cachex import Game, Move
from cachex.colours import BLUE, RED
from cachex.geometry import Geometry
from cachex.rules import DRAW, BoardCounts, random_playout


@pytest.mark.parametrize("n", [3, 4, 5, 9])
def test_random_playouts_replay_identically_through_game(n: int) -> None:
    geo = Geometry.of(n)
    for seed in range(60):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, 0, BoardCounts({bytes(board): 1}),
                                random.Random(seed).random, played)
        game = Game(n)
        for code in played:
            game.play(Move.from_code(code, n))
        assert game.outcome is not None
        expected = {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]
        assert winner == expected
        assert game.board == bytes(board)


def test_playout_continues_a_game_in_progress() -> None:
    game = Game.from_fragment("v1.5.d2.swap.c2")
    geo = game.geometry
    board = bytearray(game.board)
    played: list[int] = []
    random_playout(geo, board, game.turn_count, BoardCounts(game.repetitions()),
                   random.Random(3).random, played)
    for code in played:
        game.play(Move.from_code(code, game.n))
    assert game.outcome is not None and game.board == bytes(board)


@pytest.mark.parametrize("policy", [{"bridge_replies": True}, {"diamond_replies": True}])
def test_informed_playouts_replay_identically_through_game(policy: dict[str, bool]) -> None:
    geo = Geometry.of(7)
    for seed in range(30):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, 0, BoardCounts({bytes(board): 1}),
                                random.Random(seed).random, played, **policy)
        game = Game(7)
        for code in played:
            game.play(Move.from_code(code, 7))
        assert game.outcome is not None and game.board == bytes(board)
        assert winner == {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]


def first_playout_moves(fragment: str, **policy: bool) -> set[str]:
    """The first move of playouts from a game's position, over many seeds, with the game's moves as history."""
    game = Game.from_fragment(fragment)
    firsts = set()
    for seed in range(40):
        played = [move.code(game.n) for move in game.moves]
        random_playout(game.geometry, bytearray(game.board), game.turn_count, BoardCounts(game.repetitions()),
                       random.Random(seed).random, played, **policy)
        firsts.add(str(Move.from_code(played[game.turn_count], game.n)))
    return firsts


def test_diamond_replies_save_an_adjacent_pair_threatened_at_a_tip() -> None:
    # Red's c2-c3 pair; Blue's b3 takes one tip, so Red takes the other, d2.
    assert first_playout_moves("v1.5.c2.a1.c3.b3", diamond_replies=True) == {"d2"}
    assert len(first_playout_moves("v1.5.c2.a1.c3.b3", bridge_replies=True)) > 1  # bridges only


def test_capture_replies_capture_the_stone_just_placed_when_they_can() -> None:
    # Blue's d2 makes a pair with c3; Red's c2 holds one tip, so Red's d3 captures both.
    assert first_playout_moves("v1.5.c2.c3.a5.d2", capture_replies=True) == {"d3"}
    assert len(first_playout_moves("v1.5.c2.c3.a5.d2", diamond_replies=True)) > 1


def test_diamond_and_bridge_replies_answer_an_intruded_bridge() -> None:
    # Red's c2 and d3 form a bridge over c3 and d2; Blue intrudes at c3.
    for policy in ("diamond_replies", "bridge_replies"):
        assert first_playout_moves("v1.5.c2.a1.d3.c3", **{policy: True}) == {"d2"}
