"""The errors of the cubox package, split by cause (all are ``ValueError``)."""

from __future__ import annotations


class CuboxError(ValueError):
    """Base class of every error this package raises on bad input."""


class BoardSizeError(CuboxError):
    """A board size Cubox is not played on (3 to 16)."""


class InvalidMoveError(CuboxError):
    """The move's text is malformed: it names no move at all."""


class IllegalMoveError(CuboxError):
    """The move is well formed but not legal in this position."""


class RecordError(CuboxError):
    """A game record is malformed or replays to an illegal move."""


class UndoError(CuboxError):
    """There is no turn to take back."""
