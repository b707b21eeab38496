"""A Monte Carlo tree search for any two-player game with a small state interface.

The game supplies a ``SearchState``: whose turn (1 or 2), its moves as small
integers, ``play`` (which says who won, if anyone), ``copy`` and a random
``playout`` to the end that lists the moves played. The search is UCT with
RAVE (all-moves-as-first values, which suit connection games where a cell's
worth hardly depends on when it is played), and a solver (MCTS-Solver): a
move that wins at once is proved (a node's first expansion looks for one
among all its moves), a position with a proved winning move is
proved lost for the player who let it happen, and one whose every move is
proved lost is proved won; proved moves are chosen or avoided for good.
Once the position itself is proved lost, the search goes on without proofs
for the move an imperfect opponent is likeliest to answer wrongly. A game may
also offer an exact search of the position (``SearchState.proof``, a
``Proof``): a search given time, and not capped to a few iterations as a weak
level is, gives it ``PROOF_SHARE`` of each slice until it settles the position.

The search runs in slices (``step``) so that a page's worker can answer
other messages and stop a think between them; a whole search is ``run``.

>>> import random
>>> class Nim:  # take 1 or 2 from a pile; who takes the last wins
...     def __init__(self, pile, mover=1): self.pile, self.mover = pile, mover
...     def moves(self): return [m for m in (1, 2) if m <= self.pile]
...     def copy(self): return Nim(self.pile, self.mover)
...     def play(self, m):
...         self.pile -= m
...         self.mover = 3 - self.mover
...         return 3 - self.mover if self.pile == 0 else 0
...     def playout(self, rng):
...         played = []
...         while True:
...             m = rng.choice(self.moves()); played.append(m)
...             if self.play(m): return 3 - self.mover, played
>>> search = MCTS(Nim(7), random.Random(1))
>>> search.run(iterations=2000).best_move()  # leave a multiple of 3
1
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

DRAW = 0
NO_WINNER = 0
WON, UNPROVEN, LOST = 1, 0, -1
PROOF_SHARE = 0.5  # of each slice's time, for a game's exact search while it runs (docs/decisions.md)
PROOF_LEAST_ITERATIONS = 1_000_000  # a slice capped below this (a weak level's) plays from its tree alone


class Proof(Protocol):
    """A game's exact search of one position, run in slices."""

    def advance(self, seconds: float) -> tuple[int, int] | None:
        """Search for up to ``seconds`` more; once settled, the value for the player to move
        (1 a win, 0 a draw, -1 a loss) and a best move (a winning one if it wins)."""


class SearchState(Protocol):
    """What the search needs of a game position."""

    mover: int  # 1 or 2

    def moves(self) -> list[int]:
        """The legal moves (non-empty while the game runs)."""

    def play(self, move: int) -> int:
        """Play ``move``; the winner (1 or 2) if it ended the game, else 0. A drawn end
        is reported as 0 with no moves left afterwards."""

    def copy(self) -> SearchState:
        """An independent copy."""

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        """Play random moves to the end: the winner (0 for a draw) and the moves, in order,
        the players alternating from the one to move."""

    # Optional: ``proof(clock) -> Proof | None``, the exact search of this position where the
    # game has one and the position is small enough for it to settle within a move's time.


class Node:
    """A position in the tree, reached by ``move``, with its statistics for ``mover``
    (the player who made ``move``)."""

    __slots__ = ("move", "mover", "children", "untried", "visits", "wins", "rave_visits", "rave_wins", "proven",
                 "blend", "weight", "spread")

    def __init__(self, move: int, mover: int, untried: list[int]) -> None:
        self.move = move
        self.mover = mover
        self.children: list[Node] = []
        self.untried = untried
        self.visits = 0
        self.wins = 0.0
        self.rave_visits = 0
        self.rave_wins = 0.0
        self.proven = UNPROVEN  # WON or LOST: ``move`` is proved to win or lose for ``mover``
        # What selection reads, kept by the back-up as the visits change: the own value's share
        # of the score, the weight of the RAVE value, and 1 / sqrt(visits + 1) for the UCT bonus.
        self.blend = 0.0
        self.weight = 1.0
        self.spread = 1.0


