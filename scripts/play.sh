#!/usr/bin/env bash
# The one command that plays: set up, then serve the site on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
port=${PORT:-8000}
echo
echo "The games are served at http://127.0.0.1:${port}/  (open it in a browser; Ctrl+C stops)"
exec .venv/bin/python -m http.server "$port" --bind 127.0.0.1
