"""Shortest-path style: the sparring partner the arena started with.

A player's distance is the fewest empty cells it still needs to join its two
edges (own stones cost nothing, opponent stones block): a 0-1 breadth-first
search. The evaluation is the opponent's distance less one's own, plus the
stone balance; moves are ordered by how short a path through the cell is,
for either player. As a referee agent: ``python -m referee 9 bench.pool.shortest_path cachex.agent``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from bench.pool.engine import Style
from bench.pool.player import PoolPlayer
from cachex.colours import EMPTY, opponent
from cachex.geometry import Geometry

FAR = 10_000  # the distance of a cell no path reaches


def distance_map(board: bytes | bytearray, geo: Geometry, colour: int, sources: Iterable[int]) -> list[int]:
    """Per cell, the empty cells ``colour`` needs to reach it from ``sources`` (the cell's own included)."""
    dist = [FAR] * geo.size
    queue: deque[int] = deque()
    opp = opponent(colour)
    for c in sources:
        if board[c] != opp:
            d = 0 if board[c] == colour else 1
            if d < dist[c]:
                dist[c] = d
                if d:
                    queue.append(c)
                else:
                    queue.appendleft(c)
    neighbours = geo.neighbours
    while queue:
        c = queue.popleft()
        d = dist[c]
        for nb in neighbours[c]:
            stone = board[nb]
            if stone == opp:
                continue
            nd = d if stone == colour else d + 1
            if nd < dist[nb]:
                dist[nb] = nd
                if stone == colour:
                    queue.appendleft(nb)
                else:
                    queue.append(nb)
    return dist


def distance(board: bytes | bytearray, geo: Geometry, colour: int) -> int:
    """Fewest empty cells ``colour`` still needs to join its edges (``FAR`` if it cannot)."""
    first, second = geo.edges[colour]
    dist = distance_map(board, geo, colour, first)
    return min(dist[c] for c in second)


def path_lengths(board: bytes | bytearray, geo: Geometry, colour: int) -> list[int]:
    """Per empty cell, the length of ``colour``'s shortest connection through it (``FAR`` elsewhere)."""
    first, second = geo.edges[colour]
    a = distance_map(board, geo, colour, first)
    b = distance_map(board, geo, colour, second)
    return [a[c] + b[c] - 1 if board[c] == EMPTY else FAR for c in range(geo.size)]


def order_by_paths(board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
    """The empty cells by the shorter of both players' shortest paths through them, then the sum."""
    mine = path_lengths(board, geo, me)
    theirs = path_lengths(board, geo, opponent(me))
    cells = [c for c in range(geo.size) if board[c] == EMPTY]
    cells.sort(key=lambda c: (min(mine[c], theirs[c]), mine[c] + theirs[c]))
    return cells


class ShortestPath(Style):
    """The difference of shortest connection distances."""

    name = "shortest-path"
    width = 12
    material_weight = 0.25

    def evaluate(self, board: bytes | bytearray, geo: Geometry, me: int) -> float:
        return float(distance(board, geo, opponent(me)) - distance(board, geo, me))

    def order(self, board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
        return order_by_paths(board, geo, me)


class Player(PoolPlayer):
    """The shortest-path style as a referee agent."""

    style = ShortestPath()
