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
