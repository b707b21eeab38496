"""What the page's main thread computes of Cubox games, for comparing MicroPython with CPython.

``cubox_report(records)`` replays each record through ``cubox.Game`` and the
page's session and describes what the page reads: the text board,
the legal moves, the outcome, the SVG picture, undo, or the error. Run as a
script (under MicroPython, by ``run.mjs``), it reads the records from
``input.json`` and prints the report as JSON.
"""

from __future__ import annotations

import json
from typing import Any

from cubox.errors import CuboxError
from cubox.game import Game
from cubox.levels import search_budget
from cubox.svg import board_svg
from web.registry import entry
from web.shell.game_session import GameSession


def describe(text: str) -> dict[str, Any]:
    """Everything the page shows of one record, as plain data."""
    session = GameSession(entry("cubox"), Game, search_budget)
    try:
        refused = session.load_start(text)
    except CuboxError as exc:
        return {"error": type(exc).__name__ + ": " + str(exc)}
    game = session.game
    assert isinstance(game, Game)
    shown: dict[str, Any] = {
        "fragment": session.to_fragment(), "refused": str(refused or ""), "board": str(game),
        "moves": [str(m) for m in game.legal_moves()], "svg": board_svg(game),
        "outcome": None if game.outcome is None else [game.outcome.winner, game.outcome.reason,
                                                       list(game.outcome.chain)],
    }
    if game.moves:
        copy = Game.from_fragment(game.to_fragment())
        copy.undo()
        shown["undone"] = copy.to_fragment()
    return shown


def cubox_report(records: list[str]) -> list[dict[str, Any]]:
    return [describe(text) for text in records]


if __name__ == "__main__":
    with open("input.json") as file:
        print(json.dumps(cubox_report(json.load(file))))
