"""A rival's Chase program for the sparring pool: a classical alpha-beta written apart from the
project's engine (its own move generation over ``chase.rules``, its own evaluation and ordering),
as a strong outside program would be.

- iterative deepening to a wall-clock limit, with a transposition table kept between moves;
- moves ordered: the table's move, captures (most dice taken first), Chamber splits, the two
  killer moves of the ply, then by history;
- a quiescence search over captures and Chamber splits, standing pat on the evaluation;
- the evaluation: dice (1,000 each), a penalty for standing at 5 or 6 dice, the mover's
  threats and the dice it leaves hanging (each counted once).

>>> from chase.game import Game
>>> rival = RivalAlphaBeta(seconds=0.3)
>>> str(rival.choose(Game.from_fragment("chase.a5-f8ne.i6-e4sw")))
'a6xe4NW'
"""

from __future__ import annotations

import time

from chase.board import CHAMBER, leaves_board
from chase.game import Game
from chase.notation import Move
from chase.rules import FEWEST_DICE, exchanges, landing, shares, sign, slide

WIN = 1_000_000
DIE = 1000
AT_FIVE = 450  # standing one die from losing
AT_SIX = 120
THREAT = 70  # the best capture the side to move has
HANGING = 90  # each of the side's dice the opponent could take next
MAX_TABLE = 400_000


class OutOfTime(Exception):
    pass


def dice_of(cells: list[int], side: int) -> list[int]:
    s = sign(side)
    return [i for i, c in enumerate(cells) if c * s > 0]


RivalMove = tuple[tuple[int, ...], int, int, int]  # (share, kind, a, b), as ``children`` makes them
Child = tuple[RivalMove, list[int]]


def children(cells: list[int], side: int) -> list[Child]:
    """Every legal move with the position after it: ((share, kind, a, b), after); a slide is
    kind 0 with a = start and b = direction, an exchange kind 1 with a = cell and b = the
    neighbour's cell and the new value of a in the high bits."""
    found: list[Child] = []
    for share, before in shares(cells, side):
        s = sign(side)
        for start in dice_of(before, side):
            for d in range(6):
                if leaves_board(start, d):
                    continue
                after = slide(before, start, d)
                if after is not None:
                    found.append(((share, 0, start, d), after))
        for a, va, b, vb in exchanges(before, side):
            after = list(before)
            after[a], after[b] = va * s, vb * s
            found.append(((share, 1, a, b * 8 + va), after))
    return found


def count(cells: list[int], side: int) -> int:
    s = sign(side)
    return sum(1 for c in cells if c * s > 0)


def captures(cells: list[int], side: int) -> list[int]:
    """The values of the enemy dice ``side``'s slides land on straight away."""
    s = sign(side)
    taken = []
    for start in dice_of(cells, side):
        for d in range(6):
            if not leaves_board(start, d):
                end = landing(cells, start, d)
                if end >= 0 and cells[end] * s < 0:
                    taken.append(end)
    return taken


def evaluate(cells: list[int], side: int) -> int:
    """The position's worth to ``side``, the side to move."""
    mine, theirs = count(cells, side), count(cells, 1 - side)
    score = DIE * (mine - theirs)
    for n, weight in ((mine, -1), (theirs, 1)):
        if n == FEWEST_DICE:
            score += weight * AT_FIVE
        elif n == FEWEST_DICE + 1:
            score += weight * AT_SIX
    if captures(cells, side):
        score += THREAT
    score -= HANGING * len(set(captures(cells, 1 - side)))
    return score


