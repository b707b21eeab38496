"""Two-distance style: Queenbee's evaluation.

A cell's two-distance to an edge is one more than the *second* smallest of
its neighbours' (a cell on the edge, or joined to it by own stones, has 1): a
path the opponent can cut with one stone does not count, because the
opponent will cut it. Own stones join the cells around them into one
neighbourhood; opponent stones are walls. A cell's potential is the sum of
its two-distances to both edges; a player's potential is its lowest cell's,
and the evaluation is the opponent's less one's own, with the number of
cells at that lowest potential (mobility) and the stone balance as smaller
terms. Moves are ordered by potential, for either player. As a referee
agent: ``python -m referee 9 bench.pool.two_distance cachex.agent``.
"""

from __future__ import annotations

from bench.pool.engine import Style, order_by_both
from bench.pool.player import PoolPlayer
from cachex.colours import EMPTY, opponent
from cachex.geometry import FIRST_EDGE, SECOND_EDGE, Geometry

FAR = 1_000  # the two-distance of a cell that cannot reach the edge
MOBILITY_WEIGHT = 0.02


def links(board: bytes | bytearray, geo: Geometry, colour: int) -> tuple[list[list[int]], list[int]]:
    """Per empty cell, for ``colour``: the empty cells next to it directly or through own
    groups, and the edge bits it touches the same way (empty lists and 0 on stones)."""
    size = geo.size
    neighbours = geo.neighbours
    bits_of = geo.edge_bits[colour]
    label = [-1] * size
    around: list[set[int]] = []
    group_bits: list[int] = []
    for start in range(size):
        if board[start] != colour or label[start] >= 0:
            continue
        g = len(around)
        label[start] = g
        empties: set[int] = set()
        b = 0
        stack = [start]
        while stack:
            c = stack.pop()
            b |= bits_of[c]
            for nb in neighbours[c]:
                stone = board[nb]
                if stone == EMPTY:
                    empties.add(nb)
                elif stone == colour and label[nb] < 0:
                    label[nb] = g
                    stack.append(nb)
        around.append(empties)
        group_bits.append(b)
    near: list[list[int]] = [[] for _ in range(size)]
    touch = [0] * size
    for c in range(size):
        if board[c] != EMPTY:
            continue
        cells: set[int] = set()
        b = bits_of[c]
        for nb in neighbours[c]:
            stone = board[nb]
            if stone == EMPTY:
                cells.add(nb)
            elif stone == colour:
                g = label[nb]
                cells |= around[g]
                b |= group_bits[g]
        cells.discard(c)
        near[c] = list(cells)
        touch[c] = b
    return near, touch


def two_distances(board: bytes | bytearray, near: list[list[int]], touch: list[int], edge_bit: int) -> list[int]:
    """Per empty cell, its two-distance to the edge of ``edge_bit`` (``FAR`` where it has none).

    Cells are settled in increasing order (buckets by distance), so a cell's
    second settled neighbour is its second nearest: that one gives its value.
    """
    size = len(near)
    dist = [FAR] * size
    settled = [False] * size
    seen = [0] * size
    first = [c for c in range(size) if touch[c] & edge_bit and board[c] == EMPTY]
    for c in first:
        dist[c] = 1
    buckets: list[list[int]] = [[], first]
    d = 1
    while d < len(buckets):
        nxt = d + 1
        for c in buckets[d]:
            if settled[c]:
                continue
            settled[c] = True
            for u in near[c]:
                if settled[u]:
                    continue
                seen[u] += 1
                if seen[u] == 2 and nxt < dist[u]:
                    dist[u] = nxt
                    if len(buckets) <= nxt:
                        buckets.append([])
                    buckets[nxt].append(u)
        d += 1
    return dist


def potentials(board: bytes | bytearray, geo: Geometry, colour: int) -> list[int]:
    """Per empty cell, the sum of its two-distances to ``colour``'s edges (at least ``FAR`` elsewhere)."""
    near, touch = links(board, geo, colour)
    a = two_distances(board, near, touch, FIRST_EDGE)
    b = two_distances(board, near, touch, SECOND_EDGE)
    return [a[c] + b[c] if board[c] == EMPTY else 2 * FAR for c in range(geo.size)]


def standing(board: bytes | bytearray, geo: Geometry, colour: int) -> tuple[int, int]:
    """``colour``'s potential (its lowest cell's) and how many cells have it."""
    pots = potentials(board, geo, colour)
    best = min(pots)
    return best, pots.count(best)


class TwoDistance(Style):
    """The difference of two-distance potentials, then mobility."""

    name = "two-distance"
    width = 12
    material_weight = 0.25

    def evaluate(self, board: bytes | bytearray, geo: Geometry, me: int) -> float:
        mine, my_count = standing(board, geo, me)
        theirs, their_count = standing(board, geo, opponent(me))
        return float(min(theirs, FAR) - min(mine, FAR)) + MOBILITY_WEIGHT * (my_count - their_count)

    def order(self, board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
        return order_by_both(board, geo, potentials(board, geo, me), potentials(board, geo, opponent(me)))


class Player(PoolPlayer):
    """The two-distance style as a referee agent."""

    style = TwoDistance()
