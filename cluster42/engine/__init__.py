"""The 42-cluster computer: what the player to move knows, the states its search samples from
that, and the move a level chooses.

The player to move knows the board, gravity, its own bag and this turn's chips;
of the opponent's chips it knows those on the board and how many it discarded
by rotating, not which. ``Situation`` holds exactly that, and each iteration of
the search (``gamekit.ismcts``) samples a ``ClusterState`` from it: the
opponent's bag is its chips off the board less as many discards drawn at
random, and every later draw is rolled as the state is played.

>>> from cluster42.game import Game
>>> game = Game.from_fragment("cluster42.4.k1.n3.dealt.00_0c0.11_0c1.00_1c0.11_-1c1")
>>> game.deal((0, 0))
>>> str(choose_move(game, "beginner", seed=1))  # three in a row at once
'drop 2 0'
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from cluster42.board import AXES, Board
from cluster42.levels import search_budget
from cluster42.notation import Move
from cluster42.rules import EMPTY, fall, pick
from gamekit.ismcts import OpenLoopMCTS

if TYPE_CHECKING:
    from collections.abc import Callable

    from cluster42.game import Game


class Tables:
    """A board's tables for the search: each cell's neighbour along each axis both ways
    (-1 off the board) and, per gravity, each cell's drop line."""

    __slots__ = ("forward", "backward")

    def __init__(self, board: Board) -> None:
        index = board.index
        self.forward: list[list[int]] = []
        self.backward: list[list[int]] = []
        for dq, dr, ds in AXES:
            self.forward.append([index.get((q + dq, r + dr, s + ds), -1) for q, r, s in board.cells])
            self.backward.append([index.get((q - dq, r - dr, s - ds), -1) for q, r, s in board.cells])

    @staticmethod
    def of(board: Board) -> Tables:
        tables = _TABLES.get(board.size)
        if tables is None:
            tables = _TABLES[board.size] = Tables(board)
        return tables


_TABLES: dict[int, Tables] = {}  # the tables of each board size made so far
EXPLORATION = 0.4  # the UCB1 weight of the search (docs/decisions.md)


class Situation:
    """What the player to move knows: the position, its chips drawn and bag, and the opponent's
    chips off the board (in its bag or discarded) with how many it discarded."""

    __slots__ = ("board", "n", "per_player", "cells", "gravity", "player", "drawn", "own", "other_pool",
                 "other_discarded")

    def __init__(self, board: Board, n: int, per_player: int, cells: list[int], gravity: int, player: int,
                 drawn: tuple[int, ...], own: list[int], other_pool: list[int], other_discarded: int) -> None:
        self.board = board
        self.n = n
        self.per_player = per_player
        self.cells = cells
        self.gravity = gravity
        self.player = player
        self.drawn = drawn
        self.own = own
        self.other_pool = other_pool
        self.other_discarded = other_discarded

    @staticmethod
    def of(game: Game) -> Situation:
        """The situation of the player to move in a running game: what the game shows it."""
        player = game.player_to_move
        other = 1 - player
        k = game.per_player
        pool = [game.chips_per_colour] * k
        for value in game.cells:
            if value != EMPTY and value // k == other:
                pool[value - other * k] -= 1
        discarded = sum(2 for turn in game.history if turn.move.is_rotation and turn.side == "12"[other])
        own = [game.bag(player)[player * k + j] for j in range(k)]
        return Situation(game.board, game.n, k, game.cells, game.gravity, player, game.draw, own, pool, discarded)

    def sample(self, rng: random.Random) -> ClusterState:
        """A state consistent with what is known: the opponent's discards drawn at random (and
        the mover's chips, where they are not dealt yet)."""
        other = list(self.other_pool)
        for _ in range(self.other_discarded):
            other[pick(other, rng.randrange(sum(other)))] -= 1
        bags = [list(self.own), other] if self.player == 0 else [other, list(self.own)]
        drawn = self.drawn
        if not drawn:  # a dealt game before this turn's deal: its chips drawn at random too
            drawn = roll(self.own, sum(self.own), self.player * self.per_player, rng)
        return ClusterState(self.board, self.n, self.per_player, list(self.cells), self.gravity, self.player + 1,
                            bags, drawn, rng)


