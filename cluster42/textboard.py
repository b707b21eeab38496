"""The text picture of a 42-cluster position, gravity pointing down the page only at gravity 3.

Columns are the lines ``q`` (gravity 3's drop lines, ``POS`` written above
them), a cell ``(q, r)`` sits on text row ``2r + q``, so each column's cells
stack two rows apart and neighbouring columns half a cell apart: the
hexagon stands on a corner. A chip shows its value, an empty cell ``.``.

>>> from cluster42.board import Board
>>> cells = [-1] * 19
>>> cells[0], cells[5], cells[18] = 0, 1, 2
>>> print(render(Board.of(3), cells, 3, "status"))
 -2 -1  0  1  2
        .
     .     .
  0     .     .
     .     .
  .     .     .
     1     .
  .     .     2
     .     .
        .
gravity 3 (down)
status
"""

from __future__ import annotations

from cluster42.board import DIRECTION_NAMES, Board


def render(board: Board, cells: list[int], gravity: int, status: str) -> str:
    """The position as lines of text, then gravity and ``status``."""
    reach = board.reach
    rows = [[" "] * (3 * (2 * reach + 1)) for _ in range(4 * reach + 1)]
    for i, (q, r, _) in enumerate(board.cells):
        value = cells[i]
        rows[2 * r + q + 2 * reach][3 * (q + reach) + 2] = "." if value < 0 else str(value)
    head = "".join(f"{q:>3}" for q in range(-reach, reach + 1))
    lines = [head] + ["".join(row).rstrip() for row in rows]
    lines.append(f"gravity {gravity} ({DIRECTION_NAMES[gravity]})")
    lines.append(status)
    return "\n".join(lines)
