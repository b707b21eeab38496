"""The computer opponent's thread: a PyScript worker (Pyodide) running the engine.

The page sends one request at a time (``cachex.protocol``) and gets one
reply; ``cachex.engine.worker.Worker`` does the work and keeps the searches'
trees between requests. The computer's move is searched in slices of a
fraction of a second, so a think the page no longer wants ends at once.
"""

from __future__ import annotations

from cachex.engine.worker import Worker

_worker = Worker()


def handle(text: str) -> str:
    """The reply to one request of ``cachex.protocol``, both as JSON text."""
    return _worker.handle(str(text))


__export__ = ["handle"]
