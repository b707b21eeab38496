"""Print what the published site holds, one top-level path a line, for the publishing workflow.

The page, PyScript's configs, the service worker, the runtimes (``vendor/``), the
games' bundles (``build/``), the page's code (``web/``) and the packages the
worker loads (``gamekit/`` and each game of ``web.registry``'s package).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, run as a script
from web.registry import GAMES

STATIC = ("index.html", "mpy.toml", "pyscript.toml", "sw.js", "manifest.webmanifest", ".nojekyll",
          "gamekit", "web", "vendor", "build")


def site_files() -> list[str]:
    """The top-level files and folders the site is made of."""
    return [*STATIC, *(game.name for game in GAMES)]


if __name__ == "__main__":
    print("\n".join(site_files()))
