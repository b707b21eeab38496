"""Cubox: Cameron Browne's stacking connection game (pbmserv v1.5), in pure Python.

>>> import cubox
>>> game = cubox.Game(5)
>>> game.play("c1").side
'x'
>>> [str(m) for m in game.legal_moves()][-3:]
['c7', 'a9', 'swap']
"""

from cubox.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Board
from cubox.errors import BoardSizeError, CuboxError, IllegalMoveError, InvalidMoveError, RecordError, UndoError
from cubox.game import Game, Outcome, Turn
from cubox.notation import Move

__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "Board",
    "BoardSizeError",
    "CuboxError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "RecordError",
    "Turn",
    "UndoError",
]
