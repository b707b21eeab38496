"""Loading a game's Python files on the main thread when that game is chosen.

``mpy.toml`` lists what every visit needs (the shell and Cachex); another
game's files are listed in a config of the same form (``cubox.toml``) and
fetched, in parallel, only when the page opens that game, then written where
``import`` finds them, as PyScript places ``mpy.toml``'s.
"""

from __future__ import annotations

import asyncio
import os

import js


def listed_files(config: str) -> list[tuple[str, str]]:
    """The (source URL, target path) pairs of a config's ``[files]`` section."""
    pairs = []
    in_files = False
    for line in config.splitlines():
        line = line.strip()
        if line.startswith("["):
            in_files = line == "[files]"
        elif in_files and line.startswith('"') and "=" in line:
            source, target = line.split("=", 1)
            pairs.append((source.strip().strip('"'), target.strip().strip('"')))
    return pairs


async def _fetch(url: str) -> str:
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"could not load {url} ({response.status})")
    return str(await response.text())


def _write(target: str, text: str) -> None:
    parts = (target[2:] if target.startswith("./") else target).split("/")
    for depth in range(1, len(parts)):
        try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # it exists
            pass
    with open("/".join(parts), "w") as out:
        out.write(text)


async def load_files(config_url: str) -> None:
    """Fetch every file ``config_url`` lists and place it for ``import``."""
    pairs = listed_files(await _fetch(config_url))
    texts = await asyncio.gather(*[_fetch(source) for source, _ in pairs])
    for (_, target), text in zip(pairs, texts):  # noqa: B905 (MicroPython's zip takes no strict)
        _write(target, text)
