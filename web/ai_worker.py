"""The computer opponent's thread: a PyScript worker (Pyodide) running the engines.

The page sends one request at a time (``gamekit.protocol``) and gets one
reply. Each request goes to the engine of the game whose record it names
(``web.registry``: a record no game reads goes to the first game's engine,
which says why it refuses it); an engine is made on its game's first request
and keeps its searches' trees between requests. The computer's move is
searched in slices of a fraction of a second, so a think the page no longer
wants ends at once.
"""

from __future__ import annotations

from typing import Any

from gamekit.protocol import ProtocolError, decode
from web.registry import GAMES, game_of, load

_engines: dict[str, Any] = {}


def handle(text: str) -> str:
    """The reply to one request of ``gamekit.protocol``, both as JSON text."""
    text = str(text)
    try:
        fragment = str(getattr(decode(text), "fragment", ""))
    except ProtocolError:
        fragment = ""  # not a request: the first game's engine says why
    game = game_of(fragment) or GAMES[0]
    if game.name not in _engines:
        _engines[game.name] = load(game.engine)()
    return str(_engines[game.name].handle(text))


__export__ = ["handle"]
