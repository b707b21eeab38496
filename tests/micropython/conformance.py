"""What the page's main thread computes, for comparing MicroPython with CPython.

``report(records)`` replays each game record through ``Game`` and the page's
session (``web.shell.game_session``), and describes everything the page reads: the position, the
outcome, the legal moves, the status, captures, undo, the SVG picture, or
the error for a bad record. Run as a script (under MicroPython, by
``run.mjs``), it reads the records from ``input.json`` and prints the report
as JSON; the test runs the same function under CPython and compares.
"""

from __future__ import annotations

import json
from typing import Any

from cachex import CachexError, Game
from cachex.levels import search_budget
from cachex.svg import board_svg
from web.registry import entry
from web.shell.game_session import Choice, GameSession


def valid_start(text: str) -> list[str]:
    """What a link with a refused move opens (its longest valid start) and why it stops
    there; the error where the record has no start."""
    try:
        game, _, refused = Game.start_of(text)
    except CachexError as exc:
        return ["", str(exc)]
    return [game.to_fragment(), str(refused or "")]


def describe(record: str) -> dict[str, Any]:
    """Everything the page shows of one record, as plain data."""
    try:
        game = Game.from_fragment(record)
    except CachexError as exc:
        return {"error": type(exc).__name__ + ": " + str(exc), "start": valid_start(record)}
    shown: dict[str, Any] = {
        "fragment": game.to_fragment(),
        "board": list(game.board),
        "outcome": repr(game.outcome),
        "legal": [str(move) for move in game.legal_moves()],
        "status": game.status(),
        "captures": list(game.last_captures),
        "repetitions": game.repetition_count(),
        "steal": game.steal_destination(),
        "swapped": game.swapped_to(),
        "svg": board_svg(game),
        "text": str(game),
    }
    session = GameSession(entry("cachex"), Game, search_budget, Choice(game.n, "computer", "blue", "medium"))
    session.load_fragment(record)
    undone = []
    while session.undo():
        undone.append(session.game.to_fragment())
    shown["undo"] = undone
    if game.turn_count:
        session.redo()
        shown["redo"] = session.game.to_fragment()
        session.review(0)
        shown["review"] = session.shown().to_fragment()
    return shown


def report(records: list[str]) -> list[dict[str, Any]]:
    """One description per record."""
    return [describe(record) for record in records]


if __name__ == "__main__":
    with open("input.json") as file:
        print(json.dumps(report(json.load(file))))
