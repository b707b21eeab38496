"""Connection distances: how far each player is from joining its edges, and through which cells.

A player's distance is the fewest empty cells it still needs to join its two
edges: own stones cost nothing, opponent stones block (a 0-1 breadth-first
search). ``path_lengths`` gives, per empty cell, the shortest connection
through it; the search uses it as prior knowledge and the sparring pool as
an evaluation and a move order. Heuristics only: in Cachex stones come and
go, so nothing here prunes a move.

>>> from cachex.geometry import Geometry
>>> geo = Geometry.of(3)
>>> board = bytearray(9); board[0] = board[3] = 1  # Red's a1 and a2
>>> distance(board, geo, 1), distance(board, geo, 2)
(1, 3)
>>> path_lengths(board, geo, 1)[6]  # a3 would join them to the far edge
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import EMPTY

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cachex.geometry import Geometry

FAR = 10_000  # the distance of a cell no path reaches


def distance_map(board: bytes | bytearray, geo: Geometry, colour: int, sources: Iterable[int]) -> list[int]:
    """Per cell, the empty cells ``colour`` needs to reach it from ``sources`` (the cell's own included).

    A breadth-first search one distance at a time: from each cell at distance
    d, ``colour``'s own stones are at d too (a stack, searched at once) and
    empty cells at d + 1 (the next round's list). Each cell is settled when it
    is first reached, so no cell is looked at twice and no queue is needed.
    """
    dist = [FAR] * geo.size
    neighbours = geo.neighbours
    level: list[int] = []  # cells at distance d still to search from
    later: list[int] = []  # empty cells at distance d + 1
    for c in sources:
        stone = board[c]
        if stone == colour:
            if dist[c]:
                dist[c] = 0
                level.append(c)
        elif stone == EMPTY and dist[c] == FAR:
            dist[c] = 1
            later.append(c)
    d = 0
    while True:
        while level:
            for nb in neighbours[level.pop()]:
                if dist[nb] == FAR:
                    stone = board[nb]
                    if stone == colour:
                        dist[nb] = d
                        level.append(nb)
                    elif stone == EMPTY:
                        dist[nb] = d + 1
                        later.append(nb)
        if not later:
            return dist
        d += 1
        level, later = later, level


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
    return [x + y - 1 if stone == EMPTY else FAR for x, y, stone in zip(a, b, board, strict=True)]
