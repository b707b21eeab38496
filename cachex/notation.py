"""Notation: the one owner of cell names and the text form of moves.

A cell is named by its column letter (``a`` is column 0) and its row number
(row 0 is ``1``), as in the rules' Figure 2. The steal is written ``swap``.

>>> Move.parse(" D2 ")
Move.place(1, 3)
>>> str(Move.parse("d2")), str(Move.swap())
('d2', 'swap')
>>> cell_name(1, 3), parse_cell("d2")
('d2', (1, 3))
>>> Move.parse("d0")
Traceback (most recent call last):
...
cachex.errors.InvalidMoveError: 'd0' is not a move: row numbers start at 1 (a move is a cell such as 'd2', or 'swap')
"""

from __future__ import annotations

from cachex.errors import InvalidMoveError
from cachex.geometry import STEAL
from gamekit.inputs import plain, shown
from gamekit.value import Value

SWAP_TEXT = "swap"
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
_MAX_ROW_DIGITS = 3
_HELP = "a move is a cell such as 'd2', or 'swap'"


def cell_name(r: int, q: int) -> str:
    """The name of row ``r``, column ``q``: ``cell_name(1, 3) == "d2"``."""
    return f"{COLUMN_LETTERS[q]}{r + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """The ``(r, q)`` of a cell name; raises ``InvalidMoveError`` if malformed.

    Case and surrounding spaces are ignored. Whether the cell is on a given
    board is not checked here.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a cell name must be text, not {type(text).__name__}")
    return _read_cell(text, "cell name")


def _read_cell(text: str, kind: str) -> tuple[int, int]:
    """The ``(r, q)`` of a cell name; the error names what was expected (``kind``).

    A cell name is one column letter and a row number of up to three digits.
    """
    clean = plain(text, kind, InvalidMoveError).lower()
    letter, digits = clean[:1], clean[1:]
    if (not letter or letter not in COLUMN_LETTERS or not digits
            or len(digits) > _MAX_ROW_DIGITS or any(d not in _DIGITS for d in digits)):
        raise InvalidMoveError(f"{shown(clean)} is not a {kind}: {_HELP}")
    if digits.startswith("0"):
        raise InvalidMoveError(f"{shown(clean)} is not a move: row numbers start at 1 ({_HELP})")
    return int(digits) - 1, COLUMN_LETTERS.index(letter)


_SWAP_COORD = -1  # the steal has no cell: its r and q hold this


class Move(Value):
    """A move: a placement on ``(r, q)``, or the steal (``is_swap``).

    Build one with ``Move.place``, ``Move.swap`` or ``Move.parse``; a move
    that names no move (a negative or non-integer coordinate, a column past
    ``z``, or a steal with a cell) cannot be built: ``InvalidMoveError``.
    Moves are immutable and compare by value.
    """

    __slots__ = ("r", "q", "is_swap")
    r: int
    q: int
    is_swap: bool

    def __init__(self, r: int, q: int, is_swap: bool = False) -> None:
        if is_swap is True:
            valid = r == q == _SWAP_COORD
        else:
            valid = (is_swap is False and type(r) is int and type(q) is int
                     and r >= 0 and 0 <= q < len(COLUMN_LETTERS))
        if not valid:
            raise InvalidMoveError(f"Move({shown(r)}, {shown(q)}, is_swap={shown(is_swap)}) names no "
                                   f"move: use Move.place(r, q) with r >= 0 and 0 <= q < "
                                   f"{len(COLUMN_LETTERS)}, or Move.swap()")
        self._set("r", r)
        self._set("q", q)
        self._set("is_swap", is_swap)

    @staticmethod
    def place(r: int, q: int) -> Move:
        """A placement on row ``r``, column ``q``."""
        return Move(r, q)

    @staticmethod
    def swap() -> Move:
        """The steal (swap) move."""
        return Move(_SWAP_COORD, _SWAP_COORD, is_swap=True)

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move's text: a cell name or ``swap`` (any case, spaces ignored)."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text or a Move, not {type(text).__name__}")
        if plain(text, "move", InvalidMoveError).lower() == SWAP_TEXT:
            return Move.swap()
        return Move(*_read_cell(text, "move"))

    @staticmethod
    def from_code(code: int, n: int) -> Move:
        """The move of a move code on an ``n`` x ``n`` board (a cell index, or ``STEAL``)."""
        return Move.swap() if code == STEAL else _placements(n)[code]

    @staticmethod
    def from_codes(codes: list[int], n: int) -> list[Move]:
        """The moves of many move codes on an ``n`` x ``n`` board."""
        placements = _placements(n)
        return [Move.swap() if code == STEAL else placements[code] for code in codes]

    def code(self, n: int) -> int:
        """This move's code on an ``n`` x ``n`` board (the cell index, or ``STEAL``).

        The cell must be on that board (check legality first).
        """
        return STEAL if self.is_swap else self.r * n + self.q

    def __str__(self) -> str:
        return SWAP_TEXT if self.is_swap else cell_name(self.r, self.q)

    def __repr__(self) -> str:
        return "Move.swap()" if self.is_swap else f"Move.place({self.r}, {self.q})"


_PLACEMENTS: dict[int, tuple[Move, ...]] = {}


def _placements(n: int) -> tuple[Move, ...]:
    """Every placement of an ``n`` x ``n`` board by cell index, made once (moves are immutable)."""
    table = _PLACEMENTS.get(n)
    if table is None:
        table = _PLACEMENTS[n] = tuple(Move(r, q) for r in range(n) for q in range(n))
    return table
