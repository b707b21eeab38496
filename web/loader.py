"""Loading a game's Python files on the main thread when that game is chosen.

``mpy.toml`` lists what every visit needs (the shell); each game's files are
listed in a config of the same form (``cachex.toml``, ``cubox.toml``) and
fetched, in parallel, only when the page opens that game, then written where
``import`` finds them, as PyScript places ``mpy.toml``'s. They come as the
MicroPython bytecode the setup step compiles, in one bundle per game
(``build/mpy/<game>.bundle``, see ``scripts/build_mpy.py``): one request,
and nothing to compile here.
"""

from __future__ import annotations

import os
from typing import Any

import js

from web.bundle import unpack


async def _response(url: str) -> Any:
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"could not load {url} ({response.status}): run scripts/setup.sh")
    return response


async def _fetch_bytes(url: str) -> bytes:
    response = await _response(url)
    return bytes(js.Uint8Array.new(await response.arrayBuffer()))


def _write(path: str, data: bytes) -> None:
    parts = path.split("/")
    for depth in range(1, len(parts)):
        try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # it exists
            pass
    with open(path, "wb") as out:
        out.write(data)


async def load_game(game: str) -> None:
    """Fetch a game's bundle (``build/mpy/<game>.bundle``) and place its files for ``import``."""
    for path, data in unpack(await _fetch_bytes(f"./build/mpy/{game}.bundle")):
        _write(path, data)
