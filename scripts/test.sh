#!/usr/bin/env bash
# The one test command: set up, then lint, type-check and run every test
# (unit, property, doctest and browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
