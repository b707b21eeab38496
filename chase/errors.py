"""The errors of the chase package, split by cause (all are ``ValueError``)."""

from __future__ import annotations


class ChaseError(ValueError):
    """Base class of every error this package raises on bad input."""


class BoardSizeError(ChaseError):
    """A board size or option the game is not played with."""


class InvalidMoveError(ChaseError):
    """The move's text is malformed: it names no move at all."""


class IllegalMoveError(ChaseError):
    """The move is well formed but not legal in this position."""


class RecordError(ChaseError):
    """A game record is malformed or replays to an illegal move."""


class UndoError(ChaseError):
    """There is no move to take back."""
