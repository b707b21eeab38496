"""An alpha-beta search for Chase: iterative deepening, a transposition table (which a caller may
keep between moves), killer and history ordering, captures and Chamber splits searched to quiet
positions, and a judgement of the dice, the danger of standing near too few, the dice each side
leaves hanging and the captures it threatens.

It runs in slices like the tree searches (``step``), so the page's worker can
stop it between them: a depth cut off by a slice's end is searched again in
the next slice, quickly, from the table the earlier searches filled.

>>> from chase.game import Game
>>> game = Game.from_fragment("chase.a5-f8ne.i6-e4sw")
>>> search = AlphaBeta(game.cells, game.side_index)
>>> str(search.run(seconds=5, depth=2).best_text())  # the 4 on a6 takes the black 4 on e4
'a6xe4NW'
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from chase.board import CHAMBER, LEAVES, RAY_CELLS, leaves_board
from chase.engine.moves import EXCHANGE, SHARE, apply, legal_codes, to_move
from chase.notation import Move
from chase.rules import FEWEST_DICE, dice, landing, sign

if TYPE_CHECKING:
    from collections.abc import Callable

WIN = 100000  # a won position's score, less the plies to the win
DIE = 100  # a die more than the opponent
# Standing at 5 dice (one from losing) or at 6, for the side concerned (docs/decisions.md).
AT_FIVE = 45
AT_SIX = 12
THREAT = 8  # the side to move can take a die at once
HANGING = 9  # each of the side to move's dice the opponent could take next
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 30
QUIET_PLIES = 6  # captures and splits searched beyond the full width
CHECK_EVERY = 64  # nodes between looks at the clock


class OutOfTime(Exception):
    """Raised inside the search when a slice's time is up."""


def evaluate(cells: list[int], side: int) -> int:
    """The position's worth to ``side`` (to move): dice more than the opponent's, each worth
    ``DIE``; standing at 5 or 6 dice; a capture at hand; the dice the opponent could take."""
    mine, theirs = dice(cells, side), dice(cells, 1 - side)
    score = DIE * (len(mine) - len(theirs)) + _danger(len(theirs)) - _danger(len(mine))
    s = sign(side)
    if _targets(cells, mine, s):
        score += THREAT
    return score - HANGING * len(set(_targets(cells, theirs, -s)))


def _danger(count: int) -> int:
    return AT_FIVE if count == FEWEST_DICE else AT_SIX if count == FEWEST_DICE + 1 else 0


def _targets(cells: list[int], movers: list[int], s: int) -> list[int]:
    """The enemy dice the dice ``movers`` (of the side whose sign is ``s``) land straight on."""
    found = []
    for start in movers:
        steps = cells[start] * s - 1
        base = start * 6
        for d in range(6):
            k = base + d
            if LEAVES[k]:
                continue
            ray = RAY_CELLS[k]
            for n in range(steps):
                at = ray[n]
                if at == CHAMBER or cells[at]:
                    break
            else:
                end = ray[steps]
                if cells[end] * s < 0:
                    found.append(end)
    return found