class RivalAlphaBeta:
    """The rival's search, ``seconds`` a move."""

    name = "rival"

    def __init__(self, seconds: float = 1.0, seed: int = 0) -> None:
        self.seconds = seconds
        self.table: dict[tuple[int, ...], tuple[int, int, int, RivalMove | None]] = {}
        self.killers: dict[int, list[RivalMove]] = {}
        self.history: dict[RivalMove, int] = {}
        self.nodes = 0
        self.depth = 0

    def choose(self, game: Game) -> Move:
        cells, side = game.cells, game.side_index
        if len(self.table) > MAX_TABLE:
            self.table.clear()
        self.killers = {}
        self.deadline = time.perf_counter() + self.seconds
        self.nodes = 0
        root = children(cells, side)
        best = root[0][0]
        for depth in range(1, 40):
            try:
                value, move = self.search(cells, side, depth, -WIN, WIN, 0, root)
            except OutOfTime:
                break
            if move is not None:
                best, self.depth = move, depth
            if abs(value) > WIN - 1000:
                break
        return to_move(cells, side, best)

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def order(self, cells: list[int], side: int, moves: list[Child], first: RivalMove | None,
              ply: int) -> list[Child]:
        enemies = count(cells, 1 - side)
        own = count(cells, side)
        killers = self.killers.get(ply, [])

        def key(item: Child) -> int:
            move, after = item
            if move == first:
                return -10**9
            taken = enemies - count(after, 1 - side)
            if taken:
                return -10**8 - taken
            if count(after, side) > own:
                return -10**7
            if move in killers:
                return -10**6
            return -self.history.get(move, 0)
        return sorted(moves, key=key)

    def search(self, cells: list[int], side: int, depth: int, alpha: int, beta: int, ply: int,
               moves: list[Child] | None = None) -> tuple[int, RivalMove | None]:
        self.tick()
        key = (*cells, side)
        entry = self.table.get(key)
        first = None
        if entry is not None and ply:
            stored, value, flag, first = entry
            if stored >= depth and (flag == 0 or (flag == 1 and value >= beta) or (flag == 2 and value <= alpha)):
                return value, first
        elif entry is not None:
            first = entry[3]
        if moves is None:
            moves = children(cells, side)
        if not moves:
            return -(WIN - ply), None
        start_alpha = alpha
        best_value, best_move = -WIN - 1, moves[0][0]
        move: RivalMove
        for move, after in self.order(cells, side, moves, first, ply):
            if count(after, 1 - side) < FEWEST_DICE:
                value = WIN - ply - 1
            elif depth <= 1:
                value = -self.quiet(after, 1 - side, -beta, -alpha, ply + 1, 6)
            else:
                value = -self.search(after, 1 - side, depth - 1, -beta, -alpha, ply + 1)[0]
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        killers = self.killers.setdefault(ply, [])
                        if move not in killers:
                            killers.insert(0, move)
                            del killers[2:]
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        flag = 0 if start_alpha < best_value < beta else (1 if best_value >= beta else 2)
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value, best_move

    def quiet(self, cells: list[int], side: int, alpha: int, beta: int, ply: int, left: int) -> int:
        self.tick()
        stand = evaluate(cells, side)
        if stand >= beta or not left:
            return stand
        alpha = max(alpha, stand)
        enemies, own = count(cells, 1 - side), count(cells, side)
        before = shares(cells, side)[0][1]  # lost points shared the first way
        for start in dice_of(before, side):
            for d in range(6):
                if leaves_board(start, d):
                    continue
                end = landing(before, start, d)
                if end < 0 or not (end == CHAMBER or before[end]):
                    continue  # only a landing on a die or the Chamber takes or splits
                after = slide(before, start, d)
                if after is None:
                    continue
                left_enemies = count(after, 1 - side)
                if left_enemies == enemies and count(after, side) <= own:
                    continue
                if left_enemies < FEWEST_DICE:
                    return WIN - ply - 1
                value = -self.quiet(after, 1 - side, -beta, -alpha, ply + 1, left - 1)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return alpha
        return alpha


def to_move(cells: list[int], side: int, move: RivalMove) -> Move:
    """The notation of one of ``children``'s moves."""
    share, kind, a, b = move
    before = dict(shares(cells, side))[share]
    if kind == 0:
        end = landing(before, a, b)
        return Move.slide(a, end, b, before[end] * sign(side) < 0, share)
    cell_b, value_a = divmod(b, 8)
    pair = (before[a] + before[cell_b]) * sign(side)
    return Move.exchange(a, value_a, cell_b, pair - value_a, share)

