"""A Monte Carlo tree search for two-player games with chance and hidden draws.

Each iteration starts from a fresh *determinization* of the root: a state
that fills in what the player to move cannot know (an opponent's hidden
chips) by sampling, and that rolls its own chance (the next draw, the next
die) as it is played. The tree is *open loop*: a node is a sequence of
moves, not a position, so the same node is reached under different chance
outcomes; at each node only the moves legal under this iteration's outcome
compete, each scored by UCB1 over the times it *could* have been chosen
(its availability), as in single-observer information-set MCTS. No proof
is kept: a result behind a chance event is never certain.

The game supplies a ``ChanceState``: whose turn (1 or 2), the legal moves
(small integers) under its current chance outcome, ``play`` (the winner if
the move ended the game, else 0; it rolls what chance comes next),
``copy`` and a ``playout`` to the end.

>>> import random
>>> class Race:  # each turn a die of 1-2 is thrown; the mover adds it or twice it; 6 or more wins
...     def __init__(self, totals, mover, rng): self.totals, self.mover, self.rng = totals, mover, rng; self.roll()
...     def roll(self): self.die = self.rng.randint(1, 2)
...     def moves(self): return [1, 2]
...     def copy(self): c = Race(list(self.totals), self.mover, self.rng); c.die = self.die; return c
...     def play(self, m):
...         self.totals[self.mover - 1] += self.die * m
...         won = self.mover if self.totals[self.mover - 1] >= 6 else 0
...         self.mover = 3 - self.mover; self.roll()
...         return won
...     def playout(self, rng):
...         while True:
...             won = self.play(rng.choice([1, 2]))
...             if won: return won
>>> rng = random.Random(2)
>>> search = OpenLoopMCTS(lambda r: Race([0, 0], 1, r), rng).run(iterations=3000)
>>> search.best_move()  # doubling is never worse
2
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import random
    from collections.abc import Callable


class ChanceState(Protocol):
    """What the search needs of a determinized position."""

    mover: int  # 1 or 2

    def moves(self) -> list[int]:
        """The legal moves under the current chance outcome (non-empty while the game runs)."""

    def play(self, move: int) -> int:
        """Play ``move`` and roll the next chance outcome; the winner (1 or 2) if it ended the
        game, else 0."""

    def copy(self) -> ChanceState:
        """An independent copy."""

    def playout(self, rng: random.Random) -> int:
        """Play on to the end; the winner."""


class Node:
    """A sequence of moves from the root, ending with ``move`` by ``mover``: how often it was
    chosen (``visits``), won for ``mover`` (``wins``) and could have been chosen (``avail``)."""

    __slots__ = ("move", "mover", "children", "visits", "wins", "avail")

    def __init__(self, move: int, mover: int) -> None:
        self.move = move
        self.mover = mover
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 0


class OpenLoopMCTS:
    """Open-loop UCT over determinizations made by ``sample(rng)``; ``exploration`` weighs the
    UCB1 bonus."""

    def __init__(self, sample: Callable[[random.Random], ChanceState], rng: random.Random,
                 exploration: float = 0.7, clock: Callable[[], float] = time.perf_counter) -> None:
        self.sample = sample
        self.rng = rng
        self.exploration = exploration
        self.clock = clock
        first = sample(rng)
        self.root = Node(-1, 3 - first.mover)
        self.root_moves = first.moves()
        self.iterations = 0

    def run(self, iterations: int = 1000, seconds: float = math.inf) -> OpenLoopMCTS:
        """Search until ``iterations`` more iterations or ``seconds`` have passed."""
        self.step(seconds, iterations)
        return self

    def step(self, seconds: float, iterations: int = 1 << 30) -> bool:
        """Search for up to ``seconds`` (or ``iterations`` iterations); whether it is settled
        (only one move)."""
        deadline = self.clock() + seconds
        goal = self.iterations + iterations
        while not self.settled() and self.iterations < goal:
            self.iterate()
            if self.iterations % 8 == 0 and self.clock() >= deadline:
                break
        return self.settled()

    def settled(self) -> bool:
        """Whether more search cannot change the move."""
        return len(self.root_moves) <= 1

    def iterate(self) -> None:
        """Sample a determinization, select among the moves legal in it, expand one, play out,
        back up."""
        state = self.sample(self.rng)
        node = self.root
        path = [node]
        winner = 0
        while True:
            moves = state.moves()
            if not moves:
                break
            children = node.children
            fresh = [m for m in moves if m not in children]
            if fresh:
                move = fresh[self.rng.randrange(len(fresh))]
                mover = state.mover
                child = children[move] = Node(move, mover)
                for m in moves:
                    other = children.get(m)
                    if other is not None:
                        other.avail += 1
                path.append(child)
                winner = state.play(move)
                if not winner:
                    winner = state.playout(self.rng)
                break
            node = self._select(node, moves)
            path.append(node)
            winner = state.play(node.move)
            if winner:
                break
        for step in path:
            step.visits += 1
            if winner == step.mover:
                step.wins += 1.0
        self.iterations += 1

    def _select(self, node: Node, moves: list[int]) -> Node:
        """The UCB1 choice among the children legal now, counting each one's availability."""
        c = self.exploration
        best, best_score = None, -math.inf
        children = node.children
        for m in moves:
            child = children[m]
            child.avail += 1
            score = child.wins / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def best_move(self) -> int:
        """The root move chosen most often (the only one, or any, before a search)."""
        legal = [self.root.children[m] for m in self.root_moves if m in self.root.children]
        if not legal:
            return self.root_moves[0]
        return max(legal, key=lambda child: child.visits).move

    def chance(self) -> float:
        """The estimated chance that the player to move wins."""
        legal = [self.root.children[m] for m in self.root_moves if m in self.root.children]
        best = max(legal, key=lambda child: child.visits, default=None)
        if best is None or not best.visits:
            return 0.5
        return best.wins / best.visits

    def ranked(self) -> list[tuple[int, int, float]]:
        """(move, visits, chance) of every searched root move, most visited first."""
        children = [self.root.children[m] for m in self.root_moves if m in self.root.children]
        return sorted(((c.move, c.visits, c.wins / c.visits if c.visits else 0.5) for c in children),
                      key=lambda item: -item[1])
