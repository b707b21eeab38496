"""The computer opponent's thread: a PyScript worker (Pyodide) running the engines.

The page sends one request at a time (``gamekit.protocol``) and gets one
reply. A request about a Cubox record (``cubox.…``) goes to
``cubox.worker.CuboxWorker`` (loaded on the first one), any other to
``cachex.engine.worker.Worker``; each keeps its searches' trees between
requests. The computer's move is searched in slices of a fraction of a
second, so a think the page no longer wants ends at once.
"""

from __future__ import annotations

from typing import Any

from cachex.engine.worker import Worker
from gamekit.protocol import ProtocolError, decode

_worker = Worker()
_others: dict[str, Any] = {}


def handle(text: str) -> str:
    """The reply to one request of ``gamekit.protocol``, both as JSON text."""
    text = str(text)
    try:
        fragment = str(getattr(decode(text), "fragment", ""))
    except ProtocolError:
        fragment = ""  # not a request: Cachex's worker says why
    if fragment.strip().lower().startswith("cubox."):
        if "cubox" not in _others:
            from cubox.worker import CuboxWorker

            _others["cubox"] = CuboxWorker()
        return str(_others["cubox"].handle(text))
    return _worker.handle(text)


__export__ = ["handle"]
