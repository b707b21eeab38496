"""Write ``vendor/pyodide/snapshot.bin.gz``: Pyodide's memory once booted, with the standard
library modules the computer's thread imports, from which that thread starts.

Run by ``scripts/setup.sh`` after it copies the runtime into ``vendor/`` (never committed).
Booting Python takes the thread 2-3 s of CPU; restoring the image about a tenth of that
(``docs/decisions.md``). The modules are those the worker's script and every game's engine
import when they run (under this CPython), which ``scripts/snapshot.mjs`` imports in Pyodide
before it writes the image. A current image (newer than the runtime and this script) is kept.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, also run as a script
from web.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
IMAGE = ROOT / "vendor" / "pyodide" / "snapshot.bin.gz"
SOURCES = (ROOT / "vendor" / "pyodide" / "pyodide.asm.wasm", ROOT / "scripts" / "snapshot.mjs", Path(__file__))


def standard_modules() -> list[str]:
    """The standard-library modules the worker's script and the engines import, sorted."""
    before = set(sys.modules)
    importlib.import_module("web.ai_worker")
    for game in GAMES:
        importlib.import_module(game.engine.split(":")[0])
    return sorted(name for name in set(sys.modules) - before
                  if name.split(".")[0] in sys.stdlib_module_names and not name.startswith("_"))


def main() -> int:
    if IMAGE.exists() and all(IMAGE.stat().st_mtime > source.stat().st_mtime for source in SOURCES):
        return 0
    subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"), *standard_modules()], check=True)
    print(f"[setup] the computer's thread starts from {IMAGE.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
