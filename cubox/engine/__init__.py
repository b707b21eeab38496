"""The Cubox computer: a search state for ``gamekit.mcts`` with playouts that know the
stacking rule, and the move a level chooses.

The playouts are ``cubox.engine.playout``'s, a stack played first, half the time, whenever
the mover has one open: a cut the opponent may make at will mostly counts as made.

>>> from cubox.game import Game
>>> game = Game.from_fragment("cubox.3.a1.e1.a3.c3")  # a5 wins at once: a1-a3-a5 meets all three sides
>>> str(choose_move(game, "beginner", seed=1))
'a5'

"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from cubox.board import Board
from cubox.engine.opening import first_moves, second_move, should_swap
from cubox.engine.playout import PASS, connects, open_positions, random_playout, tables
from cubox.engine.proof import CuboxProof
from cubox.levels import search_budget
from cubox.notation import Move
from cubox.rules import O, X
from gamekit.mcts import MCTS

if TYPE_CHECKING:
    from collections.abc import Callable

    from cubox.game import Game

SWAP = -2
STACK_FIRST = 0.5  # the playouts' chance of a stack first when the mover has one (docs/decisions.md)
PROOF_EMPTIES = 40  # the most empty positions at which the exact search is tried (docs/decisions.md)


class CuboxState:
    """A Cubox position for the search: cells (with the spare always-empty index ``size`` after
    the positions), each player's cubox as bits, the player to move, the turn, the passes in a
    row that led to it (two end the game in a deadlock) and the first cubox's position (for the
    swap)."""

    __slots__ = ("board", "tables", "cells", "bits", "mover", "turn", "passes", "first")

    def __init__(self, board: Board, cells: bytearray, mover: int, turn: int, passes: int, first: int,
                 bits: list[int]) -> None:
        self.board = board
        self.tables = tables(board)
        self.cells = cells
        self.bits = bits
        self.mover = mover
        self.turn = turn
        self.passes = passes
        self.first = first

    @staticmethod
    def of(game: Game) -> CuboxState:
        """The search state of a running game."""
        history = game.history
        passes = 1 if history and history[-1].move.is_pass else 0
        first = history[0].position if history else -1
        bits = [0, 0, 0]
        for p, stone in enumerate(game.cells):
            bits[stone] |= 1 << p
        return CuboxState(game.board, bytearray(game.cells) + b"\x00", game.mover, game.turn_count, passes, first,
                          bits)

    def copy(self) -> CuboxState:
        return CuboxState(self.board, bytearray(self.cells), self.mover, self.turn, self.passes, self.first,
                          self.bits[:])

    def moves(self) -> list[int]:
        """Placements (on the first turn only the first cubox ``cubox.engine.opening`` chooses
        among, where it has rated the size), the swap on the second turn (only it where the
        opening's tables say to swap, not it where they say not to), X's second cubox where they
        prove one, else a pass (the second in a row ends the game); none once deadlocked."""
        if self.passes >= 2:
            return []
        moves = open_positions(self.tables, self.cells, self.mover)
        if self.turn == 0:
            firsts = first_moves(self.board.side)
            if firsts is not None:
                return [p for p in moves if self.board.name(p) in firsts]
        if self.turn == 1:  # the swap, unless the opening's tables decide (cubox.engine.opening)
            swap = should_swap(self.board.side, self.board.name(self.first))
            if swap:
                return [SWAP]
            if swap is None:
                moves.append(SWAP)
        if self.turn == 2 and self.cells[self.first] == X:  # X's second cubox, where proved
            name = self.board.name
            second = second_move(self.board.side, name(self.first), name(self.bits[O].bit_length() - 1))
            proved = [p for p in moves if name(p) == second]
            if proved:
                return proved
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
        bits = self.bits
        if move == SWAP:
            self.cells[self.first] = O
            bits[X] ^= 1 << self.first
            bits[O] |= 1 << self.first
            return 0
        self.cells[move] = mover
        bits[mover] |= 1 << move
        if self.turn == 1:
            self.first = move
        t = self.tables
        if not t.near[move] & bits[mover]:
            return 0  # a cubox touching none of its own cannot reach three sides
        return mover if connects(t, self.cells, bits[mover], move) else 0

    def proof(self, clock: Callable[[], float]) -> CuboxProof | None:
        """The exact search of this position (``cubox.engine.proof``) once the swap is past and
        at most ``PROOF_EMPTIES`` positions are empty, where it mostly settles within a move."""
        if self.turn < 2 or self.passes >= 2:
            return None
        empty = self.board.size - bin(self.bits[X] | self.bits[O]).count("1")
        if empty > PROOF_EMPTIES:
            return None
        return CuboxProof(self.tables, self.cells, self.bits, self.mover, self.passes == 1, clock)

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        """Random moves to the end, with the chance ``STACK_FIRST`` of a stack first whenever the
        mover has one open (the swap is never chosen): the winner, 0 for a deadlock, and the
        moves played (``cubox.engine.playout``)."""
        return random_playout(self.board, self.cells, self.mover, self.passes == 1, rng, STACK_FIRST)


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
