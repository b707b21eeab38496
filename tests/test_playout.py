import random

import pytest

from cachex import Game, Move
from cachex.geometry import BLUE, RED, Geometry
from cachex.rules import DRAW, STEAL, random_playout


@pytest.mark.parametrize("n", [3, 4, 5, 9])
def test_random_playouts_replay_identically_through_game(n: int) -> None:
    geo = Geometry.of(n)
    for seed in range(60):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, RED, 0, {bytes(board): 1},
                                random.Random(seed).random, played)
        game = Game(n)
        for cell in played:
            game.play(Move.swap() if cell == STEAL else Move(*geo.coords(cell)))
        assert game.outcome is not None
        expected = {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]
        assert winner == expected
        assert game.board == bytes(board)


def test_playout_continues_a_game_in_progress() -> None:
    game = Game.from_fragment("v1.5.d2.swap.c2")
    geo = game.geometry
    board = bytearray(game.board)
    played: list[int] = []
    random_playout(geo, board, BLUE, game.turn_count, {game.board: 1}, random.Random(3).random,
                   played)
    for cell in played:
        game.play(Move(*geo.coords(cell)))
    assert game.outcome is not None and game.board == bytes(board)
