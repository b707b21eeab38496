#!/usr/bin/env bash
# Set up everything the site needs on a fresh machine, idempotently:
#   - a Python virtual environment in .venv with the games' packages (editable) and the dev tools;
#   - PyScript, MicroPython and Pyodide from the npm registry (pinned in
#     package-lock.json), copied into vendor/ so the page loads nothing from
#     outside its own origin;
#   - Pyodide's booted memory as an image the computer's thread starts from;
#   - the games' Python files compiled to MicroPython bytecode in build/mpy/.
# Pass --browser to also install Debian's Chromium (needed by the browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*" >&2; }

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    "$python" -m venv .venv
fi
stamp=.venv/.site-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    say "installing the games' packages and the dev tools into .venv"
    # (no bytecode compiled at install: 5 of its 18 s here; Python writes it on first import)
    .venv/bin/python -m pip install --quiet --no-compile --disable-pip-version-check -e '.[dev]'
    touch "$stamp"
fi

if [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing PyScript, MicroPython and Pyodide from the npm registry"
    npm ci --no-audit --no-fund --loglevel=error
fi

# Copy the runtime files the page needs into vendor/ (not committed).
pyodide_files=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json)
mkdir -p vendor/pyodide vendor/pyscript vendor/micropython
for f in "${pyodide_files[@]}"; do
    cp -u "node_modules/pyodide/$f" vendor/pyodide/
done
for f in micropython.mjs micropython.wasm; do
    cp -u "node_modules/@micropython/micropython-webassembly-pyscript/$f" vendor/micropython/
done
rm -rf vendor/pyscript.new
mkdir -p vendor/pyscript.new
(cd node_modules/@pyscript/core/dist && find . -type f ! -name '*.map' -exec cp --parents {} ../../../../vendor/pyscript.new/ \;)
rm -rf vendor/pyscript && mv vendor/pyscript.new vendor/pyscript

# Pyodide's memory once booted, from which the computer's thread starts (vendor/pyodide/snapshot.bin.gz).
.venv/bin/python scripts/build_snapshot.py
# The runtime's pinned versions and files, for the offline service worker (sw.js).
python3 scripts/runtime_manifest.py
# The games' main-thread files as MicroPython bytecode (build/mpy/, not committed).
.venv/bin/python scripts/build_mpy.py
# Each game's engine files as one archive the worker fetches when that game is played (build/worker/).
.venv/bin/python scripts/build_worker.py

if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
    say "installing Debian's Chromium for the browser tests"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq chromium >/dev/null
fi
say "ready"
