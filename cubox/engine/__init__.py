"""The Cubox computer: a search state for ``gamekit.mcts`` with playouts that know the
stacking rule, and the move a level chooses.

The playouts are ``cubox.engine.playout``'s.

>>> from cubox.game import Game
>>> game = Game.from_fragment("cubox.3.a1.e1.a3.c3")  # a5 wins at once: a1-a3-a5 meets all three sides
>>> str(choose_move(game, "beginner", seed=1))
'a5'

"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from cubox.board import ALL_SIDES, Board
from cubox.engine.opening import should_swap
from cubox.engine.playout import PASS, random_playout
from cubox.levels import search_budget
from cubox.notation import Move
from cubox.rules import O, chain, placements
from gamekit.mcts import MCTS

if TYPE_CHECKING:
    from collections.abc import Callable

    from cubox.game import Game

SWAP = -2


class CuboxState:
    """A Cubox position for the search: cells, the player to move, the turn, the passes in a
    row that led to it (two end the game in a deadlock)."""

    __slots__ = ("board", "cells", "mover", "turn", "passes", "first")

    def __init__(self, board: Board, cells: bytearray, mover: int, turn: int, passes: int, first: int) -> None:
        self.board = board
        self.cells = cells
        self.mover = mover
        self.turn = turn
        self.passes = passes
        self.first = first  # the first cubox's position (for the swap)

    @staticmethod
    def of(game: Game) -> CuboxState:
        """The search state of a running game."""
        history = game.history
        passes = 1 if history and history[-1].move.is_pass else 0
        first = history[0].position if history else -1
        return CuboxState(game.board, bytearray(game.cells), game.mover, game.turn_count, passes, first)

    def copy(self) -> CuboxState:
        return CuboxState(self.board, bytearray(self.cells), self.mover, self.turn, self.passes, self.first)

    def moves(self) -> list[int]:
        """Placements, the swap on the second turn (only it where it is proved to win, not it
        where proved to lose), else a pass (the second in a row ends the game); none once
        deadlocked."""
        if self.passes >= 2:
            return []
        moves = placements(self.board, self.cells, self.mover)
        if self.turn == 1:  # the swap, unless the table of proved swaps decides (cubox.engine.opening)
            swap = should_swap(self.board.side, self.board.name(self.first))
            if swap:
                return [SWAP]
            if swap is None:
                moves.append(SWAP)
        return moves or [PASS]

    def play(self, move: int) -> int:
        """Play a move; the mover's stone code if it won, else 0."""
        mover = self.mover
        self.mover = 3 - mover
        self.turn += 1
        if move == PASS:
            self.passes += 1
            return 0
        self.passes = 0
        if move == SWAP:
            self.cells[self.first] = O
            return 0
        self.cells[move] = mover
        if self.turn == 1:
            self.first = move
        return mover if _wins(self.board, self.cells, move) else 0

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        """Random moves to the end (the swap is never chosen): the winner, 0 for a deadlock,
        and the moves played (``cubox.engine.playout``)."""
        return random_playout(self.board, self.cells, self.mover, self.passes == 1, rng)


def _wins(board: Board, cells: bytearray, p: int) -> bool:
    """Whether the chain through ``p`` touches all three sides."""
    return chain(board, cells, p)[1] == ALL_SIDES


def move_text(game: Game, move: int) -> Move:
    """The game's move for a search move code."""
    if move == PASS:
        return Move.pass_()
    if move == SWAP:
        return Move.swap()
    return game.move_of(move)


def choose_move(game: Game, level: str, seed: int | None = None,
                clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move the computer plays at ``level`` in a running game."""
    iterations, seconds = search_budget(level)
    search = MCTS(CuboxState.of(game), random.Random(seed), clock=clock)
    search.run(iterations=iterations, seconds=seconds)
    return move_text(game, search.best_move())