class ClusterState:
    """A determinized position for the search: cells, gravity, both bags (counts by colour),
    the mover (1 or 2) and its chips drawn, the length of the runs both players hold (0 while
    no run is long enough), and the generator that rolls the next draws.

    Moves are small integers: a drop is ``(POS + S - 1) * C + chip`` (``C`` chip values in
    all), a rotation ``rotations + G``.
    """

    __slots__ = ("board", "tables", "n", "k", "values", "cells", "gravity", "heights", "bags", "mover", "drawn",
                 "tie", "rng", "rotations")

    def __init__(self, board: Board, n: int, k: int, cells: list[int], gravity: int, mover: int,
                 bags: list[list[int]], drawn: tuple[int, ...], rng: random.Random) -> None:
        self.board = board
        self.tables = Tables.of(board)
        self.n = n
        self.k = k
        self.values = 2 * k
        self.cells = cells
        self.gravity = gravity
        self.bags = bags
        self.mover = mover
        self.drawn = drawn
        self.rng = rng
        self.rotations = (2 * board.size - 1) * self.values
        self.heights = self._heights()
        best, owners = longest(self)
        self.tie = best if best >= n and owners == 3 else 0

    def _heights(self) -> list[int]:
        cells = self.cells
        return [sum(1 for i in line if cells[i] != EMPTY) for line in self.board.lines[self.gravity]]

    def copy(self) -> ClusterState:
        clone = ClusterState.__new__(ClusterState)
        clone.board = self.board
        clone.tables = self.tables
        clone.n = self.n
        clone.k = self.k
        clone.values = self.values
        clone.cells = list(self.cells)
        clone.gravity = self.gravity
        clone.heights = list(self.heights)
        clone.bags = [list(self.bags[0]), list(self.bags[1])]
        clone.mover = self.mover
        clone.drawn = self.drawn
        clone.tie = self.tie
        clone.rng = self.rng
        clone.rotations = self.rotations
        return clone

    def moves(self) -> list[int]:
        """The drops of each drawn value at each open line, then the six rotations (with two
        chips drawn); none once the game is over."""
        drawn = self.drawn
        if not drawn:
            return []
        values = self.values
        lines = self.board.lines[self.gravity]
        heights = self.heights
        chips = drawn if len(drawn) == 1 or drawn[0] != drawn[1] else drawn[:1]
        moves = [k * values + c for k in range(len(lines)) if heights[k] < len(lines[k]) for c in chips]
        if len(drawn) == 2:
            moves.extend(range(self.rotations, self.rotations + 6))
        return moves

    def play(self, move: int) -> int:
        """Play a move and roll the next player's draw; the winner (1 or 2) if the game ended."""
        mover = self.mover
        player = mover - 1
        k = self.k
        bag = self.bags[player]
        winner = 0
        if move >= self.rotations:
            for chip in self.drawn:
                bag[chip - player * k] -= 1
            self.gravity = move - self.rotations
            self.cells = fall(self.board, self.cells, self.gravity)
            self.heights = self._heights()
            best, owners = longest(self)
            self.tie = 0
            if best >= self.n:
                if owners == 3:
                    self.tie = best
                else:
                    winner = owners
        else:
            line_index, chip = divmod(move, self.values)
            line = self.board.lines[self.gravity][line_index]
            cell = line[self.heights[line_index]]
            self.heights[line_index] += 1
            self.cells[cell] = chip
            bag[chip - player * k] -= 1
            length = run_through(self, cell, chip)
            if length >= self.n and length > self.tie:
                winner = mover
        self.mover = 3 - mover
        if winner:
            self.drawn = ()
            return winner
        next_bag = self.bags[2 - mover]
        total = sum(next_bag)
        if not total or (total == 1 and self.full()):
            self.drawn = ()  # the next player cannot move: an empty bag, or one chip and no room
            return mover
        self.drawn = roll(next_bag, total, (2 - mover) * k, self.rng)
        return 0

    def full(self) -> bool:
        """Whether every line is full (a drop has nowhere to go)."""
        lines = self.board.lines[self.gravity]
        heights = self.heights
        return all(heights[k] >= len(lines[k]) for k in range(len(lines)))

    def playout(self, rng: random.Random) -> int:
        """Moves to the end, each a drop that wins at once if the mover has one, else a
        uniformly random move; the winner."""
        while True:
            move = self.decisive()
            if move < 0:
                moves = self.moves()
                move = moves[int(rng.random() * len(moves))]
            winner = self.play(move)
            if winner:
                return winner

    def decisive(self) -> int:
        """A drop of a drawn chip that wins at once, or -1."""
        lines = self.board.lines[self.gravity]
        heights = self.heights
        drawn = self.drawn
        values = self.values
        need = self.n if self.n > self.tie else self.tie + 1
        for k in range(len(lines)):
            line = lines[k]
            if heights[k] < len(line):
                cell = line[heights[k]]
                for chip in drawn:
                    if run_through(self, cell, chip) >= need:
                        return k * values + chip
        return -1


