"""The page's entry point, run by PyScript's MicroPython on the main thread, and the owner
of the bundle format its games' files come in.

It opens the game the address holds (``web.registry`` knows each game's
records; a bare address opens the game chosen last, else the registry's first),
fetches that game's bundle (``build/mpy/<game>.bundle``: the files its page
imports, as MicroPython bytecode the setup step compiled, ``scripts/build_mpy.py``),
places its files for ``import`` and starts the page class the registry names,
which goes on in short tasks of its own. Nothing else is fetched first: PyScript's
config (inline in ``index.html``) lists only the registry, and ``index.html``'s
script has most often started fetching the bundle already (a preload).

A bundle is a JSON line of ``[path, length]`` pairs, then the files' bytes
one after the other in that order; ``pack`` writes one (``scripts/build_mpy.py``
calls it), ``unpack`` reads it and ``PLACE`` (JavaScript, run on the page) places
its files. Under CPython (the setup step, the tests) the module only offers
these; the page starts under MicroPython alone.

>>> unpack(pack([("a.mpy", b"xy"), ("b/c.mpy", b"z")]))
[('a.mpy', b'xy'), ('b/c.mpy', b'z')]
"""

import asyncio
import json
import sys

from web.registry import GAMES, GameEntry, entry, game_of, load

GAME_KEY = "hexhall.game"  # web.shell.dom.GAME_KEY (a test checks): read before the game's files are here


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The bundle of these (path, bytes) files."""
    head = json.dumps([[path, len(data)] for path, data in files]).encode() + b"\n"
    return head + b"".join(data for _, data in files)


def unpack(data: bytes) -> list[tuple[str, bytes]]:
    """The (path, bytes) of each file of a bundle; ``ValueError`` if it is not one."""
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("a bundle starts with a line naming its files")
    found = []
    start = end + 1
    for path, length in json.loads(data[:end].decode()):
        found.append((str(path), data[start:start + length]))
        start += length
    if start != len(data):
        raise ValueError(f"the bundle holds {len(data) - start} bytes more than its files")
    return found


# Places a bundle's files (``data``, a Uint8Array) with the interpreter's file system ``FS``:
# JavaScript's, in one call, where Python's loop would cross into it three times a file.
# ``tests/micropython/run.mjs`` places the bundles under Node with this same text.
PLACE = """
const end = data.indexOf(10);
const made = new Set();
let at = end + 1;
for (const [path, length] of JSON.parse(new TextDecoder().decode(data.subarray(0, end)))) {
  const parts = path.split("/");
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join("/");
    if (!made.has(folder)) {
      if (!FS.analyzePath(folder).exists) FS.mkdir(folder);
      made.add(folder);
    }
  }
  FS.writeFile(path, data.subarray(at, at + length));
  at += length;
}
"""


def chosen_game() -> GameEntry:
    """The game to open: the address's, else the one kept from the last visit, else the first."""
    from pyscript import window

    found = game_of(str(window.location.hash or ""))
    if found is not None:
        return found
    try:
        kept = window.localStorage.getItem(GAME_KEY)
    except Exception:  # storage refused: the first game
        kept = None
    try:
        return entry(str(kept or ""))
    except ValueError:
        return GAMES[0]


async def load_game(game: str) -> None:
    """Fetch the game's bundle and place its files where ``import`` finds them: written by
    the interpreter's own file system (``Module.FS``) straight from the fetched bytes, by
    ``PLACE``: copying them into Python first would slow by tens of milliseconds."""
    import js

    url = f"./build/mpy/{game}.bundle"
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"could not load {url} ({response.status}): run scripts/setup.sh")
    data = js.Uint8Array.new(await response.arrayBuffer())
    js.Function.new("FS", "data", PLACE)(js.Module.FS, data)


async def main() -> None:
    """Start the chosen game's page."""
    game = chosen_game()
    await load_game(game.name)
    await load(game.page)(game).start()


if sys.implementation.name == "micropython":
    STARTING = asyncio.create_task(main())  # noqa: RUF006 (the module stays loaded, and so does this)
