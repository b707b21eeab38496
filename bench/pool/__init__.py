"""The sparring pool: alpha-beta opponents of different styles, to measure the MCTS against.

Each style is a module with its evaluation and a referee-interface
``Player``; all share the search in ``bench.pool.engine``. ``PLAYERS`` maps
each name to its referee agent, ``STYLES`` to its style.
"""

from __future__ import annotations

from bench.pool import chain_span, resistance, shortest_path, two_distance
from bench.pool.engine import AlphaBeta, Style
from bench.pool.player import PoolPlayer

PLAYERS: dict[str, type[PoolPlayer]] = {
    kind.style.name: kind for kind in (two_distance.Player, resistance.Player, chain_span.Player,
                                       shortest_path.Player)}
STYLES: dict[str, Style] = {name: kind.style for name, kind in PLAYERS.items()}

__all__ = ["PLAYERS", "STYLES", "AlphaBeta", "PoolPlayer", "Style"]
