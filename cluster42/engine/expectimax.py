"""An expectimax search for 42-cluster: the mover's moves, then every draw the opponent may make
(weighted by its chance) and its best reply, then (for the replies judged best) the mover's draws
and moves again; judged by the windows of the winning length that hold one value only, the chips
each player has left and the race to an empty bag.

Every value is twice the chance of winning less one, from the point of view of the player
concerned: 1 a win found, -1 a loss, and a judgement's points turned into a chance by a
logistic curve, so that a chance of losing at once weighs as much as that chance and no more
(against, say, the two chips a rotation burns).

It knows the rules whole: a drop wins with a run of at least the winning length that no tie
already matches; a rotation may win for either player (or tie, and play goes on); a player
whose bag is empty, or who holds one chip with every line full, loses. Of the opponent's bag
it knows what the situation knows: its chips off the board, less its discards shared out among
its colours.

>>> from cluster42.game import Game
>>> from cluster42.engine.situation import Situation
>>> game = Game.from_fragment("cluster42.4.k1.n3.dealt.00_0c0.11_0c1.00_1c0.11_-1c1")
>>> game.deal((0, 0))
>>> search = Expectimax(Situation.of(game))
>>> search.step(5.0)
True
>>> str(search.best_text())  # three in a row at once
'drop 2 0'
"""

from __future__ import annotations

import math
import time
from operator import itemgetter
from typing import TYPE_CHECKING

from cluster42.board import AXES, Board
from cluster42.notation import Move
from cluster42.rules import EMPTY, fall

if TYPE_CHECKING:
    from collections.abc import Callable

    from cluster42.engine.situation import Situation

WIN = 1.0  # a win found; a loss is -WIN, and every judgement lies between them
CHIP = 3.0  # each chip a player has left more than the other
RACE = 150.0  # winning the race to an empty bag, at its end
RACE_CHIPS = 20  # chips left in the smaller bag from which the race counts
SCALE = 60.0  # the points at which the chance of winning is e / (1 + e), about 73%
SURE = 0.999  # the most a judgement may be worth short of a win found
MAX_DEPTH = 3  # the mover's move, the opponent's reply, the mover's next move
CHANCE_DEPTH = 2  # the same for a position before the mover's chips are dealt
CHECK_EVERY = 64  # positions between looks at the clock
WIDTH = 5  # below the root, the moves (judged at once) that are looked at deeper


class OutOfTime(Exception):
    """Raised inside the search when its time is up."""


class Windows:
    """A board's places for a winning run of ``n``: every ``n`` cells in a row along an axis, and
    the windows through each cell."""

    __slots__ = ("cells", "through", "weights", "forward", "backward", "getters")

    def __init__(self, board: Board, n: int) -> None:
        found: list[tuple[int, ...]] = []
        for run in board.runs:
            for start in range(len(run) - n + 1):
                found.append(run[start:start + n])
        self.cells = found
        self.getters = [itemgetter(*window) for window in found]  # each window's chips in one call
        through: list[list[int]] = [[] for _ in range(board.count)]
        for index, window in enumerate(found):
            for i in window:
                through[i].append(index)
        self.through = through
        # A window holding m chips of one value and nothing else is worth weights[m] to their
        # owner; a full one is a run that has won.
        self.weights = [0.0] + [4.0 ** (m - 1) * (3.0 if m == n - 1 else 1.0) for m in range(1, n + 1)]
        # Each cell's neighbour along each axis, both ways (-1 off the board).
        self.forward = [[board.index.get((q + dq, r + dr, s + ds), -1) for q, r, s in board.cells]
                        for dq, dr, ds in AXES]
        self.backward = [[board.index.get((q - dq, r - dr, s - ds), -1) for q, r, s in board.cells]
                         for dq, dr, ds in AXES]


_WINDOWS: dict[tuple[int, int], Windows] = {}


def windows_of(board: Board, n: int) -> Windows:
    """The windows of a board and winning length (made once)."""
    key = (board.size, n)
    found = _WINDOWS.get(key)
    if found is None:
        found = _WINDOWS[key] = Windows(board, n)
    return found


