"""The computer opponent's thread: a PyScript worker (Pyodide) running the MCTS.

The page asks for one slice of thinking at a time: a game record and a
budget of at most a fraction of a second. The search tree is kept between
calls, so the slices of one think (and the next move's think) add up; and
because the worker is free again after every slice, a think the page no
longer wants ends at once.
"""

from __future__ import annotations

import json

from cachex.game import Game
from cachex.mcts import MCTS

_search = MCTS()


def think(fragment: str, iterations: int, seconds: float) -> str:
    """Search the position of ``fragment`` for at most ``iterations`` playouts and
    ``seconds``, going on from the kept tree; the result so far as JSON text."""
    try:
        game = Game.from_fragment(str(fragment))
        result = _search.search(game, iterations=max(1, int(iterations)), seconds=float(seconds))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(result.to_dict())


__export__ = ["think"]
