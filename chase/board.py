"""Chase's board: 9 rows of 9 hexes glued left to right, the top and bottom rows reflecting.

Cells are named as Abstract Play names them: rows ``a`` (the first player's
home row, at the bottom) to ``i``, columns ``1`` to ``9``; rows a, c, e, g, i
sit half a hex to the right of rows b, d, f, h. ``e5`` is the Chamber. A cell
is an index ``row * 9 + column`` (``a1`` is 0, ``i9`` is 80).

The six directions are numbered anticlockwise from east, 60 degrees apart:
``E NE NW W SW SE``. A step off the left or right border enters the other
side of the same row's line; a step off the top or bottom row is reflected
(``NE`` becomes ``SE``, ``NW`` becomes ``SW`` and back) and lands on the
reflected neighbour in that same step: the bounce costs no step.

>>> name(0), name(CHAMBER), cell("I9")
('a1', 'e5', 80)
>>> [name(n) for n in neighbours(cell("e5"))]
['e6', 'f6', 'f5', 'e4', 'd5', 'd6']
>>> step(cell("a9"), E), step(cell("b1"), W)
((0, 0), (17, 3))
>>> next_cell, turned = step(cell("i4"), NE)  # off the top: reflected to SE
>>> name(next_cell), DIRECTIONS[turned]
('h5', 'SE')

The step and ray tables the rules and the search read are computed here
(``computed_tables``) and kept as literals in ``chase/data/board_tables.py``,
which ``python -m chase.data`` writes (a test checks the two agree): the page's
MicroPython, running cold, loads them in a third of the time it takes to
compute them.
"""

from __future__ import annotations

# The tables, kept as literals; the rules and the searches read them from here.
from chase.data.board_tables import LEAVES as LEAVES
from chase.data.board_tables import RAY_CELLS as RAY_CELLS
from chase.data.board_tables import RAY_WAYS as RAY_WAYS
from chase.data.board_tables import STEPS as STEPS
from gamekit.inputs import OUTER_SPACE, is_plain, shown

ROWS = "abcdefghi"
SIZE = 9  # rows and columns
CELLS = SIZE * SIZE
E, NE, NW, W, SW, SE = 0, 1, 2, 3, 4, 5
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
CHAMBER = 4 * SIZE + 4  # e5


def name(index: int) -> str:
    """The name of a cell (``a1`` to ``i9``)."""
    return ROWS[index // SIZE] + str(index % SIZE + 1)


def cell(text: str) -> int:
    """The cell a name names (any case); ``ValueError`` if it names none."""
    clean = text.strip(OUTER_SPACE).lower() if isinstance(text, str) and is_plain(text) else ""
    if len(clean) != 2 or clean[0] not in ROWS or clean[1] not in "123456789":
        raise ValueError(f"{shown(text)} is not a cell: name one from a1 to i9")
    return ROWS.index(clean[0]) * SIZE + int(clean[1]) - 1


def direction(text: str) -> int:
    """The direction a name names (any case); ``ValueError`` if it names none."""
    clean = text.strip(OUTER_SPACE).upper() if isinstance(text, str) and is_plain(text) else ""
    if clean not in DIRECTIONS:
        raise ValueError(f"{shown(text)} is not a direction: name one of {' '.join(DIRECTIONS)}")
    return DIRECTIONS.index(clean)


def _neighbour(row: int, column: int, d: int) -> tuple[int, int]:
    """The (row, column) a step in direction ``d`` reaches before gluing and reflecting."""
    if d == E:
        return row, column + 1
    if d == W:
        return row, column - 1
    shift = 1 if row % 2 == 0 else 0  # rows a, c, e, g, i sit half a hex to the right
    up = 1 if d in (NE, NW) else -1
    east = d in (NE, SE)
    return row + up, column + (shift if east else shift - 1)


REFLECTED = (E, SE, SW, W, NW, NE)  # each direction with its north-south part turned back


def _step(index: int, d: int) -> tuple[int, int]:
    row, column = divmod(index, SIZE)
    to_row, to_column = _neighbour(row, column, d)
    if not 0 <= to_row < SIZE:
        d = REFLECTED[d]
        to_row, to_column = _neighbour(row, column, d)
    return to_row * SIZE + to_column % SIZE, d


# The tables (``chase.data.board_tables``):
# STEPS[cell][d]: the cell one step on, and the direction of travel there (changed by a reflection);
# RAY_CELLS[cell * 6 + d][n]: the cell n + 1 steps on (STEPS followed), RAY_WAYS the direction there;
# LEAVES[cell * 6 + d]: leaves_board(cell, d), for the searches' inner loops.
def computed_tables() -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, ...], ...],
                               tuple[tuple[int, ...], ...], tuple[bool, ...]]:
    """STEPS, RAY_CELLS, RAY_WAYS and LEAVES, computed from the board's geometry."""
    steps = tuple(tuple(_step(index, d) for d in range(6)) for index in range(CELLS))

    def ray(index: int, d: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # The six cells a die entering from ``index`` in direction ``d`` passes, with the direction at each.
        cells, ways = [], []
        for _ in range(6):
            index, d = steps[index][d]
            cells.append(index)
            ways.append(d)
        return tuple(cells), tuple(ways)

    rays = [ray(index, d) for index in range(CELLS) for d in range(6)]
    leaves = tuple(steps[index][d][1] != d for index in range(CELLS) for d in range(6))
    return steps, tuple(cells for cells, _ in rays), tuple(ways for _, ways in rays), leaves


def step(index: int, d: int) -> tuple[int, int]:
    """One step from ``index`` in direction ``d``: the cell reached and the direction of travel
    there (reflected at the top and bottom rows)."""
    return STEPS[index][d]


def leaves_board(index: int, d: int) -> bool:
    """Whether the first step from ``index`` in direction ``d`` is reflected: a start the
    reflected direction already makes (from row i north, from row a south)."""
    return LEAVES[index * 6 + d]


def neighbours(index: int) -> list[int]:
    """The cells one step away in the six directions (across the glued border too), each once."""
    found: list[int] = []
    for d in range(6):
        if not leaves_board(index, d):
            found.append(STEPS[index][d][0])
    return found


def left_of(d: int) -> int:
    """The direction 120 degrees to the left of ``d`` (anticlockwise)."""
    return (d + 2) % 6


def right_of(d: int) -> int:
    """The direction 120 degrees to the right of ``d`` (clockwise)."""
    return (d + 4) % 6
