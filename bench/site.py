"""Serving the site on 127.0.0.1 and launching Debian's Chromium: shared by the
browser tests and the browser benchmarks."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Flags that keep headless Chromium quiet on a closed network.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


# Installed in a page before its own scripts run: records, in the page's own
# clock (milliseconds from navigation), when the board became ready, when the
# first move was on the board (its ply 1: the computer answered), and every long
# main-thread task (over 50 ms).
TIMING_SCRIPT = """
(() => {
  const timing = window.__cachexTiming = {ready: null, firstMove: null, longTasks: []};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timing.longTasks.push([entry.startTime, entry.duration]);
  }).observe({type: "longtask", buffered: true});
  const mark = () => {
    const now = performance.now();
    if (timing.ready === null && document.documentElement.dataset.ready === "1") timing.ready = now;
    if (timing.firstMove === null && document.querySelector("#board[data-ply='1'], body[data-moved]")) {
      timing.firstMove = now;
    }
  };
  // Only the attributes that say so: a record of every change of the page would cost it time.
  new MutationObserver(mark).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-ready", "data-ply", "data-moved"]});
})();
"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that closes a connection mid-download is no error worth printing."""


# The runtimes' entry files the page loads (index.html, pyscript.toml),
# which the setup step copies into a site (not committed): without them the page
# never becomes ready, and a browser run would only time out.
RUNTIMES = ("vendor/pyscript/core.js", "vendor/pyodide/pyodide.mjs", "vendor/micropython/micropython.mjs")


@contextmanager
def serve_site(root: Path = ROOT) -> Iterator[str]:
    """Serve ``root`` (the repository by default) on a free port of 127.0.0.1; yields its URL.

    ``FileNotFoundError`` naming the setup step if ``root`` lacks the page's runtimes."""
    missing = [name for name in RUNTIMES if not (root / name).is_file()]
    if missing:
        raise FileNotFoundError(f"the site {root} has no {', '.join(missing)}: run "
                                f"bash scripts/setup.sh --browser in it (the page cannot load without them)")
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def chromium_path() -> str:
    """Debian's Chromium (or $CHROMIUM); ``FileNotFoundError`` if it is missing."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise FileNotFoundError("Debian's Chromium is missing: run scripts/setup.sh --browser")
    return path
