"""What the page's main thread computes of Chase games, for comparing MicroPython with CPython.

``chase_report(records)`` replays each record through the page's session
and describes what the page reads: the text board, the legal moves with each
one's trace (path, bumps, captures, the Chamber's exits), the ways to share
lost points, the outcome, the SVG picture with every move previewed, undo, or
the error. Run as a script (under MicroPython, by ``run.mjs``), it reads the
records from ``input.json`` and prints the report as JSON.
"""

from __future__ import annotations

import json
from typing import Any

from chase.errors import ChaseError
from chase.game import Game
from chase.levels import search_budget
from chase.svg import board_svg
from web.registry import entry
from web.shell.game_session import GameSession


def describe(text: str) -> dict[str, Any]:
    """Everything the page shows of one record, as plain data."""
    session = GameSession(entry("chase"), Game, search_budget, start=Game)
    try:
        refused = session.load_start(text)
    except ChaseError as exc:
        return {"error": type(exc).__name__ + ": " + str(exc)}
    game = session.game
    assert isinstance(game, Game)
    moves = game.legal_moves()
    traces = [game.trace(move) for move in moves]
    shown: dict[str, Any] = {
        "fragment": session.to_fragment(), "refused": str(refused or ""), "board": str(game),
        "moves": [str(m) for m in moves], "shares": [list(s) for s in game.shares()],
        "traces": [[t.path, [list(b) for b in t.bumps], [list(c) for c in t.captured], [list(e) for e in t.exits]]
                   for t in traces],
        "svg": board_svg(game, paths=tuple((moves[i].start, traces[i]) for i in range(len(moves))
                                           if not moves[i].is_exchange)),
        "outcome": None if game.outcome is None else [game.outcome.winner, game.outcome.reason],
    }
    if game.moves and game.resigned is None:
        copy = Game.from_fragment(game.to_fragment())
        copy.undo()
        shown["undone"] = copy.to_fragment()
    return shown


def chase_report(records: list[str]) -> list[dict[str, Any]]:
    return [describe(text) for text in records]


if __name__ == "__main__":
    with open("input.json") as file:
        print(json.dumps(chase_report(json.load(file))))
