#!/usr/bin/env bash
# The one test command: set up, then lint, type-check and run every test
# (unit, property, doctest and browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
# Python's bytecode kept for the run's many processes (the test processes, the bots and agents
# the tests start), out of the tree, even where the environment says not to write it: each
# process would compile every module it imports again.
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"
.venv/bin/ruff check .
.venv/bin/mypy
# Two processes, one a core of the machines it runs on (the browser tests each have their own
# site server and Chromium), the one that finishes first taking tests the other has not started
# (worksteal); pass -n 0 to run in one.
.venv/bin/python -m pytest -n 2 --dist worksteal "$@"
