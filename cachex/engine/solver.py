"""A proof solver: whether one side can force a win, by depth-first proof-number search.

``Solver.prove`` answers "can ``prover`` force a win from here?" for a
position with a given side to move, within a budget of nodes and time. It is
the df-pn algorithm (Nagai 2002) with the 1 + epsilon threshold trick, as
Hex programs use it (MoHex's solver). Proof and disproof numbers start from
the mobility of each side: a position where the defender has one saving reply
is one proof away, which steers the search down forcing lines first.

Moves are cut only where the rules force them (``tactics.forced_moves``, as
the search's tree does), so every proof is sound:

- a side with a win in one wins (``tactics.winning_cells``);
- a side facing a win in one may play only a move after which the threat is
  gone (``tactics.defences``: the threat cells and the captures, tried one by
  one); with none, it loses.

Captures take stones away, so a line can return to a board it has passed.
Such a return counts as no win for the prover (the defender could repeat it
to a draw): it can only cost the prover a proof, never give a false one.
Draws by the turn limit, and repeats of boards from before the searched
position, are not modelled: at the sizes the solver is used on no proof is
that long. The steal is not a move here: positions are searched from turn 2.

>>> from cachex.geometry import Geometry
>>> from cachex.colours import RED, BLUE
>>> geo = Geometry.of(3)
>>> board = bytearray(9)
>>> board[geo.index(0, 1)] = RED     # a red stone on the bottom edge...
>>> board[geo.index(1, 1)] = RED     # ...and one in the middle: two ways to the top
>>> proof = Solver(geo).prove(board, BLUE, RED, nodes=10_000)
>>> proof.status, proof.winner
('proven', 1)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from cachex.colours import BLUE, RED, opponent
from cachex.engine.tactics import FORCED_LOSS, FORCED_WIN, forced_moves
from cachex.geometry import NO_CELL, Geometry
from cachex.rules import place, unplace

if TYPE_CHECKING:
    from collections.abc import Callable

INF = 1 << 40  # a proof or disproof number that cannot be reached
# The fields of a table entry.
PN, DN, MOVES, CHILDREN, ORDER = 0, 1, 2, 3, 4
CHECK_EVERY = 64  # nodes between looks at the clock

# A table entry: [proof number, disproof number, moves as bytes, [(move, child key)] or None,
# when it was proven (the solver's count of proofs then; 0 while it is not)].
Entry = list[Any]
Status = Literal["proven", "disproven", "unknown"]


def entry_bytes(n: int) -> int:
    """A table entry's memory on an ``n`` board, rounded up from measurements
    (tracemalloc over 20,000 entries: 331 bytes at n = 5, 466 at 9, 554 at 11, 713 at 15).

    >>> entry_bytes(5), entry_bytes(15)
    (385, 745)
    """
    return 340 + (9 * n * n) // 5


class _OutOfBudget(Exception):
    """The node or time budget ran out inside the search."""


@dataclass(frozen=True)
class Proof:
    """A search's answer: ``status`` says whether ``prover`` can force a win.

    ``move`` is the prover's winning move when the prover is to move and it
    is proven (else ``NO_CELL``); ``winner`` is the prover when proven, else
    ``None``. ``nodes`` counts the positions evaluated by this call.
    """

    status: Status
    prover: int
    move: int
    nodes: int

    @property
    def winner(self) -> int | None:
        """The stone code of the side proven to win, or ``None``."""
        return self.prover if self.status == "proven" else None


class Solver:
    """Depth-first proof-number search for one board size, with a table kept between calls.

    The tables (one per prover) hold every evaluated position (``entry_bytes``
    each); once they hold ``max_entries`` together a new call starts afresh, and
    no call takes them past it, so the memory stays bounded.
    """

    def __init__(self, geo: Geometry, max_entries: int = 200_000, epsilon: float = 0.25) -> None:
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, not {max_entries}")
        if not 0 <= epsilon <= 1:
            raise ValueError(f"epsilon must be from 0 to 1, not {epsilon}")
        self.geo = geo
        self.max_entries = max_entries
        self.epsilon = epsilon
        self.tables: dict[int, dict[bytes, Entry]] = {}  # per prover
        self._nodes = 0
        self._node_limit: float = 0
        self._room = max_entries  # entries this call's table may reach
        self._proofs = 0  # positions proven so far, each entry's ORDER
        self._deadline = 0.0
        self._clock: Callable[[], float] = time.perf_counter
        self._marks = {(me, p): bytes((me, p)) for me in (RED, BLUE) for p in (RED, BLUE)}

    def entries(self) -> int:
        """How many positions the tables hold."""
        return sum(len(t) for t in self.tables.values())

    def prove(self, board: bytes | bytearray, to_move: int, prover: int,
              nodes: int | None = None, seconds: float | None = None,
              clock: Callable[[], float] = time.perf_counter) -> Proof:
        """Whether ``prover`` can force a win from ``board`` with ``to_move`` to move.

        Stops after ``nodes`` evaluated positions or ``seconds`` by ``clock``,
        whichever comes first (one is required); then the status is
        ``"unknown"`` unless the search had settled it.
        """
        geo = self.geo
        if len(board) != geo.size:
            raise ValueError(f"a board of {len(board)} cells is not an {geo.n}x{geo.n} board")
        if to_move not in (RED, BLUE) or prover not in (RED, BLUE):
            raise ValueError("to_move and prover must be stone codes: 1 (red) or 2 (blue)")
        if nodes is None and seconds is None:
            raise ValueError("give a budget: nodes, seconds or both")
        if nodes is not None and nodes < 1:
            raise ValueError(f"nodes must be at least 1, not {nodes}")
        if self.entries() >= self.max_entries:
            self.tables.clear()
        table = self.tables.setdefault(prover, {})
        # The bound is on both provers' tables together: only this one grows now.
        self._room = self.max_entries - (self.entries() - len(table))
        self._clock = clock
        self._deadline = clock() + seconds if seconds is not None else float("inf")
        self._nodes = 0
        self._node_limit = nodes if nodes is not None else math.inf
        work = bytearray(board)
        key = bytes(work) + self._marks[to_move, prover]
        entry = table.get(key)
        try:
            if entry is None:
                entry = self._evaluate(table, work, to_move, prover, key)
            if entry[PN] and entry[DN]:
                self._mid(table, work, key, to_move, prover, INF - 1, INF - 1, set())
        except _OutOfBudget:
            pass
        status: Status = "unknown"
        if entry is not None:
            status = "proven" if entry[PN] == 0 else "disproven" if entry[DN] == 0 else "unknown"
        move = NO_CELL
        if status == "proven" and to_move == prover:
            move = self._proof_move(table, work, key, to_move, prover)
        return Proof(status, prover, move, self._nodes)

    # --- the search ----------------------------------------------------------------

    def _evaluate(self, table: dict[bytes, Entry], board: bytearray, me: int, prover: int,
                  key: bytes) -> Entry:
        """Evaluate a new position: a win in one, the forced defences, or all moves."""
        self._nodes += 1
        if self._nodes & (CHECK_EVERY - 1) == 0 and self._clock() >= self._deadline:
            raise _OutOfBudget
        if self._nodes > self._node_limit or len(table) >= self._room:
            raise _OutOfBudget
        moves, verdict = forced_moves(board, self.geo, me)
        proven, disproven = [0, INF], [INF, 0]
        if verdict == FORCED_WIN:  # ``moves`` is the winning cell
            entry = [*(proven if me == prover else disproven), bytes(moves), None, 0]
        elif verdict == FORCED_LOSS:
            entry = [*(disproven if me == prover else proven), b"", None, 0]
        elif me == prover:
            entry = [1, len(moves), bytes(moves), None, 0]
        else:
            entry = [len(moves), 1, bytes(moves), None, 0]
        if entry[PN] == 0:
            self._stamp(entry)
        table[key] = entry
        return entry

    def _stamp(self, entry: Entry) -> None:
        """Record that ``entry`` has just been proven: its place in the order of proofs."""
        self._proofs += 1
        entry[ORDER] = self._proofs

    def _children(self, table: dict[bytes, Entry], board: bytearray, me: int, prover: int,
                  entry: Entry) -> list[tuple[int, bytes]]:
        """The moves and child keys of an entry, evaluating children not yet in the table."""
        known: list[tuple[int, bytes]] | None = entry[CHILDREN]
        if known is not None:
            return known
        geo = self.geo
        opp = opponent(me)
        mark = self._marks[opp, prover]
        children = []
        for m in entry[MOVES]:
            captured = place(board, geo, m, me)
            child = bytes(board) + mark
            try:
                if child not in table:
                    self._evaluate(table, board, opp, prover, child)
            finally:
                unplace(board, m, me, captured)
            children.append((m, child))
        entry[CHILDREN] = children
        return children

    def _mid(self, table: dict[bytes, Entry], board: bytearray, key: bytes, me: int, prover: int,
             thpn: int, thdn: int, path: set[bytes]) -> None:
        """Search below ``key`` until its proof number reaches ``thpn`` or its disproof number ``thdn``."""
        entry = table[key]
        children = self._children(table, board, me, prover, entry)
        is_or = me == prover
        geo = self.geo
        opp = opponent(me)
        grow = self.epsilon
        path.add(key)
        try:
            while True:
                # Proof numbers from the children; a return to a board on the path is no win.
                best = second = INF + 1
                best_i = 0
                total = 0
                for i, (_, child) in enumerate(children):
                    if child in path:
                        cpn, cdn = INF, 0
                    else:  # every child is in the table: ``_children`` evaluated it
                        ce = table[child]
                        cpn, cdn = ce[PN], ce[DN]
                    # At an OR node the prover picks the child easiest to prove; at an AND node
                    # the defender's child easiest to disprove.
                    small, add = (cpn, cdn) if is_or else (cdn, cpn)
                    total = min(INF, total + add)
                    if small < best:
                        second = best
                        best = small
                        best_i = i
                    elif small < second:
                        second = small
                if is_or:
                    pn, dn = best, total
                else:
                    pn, dn = total, best
                entry[PN], entry[DN] = min(pn, INF), min(dn, INF)
                if pn == 0:
                    self._stamp(entry)
                if pn >= thpn or dn >= thdn or pn == 0 or dn == 0:
                    return
                m, child = children[best_i]
                ce = table[child]
                limit = min(INF - 1, second + int(second * grow) + 1)
                if is_or:
                    cthpn = min(thpn, limit)
                    cthdn = min(INF - 1, thdn - dn + ce[DN])
                else:
                    cthdn = min(thdn, limit)
                    cthpn = min(INF - 1, thpn - pn + ce[PN])
                captured = place(board, geo, m, me)
                try:
                    self._mid(table, board, child, opp, prover, cthpn, cthdn, path)
                finally:
                    unplace(board, m, me, captured)
        finally:
            path.discard(key)

    def _proof_move(self, table: dict[bytes, Entry], board: bytearray, key: bytes, me: int,
                    prover: int) -> int:
        """The prover's move at a proven position: a win in one, or the child proven first.

        A proof only ever rests on positions proven before it, so the child
        proven first was proven before this position, and so on down every
        line the defender chooses: always playing it, the prover gets nearer
        the win each move. Any proven child could lead back to this position
        (a child proven later may rest on this position's proof), and the
        game would go round until drawn by repetition.
        """
        entry = table[key]
        if entry[CHILDREN] is None:  # proven by a win in one
            return int(entry[MOVES][0])
        proven = [(table[child][ORDER], m) for m, child in entry[CHILDREN] if table[child][PN] == 0]
        return int(min(proven)[1]) if proven else NO_CELL
