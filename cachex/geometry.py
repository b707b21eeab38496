"""Board geometry: the one owner of cells, neighbours, diamonds and edges.

A cell is stored as an index ``i = r * n + q`` where ``r`` is the row (0 at the
bottom) and ``q`` the column. Every table here is computed once per board size
and shared, so the hot paths (placing stones, captures, win checks) only index
into tuples.

>>> g = Geometry.of(5)
>>> g.index(1, 3), g.coords(8)
(8, (1, 3))
>>> sorted(g.coords(i) for i in g.neighbours[g.index(0, 0)])
[(0, 1), (1, 0)]
>>> g.coords(g.mirror[g.index(1, 3)])
(3, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import BLUE, RED

MIN_SIZE = 3
MAX_SIZE = 15

# The six neighbour steps (dr, dq), in cyclic order around a cell: each step's
# two cyclic neighbours are the cells adjacent to both the centre and it.
STEPS: tuple[tuple[int, int], ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

# Move codes: a placement is written as its cell index, the steal as STEAL.
# NO_CELL stands where a cell may be missing (no previous placement).
STEAL = -1
NO_CELL = -2

# Edge bits of a cell for one colour: on its first edge, on its second, both.
FIRST_EDGE = 1
SECOND_EDGE = 2
BOTH_EDGES = FIRST_EDGE | SECOND_EDGE


def check_size(n: object) -> int:
    """Return ``n`` if it is a valid board size, else raise ``ValueError``."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, "
                         f"not {n!r}")
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"board size must be from {MIN_SIZE} to {MAX_SIZE}, not {n}")
    return n


class Geometry:
    """Precomputed tables for an ``n`` x ``n`` Cachex board (shared: treat as read-only).

    ``diamonds[i]`` lists, for a stone just placed on cell ``i``, every diamond
    it completes as ``(mate, x, y)``: the diamond captures when ``mate`` holds
    the mover's colour and both ``x`` and ``y`` hold the opponent's. There are
    six with ``i`` on the short diagonal and six with ``i`` on the long one.
    ``bridges[i]`` keeps the six with ``i`` on the short diagonal: ``x`` and
    ``y`` form a two-bridge whose carrier is ``i`` and ``mate``.
    """

    # Made on first use (``__getattr__``): a new game's first picture needs none of them.
    neighbours: tuple[tuple[int, ...], ...]
    diamonds: tuple[tuple[tuple[int, int, int], ...], ...]
    bridges: tuple[tuple[tuple[int, int, int], ...], ...]

    if not TYPE_CHECKING:  # hidden from type checkers, which would then take any name
        def __getattr__(self, name: str) -> object:
            if name not in ("neighbours", "diamonds", "bridges"):
                raise AttributeError(name)
            self.neighbours, self.diamonds, self.bridges = _cell_tables(self.n)
            return getattr(self, name)

    def __init__(self, n: int) -> None:
        """The tables of board size ``n`` (use ``Geometry.of``, which shares them)."""
        self.n = n
        self.size = n * n
        self.mirror = tuple((i % n) * n + i // n for i in range(n * n))
        self.centre: int | None = (n // 2) * n + n // 2 if n % 2 else None
        # The middle cell on every size (the centre on odd ones): where focus starts.
        self.middle = (n // 2) * n + n // 2
        # Per colour (index RED or BLUE): the cells on its first and second edge.
        empty: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        red = (frozenset(range(n)), frozenset(range(n * (n - 1), n * n)))
        blue = (frozenset(range(0, n * n, n)), frozenset(range(n - 1, n * n, n)))
        self.edges = (empty, red, blue)
        # Per colour, per cell: FIRST_EDGE | SECOND_EDGE bits of the edges it lies on.
        bits: list[tuple[int, ...]] = [(0,) * self.size]
        for colour in (RED, BLUE):
            first, second = self.edges[colour]
            bits.append(tuple(FIRST_EDGE * (c in first) | SECOND_EDGE * (c in second)
                              for c in range(self.size)))
        self.edge_bits = tuple(bits)

    @staticmethod
    def of(n: int) -> Geometry:
        """The shared geometry for board size ``n`` (3 to 15)."""
        geo = _SHARED.get(n) if isinstance(n, int) else None
        if geo is None:
            check_size(n)
            geo = _SHARED[n] = Geometry(n)
        return geo

    def index(self, r: int, q: int) -> int:
        """The cell index of row ``r``, column ``q``."""
        return r * self.n + q

    def coords(self, i: int) -> tuple[int, int]:
        """The ``(r, q)`` of cell index ``i``."""
        return divmod(i, self.n)

    def on_board(self, r: int, q: int) -> bool:
        """Whether ``(r, q)`` lies on the board."""
        return 0 <= r < self.n and 0 <= q < self.n

    def on_rim(self, i: int) -> bool:
        """Whether cell ``i`` lies on one of the board's four edges."""
        r, q = divmod(i, self.n)
        return r in (0, self.n - 1) or q in (0, self.n - 1)


_SHARED: dict[int, Geometry] = {}

def _cell_tables(n: int) -> tuple[tuple[tuple[int, ...], ...],
                                  tuple[tuple[tuple[int, int, int], ...], ...],
                                  tuple[tuple[tuple[int, int, int], ...], ...]]:
    """Per cell: its neighbours, the diamonds it completes, and the bridges it carries.

    Around a cell, step ``k`` leads to neighbour ``a``; ``b`` and ``c`` are
    the neighbours one step on and one step back, and ``t`` is the far tip
    two steps away (step ``k`` then the next). The diamond with this cell on
    its short diagonal is ``a`` with the long diagonal ``c``-``b``; the one
    with this cell on its long diagonal has the tip ``t`` and the short
    diagonal ``a``-``b``. Written as plain loops: the page builds these
    tables under MicroPython, where closures and generators cost.
    """
    neighbours: list[tuple[int, ...]] = []
    diamonds: list[tuple[tuple[int, int, int], ...]] = []
    bridges: list[tuple[tuple[int, int, int], ...]] = []
    for r in range(n):
        for q in range(n):
            near: list[int] = []
            found: list[tuple[int, int, int]] = []
            carriers: list[tuple[int, int, int]] = []
            for k in range(6):
                dr, dq = STEPS[k]
                ar, aq = r + dr, q + dq
                if not (0 <= ar < n and 0 <= aq < n):
                    continue
                a = ar * n + aq
                near.append(a)
                nr, nq = STEPS[(k + 1) % 6]
                br, bq = r + nr, q + nq
                if not (0 <= br < n and 0 <= bq < n):
                    continue
                b = br * n + bq
                pr, pq = STEPS[k - 1]
                cr, cq = r + pr, q + pq
                if 0 <= cr < n and 0 <= cq < n:
                    short = (a, cr * n + cq, b)
                    found.append(short)
                    carriers.append(short)
                tr, tq = ar + nr, aq + nq
                if 0 <= tr < n and 0 <= tq < n:
                    found.append((tr * n + tq, a, b))
            neighbours.append(tuple(near))
            diamonds.append(tuple(found))
            bridges.append(tuple(carriers))
    return tuple(neighbours), tuple(diamonds), tuple(bridges)
