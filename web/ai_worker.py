"""The computer opponent's thread: a PyScript worker (Pyodide) running the engines.

The page sends one request at a time (``gamekit.protocol``) and gets one
reply. Each request goes to the engine of the game whose record it names
(``web.registry``: a record no game reads goes to the first game's engine,
which says why it refuses it); an engine is made on its game's first request
and keeps its searches' trees between requests. The computer's move is
searched in slices of a fraction of a second, so a think the page no longer
wants ends at once.

A game's engine files are not in the worker's config: ``prepare`` fetches them,
as the one archive the setup step packed (``build/worker/<game>.zip``), when
the page opens that game, so a visitor's worker loads only the game played.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from gamekit.protocol import ErrorReply, ProtocolError, decode, encode
from web.registry import GAMES, entry, game_of, load

_engines: dict[str, Any] = {}


def archive_url(base: str, name: str) -> str:
    """Where the site at ``base`` (its folder's absolute URL, ending in "/") keeps the archive
    of game ``name``'s engine files."""
    return f"{base}build/worker/{name}.zip"


async def prepare(name: str, base: str) -> str:
    """Make game ``name``'s engine ready, first fetching its files from the site at ``base`` if
    they are not here; the game's name once it is ready. The worker runs from a ``blob:``
    address, so the page gives the site's absolute address."""
    name, base = str(name), str(base)
    game = entry(name)  # ValueError for a name no game has
    if name not in _engines:
        try:
            engine = load(game.engine)
        except ModuleNotFoundError:
            from pyodide.http import pyfetch  # only under Pyodide: elsewhere every package is installed

            response = await pyfetch(archive_url(base, name))
            if not response.ok:
                raise RuntimeError(f"the {game.title} engine could not be fetched: "
                                   f"{response.status} {response.status_text}") from None
            await response.unpack_archive(extract_dir=os.getcwd(), format="zip")
            importlib.invalidate_caches()
            engine = load(game.engine)
        _engines[name] = engine()
    return name


def handle(text: str) -> str:
    """The reply to one request of ``gamekit.protocol``, both as JSON text: always a reply, an
    ``ErrorReply`` saying why where the request cannot be answered."""
    try:
        return answer(str(text))
    except Exception as exc:  # a fault in an engine is told, never thrown at the page
        return encode(ErrorReply(f"the computer failed on this request ({type(exc).__name__}: {exc})"))


def answer(text: str) -> str:
    """The reply to one request, from the engine of the game its record names."""
    try:
        fragment = str(getattr(decode(text), "fragment", ""))
    except ProtocolError:
        fragment = ""  # not a request: the first game's engine says why
    game = game_of(fragment) or GAMES[0]
    if game.name not in _engines:
        try:
            _engines[game.name] = load(game.engine)()
        except ModuleNotFoundError:
            return encode(ErrorReply(f"the {game.title} engine is not loaded (prepare it first)"))
    return str(_engines[game.name].handle(text))


__export__ = ["handle", "prepare"]
