"""What the page's main thread computes of 42-cluster games, for comparing MicroPython with CPython.

``cluster42_report(records)`` replays each record through the page's
session and describes what the page reads: the draws, the text
board, the legal moves, the outcome, the SVG picture (with the last move
animated), undo, or the error. Run as a script (under MicroPython, by
``run.mjs``), it reads the records from ``input.json`` and prints the report
as JSON. The draws from a seed must be the same in both, or links would not
replay.
"""

from __future__ import annotations

import json
from typing import Any

from cluster42.errors import ClusterError
from cluster42.game import Game
from cluster42.levels import search_budget
from cluster42.svg import board_svg
from web.registry import entry
from web.shell.game_session import GameSession


def describe(text: str) -> dict[str, Any]:
    """Everything the page shows of one record, as plain data."""
    session = GameSession(entry("cluster42"), Game, search_budget)
    try:
        refused = session.load_start(text)
    except ClusterError as exc:
        return {"error": type(exc).__name__ + ": " + str(exc)}
    game = session.game
    assert isinstance(game, Game)
    shown: dict[str, Any] = {
        "fragment": session.to_fragment(), "refused": str(refused or ""), "board": str(game),
        "draws": [list(turn.drawn) for turn in game.history], "draw": list(game.draw),
        "moves": [str(m) for m in game.legal_moves()], "svg": board_svg(game, animate=True),
        "outcome": None if game.outcome is None else [game.outcome.winner, game.outcome.reason,
                                                       list(game.outcome.cells)],
    }
    if game.moves and game.resigned is None:
        copy = Game.from_fragment(game.to_fragment())
        copy.undo()
        shown["undone"] = copy.to_fragment()
    return shown


def cluster42_report(records: list[str]) -> list[dict[str, Any]]:
    return [describe(text) for text in records]


if __name__ == "__main__":
    with open("input.json") as file:
        print(json.dumps(cluster42_report(json.load(file))))
