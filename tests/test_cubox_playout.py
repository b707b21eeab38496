"""The Cubox engine's fast playouts follow the rules exactly: each playout replayed move by move
on ``cubox.Game`` is legal throughout and ends where the game ends, with the same result."""

from __future__ import annotations

import random

import pytest

from cubox.engine import CuboxState
from cubox.engine.playout import PASS, random_playout
from cubox.game import Game
from cubox.notation import Move


def replay(game: Game, played: list[int], winner: int) -> None:
    """Play the playout's moves on ``game``, each checked legal before it is played, and
    for a deadlock the second pass, which ends the game and the playout does not list."""
    for i, p in enumerate(played):
        assert game.outcome is None, f"the game ended before move {i} of the playout"
        if p == PASS:
            assert game.legal_moves() == [Move.pass_()]
            game.play(Move.pass_())
        else:
            assert p in game.legal_positions()
            game.play(game.move_of(p))
    if winner == 0 and game.outcome is None:
        assert game.legal_moves() == [Move.pass_()] and game.history[-1].move.is_pass
        game.play(Move.pass_())


def random_start(size: int, rng: random.Random) -> Game:
    """A game a few random moves in (possibly with a swap or passes), not over."""
    while True:
        game = Game(size)
        for _ in range(rng.randrange(0, 3 * size)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            return game


@pytest.mark.parametrize("size", [3, 4, 5, 6, 8])
def test_every_playout_is_a_legal_game_ending_exactly_where_the_rules_end_it(size: int) -> None:
    rng = random.Random(size)
    for _ in range(300):
        game = random_start(size, rng)
        state = CuboxState.of(game)
        before = bytes(state.cells)
        winner, played = state.playout(rng)
        assert bytes(state.cells) == before  # the state is left as it was
        replay(game, played, winner)
        assert game.outcome is not None, "the playout stopped before the game ended"
        expected = {None: 0, "x": 1, "o": 2}[game.outcome.winner]
        assert winner == expected


def test_playouts_from_positions_just_after_a_pass_know_a_second_pass_ends_the_game() -> None:
    rng = random.Random(5)
    found = 0
    while found < 30:
        game = Game(4)
        while game.outcome is None and not (game.history and game.history[-1].move.is_pass):
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is not None:
            continue
        found += 1
        state = CuboxState.of(game)
        assert state.passes == 1
        winner, played = random_playout(state.board, state.cells, state.mover, True, rng)
        replay(game, played, winner)
        assert game.outcome is not None and winner == {None: 0, "x": 1, "o": 2}[game.outcome.winner]


def test_the_computer_plays_the_pass_that_ends_a_deadlock() -> None:
    from cubox.engine import choose_move

    rng = random.Random(3)
    while True:  # a position after a pass where the player to move can only pass too
        game = random_start(4, rng)
        if game.history and game.history[-1].move.is_pass and game.legal_moves() == [Move.pass_()]:
            break
    assert CuboxState.of(game).moves() == [PASS]
    assert choose_move(game, "beginner", seed=1) == Move.pass_()
