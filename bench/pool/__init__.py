"""The sparring pool: alpha-beta opponents of different styles, to measure the MCTS against.

Each style is a module with its evaluation and a referee-interface
``Player``; all share the search in ``bench.pool.engine``. ``STYLES`` maps
each name to its style.
"""

from __future__ import annotations

from bench.pool.chain_span import ChainSpan
from bench.pool.engine import AlphaBeta, Style
from bench.pool.resistance import Resistance
from bench.pool.shortest_path import ShortestPath
from bench.pool.two_distance import TwoDistance

STYLES: dict[str, Style] = {style.name: style for style in
                            (TwoDistance(), Resistance(), ChainSpan(), ShortestPath())}

__all__ = ["STYLES", "AlphaBeta", "Style"]
