"""The computer's thinking: the worker thread that runs the search, and calls to it.

The worker (``web/ai_worker.py``) runs under Pyodide (full CPython, fast
enough to search) while the page's main thread runs MicroPython. Its Python
takes seconds to load, so it is started once, in the background: as soon
as a game against the computer is on, else when first asked (a hint, the
analysis, the graph); each request and reply is a message of ``gamekit.protocol``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyscript import create_named_worker, document, window

from gamekit.protocol import (
    SLICE_SECONDS,
    Analyse,
    ErrorReply,
    Evaluate,
    EvaluateReply,
    Message,
    SearchReply,
    Think,
    decode,
    encode,
)

if TYPE_CHECKING:
    from collections.abc import Callable


class ThinkError(Exception):
    """The worker could not think about the position (its message says why)."""


def site_base() -> str:
    """The address of the site's folder (ending in "/"): the worker runs from a ``blob:``
    address, so it fetches the site's files by absolute addresses."""
    page = str(window.location.href).split("#")[0].split("?")[0]
    return page[:page.rfind("/") + 1]


class Computer:
    """The search worker for one game, started on first use and kept for the page's lifetime."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.worker_task: asyncio.Task[Any] | None = None

    def start(self) -> asyncio.Task[Any]:
        """Start the worker (once) and make this game's engine ready in it; it loads meanwhile."""
        if self.worker_task is None:
            self.worker_task = asyncio.create_task(self._started())
        return self.worker_task

    async def _started(self) -> Any:
        """The worker, once it has loaded and fetched this game's engine; the page's
        ``data-computer`` says how far it is ("loading", "ready" or "failed"; "idle" before)."""
        root = document.documentElement
        root.setAttribute("data-computer", "loading")
        try:
            worker = await create_named_worker("./web/ai_worker.py", "ai", config="./pyscript.toml", type="py")
            await worker.prepare(self.game, site_base())
        except Exception as exc:  # the worker's error, as the bridge passes it: its text says why
            root.setAttribute("data-computer", "failed")
            raise ThinkError(f"its engine did not load ({exc})") from None
        root.setAttribute("data-computer", "ready")
        return worker

    @property
    def started(self) -> bool:
        """Whether the worker has been started (it may still be loading)."""
        return self.worker_task is not None

    @property
    def ready(self) -> bool:
        """Whether the worker has loaded and can think at once."""
        return self.worker_task is not None and self.worker_task.done()

    async def think(self, fragment: str, budget: tuple[int, float], wanted: Callable[[], bool]) -> SearchReply | None:
        """The search's answer for the position of ``fragment`` at ``level``.

        Thinks in slices of at most ``SLICE_SECONDS`` (one move's search, kept
        by the worker between them) until the worker says it is finished, and
        gives up (``None``) as soon as ``wanted()`` is false after a slice;
        ``ThinkError`` if the worker refused.
        """
        iterations, seconds = budget
        fresh = True
        while True:
            if not wanted():
                return None
            reply = await self._call(Think(fragment, iterations, seconds, SLICE_SECONDS, fresh))
            fresh = False
            if not isinstance(reply, SearchReply):
                raise ThinkError(f"the worker answered a think with {reply.KIND}")
            if reply.finished:
                return reply if wanted() else None

    async def evaluate(self, fragment: str) -> float:
        """The first player's winning chance in the position of ``fragment``, after one slice of search."""
        reply = await self._call(Evaluate(fragment, SLICE_SECONDS))
        if not isinstance(reply, EvaluateReply):
            raise ThinkError(f"the worker answered an evaluation with {reply.KIND}")
        return reply.first

    async def analyse(self, fragment: str) -> SearchReply:
        """One slice of the analysis board's search of ``fragment``: visits, chances, best line."""
        reply = await self._call(Analyse(fragment, SLICE_SECONDS))
        if not isinstance(reply, SearchReply):
            raise ThinkError(f"the worker answered an analysis with {reply.KIND}")
        return reply

    async def _call(self, request: Message) -> Message:
        """The worker's reply to ``request``; ``ThinkError`` if the worker refused."""
        worker = await self.start()
        try:
            answer = await worker.handle(encode(request))
        except Exception as exc:  # the worker failed, as the bridge passes it: its text says why
            raise ThinkError(f"the computer failed ({exc})") from None
        try:
            reply = decode(str(answer))
        except ValueError as exc:
            raise ThinkError(f"the computer's answer was not understood ({exc})") from None
        if isinstance(reply, ErrorReply):
            raise ThinkError(reply.error)
        return reply