def roll(bag: list[int], total: int, base: int, rng: random.Random) -> tuple[int, ...]:
    """Two chips drawn at random from a bag of ``total`` (the last one alone), as values."""
    first = pick(bag, int(rng.random() * total))
    if total == 1:
        return (base + first,)
    bag[first] -= 1
    second = pick(bag, int(rng.random() * (total - 1)))
    bag[first] += 1
    return (base + first, base + second)


def run_through(state: ClusterState, cell: int, chip: int) -> int:
    """The longest run of ``chip`` through ``cell`` along the three axes."""
    cells = state.cells
    tables = state.tables
    best = 0
    for axis in range(3):
        forward = tables.forward[axis]
        backward = tables.backward[axis]
        length = 1
        i = forward[cell]
        while i >= 0 and cells[i] == chip:
            length += 1
            i = forward[i]
        i = backward[cell]
        while i >= 0 and cells[i] == chip:
            length += 1
            i = backward[i]
        if length > best:
            best = length
    return best


def longest(state: ClusterState) -> tuple[int, int]:
    """The longest run of one value on the board and who holds runs of that length: 1 the first
    player, 2 the second, 3 both (0 with no chips)."""
    cells = state.cells
    k = state.k
    best, owners = 0, 0
    for run in state.board.runs:
        length = 0
        previous = EMPTY
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
                owner = 1 << (value // k)  # 1 or 2
                if length > best:
                    best, owners = length, owner
                else:
                    owners |= owner
    return best, owners


def move_of(state: ClusterState | Situation, code: int) -> Move:
    """The game's move for a search move code."""
    values = 2 * (state.k if isinstance(state, ClusterState) else state.per_player)
    rotations = (2 * state.board.size - 1) * values
    if code >= rotations:
        return Move.rotate(code - rotations)
    line_index, chip = divmod(code, values)
    return Move.drop(line_index - state.board.size + 1, chip)


def immediate_win(situation: Situation) -> int | None:
    """A move that wins at once for the player to move with its chips, if there is one."""
    if not situation.drawn:
        return None
    state = situation.sample(random.Random(0))
    for move in state.moves():
        trial = state.copy()
        if trial.play(move) == state.mover:
            return move
    return None


def search(situation: Situation, rng: random.Random, exploration: float = EXPLORATION,
           clock: Callable[[], float] = time.perf_counter) -> OpenLoopMCTS:
    """The search of a situation (not yet run)."""
    return OpenLoopMCTS(situation.sample, rng, exploration, clock=clock)


def choose_situation_move(situation: Situation, iterations: int, seconds: float, rng: random.Random,
                          clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move for a situation: a win at once, else the search's choice within the budget."""
    winning = immediate_win(situation)
    if winning is not None:
        return move_of(situation, winning)
    found = search(situation, rng, clock=clock)
    found.run(iterations=iterations, seconds=seconds)
    return move_of(situation, found.best_move())


def choose_move(game: Game, level: str, seed: int | None = None,
                clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move the computer plays at ``level`` in a running game (its chips drawn)."""
    iterations, seconds = search_budget(level)
    return choose_situation_move(Situation.of(game), iterations, seconds, random.Random(seed), clock)
