"""A plain-text picture of a game, for terminals and doctests.

Red's stones are ``R``, Blue's ``B``, empty cells ``.``. Row 1 is at the
bottom and each higher row sits half a cell further right, as on the board.
Red joins the bottom and top rows; Blue joins the left and right columns.

>>> print(render(3, bytes([2, 0, 0, 0, 0, 1, 0, 0, 0]), "Blue to move"))
       a b c
   3   . . .  3
  2   . . R  2
 1   B . .  1
     a b c
Blue to move
"""

from __future__ import annotations

from cachex.colours import BLUE, EMPTY, RED
from cachex.notation import COLUMN_LETTERS

SYMBOLS = {EMPTY: ".", RED: "R", BLUE: "B"}


def render(n: int, board: bytes | bytearray, status: str) -> str:
    """An ``n`` x ``n`` raw board as text with row numbers and column letters, then ``status``."""
    letters = " ".join(COLUMN_LETTERS[:n])
    lines = [" " * (n + 4) + letters]
    for r in range(n - 1, -1, -1):
        row = " ".join(SYMBOLS[board[r * n + q]] for q in range(n))
        label = str(r + 1)
        lines.append(f"{' ' * r}{label:>2}   {row}  {label}")
    lines.append(" " * 5 + letters)
    lines.append(status)
    return "\n".join(lines)
