"""42-cluster's board: the one owner of its cells, gravity's directions, drop lines and axes.

A board of edge ``S`` is a hexagon of cells in cube coordinates ``(q, r, s)``,
``q + r + s = 0``, each coordinate at most ``S - 1`` in size: ``3S^2 - 3S + 1``
cells, indexed by ``q`` then ``r`` (the order in which the referee lists
them). Gravity is one of six directions, numbered as the referee does:
0 up, 1 up-right, 2 down-right, 3 down (the start), 4 down-left, 5 up-left.

A chip is dropped into a line along gravity, named ``POS`` from ``-(S-1)`` to
``S-1``: with gravity 3 the line is the column ``q = POS``; other gravities
turn the same picture (gravity 0: ``q = -POS``, 1: ``s = POS``, 2: ``r =
-POS``, 4: ``s = -POS``, 5: ``r = POS``), so positive ``POS`` is clockwise
along the rim the chip enters from. ``lines[g][POS + S - 1]`` lists a line's
cells from the bottom (furthest along gravity) to the rim.

>>> b = Board.of(5)
>>> b.count, b.cells[0], b.cells[-1]
(61, (-4, 0, 4), (4, 0, -4))
>>> [b.cells[i] for i in b.line(3, 4)]  # gravity down, column q = 4: bottom first
[(4, 0, -4), (4, -1, -3), (4, -2, -2), (4, -3, -1), (4, -4, 0)]
>>> [b.cells[i] for i in b.line(0, 4)][:2]  # gravity up, POS 4 is the column q = -4
[(-4, 0, 4), (-4, 1, 3)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cluster42.data import board_tables as kept
from cluster42.errors import BoardSizeError
from gamekit.sizes import checked_size

if TYPE_CHECKING:
    # cells, index, lines, line_of and runs (``Board`` documents them)
    Tables = tuple[tuple[tuple[int, int, int], ...], dict[tuple[int, int, int], int],
                   tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]

MIN_SIZE = 3
MAX_SIZE = 10
DEFAULT_SIZE = 5
DOWN = 3  # gravity at the start

# Gravity's directions as cube steps, by number.
DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, 1), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1),
)
DIRECTION_NAMES = ("up", "up-right", "down-right", "down", "down-left", "up-left")
# Which coordinate (0 q, 1 r, 2 s) names a drop line under each gravity, and its sign.
LINE_KEYS: tuple[tuple[int, int], ...] = ((0, -1), (2, 1), (1, -1), (0, 1), (2, -1), (1, 1))
# The three axes along which runs count, as one step each.
AXES: tuple[tuple[int, int, int], ...] = ((1, -1, 0), (1, 0, -1), (0, 1, -1))

_BOARDS: dict[int, Board] = {}


def check_size(size: object) -> int:
    """``size`` if it is a board edge 42-cluster is played with, else ``BoardSizeError``."""
    return checked_size(size, MIN_SIZE, MAX_SIZE, BoardSizeError)


def computed_tables(size: int) -> Tables:
    """A board's tables (``Board`` documents them), computed: ``cells``, ``index``, ``lines``,
    ``line_of`` and ``runs``. The default size's are also kept as literals
    (``cluster42/data/board_tables.py``, which ``python -m cluster42.data`` writes): the
    page's MicroPython, running cold, loads them far sooner than it computes them."""
    reach = size - 1
    cells = tuple((q, r, -q - r) for q in range(-reach, reach + 1) for r in range(-reach, reach + 1)
                  if abs(q + r) <= reach)
    index = {cell: i for i, cell in enumerate(cells)}
    lines = []
    line_of = []
    for g in range(6):
        coordinate, sign = LINE_KEYS[g]
        dq, dr, ds = DIRECTIONS[g]
        grouped: list[list[int]] = [[] for _ in range(2 * reach + 1)]  # by POS + reach
        for i, cell in enumerate(cells):
            grouped[sign * cell[coordinate] + reach].append(i)
        by_pos = []
        for members in grouped:
            members.sort(key=lambda i: -(cells[i][0] * dq + cells[i][1] * dr + cells[i][2] * ds))
            by_pos.append(tuple(members))
        lines.append(tuple(by_pos))
        where = [0] * len(cells)
        for k, line in enumerate(by_pos):
            for i in line:
                where[i] = k
        line_of.append(tuple(where))
    runs = []
    for dq, dr, ds in AXES:
        for q, r, s in cells:
            if (q - dq, r - dr, s - ds) in index:
                continue  # not the first cell of its line
            run = []
            cell = (q, r, s)
            while cell in index:
                run.append(index[cell])
                cell = (cell[0] + dq, cell[1] + dr, cell[2] + ds)
            runs.append(tuple(run))
    return cells, index, tuple(lines), tuple(line_of), tuple(runs)


class Board:
    """The tables of a board of edge ``size``, shared by every game of that size.

    ``cells``: the cube coordinates of each cell, by ``q`` then ``r``; ``index``: a
    cell's index by its coordinates; ``lines[g]``: the drop lines under gravity
    ``g`` by ``POS + size - 1``, bottom first; ``runs``: every line of cells along
    each of the three axes (the places a run of chips can lie).
    """

    __slots__ = ("size", "count", "cells", "index", "lines", "runs", "line_of")

    def __init__(self, size: int) -> None:
        self.size = size
        if size == kept.SIZE:
            cells, self.index, lines, line_of, runs = kept.CELLS, kept.INDEX, kept.LINES, kept.LINE_OF, kept.RUNS
        else:
            cells, self.index, lines, line_of, runs = computed_tables(size)
        self.cells: tuple[tuple[int, int, int], ...] = cells
        self.count = len(cells)
        self.lines: tuple[tuple[tuple[int, ...], ...], ...] = lines
        self.line_of: tuple[tuple[int, ...], ...] = line_of  # [g][cell]: its line's POS + reach
        self.runs: tuple[tuple[int, ...], ...] = runs

    @staticmethod
    def of(size: int) -> Board:
        """The board of edge ``size`` (made once); ``BoardSizeError`` for another size."""
        board = _BOARDS.get(size)
        if board is None:
            board = _BOARDS[check_size(size)] = Board(size)
        return board

    @property
    def reach(self) -> int:
        """The largest ``POS`` (and coordinate): ``size - 1``."""
        return self.size - 1

    def line(self, gravity: int, pos: int) -> tuple[int, ...]:
        """The cells of drop line ``pos`` under ``gravity``, bottom first."""
        return self.lines[gravity][pos + self.size - 1]

    def positions(self) -> range:
        """Every ``POS`` a chip may be dropped at."""
        return range(-self.size + 1, self.size)
