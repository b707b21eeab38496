"""Print what the published site holds, one top-level path a line, for the publishing workflow.

The page, PyScript's configs, the service worker, the runtimes (``vendor/``), the
games' bundles and engine archives (``build/``), the page's code (``web/``) and the
shared package the worker's config lists (``gamekit/``).
"""

from __future__ import annotations

STATIC = ("index.html", "mpy.toml", "pyscript.toml", "sw.js", "manifest.webmanifest", ".nojekyll",
          "gamekit", "web", "vendor", "build")


def site_files() -> list[str]:
    """The top-level files and folders the site is made of."""
    return list(STATIC)


if __name__ == "__main__":
    print("\n".join(site_files()))
