"""Write vendor/runtime.js: the vendored runtime's pinned versions and files, and the games'
bundles: the page's bytecode and the worker's engine archive, one of each per game of
``web.registry``.

The offline service worker (sw.js) imports it: it caches these files under a
cache named after the versions, so a deployment with other versions changes
this file, which makes browsers install the new service worker and drop the
old runtime cache. Run by scripts/setup.sh after it copies vendor/.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, run as a script
from web.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("@pyscript/core", "@micropython/micropython-webassembly-pyscript", "pyodide")
OUTPUT = ROOT / "vendor" / "runtime.js"


def main() -> None:
    """Read the versions from package-lock.json and list every file under vendor/."""
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    version = "_".join(f"{name.rsplit('/', 1)[-1]}-{lock['node_modules/' + name]['version']}"
                       for name in PACKAGES)
    files = sorted("./" + path.relative_to(ROOT).as_posix()
                   for path in (ROOT / "vendor").rglob("*") if path.is_file() and path != OUTPUT)
    bundles = [f"./build/mpy/{game.name}.bundle" for game in GAMES] + ["./build/mpy/games.json"]  # build_mpy's
    bundles += [f"./build/worker/{game.name}.zip" for game in GAMES]  # scripts/build_worker.py's
    manifest = json.dumps({"version": version, "files": files, "bundles": bundles}, indent=1)
    OUTPUT.write_text("// Written by scripts/runtime_manifest.py (run by scripts/setup.sh): "
                      "what sw.js caches.\nself.SITE_RUNTIME = " + manifest + ";\n")


if __name__ == "__main__":
    main()
