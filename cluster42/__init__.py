"""42-cluster: n in a row on a hexagon with gravity the players turn and chips drawn from bags.

``Game`` plays it (rules, draws, undo, records); ``cluster42.engine`` is its
computer; ``python -m cluster42`` shows records, speaks the referee's bot
protocol, referees bots and lets a person play one.
"""

from cluster42.errors import (
    BoardSizeError,
    ClusterError,
    DrawError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    UndoError,
)
from cluster42.game import Game, Outcome, Turn
from cluster42.notation import Move

__all__ = ["BoardSizeError", "ClusterError", "DrawError", "Game", "IllegalMoveError", "InvalidMoveError", "Move",
           "Outcome", "RecordError", "Turn", "UndoError"]
