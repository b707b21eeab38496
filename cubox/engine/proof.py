"""Cubox positions solved exactly: a depth-first negamax over the engine's tables, run in
slices for the search (``gamekit.mcts``'s ``Proof``).

The search's tree proves a move won only once every reply is proved lost, which on a
small board comes late: a position the tree plays wrongly is often one a plain
depth-first search settles in a fraction of a second. Each slice searches from the
root until its time is up; every position it settles is kept (the winner of a game
without chance never changes), so the next slice walks straight past what is known
and goes on where the last one stopped. The settled positions are kept per board size
for every search in the process (up to ``MAX_KNOWN``), so a move's search starts with
what the last move's settled.

Moves are tried in a fixed order: a win at once first, then the moves that touch the
mover's own cubox (a link made), then the rest. Values are for the player to move:
1 a win, 0 a deadlock, -1 a loss.

>>> import time
>>> from cubox.game import Game
>>> from cubox.engine import CuboxState
>>> state = CuboxState.of(Game.from_fragment("cubox.3.a1.e1.a3.c3"))
>>> value, move = state.proof(time.perf_counter).advance(1.0)
>>> value, state.board.name(move)
(1, 'a5')
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from cubox.engine.playout import PASS, connects, open_positions
from cubox.rules import O, X

if TYPE_CHECKING:
    from collections.abc import Callable

    from cubox.engine.playout import Tables

CHECK_EVERY = 256  # positions searched between looks at the clock
MAX_KNOWN = 1_000_000  # settled positions kept per board size before the table starts afresh


_KNOWN: dict[int, dict[int, int]] = {}  # board side -> settled position -> its value


class _OutOfTime(Exception):
    """The slice's time is up."""


class CuboxProof:
    """The exact value of one position, searched for in slices (``advance``)."""

    def __init__(self, tables: Tables, cells: bytearray, bits: list[int], mover: int, passed: bool,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        """The position: the board's tables, its cells (with the spare always-empty index after
        them), each player's cubox as bits, the player to move and whether the last turn was a
        pass; ``cells`` and ``bits`` are copied."""
        self.tables = tables
        self.cells = bytearray(cells)
        self.bits = bits[:]
        self.mover = mover
        self.passed = passed
        self.clock = clock
        self.shift = tables.size
        self.known = _KNOWN.setdefault(tables.board.side, {})
        self.positions = 0  # positions searched, over every slice
        self.result: tuple[int, int] | None = None
        self._deadline = 0.0
        self._check = 0

    def advance(self, seconds: float) -> tuple[int, int] | None:
        """Search for up to ``seconds`` more: once settled, the value for the player to move
        and a best move (a winning one if it wins; ``PASS`` if there is no placement)."""
        if self.result is None:
            self._deadline = self.clock() + seconds
            self._check = self.positions + CHECK_EVERY
            with contextlib.suppress(_OutOfTime):  # the slice ended; what it settled is kept
                self.result = self._search(self.mover, self.passed)
        return self.result

    def _search(self, mover: int, passed: bool) -> tuple[int, int]:
        """The value for ``mover`` to play and a best move, searched (the table not consulted)."""
        moves = self._ordered(mover)
        if not moves:
            return (0 if passed else -self._value(3 - mover, True)), PASS
        if moves[0] < 0:  # a win at once
            return 1, ~moves[0]
        best, best_move = -2, moves[0]
        for p in moves:
            value = -self._play(p, mover)
            if value > best:
                best, best_move = value, p
                if best == 1:
                    break
        return best, best_move

    def _ordered(self, mover: int) -> list[int]:
        """The mover's placements, best first; a win at once alone, as ``~position``."""
        t = self.tables
        cells, own, near = self.cells, self.bits[mover], t.near
        linked: list[int] = []
        rest: list[int] = []
        for p in open_positions(t, cells, mover):
            if near[p] & own:
                cells[p] = mover
                won = connects(t, cells, own | 1 << p, p)
                cells[p] = 0
                if won:
                    return [~p]
                linked.append(p)
            else:
                rest.append(p)
        return linked + rest

    def _play(self, p: int, mover: int) -> int:
        """The value for the opponent after ``mover`` places on ``p`` (not a win at once)."""
        cells, bits = self.cells, self.bits
        own = bits[mover]
        cells[p] = mover
        bits[mover] = own | 1 << p
        try:
            return self._value(3 - mover, False)
        finally:
            cells[p] = 0
            bits[mover] = own

    def _value(self, mover: int, passed: bool) -> int:
        """The value for ``mover`` to play (``passed``: the last turn was a pass)."""
        key = ((self.bits[X] << self.shift | self.bits[O]) << 2) | (mover - 1) << 1 | passed
        known = self.known.get(key)
        if known is not None:
            return known
        self.positions += 1
        if self.positions >= self._check:
            if self.clock() >= self._deadline:
                raise _OutOfTime
            self._check = self.positions + CHECK_EVERY
        best = self._search(mover, passed)[0]
        if len(self.known) >= MAX_KNOWN:
            self.known.clear()
        self.known[key] = best
        return best
