"""Chase: Tom Kruszewski's game of dice on a wrapped hex board (TSR, 1986).

``Game`` plays it (rules, undo, records, Abstract Play's notation);
``python -m chase show RECORD`` prints a game's position.
"""

from chase.errors import BoardSizeError, ChaseError, IllegalMoveError, InvalidMoveError, RecordError, UndoError
from chase.game import Game, Outcome, Turn
from chase.notation import Move

__all__ = ["BoardSizeError", "ChaseError", "Game", "IllegalMoveError", "InvalidMoveError", "Move", "Outcome",
           "RecordError", "Turn", "UndoError"]
