#!/usr/bin/env bash
# The one test command: set up, then lint, type-check and run every test
# (unit, property, doctest and browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
.venv/bin/ruff check .
.venv/bin/mypy
# Two processes, one a core of the machines it runs on (the browser tests each have their own
# site server and Chromium), the one that finishes first taking tests the other has not started
# (worksteal); pass -n 0 to run in one.
.venv/bin/python -m pytest -n 2 --dist worksteal "$@"
