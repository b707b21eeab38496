"""The errors of the cachex package, split by cause (all are ``ValueError``)."""

from __future__ import annotations


class CachexError(ValueError):
    """Base class of every error this package raises on bad input."""


class InvalidMoveError(CachexError):
    """The move's text (or object) is malformed: it names no move at all."""


class IllegalMoveError(CachexError):
    """The move is well formed but not legal in this position."""


class RecordError(CachexError):
    """A game record (URL fragment) is malformed or replays to an illegal move."""


class UndoError(CachexError):
    """There is no turn to take back."""
