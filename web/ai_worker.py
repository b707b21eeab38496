"""The computer opponent's thread: a PyScript worker running the MCTS.

The page sends a game record and a level; the worker answers with the chosen
move, its winning chance and the visit counts, as JSON text. The search tree
is kept between calls, so thinking about the next move starts from what the
last think learned.
"""

from __future__ import annotations

import json

from cachex.game import Game
from cachex.levels import search_budget
from cachex.mcts import MCTS

_search = MCTS()


def think(fragment: str, level: str) -> str:
    """Search the position of ``fragment`` at ``level``; the result as JSON text."""
    try:
        game = Game.from_fragment(str(fragment))
        iterations, seconds = search_budget(str(level))
        result = _search.search(game, iterations=iterations, seconds=seconds)
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(result.to_dict())


__export__ = ["think"]
