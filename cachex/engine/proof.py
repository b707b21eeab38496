"""The proof search's part of a search: how much of the budget it gets, and what it proves.

With ``Settings.proof_share`` (on boards of ``proof_from`` or larger, from
turn 2 on) a share of each search goes to proof-number search
(``cachex.engine.solver``): half of it first, for a forced win of the player
to move (played at once if found), half last, to make sure the chosen move
does not give the opponent a forced win (a move proven to do so is marked
lost, and the next is checked). With ``check_only`` all of that share goes to
the last check. On boards of ``solve_up_to`` or smaller, and on any board
with at most ``solve_empties`` empty cells (and ``PROOF_MIN_STONES`` stones),
the share is at least ``SMALL_BOARD_PROOF_SHARE`` and the forced win is
looked for first, ``check_only`` or not: there the game can be settled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cachex.colours import opponent
from cachex.engine.solver import Solver
from cachex.engine.tree import LOSS, WIN, Node, every_move_loses, mark, ranked_first
from cachex.rules import OPENING_TURNS, play_code

if TYPE_CHECKING:
    from collections.abc import Callable

    from cachex.engine.settings import Settings
    from cachex.geometry import Geometry

# Proof search positions per playout of an iteration budget: a position costs about
# half a playout at n = 5 (measured: 10,000 positions, 4,000 playouts a second).
PROOF_NODES_PER_PLAYOUT = 2
# The proof search may take at least this many positions, however small the
# iteration budget: a win a few moves deep takes a few dozen, a millisecond.
PROOF_MIN_NODES = 256
# The share of each search's budget the proof search gets at least where the game
# can be settled (see the module's docstring).
SMALL_BOARD_PROOF_SHARE = 0.8
# ``solve_empties`` counts only from this many stones on the board: with fewer, the
# proof search rarely settles anything within a move.
PROOF_MIN_STONES = 6


@dataclass(frozen=True)
class ProofPlan:
    """What one search gives the proof search: ``prove_first`` (look for a forced win
    before searching), ``check`` (check the chosen move after), and each proof's
    budget, ``nodes`` (with an iteration budget) and ``seconds`` (with a time budget)."""

    prove_first: bool = False
    check: bool = False
    nodes: int | None = None
    seconds: float | None = None

    @staticmethod
    def of(settings: Settings, n: int, empties: int, turns: int, iterations: int | None,
           seconds: float | None) -> ProofPlan:
        """The plan for a search of an ``n`` board with ``empties`` empty cells after
        ``turns`` turns, within ``iterations`` and ``seconds``."""
        share = settings.proof_share if n >= settings.proof_from else 0.0
        stones = n * n - empties
        check_only = settings.check_only
        if n <= settings.solve_up_to or (empties <= settings.solve_empties and stones >= PROOF_MIN_STONES):
            share = max(share, SMALL_BOARD_PROOF_SHARE)
            check_only = False
        if not share or turns < OPENING_TURNS:
            return ProofPlan()
        if not check_only:
            share /= 2
        return ProofPlan(
            prove_first=not check_only, check=True,
            nodes=None if iterations is None else max(PROOF_MIN_NODES,
                                                      int(iterations * share * PROOF_NODES_PER_PLAYOUT)),
            seconds=None if seconds is None else seconds * share)


class Prover:
    """The proof searches of one searcher, its table kept from search to search
    (``entries`` bounds it) while the board size stays the same."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self.solver: Solver | None = None

    def _solver(self, geo: Geometry) -> Solver:
        if self.solver is None or self.solver.geo.n != geo.n:
            self.solver = Solver(geo, max_entries=self.entries)
        return self.solver

    def prove_win(self, geo: Geometry, root: Node, board: bytes, nodes: int | None,
                  seconds: float | None, clock: Callable[[], float]) -> tuple[int, bool]:
        """Look for a forced win of the root's mover; if found, its move wins the root.

        Returns the positions spent and whether the question is settled (a win
        found, or none to be found); unsettled, a later call goes on from the
        table.
        """
        me = root.to_move
        proof = self._solver(geo).prove(board, me, me, nodes, seconds, clock)
        i = root.index.get(proof.move)
        if proof.status == "proven" and i is not None:
            mark(root, i, LOSS)
            root.proven = WIN
        return proof.nodes, proof.status != "unknown"

    def check_choice(self, geo: Geometry, root: Node, board: bytes, nodes: int | None,
                     seconds: float | None, clock: Callable[[], float]) -> tuple[int, bool]:
        """Make sure the move ranked first does not give the opponent a forced win.

        While proof search shows (within ``nodes`` in all, or ``seconds``)
        that it does, the move is marked lost and the next one checked; when
        every move is lost so, the root is. Returns the positions spent and
        whether the check is settled (a move not lost, or every move lost);
        unsettled, a later call goes on from the table.
        """
        solver = self._solver(geo)
        end = clock() + seconds if seconds is not None else math.inf
        spent = 0
        opp = opponent(root.to_move)
        while nodes is None or spent < nodes:
            left = end - clock()
            if left <= 0:
                return spent, False
            i = ranked_first(root)
            child = root.children[i]
            if child is not None and child.proven == WIN:
                return spent, True  # every move is known to lose
            after = bytearray(board)
            play_code(after, geo, root.moves[i], root.to_move)
            proof = solver.prove(after, opp, opp, None if nodes is None else nodes - spent,
                                 None if seconds is None else left, clock)
            spent += proof.nodes
            if proof.status != "proven":
                return spent, proof.status == "disproven"
            mark(root, i, WIN)
            if every_move_loses(root):
                root.proven = LOSS
                return spent, True
        return spent, False
