"""Cubox moves and their pbmserv text: a position's name (``g4``), ``swap`` or ``pass``.

>>> Move.parse("G4"), str(Move.parse(" swap ")), Move.parse("pass").is_pass
(Move.place(7, 4), 'swap', True)
>>> Move.parse("4g")
Traceback (most recent call last):
...
cubox.errors.InvalidMoveError: '4g' is not a move: a move is a position such as 'g4', 'swap' or 'pass'
"""

from __future__ import annotations

from cubox.board import column_letters
from cubox.errors import InvalidMoveError
from cubox.rules import parse_name
from gamekit.inputs import is_whole, plain, shown
from gamekit.value import Value

SWAP = "swap"
PASS = "pass"
MAX_NAME = 999  # the largest column or row a move may name (far beyond any board)


class Move(Value):
    """A move: a cubox at the name ``(c, r)`` (dropped or stacked: the rules know which),
    the swap, or a pass (``column`` and ``row`` 0); ``text`` is its pbmserv text."""

    __slots__ = ("column", "row", "text")
    column: int
    row: int
    text: str

    def __init__(self, column: int, row: int, text: str) -> None:
        if not (is_whole(column, 0, MAX_NAME) and is_whole(row, 0, MAX_NAME) and isinstance(text, str)):
            raise InvalidMoveError(f"Move({shown(column)}, {shown(row)}, {shown(text)}) names no move: use "
                                   "Move.place(column, row) with whole numbers from 1, Move.swap(), Move.pass_() "
                                   "or Move.parse")
        self._set("column", column)
        self._set("row", row)
        self._set("text", text)

    @staticmethod
    def place(column: int, row: int) -> Move:
        """A cubox at the name ``(column, row)`` (1-based)."""
        if not (is_whole(column, 1, MAX_NAME) and is_whole(row, 1, MAX_NAME)):
            raise InvalidMoveError(f"({shown(column)}, {shown(row)}) is not a position: columns and rows are "
                                   f"whole numbers from 1 to {MAX_NAME}")
        return Move(column, row, column_letters(column) + str(row))

    @staticmethod
    def swap() -> Move:
        """The swap (pie rule): O takes X's first cubox as its own."""
        return Move(0, 0, SWAP)

    @staticmethod
    def pass_() -> Move:
        """A pass, allowed only when no cubox can be played."""
        return Move(0, 0, PASS)

    @staticmethod
    def parse(text: Move | str) -> Move:
        """The move a text names; ``InvalidMoveError`` if it names none."""
        if isinstance(text, Move):
            return text
        clean = plain(text, "move", InvalidMoveError).lower()
        if clean in (SWAP, PASS):
            return Move.swap() if clean == SWAP else Move.pass_()
        try:
            return Move.place(*parse_name(clean))
        except ValueError:
            raise InvalidMoveError(f"{shown(clean)} is not a move: a move is a position such as 'g4', "
                                   "'swap' or 'pass'") from None

    @property
    def is_swap(self) -> bool:
        return self.text == SWAP

    @property
    def is_pass(self) -> bool:
        return self.text == PASS

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if self.is_swap:
            return "Move.swap()"
        if self.is_pass:
            return "Move.pass_()"
        return f"Move.place({self.column}, {self.row})"
