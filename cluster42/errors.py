"""The errors of the cluster42 package, split by cause (all are ``ValueError``)."""

from __future__ import annotations


class ClusterError(ValueError):
    """Base class of every error this package raises on bad input."""


class BoardSizeError(ClusterError):
    """A board edge, win length or colour count the game is not played with."""


class InvalidMoveError(ClusterError):
    """The move's text is malformed: it names no move at all."""


class IllegalMoveError(ClusterError):
    """The move is well formed but not legal in this position (or with this draw)."""


class DrawError(ClusterError):
    """Chips said to be drawn that the mover's bag does not hold."""


class RecordError(ClusterError):
    """A game record is malformed or replays to an illegal move."""


class UndoError(ClusterError):
    """There is no turn to take back."""
