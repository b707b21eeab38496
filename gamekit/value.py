"""Small immutable values, written out instead of ``dataclasses``.

The rules, records and pictures also run on the page's main thread under
MicroPython, which has no ``dataclasses`` and keeps no class annotations to
build one from. A value class names its fields in ``__slots__``, in order
(the order of its ``repr``), sets them once in ``__init__`` through ``_set``,
and gets comparison, hashing, a dataclass-style ``repr`` and immutability
from ``Value``.

>>> class Point(Value):
...     __slots__ = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         self._set("x", x)
...         self._set("y", y)
>>> Point(1, 2), Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1)
(Point(x=1, y=2), True, False)
>>> Point(1, 2).x = 3
Traceback (most recent call last):
...
AttributeError: Point is immutable
"""

from __future__ import annotations

from typing import Any


class Value:
    """Base of immutable values compared, hashed and shown by the fields in ``__slots__``."""

    __slots__: tuple[str, ...] = ()

    def _set(self, name: str, value: object) -> None:
        """Give field ``name`` its value (in ``__init__`` only)."""
        object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in type(self).__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__slots__)
        return f"{type(self).__name__}({shown})"
