"""The text board as pbmserv draws it: hexagonal cross-sections, legal moves marked ``^``.

Each cubox is drawn as a hexagon five lines tall and nine characters wide,
lower levels first so that a stacked cubox hides what it covers. Row ``r`` is
the line ``2(2S - 1) - 2r`` and a level-``k`` cubox named ``(c, r)`` is centred
``4c + 2r + 5 - 2k`` characters in: each level sits two characters left of
the one below, over the middle of the triangle it rests on. A legal drop is
marked at its hollow's centre, a legal stack just below its centre (between
the two lower cubox it rests on). Row numbers run up the left side (odd rows
with ``--``), column letters along the bottom, each odd column with a ``/``.
Below the board, the stacks the player to move may make are listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubox.board import column_letters
from cubox.rules import EMPTY, X

if TYPE_CHECKING:
    from collections.abc import Collection

    from cubox.board import Board

_TOP = "+---+"


def _hexagon(stone: int) -> tuple[tuple[int, str], ...]:
    """A cubox's five lines as (first column relative to the centre, text)."""
    mark = "xxx" if stone == X else "ooo"
    return ((-2, _TOP), (-3, f"/ {mark} \\"), (-4, "+       +"), (-3, f"\\ {mark} /"), (-2, _TOP))


def centre(board: Board, p: int) -> tuple[int, int]:
    """The (column, line) of position ``p``'s centre on the text board."""
    level, c, r = board.positions[p]
    return 4 * c + 2 * r + 5 - 2 * level, 2 * (2 * board.side - 1) - 2 * r


def render(board: Board, cells: bytes | bytearray, marks: Collection[int], status: str = "") -> str:
    """The board with its cubox, ``^`` on each position in ``marks`` and the stacks among
    them listed below; ``status`` (if any) on the last line."""
    side = board.side
    lines = [[" "] * (8 * side + 8) for _ in range(4 * side + 3)]  # 2 above row 2S-1's centres

    def put(x: int, y: int, text: str) -> None:
        lines[y + 2][x:x + len(text)] = list(text)

    for r in range(1, 2 * side):
        label = str(r) + ("--" if r % 2 else "")
        put(2 * r - len(str(r)) + 1, 2 * (2 * side - 1) - 2 * r, label)
    for c in range(1, 2 * side):
        put(4 * c + 1, 4 * side, column_letters(c).upper())
        if c % 2:
            put(4 * c + 2, 4 * side - 1, "/")
    for p in range(board.size):  # index order is level order: higher cubox drawn later
        if cells[p] != EMPTY:
            x, y = centre(board, p)
            for dy, (dx, text) in enumerate(_hexagon(cells[p]), start=-2):
                put(x + dx, y + dy, text)
    for p in marks:
        x, y = centre(board, p)
        put(x, y if board.level[p] == 1 else y + 1, "^")
    text = "\n".join("".join(line).rstrip() for line in lines).lstrip("\n")
    stacks = sorted((p for p in marks if board.level[p] > 1),
                    key=lambda p: (board.positions[p][2], board.positions[p][1], board.level[p]))
    if stacks:
        text += "\n\nPossible stacks: " + " ".join(board.name(p).upper() for p in stacks)
    if status:
        text += "\n\n" + status
    return text
