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

from collections import deque
from typing import TYPE_CHECKING

from cachex.colours import EMPTY, opponent

if TYPE_CHECKING:
    from collections.abc import Iterable

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