class Node:
    """A position in the search: cells, gravity, each line's height, both bags (counts by
    colour), the length of a tied longest run (0 if none) and the windows' worth to the first
    player."""

    __slots__ = ("cells", "gravity", "heights", "bags", "tie", "worth", "boards")

    def __init__(self, cells: list[int], gravity: int, heights: list[int], bags: list[list[int]], tie: int,
                 worth: float) -> None:
        self.cells = cells
        self.gravity = gravity
        self.heights = heights
        self.bags = bags
        self.tie = tie
        self.worth = worth
        # move -> what the board becomes, the same whichever draw the move is played with, so
        # found once: the cells, the heights, the worth, and the longest run (its length and
        # owners) after a rotation or the run through the chip after a drop
        self.boards: dict[int, tuple[list[int], list[int], float, int, int]] = {}


class Expectimax:
    """The search of a situation, deepened a ply at a time (``step``)."""

    def __init__(self, situation: Situation, clock: Callable[[], float] = time.perf_counter) -> None:
        self.board = situation.board
        self.n = situation.n
        self.k = situation.per_player
        self.values = 2 * self.k
        self.me = situation.player
        self.drawn = situation.drawn
        self.clock = clock
        self.windows = windows_of(self.board, self.n)
        self.rotations = (2 * self.board.size - 1) * self.values
        bags = [list(situation.own), _less(situation.other_pool, situation.other_discarded)]
        if self.me == 1:
            bags.reverse()
        cells = list(situation.cells)
        self.root = Node(cells, situation.gravity, self._heights(cells, situation.gravity), bags, 0,
                         self._worth(cells))
        best, owners = self._longest(cells)
        self.root.tie = best if best >= self.n and owners == 3 else 0
        self.root_moves = self._moves(self.root, self.drawn)
        self.scores: dict[int, float] = {}
        self.depth = 0
        self.value = 0.0
        self.best = self.root_moves[0] if self.root_moves else -1
        self.iterations = 0
        self.deadline = math.inf
        self.node_limit = 1 << 30
        self.partial: dict[int, float] = {}  # the root moves' scores at the depth being searched

    # --- the rules on nodes -------------------------------------------------------------------

    def _heights(self, cells: list[int], gravity: int) -> list[int]:
        return [sum(1 for i in line if cells[i] != EMPTY) for line in self.board.lines[gravity]]

    def _window(self, cells: list[int], window: tuple[int, ...]) -> float:
        value, m = EMPTY, 0
        for i in window:
            chip = cells[i]
            if chip != EMPTY:
                if value == EMPTY:
                    value = chip
                elif chip != value:
                    return 0.0
                m += 1
        if not m:
            return 0.0
        weight = self.windows.weights[m]
        return weight if value < self.k else -weight

    def _worth(self, cells: list[int]) -> float:
        """The windows' worth to the first player (``_window`` summed, read a window at a time)."""
        n, k, weights = self.n, self.k, self.windows.weights
        total = 0.0
        for get in self.windows.getters:
            chips = get(cells)
            m = n - chips.count(EMPTY)
            if m:
                value = max(chips)  # a chip's value, EMPTY being below them all
                if chips.count(value) == m:
                    total += weights[m] if value < k else -weights[m]
        return total

    def _longest(self, cells: list[int]) -> tuple[int, int]:
        """The longest run of one value and who holds runs that long: 1, 2 or 3 for both."""
        k = self.k
        best, owners = 0, 0
        for run in self.board.runs:
            length, previous = 0, EMPTY
            for i in run:
                value = cells[i]
                if value == EMPTY:
                    length = 0
                elif value == previous:
                    length += 1
                else:
                    length = 1
                previous = value
                if length and length >= best:
                    owner = 1 << (value // k)
                    if length > best:
                        best, owners = length, owner
                    else:
                        owners |= owner
        return best, owners

    def _run_through(self, cells: list[int], cell: int, chip: int) -> int:
        best = 0
        for axis in range(3):
            forward, backward = self.windows.forward[axis], self.windows.backward[axis]
            length = 1
            i = forward[cell]
            while i >= 0 and cells[i] == chip:
                length += 1
                i = forward[i]
            i = backward[cell]
            while i >= 0 and cells[i] == chip:
                length += 1
                i = backward[i]
            best = max(best, length)
        return best

    def _moves(self, node: Node, drawn: tuple[int, ...]) -> list[int]:
        """Drops of each distinct drawn chip on each open line, then the rotations (two chips)."""
        if not drawn:
            return []
        lines = self.board.lines[node.gravity]
        chips = drawn if len(drawn) == 1 or drawn[0] != drawn[1] else drawn[:1]
        heights = node.heights
        moves = [li * self.values + c for li in range(len(lines)) if heights[li] < len(lines[li]) for c in chips]
        if len(drawn) == 2:
            moves.extend(range(self.rotations, self.rotations + 6))
        return moves

    def _play(self, node: Node, player: int, drawn: tuple[int, ...], move: int) -> tuple[Node, int]:
        """The node after ``player`` plays ``move`` with ``drawn``, and the winner (0, 1) or -1."""
        self.iterations += 1
        if self.iterations >= self.node_limit or (self.iterations % CHECK_EVERY == 0
                                                  and self.clock() >= self.deadline):
            raise OutOfTime
        base = player * self.k
        bags = [list(node.bags[0]), list(node.bags[1])]
        bag = bags[player]
        winner = -1
        if move >= self.rotations:
            for chip in drawn:
                bag[chip - base] -= 1
            gravity = move - self.rotations
            turned = node.boards.get(move)
            if turned is None:
                cells = fall(self.board, node.cells, gravity)
                turned = node.boards[move] = (cells, self._heights(cells, gravity), self._worth(cells),
                                              *self._longest(cells))
            cells, heights, worth, best, owners = turned
            child = Node(cells, gravity, heights, bags, 0, worth)
            if best >= self.n:
                if owners == 3:
                    child.tie = best
                else:
                    winner = owners - 1
        else:
            line_index, chip = divmod(move, self.values)
            bag[chip - base] -= 1
            dropped = node.boards.get(move)
            if dropped is None:
                cells = list(node.cells)
                heights = list(node.heights)
                cell = self.board.lines[node.gravity][line_index][heights[line_index]]
                heights[line_index] += 1
                worth = node.worth
                for index in self.windows.through[cell]:
                    worth -= self._window(cells, self.windows.cells[index])
                cells[cell] = chip
                for index in self.windows.through[cell]:
                    worth += self._window(cells, self.windows.cells[index])
                dropped = node.boards[move] = (cells, heights, worth, self._run_through(cells, cell, chip), 0)
            cells, heights, worth, length, _ = dropped
            child = Node(cells, node.gravity, heights, bags, node.tie, worth)
            if length >= self.n and length > node.tie:
                winner = player
        if winner < 0:
            left = sum(bags[1 - player])
            if not left or (left == 1 and self._full(child)):
                winner = player  # the next player cannot move
        return child, winner

    def _full(self, node: Node) -> bool:
        lines = self.board.lines[node.gravity]
        return all(node.heights[li] >= len(lines[li]) for li in range(len(lines)))

    def _draws(self, node: Node, player: int) -> list[tuple[float, tuple[int, ...]]]:
        """Each draw ``player`` may make from its bag, with its chance."""
        bag = node.bags[player]
        base = player * self.k
        total = sum(bag)
        if total == 1:
            return [(1.0, (base + bag.index(1),))]
        pairs = total * (total - 1)
        found: list[tuple[float, tuple[int, ...]]] = []
        for i, ci in enumerate(bag):
            if ci > 1:
                found.append((ci * (ci - 1) / pairs, (base + i, base + i)))
            for j in range(i + 1, len(bag)):
                if ci and bag[j]:
                    found.append((2 * ci * bag[j] / pairs, (base + i, base + j)))
        return found

    def _judge(self, node: Node, player: int) -> float:
        """The node's value to ``player``, who has just moved, from points for the windows, the
        chips left, and the race to an empty bag (with drops alone, the opponent's empties first
        when it holds no more chips than ``player``), which counts more as the bags empty."""
        worth = node.worth if player == 0 else -node.worth
        mine, theirs = sum(node.bags[player]), sum(node.bags[1 - player])
        race = RACE * max(0.0, 1.0 - min(mine, theirs) / RACE_CHIPS)
        return _value(worth + CHIP * (mine - theirs) + (race if theirs <= mine else -race))

    # --- the search ---------------------------------------------------------------------------

    def _best(self, node: Node, player: int, drawn: tuple[int, ...], depth: int) -> float:
        """The worth to ``player`` of its best move with ``drawn``, looking ``depth`` plies on."""
        best = -math.inf
        going: list[tuple[float, Node]] = []
        for move in self._moves(node, drawn):
            child, winner = self._play(node, player, drawn, move)
            if winner == player:
                return WIN
            value = -WIN if winner >= 0 else self._judge(child, player)
            if depth <= 1 or winner >= 0:
                best = max(best, value)
            else:
                going.append((value, child))
        if going:  # the moves judged best, looked at deeper
            going.sort(key=lambda item: -item[0])
            for _, child in going[:WIDTH]:
                best = max(best, -self._expected(child, 1 - player, depth - 1))
        return best if best > -math.inf else -WIN

    def _expected(self, node: Node, player: int, depth: int) -> float:
        """The worth to ``player``, about to draw, of ``node``: its best move, averaged over
        its draws."""
        return sum(chance * self._best(node, player, drawn, depth) for chance, drawn in self._draws(node, player))

    def run(self, seconds: float = math.inf, iterations: int = 1 << 30) -> Expectimax:
        """Deepen until settled, ``seconds`` have passed or ``iterations`` positions are played."""
        self.step(seconds, iterations)
        return self

    def step(self, seconds: float, iterations: int = 1 << 30) -> bool:
        """Deepen for up to ``seconds`` (or ``iterations`` more positions played); whether the
        search is settled (a win at once, one move, or the deepest depth done)."""
        self.deadline = self.clock() + seconds
        self.node_limit = self.iterations + iterations
        self.partial = {}
        try:
            while not self.settled():
                self._root(self.depth + 1)
        except OutOfTime:
            # A depth cut short still counts where it searched the best move so far (first in
            # its order) and found another better.
            partial = self.partial
            if self.best in partial:
                best = max(partial, key=lambda m: partial[m])
                if best != self.best:
                    self.best, self.value = best, partial[best]
        return self.settled()

    def settled(self) -> bool:
        if not self.drawn:  # chips not yet dealt: the worth of the mover's draw to come
            return self.depth >= CHANCE_DEPTH or not sum(self.root.bags[self.me])
        return len(self.root_moves) <= 1 or self.value >= WIN or self.depth >= MAX_DEPTH

    def _root(self, depth: int) -> None:
        if not self.drawn:
            self.value = self._expected(self.root, self.me, depth)
            self.depth = depth
            return
        order = sorted(self.root_moves, key=lambda m: -self.scores.get(m, 0.0))
        scores: dict[int, float] = {}
        self.partial = scores
        me, root = self.me, self.root
        for move in order:
            child, winner = self._play(root, me, self.drawn, move)
            if winner == me:
                scores[move] = WIN
                break
            if winner >= 0:
                scores[move] = -WIN
            elif depth <= 1:
                scores[move] = self._judge(child, me)
            else:
                scores[move] = -self._expected(child, 1 - me, depth - 1)
        best = max(scores, key=lambda m: scores[m])
        self.depth, self.value, self.best, self.scores = depth, scores[best], best, scores

    # --- answers ------------------------------------------------------------------------------

    def best_move(self) -> int:
        return self.best

    def best_text(self) -> Move:
        return self.move_of(self.best)

    def move_of(self, code: int) -> Move:
        """The game's move for one of the search's move codes (a drop ``line * values + chip``,
        a rotation ``rotations + gravity``)."""
        if code >= self.rotations:
            return Move.rotate(code - self.rotations)
        line_index, chip = divmod(code, self.values)
        return Move.drop(line_index - self.board.size + 1, chip)

    def chance(self) -> float:
        """The chance the player to move wins, from the best move's score."""
        return _chance(self.value)

    def ranked(self) -> list[tuple[int, int, float]]:
        """(move, depth searched, chance) of each root move, best first."""
        order = sorted(self.root_moves, key=lambda m: (m != self.best, -self.scores.get(m, -WIN)))
        return [(m, self.depth, _chance(self.scores.get(m, 0.0))) for m in order]


def _value(points: float) -> float:
    """Points as a value between a loss (-1) and a win (1): twice the chance of winning less
    one, the chance a logistic curve of the points, kept short of a win found."""
    return max(-SURE, min(SURE, math.tanh(points / (2.0 * SCALE))))


def _chance(value: float) -> float:
    """A value as the chance of winning: certain for a win or loss found."""
    if abs(value) >= WIN:
        return 1.0 if value > 0 else 0.0
    return (1.0 + value) / 2.0


def _less(pool: list[int], discarded: int) -> list[int]:
    """A bag of ``pool``'s chips with ``discarded`` of them taken out in proportion."""
    total = sum(pool)
    if not discarded or not total:
        return list(pool)
    left = max(0, total - discarded)
    shares = [count * left / total for count in pool]
    bag = [int(share) for share in shares]
    for j in sorted(range(len(pool)), key=lambda j: bag[j] - shares[j])[:left - sum(bag)]:
        bag[j] += 1
    return bag
