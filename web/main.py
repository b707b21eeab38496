"""The page's entry point, run by PyScript's MicroPython on the main thread, and the owner
of the bundle format its games' files come in.

It opens the game the address holds (a ``cubox.…`` record is Cubox, any
other Cachex; a bare address opens the game chosen last), fetches that
game's bundle (``build/mpy/<game>.bundle``: the files its config,
``cachex.toml`` or ``cubox.toml``, lists, as MicroPython bytecode the setup
step compiled), places its files for ``import`` and starts its page, which
goes on in short tasks of its own. Nothing else is fetched first: PyScript's
``mpy.toml`` lists no files.

A bundle is a JSON line of ``[path, length]`` pairs, then the files' bytes
one after the other in that order; ``pack`` writes one (``scripts/build_mpy.py``
calls it) and ``unpack`` reads it. Under CPython (the setup step, the tests)
the module only offers these; the page starts under MicroPython alone.

>>> unpack(pack([("a.mpy", b"xy"), ("b/c.mpy", b"z")]))
[('a.mpy', b'xy'), ('b/c.mpy', b'z')]
"""

import asyncio
import json
import os
import sys

GAME_KEY = "cachex.game"  # web.dom.GAME_KEY (a test checks): read before the game's files are here


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The bundle of these (path, bytes) files."""
    head = json.dumps([[path, len(data)] for path, data in files]).encode() + b"\n"
    return head + b"".join(data for _, data in files)


def unpack(data: bytes) -> list[tuple[str, bytes]]:
    """The (path, bytes) of each file of a bundle; ``ValueError`` if it is not one."""
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("a bundle starts with a line naming its files")
    files = []
    at = end + 1
    for path, length in json.loads(data[:end].decode()):
        files.append((str(path), data[at:at + length]))
        at += length
    if at != len(data):
        raise ValueError(f"the bundle holds {len(data) - at} bytes more than its files")
    return files


def chosen_game() -> str:
    """The game to open: the address's, else the one kept from the last visit."""
    from pyscript import window

    fragment = str(window.location.hash or "").lstrip("#").strip().lower()
    if fragment:
        return "cubox" if fragment.startswith("cubox") else "cachex"
    try:
        kept = window.localStorage.getItem(GAME_KEY)
    except Exception:  # storage refused: the first game
        kept = None
    return "cubox" if str(kept or "") == "cubox" else "cachex"


def place(path: str, data: bytes) -> None:
    """Write one file where ``import`` finds it."""
    parts = path.split("/")
    for depth in range(1, len(parts)):
        try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # it exists
            pass
    with open(path, "wb") as out:
        out.write(data)


async def load_game(game: str) -> None:
    """Fetch the game's bundle and place its files."""
    import js

    url = f"./build/mpy/{game}.bundle"
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"could not load {url} ({response.status}): run scripts/setup.sh")
    for path, data in unpack(bytes(js.Uint8Array.new(await response.arrayBuffer()))):
        place(path, data)


async def main() -> None:
    """Start the chosen game's page."""
    game = chosen_game()
    await load_game(game)
    if game == "cubox":
        from web.cubox_page import CuboxPage

        await CuboxPage().start()
        return
    from web.page import Page

    await Page().start()


if sys.implementation.name == "micropython":
    STARTING = asyncio.create_task(main())  # noqa: RUF006 (the module stays loaded, and so does this)
