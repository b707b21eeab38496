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
from typing import TYPE_CHECKING, Any

from pyscript import create_named_worker

from cachex.levels import search_budget

if TYPE_CHECKING:
    from collections.abc import Callable

# The longest the worker thinks before the page may change its mind: a think
# that is no longer wanted (undo, a new game, another position) ends within it.
SLICE_SECONDS = 0.15


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

    async def think(self, fragment: str, level: str,
                    wanted: Callable[[], bool]) -> dict[str, Any] | None:
        """The search's answer for the position of ``fragment`` at ``level``.

        Thinks in slices of at most ``SLICE_SECONDS`` until the level's budget
        is spent or the result is proven or booked (the opening book's move
        is final), and gives up (``None``) as soon as
        ``wanted()`` is false after a slice. The answer holds ``move``,
        ``chances`` (per colour), and the ``iterations`` and ``seconds`` of
        the whole think; ``ThinkError`` if the worker refused.
        """
        iterations, seconds = search_budget(level)
        done, spent = 0, 0.0
        while True:
            if not wanted():
                return None
            answer = await self._call("think", fragment, iterations - done,
                                      min(SLICE_SECONDS, seconds - spent))
            done += int(answer["iterations"])
            spent += float(answer["seconds"])
            if answer["proven"] or answer["booked"] or done >= iterations or spent >= seconds - 0.01:
                answer.update(iterations=done, seconds=spent)
                return answer if wanted() else None

    async def evaluate(self, fragment: str) -> float:
        """Red's winning chance in the position of ``fragment``, after one slice of search."""
        return float((await self._call("evaluate", fragment, SLICE_SECONDS))["red"])

    async def analyse(self, fragment: str) -> dict[str, Any]:
        """One slice of the analysis board's search of ``fragment``: visits, chances, best line."""
        return await self._call("analyse", fragment, SLICE_SECONDS)

    async def _call(self, name: str, *args: object) -> dict[str, Any]:
        """The answer of the worker's function ``name`` (JSON text, read); ``ThinkError``
        if the worker refused."""
        worker = await self.start()
        answer = json.loads(str(await getattr(worker, name)(*args)))
        if "error" in answer:
            raise ThinkError(str(answer["error"]))
        return dict(answer)
