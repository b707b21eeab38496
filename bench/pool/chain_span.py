"""Chain-span style: the kind of agent that won the course's 2022 tournament.

The evaluation is the span of each player's longest chain along its own
axis (the rows a Red group covers, the columns a Blue one does), one's own
less the opponent's, plus the balance of stones (captures). It looks at
more moves per node than the others (ordered by shortest paths through the
cell) and always steals. As a referee agent:
``python -m referee 9 bench.pool.chain_span cachex.agent``.
"""

from __future__ import annotations

from bench.pool.engine import Style
from bench.pool.player import PoolPlayer
from bench.pool.shortest_path import order_by_paths
from cachex.colours import RED, opponent
from cachex.geometry import Geometry


def longest_span(board: bytes | bytearray, geo: Geometry, colour: int) -> int:
    """The most rows (Red) or columns (Blue) one group of ``colour`` covers."""
    n = geo.n
    neighbours = geo.neighbours
    seen = [False] * geo.size
    best = 0
    for start in range(geo.size):
        if board[start] != colour or seen[start]:
            continue
        seen[start] = True
        low = high = start // n if colour == RED else start % n
        stack = [start]
        while stack:
            c = stack.pop()
            line = c // n if colour == RED else c % n
            low, high = min(low, line), max(high, line)
            for nb in neighbours[c]:
                if board[nb] == colour and not seen[nb]:
                    seen[nb] = True
                    stack.append(nb)
        best = max(best, high - low + 1)
    return best


class ChainSpan(Style):
    """Longest-chain span difference plus the stone balance; wide, and always steals."""

    name = "chain-span"
    width = 20
    material_weight = 1.0

    def evaluate(self, board: bytes | bytearray, geo: Geometry, me: int) -> float:
        return float(longest_span(board, geo, me) - longest_span(board, geo, opponent(me)))

    def order(self, board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
        return order_by_paths(board, geo, me)

    def steals(self, geo: Geometry, cell: int) -> bool:
        return True


class Player(PoolPlayer):
    """The chain-span style as a referee agent."""

    style = ChainSpan()
