"""An alpha-beta search for Chase: iterative deepening, a transposition table (which a caller may
keep between moves), killer and history ordering, captures and Chamber splits searched to quiet
positions, and a judgement of the dice, the danger of standing near too few, the dice each side
leaves hanging and the captures it threatens.

It plays moves in place on its own board (``chase.engine.position``) and runs
in slices like the tree searches (``step``), so the page's worker can stop it
between them: a depth cut off by a slice's end is searched again in the next
slice, quickly, from the table the earlier searches filled.

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

from chase.board import CHAMBER
from chase.engine.moves import SHARE, to_move
from chase.engine.position import BLACK_KEY, Position, first_share, share_ways
from chase.notation import Move
from chase.rules import FEWEST_DICE, MOST_DICE

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

WIN = 100000  # a won position's score, less the plies to the win
DIE = 100  # a die more than the opponent
# Standing at 5 dice (one from losing) or at 6, for the side concerned (docs/decisions.md).
AT_FIVE = 45
AT_SIX = 12
THREAT = 8  # the side to move can take a die at once
HANGING = 9  # each of the side to move's dice the opponent could take next
SPLIT = 30  # the opponent could enter the Chamber next and split
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 30
QUIET_PLIES = 6  # captures and splits searched beyond the full width
REDUCE_DEPTH = 3  # the least depth at which late quiet moves are searched a ply shallower
REDUCE_AFTER = 4  # moves searched in full before those
CHECK_EVERY = 64  # nodes between looks at the clock

NOTHING_OWED = (0,)  # the one way to share when nothing is owed
Table = dict[int, tuple[int, int, int, int]]  # key -> depth, value, flag, move


class OutOfTime(Exception):
    """Raised inside the search when a slice's time is up."""


def _danger(count: int) -> int:
    return AT_FIVE if count == FEWEST_DICE else AT_SIX if count == FEWEST_DICE + 1 else 0


