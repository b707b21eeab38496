"""A plain-text picture of a game, for terminals and doctests.

Red's stones are ``R``, Blue's ``B``, empty cells ``.``. Row 1 is at the
bottom and each higher row sits half a cell further right, as on the board.
Red joins the bottom and top rows; Blue joins the left and right columns.

>>> from cachex.game import Game
>>> print(render(Game.from_fragment("v1.3.a1.swap.c2")))
       a b c
   3   . . .  3
  2   . . R  2
 1   B . .  1
     a b c
Blue to move
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.notation import COLUMN_LETTERS

if TYPE_CHECKING:
    from cachex.game import Game

SYMBOLS = {0: ".", 1: "R", 2: "B"}


def render(game: Game) -> str:
    """The board as text with row numbers and column letters, then the status line."""
    n = game.n
    board = game.board
    letters = " ".join(COLUMN_LETTERS[:n])
    lines = [" " * (n + 4) + letters]
    for r in range(n - 1, -1, -1):
        row = " ".join(SYMBOLS[board[r * n + q]] for q in range(n))
        label = str(r + 1)
        lines.append(" " * r + label.rjust(2) + "   " + row + "  " + label)
    lines.append(" " * 5 + letters)
    lines.append(game.status())
    return "\n".join(lines)