class MCTS:
    """UCT with RAVE over a ``SearchState``; ``exploration`` weighs the UCT bonus and
    ``rave_equivalence`` the visits at which a child's own value counts as much as its RAVE value."""

    def __init__(self, state: SearchState, rng: random.Random, exploration: float = 0.2,
                 rave_equivalence: float = 400.0, clock: Callable[[], float] = time.perf_counter) -> None:
        self.state = state
        self.rng = rng
        self.exploration = exploration
        self.rave_equivalence = rave_equivalence
        self.clock = clock
        self.root = self._new_root()
        self.resisting: Node | None = None  # the tree searched without proofs once the root is proved lost
        self.iterations = 0
        make_proof = getattr(state, "proof", None)
        self.proof: Proof | None = make_proof(clock) if make_proof is not None else None
        self.proved_move: int | None = None  # the winning move the game's exact search found

    # --- running ----------------------------------------------------------------

    def run(self, iterations: int = 1000, seconds: float = math.inf) -> MCTS:
        """Search until ``iterations`` more iterations or ``seconds`` have passed, or a
        winning move is proved; returns the search. A position proved lost is searched on
        (``iterate``) for the move an imperfect opponent is likeliest to answer wrongly."""
        self.step(seconds, iterations)
        return self

    def step(self, seconds: float, iterations: int = 1 << 30) -> bool:
        """Search for up to ``seconds`` (or ``iterations`` iterations); whether it is settled
        (a winning move found, or only one move)."""
        deadline = self.clock() + seconds
        if (self.proof is not None and seconds < math.inf and iterations >= PROOF_LEAST_ITERATIONS
                and not self.settled()):
            self._advance_proof(seconds * PROOF_SHARE)
        goal = self.iterations + iterations
        while not self.settled() and self.iterations < goal:
            self.iterate()
            if self.iterations % 16 == 0 and self.clock() >= deadline:
                break
        return self.settled()

    def _advance_proof(self, seconds: float) -> None:
        """Give the game's exact search ``seconds``; a settled position settles the root (won:
        the winning move is the answer; lost: the search goes on without proofs)."""
        assert self.proof is not None
        if self.root.proven != UNPROVEN:
            self.proof = None
            return
        settled = self.proof.advance(seconds)
        if settled is None:
            return
        self.proof = None
        value, move = settled
        if value > 0:
            self.root.proven = LOST  # the player who moved into the root has lost
            self.proved_move = move
        elif value < 0:
            self.root.proven = WON

    def settled(self) -> bool:
        """Whether more search cannot change the move: a winning move is proved, or there is
        only one move."""
        root = self.root
        if root.proven == LOST:  # the player who moved into the root has lost
            return True
        return len(root.children) + len(root.untried) <= 1

    # --- one iteration ------------------------------------------------------------

    def iterate(self) -> None:
        """Select a path, expand one child, play out, back up (with RAVE). Once the root is proved
        lost for the player to move, every move loses to perfect play, so the iterations go to a
        second tree without proofs, whose values are how often the playouts still win."""
        if self.root.proven == WON:
            if self.resisting is None:
                self.resisting = self._new_root()
            self._iterate(self.resisting, solve=False)
        else:
            self._iterate(self.root, solve=True)
        self.iterations += 1

    def _new_root(self) -> Node:
        """An unsearched node for the searched position, its mover the player who moved last."""
        return Node(-1, 3 - self.state.mover, self.state.moves())

    def _iterate(self, root: Node, solve: bool) -> None:
        """One iteration in the tree below ``root``, proving results only with ``solve``."""
        state = self.state.copy()
        node = root
        path = [node]
        winner = NO_WINNER
        over = False
        while not node.untried and node.children:
            node = self._select(node)
            path.append(node)
            winner = state.play(node.move)
            if node.proven != UNPROVEN:  # a result known without playing on
                winner = node.mover if node.proven == WON else 3 - node.mover
                over = True
                break
            if not node.untried and not node.children:  # a drawn end
                over = True
                break
        played: list[int] = []
        if not over and node.untried:
            untried = node.untried
            at = self._winning(untried, state) if not node.children else -1
            move = untried.pop(at if at >= 0 else self.rng.randrange(len(untried)))
            mover = state.mover
            winner = state.play(move)
            child = Node(move, mover, [] if winner else state.moves())
            if winner == mover and solve:
                child.proven = WON
            node.children.append(child)
            node = child
            path.append(node)
            over = bool(winner) or not child.untried
        if not over:
            winner, played = state.playout(self.rng)
        if solve:
            self._prove(path)
        self._back_up(path, winner, played)

    @staticmethod
    def _winning(moves: list[int], state: SearchState) -> int:
        """The index in ``moves`` of one that wins at once from ``state``, else -1. Tried at a
        node's first expansion, so that a win there is proved on its second visit and the move
        that allowed it is proved lost, instead of waiting for the win among random expansions."""
        mover = state.mover
        for at, move in enumerate(moves):
            if state.copy().play(move) == mover:
                return at
        return -1

    def _select(self, node: Node) -> Node:
        """The child with the best blend of its value, its RAVE value and the UCT bonus (a proved
        loss only when every move is one). A proved win is never among the children here: the
        node would be proved lost, and the search does not select beyond a proved node. Every
        child has been backed up once (with its own move RAVE-credited) before any selection."""
        bonus = self.exploration * math.sqrt(math.log(node.visits + 1))
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            score = child.blend + child.weight * child.rave_wins / child.rave_visits + bonus * child.spread
            if child.proven:
                score -= 1000.0
            if score > best_score:
                best, best_score = child, score
        return best

    def _back_up(self, path: list[Node], winner: int, played: list[int]) -> None:
        """Count the result on the path; RAVE-credit siblings of each step whose move the
        same player played later in the line."""
        moves = [node.move for node in path[1:]] + played
        k = self.rave_equivalence
        sqrt = math.sqrt
        for depth, node in enumerate(path):
            node.visits = n = node.visits + 1
            if winner == node.mover:
                node.wins += 1
            elif winner == DRAW:
                node.wins += 0.5
            weight = sqrt(k / (3 * n + k))
            node.weight = weight
            node.blend = (1 - weight) * node.wins / n
            node.spread = 1 / sqrt(n + 1)
            if not node.children:
                continue
            later = moves[depth::2]  # the moves of the player choosing among node's children
            chooser = 3 - node.mover
            result = 1.0 if winner == chooser else 0.5 if winner == DRAW else 0.0
            seen = set(later)
            for child in node.children:
                if child.move in seen:
                    child.rave_visits += 1
                    child.rave_wins += result

    @staticmethod
    def _prove(path: list[Node]) -> None:
        """From the end of ``path`` up: a node with a winning reply is lost for its mover,
        one whose every reply (all expanded) loses is won; stop where nothing changes."""
        for node in reversed(path[:-1]):
            if node.proven != UNPROVEN:
                return
            children = node.children
            if any(child.proven == WON for child in children):
                node.proven = LOST
            elif not node.untried and all(child.proven == LOST for child in children):
                node.proven = WON
            else:
                return

    # --- answers --------------------------------------------------------------------

    def best_move(self) -> int:
        """The proved winning move (the tree's or the game's exact search's), else the most
        visited move not proved to lose, else (the position proved lost) the most visited of
        the search without proofs (any legal move before any search)."""
        if self.proved_move is not None:
            return self.proved_move
        root = self.root
        for child in root.children:
            if child.proven == WON:
                return child.move
        if root.proven == WON and self.resisting is not None and self.resisting.children:
            root = self.resisting
        if not root.children:
            return root.untried[0]
        return max(root.children, key=lambda child: (child.proven != LOST, child.visits)).move

    def chance(self) -> float:
        """The estimated chance that the player to move wins."""
        root = self.root
        if root.proven != UNPROVEN:
            return 1.0 if root.proven == LOST else 0.0  # the root's mover is the one who moved last
        best = max(root.children, key=lambda child: child.visits, default=None)
        if best is None or not best.visits:
            return 0.5
        return best.wins / best.visits

    def ranked(self) -> list[tuple[int, int, float]]:
        """(move, visits, chance) of every searched move, most visited first."""
        return sorted(((c.move, c.visits, c.wins / c.visits if c.visits else 0.5) for c in self.root.children),
                      key=lambda item: -item[1])