# BASE[own * 16 + enemies]: the judgement's part from the dice counts, for the side with ``own``
# dice against ``enemies``: a die more each worth ``DIE``, standing at 5 or 6 dice.
BASE: tuple[int, ...] = tuple(DIE * (n // 16 - n % 16) + _danger(n % 16) - _danger(n // 16)
                              for n in range(16 * (MOST_DICE + 1)))
# WORST[own * 16 + enemies]: the least the judgement can be: BASE with the most exposure there
# could be (every die hanging, a split open to the opponent).
WORST: tuple[int, ...] = tuple(BASE[n] - HANGING * (n // 16) - SPLIT for n in range(16 * (MOST_DICE + 1)))


def _exposure(position: Position, side: int) -> int:
    """What the judgement takes from ``side`` (to move) beyond the dice: each die the opponent
    could take, and a split the opponent could make."""
    found = position.targets(1 - side)
    hanging = len(found)
    penalty = 0
    if CHAMBER in found:
        hanging -= 1
        if len(position.where[1 - side]) < MOST_DICE:
            penalty = SPLIT
    return penalty + HANGING * hanging


class AlphaBeta:
    """The search of one position (``cells``, ``side`` to move), deepened a ply at a time."""

    def __init__(self, cells: list[int], side: int, clock: Callable[[], float] = time.perf_counter,
                 table: Table | None = None) -> None:
        self.cells = cells
        self.side = side
        self.clock = clock
        self.position = Position(cells)
        # key -> depth, value, flag, move; a caller's table keeps what earlier searches found
        self.table: Table = {} if table is None else table
        self.killers: list[list[int]] = [[] for _ in range(MAX_DEPTH + 2)]
        self.history: dict[int, int] = {}
        self.root_moves = self._legal()
        self.depth = 0  # the deepest search completed
        self.value = 0
        self.best = self.root_moves[0] if self.root_moves else -1
        self.scores: dict[int, int] = {}  # each root move's score at the last completed depth (bounds for most)
        self.iterations = 0  # nodes searched
        self.deadline = math.inf
        self.node_limit = 0

    def _legal(self) -> list[int]:
        """The root's legal move codes."""
        position, side = self.position, self.side
        codes: list[int] = []
        for index, gifts in enumerate(share_ways(position, side)):
            position.share(side, gifts)
            takes, splits, quiet = position.slides(side)
            for action in takes + splits + quiet + position.exchanges(side):
                if position.act(side, action):
                    position.undo()
                    codes.append(index * SHARE + action)
            position.undo()
        return codes

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
            while self.position.marks:  # the moves in play when the time ran out
                self.position.undo()
        return self.settled()

    def settled(self) -> bool:
        return (len(self.root_moves) <= 1 or abs(self.value) > WIN - 1000 or self.depth >= MAX_DEPTH)

    def _root(self, depth: int) -> None:
        alpha = -WIN - 1
        order = sorted(self.root_moves, key=lambda m: (m != self.best, -self.scores.get(m, 0)))
        scores: dict[int, int] = {}
        best = order[0]
        position, side = self.position, self.side
        ways = share_ways(position, side)
        for move in order:
            position.share(side, ways[move // SHARE])
            position.act(side, move % SHARE)
            if len(position.where[1 - side]) < FEWEST_DICE:
                score = WIN - 1
            else:
                score = -self._search(1 - side, depth - 1, -WIN - 1, -alpha, 1)
            position.undo()
            position.undo()
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

    def _search(self, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        position = self.position
        owes = position.owed[side] > 0
        if depth <= 0:
            worst = WORST[len(position.where[side]) * 16 + len(position.where[1 - side])]
            if worst >= beta:  # a cut-off whatever the stand, before any sharing
                return worst
            if not owes:
                return self._quiet(side, alpha, beta, ply, QUIET_PLIES)
            position.share(side, first_share(position, side))
            value = self._quiet(side, alpha, beta, ply, QUIET_PLIES)
            position.undo()
            return value
        key = position.key ^ BLACK_KEY if side else position.key
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, value, flag, first = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                          or (flag == UPPER and value <= alpha)):
                return value
        groups: list[int] | tuple[int]
        if owes:
            ways = share_ways(position, side)
            groups = list(range(len(ways)))
            if first >= 0 and 0 < first // SHARE < len(ways):
                groups.remove(first // SHARE)
                groups.insert(0, first // SHARE)
        else:
            groups = NOTHING_OWED
        start_alpha = alpha
        best_value, best_move = -WIN - 1, -1
        other = 1 - side
        killers = self.killers[ply]
        tried = 0
        for group in groups:
            if owes:
                position.share(side, ways[group])
            base = group * SHARE
            wanted = first - base if 0 <= first - base < SHARE else -1
            cut = False
            for action, quiet in self._ordered(side, wanted, killers):
                if not position.act(side, action):
                    continue
                tried += 1
                if len(position.where[other]) < FEWEST_DICE:
                    value = WIN - ply - 1
                elif tried == 1:
                    value = -self._search(other, depth - 1, -beta, -alpha, ply + 1)
                else:  # a null window first; a late quiet move one ply shallower
                    reduced = depth - 1 - (quiet and depth >= REDUCE_DEPTH and tried > REDUCE_AFTER)
                    value = -self._search(other, reduced, -alpha - 1, -alpha, ply + 1)
                    if value > alpha and (reduced < depth - 1 or value < beta):
                        value = -self._search(other, depth - 1, -beta, -alpha, ply + 1)
                position.undo()
                if value > best_value:
                    best_value, best_move = value, base + action
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            self._remember(base + action, ply, depth)
                            cut = True
                            break
            if owes:
                position.undo()
            if cut:
                break
        if best_move < 0:
            return -(WIN - ply)  # no legal move loses
        flag = EXACT if start_alpha < best_value < beta else (LOWER if best_value >= beta else UPPER)
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value

    def _ordered(self, side: int, first: int, killers: list[int]) -> Iterator[tuple[int, bool]]:
        """The actions to try, each with whether it is quiet (a search may reduce it): the
        table's move first, then captures, Chamber entries, the ply's killers, then slides and
        exchanges by history (slides first where equal)."""
        position = self.position
        if first >= 0 and position.may_act(side, first):
            yield first, False
        takes, splits, quiet = position.slides(side)
        for action in takes:
            if action != first:
                yield action, False
        for action in splits:
            if action != first:
                yield action, False
        rest = quiet + position.exchanges(side)
        for action in killers:
            if action != first and action in rest:
                yield action, False
        history = self.history
        rest.sort(key=lambda a: -history.get(a, 0))
        for action in rest:
            if action != first and action not in killers:
                yield action, True

    def _remember(self, move: int, ply: int, depth: int) -> None:
        """A move that cut the search off: a killer of its ply, and its history grows."""
        action = move % SHARE
        killers = self.killers[ply]
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]
        self.history[action] = self.history.get(action, 0) + depth * depth

    def _quiet(self, side: int, alpha: int, beta: int, ply: int, left: int) -> int:
        """Captures and Chamber splits only, until none pays: the side to move may also stand on
        the position (lost points are shared the first way)."""
        position = self.position
        other = 1 - side
        where = position.where
        enemies, own = len(where[other]), len(where[side])
        # The judgement: dice more than the opponent's, each worth ``DIE``; standing at 5 or 6
        # dice; a capture at hand; less the exposure, which only lowers it: when the rest cannot
        # raise alpha, standing changes nothing and the exposure is not counted. A stand at or
        # above beta is returned as soon as it is known to be, as the lower bound a cut-off's
        # value is: first with the most exposure there could be, then without the capture at
        # hand, before the captures are looked for.
        index = own * 16 + enemies
        worst = WORST[index]
        if worst >= beta:
            return worst
        base = BASE[index]
        exposure = 0
        if base + THREAT > alpha or not left:
            exposure = _exposure(position, side)
            if base - exposure >= beta:
                return base - exposure
        takes, splits = position.captures(side, own < MOST_DICE)
        if takes:
            base += THREAT
        if base > alpha or not left:
            stand = base - exposure
            if stand >= beta or not left:
                return stand
            alpha = max(alpha, stand)
        for action in takes + splits:
            if not position.slide(action // 6, action % 6):
                continue
            left_enemies = len(where[other])
            if left_enemies == enemies and len(where[side]) <= own:
                position.undo()
                continue
            if left_enemies < FEWEST_DICE:
                position.undo()
                return WIN - ply - 1
            self._tick()
            if WORST[left_enemies * 16 + len(where[side])] >= -alpha:
                position.undo()  # the reply stands at or above its beta whatever the rest
                continue
            if position.owed[other] > 0:
                position.share(other, first_share(position, other))
                value = -self._quiet(other, -beta, -alpha, ply + 1, left - 1)
                position.undo()
            else:
                value = -self._quiet(other, -beta, -alpha, ply + 1, left - 1)
            position.undo()
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
