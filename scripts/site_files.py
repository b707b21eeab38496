"""What the published site holds, and the main thread's PyScript configuration.

Run as a script, prints one top-level path a line for the publishing workflow:
the page, the worker's PyScript config, the service worker, the runtimes
(``vendor/``), the games' bundles and engine archives (``build/``), the page's
code (``web/``) and the shared package the worker's config lists (``gamekit/``).

The main thread's configuration is the JSON of the ``config`` attribute of
``index.html``'s MicroPython script (given inline, so that PyScript neither
fetches a config nor loads its TOML parser before MicroPython starts);
``page_config`` reads it for the setup step and the tests.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATIC = ("index.html", "pyscript.toml", "sw.js", "manifest.webmanifest", ".nojekyll",
          "gamekit", "web", "vendor", "build")


def site_files() -> list[str]:
    """The top-level files and folders the site is made of."""
    return list(STATIC)


class _Configs(HTMLParser):
    """The ``config`` attributes of a page's MicroPython scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "script" and given.get("type") == "mpy" and given.get("config"):
            self.found.append(str(given["config"]))


def page_config(page: Path = ROOT / "index.html") -> dict[str, Any]:
    """PyScript's configuration of the page's main thread (its ``interpreter`` and ``files``);
    ``ValueError`` unless the page has exactly one MicroPython script configured in JSON."""
    parser = _Configs()
    parser.feed(page.read_text())
    if len(parser.found) != 1:
        raise ValueError(f"{page} has {len(parser.found)} configured MicroPython scripts, not one")
    config = json.loads(parser.found[0])
    if not isinstance(config, dict):
        raise ValueError(f"{page}'s MicroPython config is not a JSON object")
    return config


if __name__ == "__main__":
    print("\n".join(site_files()))
