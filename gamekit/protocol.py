"""Every message between the page and the computer's worker, in both directions.

The page's main thread (MicroPython) and the worker (Pyodide) exchange JSON
text: ``encode`` writes a message, ``decode`` reads one back and refuses
anything else with a ``ProtocolError``. The page sends a request (``Think``,
``Analyse``, ``Evaluate``); the worker answers each with one reply
(``SearchReply``, ``EvaluateReply`` or ``ErrorReply``). Pure Python with no engine import: both sides load it.

>>> text = encode(Think("v1.5.c3", 250, 2.0, 0.15, True))
>>> decode(text)
Think(fragment='v1.5.c3', iterations=250, seconds=2.0, slice_seconds=0.15, fresh=True)
>>> decode('{"kind": "think"}')
Traceback (most recent call last):
...
gamekit.protocol.ProtocolError: the think message needs fragment, iterations, seconds, slice_seconds, fresh
"""

from __future__ import annotations

import json
from typing import Any

from gamekit.inputs import shown
from gamekit.value import Value


class ProtocolError(ValueError):
    """A message between the page and the computer's worker is not one of this module's."""


# The longest one slice of a search lasts: a think the page no longer wants (undo,
# a new game, another position) ends within it.
SLICE_SECONDS = 0.15
MAX_SECONDS = 3600.0  # the longest search a request may ask for


def _seconds(value: object) -> float:
    """Seconds from 0 to ``MAX_SECONDS``; ``ValueError`` otherwise (NaN too)."""
    seconds = float(value)  # type: ignore[arg-type]
    if not 0.0 <= seconds <= MAX_SECONDS:
        raise ValueError("seconds out of range")
    return seconds


class Message(Value):
    """A protocol message: its fields in ``__slots__``, its name on the wire in ``KIND``."""

    KIND = ""

    def to_data(self) -> dict[str, Any]:
        """The message as plain data."""
        data: dict[str, Any] = {"kind": self.KIND}
        for name in type(self).__slots__:
            data[name] = getattr(self, name)
        return data


class Think(Message):
    """One slice (at most ``slice_seconds``) of the computer's search of the position of
    ``fragment``, whose whole budget is ``iterations`` and ``seconds``; ``fresh`` starts
    the move's search anew, else the worker goes on with the one it keeps."""

    KIND = "think"
    __slots__ = ("fragment", "iterations", "seconds", "slice_seconds", "fresh")
    fragment: str
    iterations: int
    seconds: float
    slice_seconds: float
    fresh: bool

    def __init__(self, fragment: str, iterations: int, seconds: float, slice_seconds: float,
                 fresh: bool) -> None:
        iterations = int(iterations)
        if not 0 <= iterations < 1 << 40:
            raise ValueError("iterations out of range")
        self._set("fragment", str(fragment))
        self._set("iterations", iterations)
        self._set("seconds", _seconds(seconds))
        self._set("slice_seconds", _seconds(slice_seconds))
        self._set("fresh", bool(fresh))


class _Slice(Message):
    """A request for ``seconds`` of search of the position of ``fragment``."""

    __slots__ = ("fragment", "seconds")
    fragment: str
    seconds: float

    def __init__(self, fragment: str, seconds: float) -> None:
        self._set("fragment", str(fragment))
        self._set("seconds", _seconds(seconds))


class Analyse(_Slice):
    """One slice of ``seconds`` of the analysis board's search of ``fragment``."""

    KIND = "analyse"


class Evaluate(_Slice):
    """The first player's winning chance in the position of ``fragment`` after ``seconds`` of
    search."""

    KIND = "evaluate"


class SearchReply(Message):
    """A search's result so far, for ``player`` (the player to move: 0 the first, 1 the
    second): the ``move``, the winning ``chances`` of the first and the second player,
    root ``visits`` per move, the search's ``iterations`` and
    ``seconds``, the tree's ``total`` playouts, ``proven`` ("win", "loss" or ``None``),
    the best ``line``, ``booked`` (the opening book's) and ``finished``."""

    KIND = "search"
    __slots__ = ("move", "player", "chances", "visits", "iterations", "seconds", "total", "proven", "line",
                 "booked", "finished")
    move: str
    player: int
    chances: list[float]
    visits: dict[str, int]
    iterations: int
    seconds: float
    total: int
    proven: str | None
    line: list[str]
    booked: bool
    finished: bool

    def __init__(self, move: str, player: int, chances: list[float], visits: dict[str, int],
                 iterations: int, seconds: float, total: int, proven: str | None, line: list[str],
                 booked: bool, finished: bool) -> None:
        self._set("move", str(move))
        self._set("player", int(player))
        self._set("chances", [float(v) for v in chances])
        self._set("visits", {str(k): int(v) for k, v in dict(visits).items()})
        self._set("iterations", int(iterations))
        self._set("seconds", float(seconds))
        self._set("total", int(total))
        self._set("proven", None if proven is None else str(proven))
        self._set("line", [str(m) for m in line])
        self._set("booked", bool(booked))
        self._set("finished", bool(finished))


class EvaluateReply(Message):
    """The first player's winning chance: 1 or 0 for a game that player has won or lost,
    0.5 for a draw."""

    KIND = "evaluation"
    __slots__ = ("first",)
    first: float

    def __init__(self, first: float) -> None:
        self._set("first", float(first))


class ErrorReply(Message):
    """The worker could not answer: ``error`` says why, in plain words."""

    KIND = "error"
    __slots__ = ("error",)
    error: str

    def __init__(self, error: str) -> None:
        self._set("error", str(error))


MESSAGES = (Think, Analyse, Evaluate, SearchReply, EvaluateReply, ErrorReply)
_BY_KIND = {kind.KIND: kind for kind in MESSAGES}


def encode(message: Message) -> str:
    """The message as JSON text."""
    return json.dumps(message.to_data())


def decode(text: str) -> Message:
    """The message that ``text`` holds; ``ProtocolError`` if it holds none."""
    try:
        data = json.loads(str(text))
    except (ValueError, RuntimeError):  # RuntimeError: nested too deeply
        raise ProtocolError("a message must be JSON text") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    name = data.get("kind")
    kind = _BY_KIND.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ProtocolError(f"unknown message kind {shown(name)}: expected one of " + ", ".join(sorted(_BY_KIND)))
    names = kind.__slots__
    if any(name not in data for name in names):
        raise ProtocolError(f"the {kind.KIND} message needs {', '.join(names)}")
    try:
        message: Message = kind(*[data[name] for name in names])
    except (TypeError, ValueError, OverflowError):
        raise ProtocolError(f"the {kind.KIND} message has a part of the wrong type or out of range") from None
    return message
