"""The computer's thinking: the worker thread that runs the search, and calls to it.

The worker (``web/ai_worker.py``) runs under Pyodide (full CPython, fast
enough to search) while the page's main thread runs MicroPython. Its Python
takes seconds to load, so it is started once, early, in the background;
each think sends a game record and a level and gets the search's answer
back as plain data.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import create_named_worker


class ThinkError(Exception):
    """The worker could not think about the position (its message says why)."""


class Computer:
    """The search worker, started on first use and kept for the page's lifetime."""

    def __init__(self) -> None:
        self.worker_task: asyncio.Task[Any] | None = None

    def start(self) -> asyncio.Task[Any]:
        """Start the worker (once); its Python loads meanwhile."""
        if self.worker_task is None:
            self.worker_task = asyncio.create_task(
                create_named_worker("./web/ai_worker.py", "ai", config="./pyscript.toml", type="py"))
        return self.worker_task

    @property
    def ready(self) -> bool:
        """Whether the worker has loaded and can think at once."""
        return self.worker_task is not None and self.worker_task.done()

    async def think(self, fragment: str, level: str) -> dict[str, Any]:
        """The search's answer for the position of ``fragment`` at ``level``.

        The answer holds ``move``, ``chances`` (per colour), ``iterations``
        and ``seconds``; ``ThinkError`` if the worker refused.
        """
        worker = await self.start()
        answer = json.loads(str(await worker.think(fragment, level)))
        if "error" in answer:
            raise ThinkError(str(answer["error"]))
        return dict(answer)
