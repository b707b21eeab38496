"""The text picture of a Chase position, row i at the top as on Abstract Play's board.

Each cell is three characters wide; rows a, c, e, g, i are drawn half a cell
(two characters) to the right of rows b, d, f, h. A white die shows its value
(``3``), a black die its value in brackets' place as a letter-free mark
(``3*``), the Chamber ``()`` and an empty cell ``.``.

>>> from chase.rules import start_position
>>> print(render(start_position(), "White to move"))
      1  2  3  4  5  6  7  8  9
i     1* 2* 3* 4* 5* 4* 3* 2* 1*
h   .  .  .  .  .  .  .  .  .
g     .  .  .  .  .  .  .  .  .
f   .  .  .  .  .  .  .  .  .
e     .  .  .  .  () .  .  .  .
d   .  .  .  .  .  .  .  .  .
c     .  .  .  .  .  .  .  .  .
b   .  .  .  .  .  .  .  .  .
a     1  2  3  4  5  4  3  2  1
White to move (white: plain numbers, black: starred)
"""

from __future__ import annotations

from chase.board import CHAMBER, ROWS, SIZE


def render(cells: list[int], status: str) -> str:
    """The position as lines of text, then ``status``."""
    lines = ["      " + "  ".join(str(c + 1) for c in range(SIZE))]
    for row in range(SIZE - 1, -1, -1):
        shown = []
        for column in range(SIZE):
            index = row * SIZE + column
            code = cells[index]
            if index == CHAMBER and not code:
                shown.append("()")
            elif not code:
                shown.append(". ")
            else:
                shown.append(f"{code}" + " " if code > 0 else f"{-code}*")
        indent = "  " if row % 2 == 0 else ""
        lines.append((ROWS[row] + "   " + indent + " ".join(shown)).rstrip())
    lines.append(status + " (white: plain numbers, black: starred)")
    return "\n".join(lines)
