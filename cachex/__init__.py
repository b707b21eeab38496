"""Cachex: Hex with captures and a swap rule, in pure Python.

>>> import cachex
>>> game = cachex.Game(5)
>>> game.play("b2").side
'red'
>>> [str(m) for m in game.legal_moves()][-3:]
['d5', 'e5', 'swap']
"""

from cachex.errors import (
    CachexError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    UndoError,
)
from cachex.game import Game, Outcome, Turn
from cachex.geometry import MAX_SIZE, MIN_SIZE
from cachex.notation import Move, cell_name, parse_cell

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "CachexError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "RecordError",
    "Turn",
    "UndoError",
    "cell_name",
    "parse_cell",
]
