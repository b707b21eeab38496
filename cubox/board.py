"""Cubox's board: the one owner of positions, levels, names, supports, contacts and edges.

A board of size ``S`` is a pyramid of levels. Level 1 is a triangle of
``S(S+1)/2`` hollows; a level ``k + 1`` position rests on each up-pointing
triangle of three mutually touching level ``k`` positions, so level ``k`` is a
triangle of side ``S - k + 1``.

Every position has a name ``(c, r)`` on pbmserv's grid of columns ``1 ..
2S-1`` (letters ``a`` ...) and rows ``1 .. 2S-1``: level 1 is at odd ``c``
and ``r`` with ``c + r <= 2S``; the position resting on the triangle whose
lower-left corner is ``(c, r)`` is named ``(c + 1, r + 1)``. So level ``k``
holds the names with ``c, r >= k``, both of ``k``'s parity, and ``c + r <=
2S``; one name serves levels ``k, k + 2, ...``, and the position to play at a
name is always the lowest empty one there (the one below it is among the
supports of its supports).

Positions are indexed level by level, each level by row then column, so
``index < size`` tables in the hot paths are plain tuples.

>>> b = Board.of(6)
>>> b.size, b.level_size(1), b.level_size(6)
(56, 21, 1)
>>> [b.name(p) for p in b.supports[b.at(2, 4, 2)]]
['c1', 'e1', 'c3']
>>> b.edges[b.at(2, 4, 2)] == BOTTOM  # on its level's bottom row
True
>>> [b.name(p) for p in b.images(b.at(1, 7, 5))]  # the edge cubox g5 and its five images
['g5', 'g1', 'e7', 'e1', 'a7', 'a5']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubox.data import board_tables as kept
from cubox.errors import BoardSizeError
from gamekit.sizes import checked_size

if TYPE_CHECKING:
    # positions, index, level, supports, above, contacts, edges and columns (``Board`` documents them)
    Tables = tuple[tuple[tuple[int, int, int], ...], dict[tuple[int, int, int], int], tuple[int, ...],
                   tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...],
                   tuple[int, ...], dict[tuple[int, int], tuple[int, ...]]]

MIN_SIZE = 3
MAX_SIZE = 16
DEFAULT_SIZE = 8

# Edge bits: a position touches the bottom, the left or the right side of the board.
BOTTOM = 1
LEFT = 2
RIGHT = 4
ALL_SIDES = BOTTOM | LEFT | RIGHT
NONE = -1  # where a table has no position

# Same-level neighbour steps (dc, dr) and, for each, the step from the position
# to the one above the up-triangle holding both (which hides their contact).
CONTACT_STEPS: tuple[tuple[int, int, int, int], ...] = (
    (2, 0, 1, 1), (-2, 0, -1, 1), (0, 2, 1, 1), (0, -2, 1, -1), (-2, 2, -1, 1), (2, -2, 1, -1),
)


_BOARDS: dict[int, Board] = {}  # the board of each size made so far


def check_size(size: object) -> int:
    """``size`` if it is a valid board size, else ``BoardSizeError`` (a ``CuboxError``)."""
    return checked_size(size, MIN_SIZE, MAX_SIZE, BoardSizeError)


def column_letters(c: int) -> str:
    """The letters of column ``c`` (1-based): ``a`` .. ``z``, then ``aa``, ``ab`` ...

    >>> column_letters(1), column_letters(26), column_letters(27), column_letters(31)
    ('a', 'z', 'aa', 'ae')
    """
    text = ""
    while c > 0:
        c, rest = divmod(c - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def computed_tables(size: int) -> Tables:
    """A board's tables (``Board`` documents them), computed: ``positions``, the index of each,
    ``level``, ``supports``, ``above``, ``contacts``, ``edges`` and ``columns``. The default
    size's are also kept as literals (``cubox/data/board_tables.py``, which ``python -m
    cubox.data`` writes): the page's MicroPython, running cold, loads them far sooner than it
    computes them. Written as plain loops with the index at hand, for the same reason."""
    names: list[tuple[int, int, int]] = []  # (level, c, r) of every position, in index order
    for level in range(1, size + 1):
        for r in range(level, 2 * size - level + 1, 2):
            for c in range(level, 2 * size - r + 1, 2):
                names.append((level, c, r))
    index = {name: p for p, name in enumerate(names)}
    supports: list[tuple[int, ...]] = []
    above: list[list[int]] = [[] for _ in names]
    contacts: list[tuple[tuple[int, int], ...]] = []
    edges: list[int] = []
    column: dict[tuple[int, int], list[int]] = {}
    for p, (k, c, r) in enumerate(names):
        if k == 1:
            supports.append(())
        else:
            below = (index[(k - 1, c - 1, r - 1)], index[(k - 1, c + 1, r - 1)], index[(k - 1, c - 1, r + 1)])
            supports.append(below)
            for q in below:
                above[q].append(p)
        touching = []
        for dc, dr, uc, ur in CONTACT_STEPS:
            mate = index.get((k, c + dc, r + dr))
            if mate is not None:
                touching.append((mate, index[(k + 1, c + uc, r + ur)]))
        contacts.append(tuple(touching))
        edges.append((BOTTOM if r == k else 0) | (LEFT if c == k else 0) | (RIGHT if c + r == 2 * size else 0))
        if (c, r) in column:
            column[(c, r)].append(p)
        else:
            column[(c, r)] = [p]
    return (tuple(names), index, tuple(k for k, _, _ in names), tuple(supports), tuple(tuple(a) for a in above),
            tuple(contacts), tuple(edges), {name: tuple(ps) for name, ps in column.items()})


class Board:
    """Precomputed tables for a size-``S`` Cubox board (shared by every game of that size).

    ``supports[p]``: the three positions ``p`` rests on (empty below level 2);
    ``above[p]``: the positions resting on ``p``; ``contacts[p]``: ``(q,
    cover)`` for each same-level neighbour ``q``, where a cubox on ``cover``
    hides the contact; ``edges[p]``: the sides ``p`` touches (bits).
    """

    def __init__(self, size: int) -> None:
        self.side = check_size(size)
        tables = ((kept.POSITIONS, kept.INDEX, kept.LEVEL, kept.SUPPORTS, kept.ABOVE, kept.CONTACTS, kept.EDGES,
                   kept.COLUMNS) if size == kept.SIZE else computed_tables(size))
        self.positions: tuple[tuple[int, int, int], ...] = tables[0]  # (level, c, r) of each, in index order
        self._index: dict[tuple[int, int, int], int] = tables[1]
        self.level: tuple[int, ...] = tables[2]
        self.supports: tuple[tuple[int, ...], ...] = tables[3]
        self.above: tuple[tuple[int, ...], ...] = tables[4]
        self.contacts: tuple[tuple[tuple[int, int], ...], ...] = tables[5]
        self.edges: tuple[int, ...] = tables[6]
        self.columns: dict[tuple[int, int], tuple[int, ...]] = tables[7]
        self.size = len(self.positions)
        self.first_stack = self.level_size(1)  # positions below this index are level 1

    @classmethod
    def of(cls, size: int) -> Board:
        """The shared board of this size."""
        board = _BOARDS.get(size)
        if board is None:
            board = _BOARDS[size] = cls(size)
        return board

    def level_size(self, level: int) -> int:
        """How many positions level ``level`` has: a triangle of side ``S - level + 1``."""
        side = self.side - level + 1
        return side * (side + 1) // 2

    def at(self, level: int, c: int, r: int) -> int:
        """The index of the position ``(c, r)`` of ``level``; ``ValueError`` if there is none."""
        p = self._index.get((level, c, r))
        if p is None:
            raise ValueError(f"there is no level-{level} position {column_letters(c)}{r}")
        return p

    def images(self, p: int) -> tuple[int, ...]:
        """The positions ``p`` becomes under the board's six symmetries (the rotations and
        reflections of its triangle, which keep levels, supports, contacts and sides), ``p`` first,
        each once: positions that play alike."""
        level, c, r = self.positions[p]
        i, j = (c - level) // 2, (r - level) // 2  # the level's triangle in barycentric steps
        k = self.side - level - i - j
        images: list[int] = []
        for a, b in ((i, j), (i, k), (j, i), (j, k), (k, i), (k, j)):  # every order of (i, j, k)
            q = self.at(level, level + 2 * a, level + 2 * b)
            if q not in images:
                images.append(q)
        return tuple(images)

    def name(self, p: int) -> str:
        """pbmserv's name of position ``p``, such as ``d2``."""
        _, c, r = self.positions[p]
        return column_letters(c) + str(r)

    def on_board(self, c: int, r: int) -> bool:
        """Whether ``(c, r)`` names a position of this board."""
        return (c, r) in self.columns

    def __repr__(self) -> str:
        return f"Board.of({self.side})"