class AlphaBeta:
    """The search of one position (``cells``, ``side`` to move), deepened a ply at a time."""

    def __init__(self, cells: list[int], side: int, clock: Callable[[], float] = time.perf_counter,
                 table: dict[tuple[int, ...], tuple[int, int, int, int]] | None = None) -> None:
        self.cells = cells
        self.side = side
        self.clock = clock
        # key -> depth, value, flag, move; a caller's table keeps what earlier searches found
        self.table: dict[tuple[int, ...], tuple[int, int, int, int]] = {} if table is None else table
        self.killers: list[list[int]] = [[] for _ in range(MAX_DEPTH + 2)]
        self.history: dict[int, int] = {}
        self.root_moves = legal_codes(cells, side)
        self.depth = 0  # the deepest search completed
        self.value = 0
        self.best = self.root_moves[0] if self.root_moves else -1
        self.scores: dict[int, int] = {}  # each root move's score at the last completed depth (bounds for most)
        self.iterations = 0  # nodes searched
        self.deadline = math.inf

    # --- running -------------------------------------------------------------------

    def run(self, seconds: float = math.inf, depth: int = MAX_DEPTH) -> AlphaBeta:
        """Deepen until ``depth`` or ``seconds`` have passed; returns the search."""
        self.step(seconds, depth_limit=depth)
        return self

    def step(self, seconds: float, iterations: int = 1 << 30, depth_limit: int = MAX_DEPTH) -> bool:
        """Search for up to ``seconds`` (or ``iterations`` more nodes); whether it is settled
        (a proved result, one move only, or the deepest depth done)."""
        self.deadline = self.clock() + seconds
        self.node_limit = self.iterations + iterations
        try:
            while not self.settled() and self.depth < depth_limit:
                self._root(self.depth + 1)
        except OutOfTime:
            pass
        return self.settled()

    def settled(self) -> bool:
        return (len(self.root_moves) <= 1 or abs(self.value) > WIN - 1000 or self.depth >= MAX_DEPTH)

    def _root(self, depth: int) -> None:
        alpha = -WIN - 1
        order = sorted(self.root_moves, key=lambda m: (m != self.best, -self.scores.get(m, 0)))
        scores: dict[int, int] = {}
        best = order[0]
        for move in order:
            after = apply(self.cells, self.side, move)
            if len(dice(after, 1 - self.side)) < FEWEST_DICE:
                score = WIN - 1
            else:
                score = -self._search(after, 1 - self.side, depth - 1, -WIN - 1, -alpha, 1)
            scores[move] = score
            if score > alpha:
                alpha, best = score, move
        self.depth, self.value, self.best = depth, alpha, best
        self.scores = scores

    def _tick(self) -> None:
        self.iterations += 1
        if self.iterations % CHECK_EVERY == 0 and (self.clock() >= self.deadline
                                                   or self.iterations >= self.node_limit):
            raise OutOfTime

    def _search(self, cells: list[int], side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        if depth <= 0:
            return self._quiet(cells, side, alpha, beta, ply, QUIET_PLIES)
        key = tuple(cells) + (side,)  # noqa: RUF005 (MicroPython has no starred tuple display)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, value, flag, first = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                          or (flag == UPPER and value <= alpha)):
                return value
        moves = legal_codes(cells, side)
        if not moves:
            return -(WIN - ply)  # no legal move loses
        start_alpha = alpha
        best_value, best_move = -WIN - 1, moves[0]
        for move, after in _ordered(cells, side, moves, first, self.killers[ply], self.history):
            if after is None:
                after = apply(cells, side, move)
            if len(dice(after, 1 - side)) < FEWEST_DICE:
                value = WIN - ply - 1
            else:
                value = -self._search(after, 1 - side, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._remember(move, ply, depth)
                        break
        flag = EXACT if start_alpha < best_value < beta else (LOWER if best_value >= beta else UPPER)
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value

    def _remember(self, move: int, ply: int, depth: int) -> None:
        """A move that cut the search off: a killer of its ply, and its history grows."""
        killers = self.killers[ply]
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _quiet(self, cells: list[int], side: int, alpha: int, beta: int, ply: int, left: int) -> int:
        """Captures and Chamber splits only, until none pays: the side to move may also stand on
        the position."""
        stand = evaluate(cells, side)
        if stand >= beta or not left:
            return stand
        alpha = max(alpha, stand)
        enemies, own = len(dice(cells, 1 - side)), len(dice(cells, side))
        for start in dice(cells, side):
            for d in range(6):
                if leaves_board(start, d):
                    continue
                end = landing(cells, start, d)
                if end < 0 or not (end == CHAMBER or cells[end]):  # only a landing on a die or the Chamber takes
                    continue
                try:
                    after = apply(cells, side, start * 6 + d)
                except ValueError:
                    continue
                left_enemies = len(dice(after, 1 - side))
                if left_enemies == enemies and len(dice(after, side)) <= own:
                    continue
                self._tick()
                if left_enemies < FEWEST_DICE:
                    return WIN - ply - 1
                value = -self._quiet(after, 1 - side, -beta, -alpha, ply + 1, left - 1)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return alpha
        return alpha

    # --- answers ---------------------------------------------------------------------

    def best_text(self) -> Move:
        return to_move(self.cells, self.side, self.best)

    def best_move(self) -> int:
        return self.best

    def chance(self) -> float:
        """The chance the side to move wins, from the score."""
        return _chance(self.value)

    def ranked(self) -> list[tuple[int, int, float]]:
        """(move, depth searched, chance) of each root move, best first."""
        order = sorted(self.root_moves, key=lambda m: (m != self.best, -self.scores.get(m, -WIN)))
        return [(m, self.depth, _chance(self.scores.get(m, 0))) for m in order]


def _chance(score: int) -> float:
    """A score as the chance of winning: certain for a proved result, else a logistic curve."""
    if abs(score) > WIN - 1000:
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / 150.0))


def _ordered(cells: list[int], side: int, moves: list[int], first: int, killers: list[int],
             history: dict[int, int]) -> list[tuple[int, list[int] | None]]:
    """The moves with the positions after the slides (``None`` for exchanges, played when
    searched): the table's move first, then slides by the dice they take (most first), then
    Chamber splits, then the ply's killers, then the rest by history (slides before exchanges)."""
    enemies, own = len(dice(cells, 1 - side)), len(dice(cells, side))
    ranked: list[tuple[tuple[int, int], int, list[int] | None]] = []
    for move in moves:
        after = None
        if move == first:
            key = (0, 0)
        elif move % SHARE >= EXCHANGE:
            key = (4, 0) if move in killers else (6, -history.get(move, 0))
        else:
            after = apply(cells, side, move)
            taken = enemies - len(dice(after, 1 - side))
            if taken:
                key = (1, -taken)
            elif len(dice(after, side)) > own:
                key = (2, 0)
            else:
                key = (4, 0) if move in killers else (5, -history.get(move, 0))
        ranked.append((key, move, after))
    ranked.sort(key=lambda item: item[0])
    return [(move, after) for _, move, after in ranked]
