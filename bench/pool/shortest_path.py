"""Shortest-path style: the sparring partner the arena started with.

A player's distance is the fewest empty cells it still needs to join its two
edges (``cachex.engine.paths``). The evaluation is the opponent's distance less one's own, plus the
stone balance; moves are ordered by how short a path through the cell is,
for either player. As a referee agent: ``python -m referee 9 bench.pool.shortest_path cachex.agent``.
"""

from __future__ import annotations

from bench.pool.engine import Style, order_by_both
from bench.pool.player import PoolPlayer
from cachex.colours import opponent
from cachex.engine.paths import distance, path_lengths
from cachex.geometry import Geometry


def order_by_paths(board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
    """The empty cells by the shorter of both players' shortest paths through them, then the sum."""
    return order_by_both(board, geo, path_lengths(board, geo, me), path_lengths(board, geo, opponent(me)))


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
