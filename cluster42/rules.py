"""42-cluster's rules on a row of cells: where a dropped chip lands, the fall after a rotation,
who holds the winning run, and the seeded draw from a bag.

A position is a list with one entry per cell of a ``Board``: the chip's value,
or ``EMPTY``. Chip values ``0 .. k-1`` are the first player's, ``k .. 2k-1``
the second's. The draw is a fixed function of the game's seed, the turn and
the bag, the same under CPython and MicroPython, so a record that holds the
seed replays every draw.

>>> from cluster42.board import Board
>>> b = Board.of(3)
>>> cells = [EMPTY] * b.count
>>> for value in (0, 0, 1):
...     cells[landing(b, cells, 3, 0)] = value
>>> [cells[i] for i in b.line(3, 0)]  # column q = 0, bottom first
[0, 0, 1, -1, -1]
>>> turned = fall(b, cells, 1)  # gravity up-right: the three chips leave for three lines
>>> sorted(b.cells[i] for i in range(b.count) if turned[i] != EMPTY)
[(2, -2, 0), (2, -1, -1), (2, 0, -2)]
>>> judge(b, fall(b, cells, 3), 2, 1)  # a run of two 0s: the first player's
(0, (10, 11))
"""

from __future__ import annotations

from cluster42.board import Board

EMPTY = -1
NO_ONE = -1
MASK = 0xFFFFFFFF


def landing(board: Board, cells: list[int], gravity: int, pos: int) -> int:
    """The cell a chip dropped at ``pos`` under ``gravity`` comes to rest in: it enters at the
    rim and slides along gravity until the next cell is off the board or taken. ``-1`` if
    the line is full."""
    line = board.lines[gravity][pos + board.size - 1]
    k = len(line) - 1
    if cells[line[k]] != EMPTY:
        return -1
    while k > 0 and cells[line[k - 1]] == EMPTY:
        k -= 1
    return line[k]


def fall(board: Board, cells: list[int], gravity: int) -> list[int]:
    """The position after every chip falls at once along ``gravity``, keeping its order
    along its line."""
    fallen = [EMPTY] * len(cells)
    for line in board.lines[gravity]:
        k = 0
        for i in line:
            value = cells[i]
            if value != EMPTY:
                fallen[line[k]] = value
                k += 1
    return fallen


def fall_origins(board: Board, cells: list[int], gravity: int) -> dict[int, int]:
    """Where each chip comes to rest in ``fall`` and where it was: ``{new cell: old cell}``."""
    origins = {}
    for line in board.lines[gravity]:
        k = 0
        for i in line:
            if cells[i] != EMPTY:
                origins[line[k]] = i
                k += 1
    return origins


def judge(board: Board, cells: list[int], n: int, per_player: int) -> tuple[int, tuple[int, ...]]:
    """Who has won: the longest run of one value along the three axes, if at least ``n`` long
    and all runs of that length are one player's; ``(player, cells of those runs)``, or
    ``(NO_ONE, ())`` while no one has (also when both hold a run of the longest length)."""
    best = 0
    holders: list[tuple[int, int, int]] = []  # (owner, run, start) of each run of the best length
    for run_index, run in enumerate(board.runs):
        length = 0
        previous = EMPTY
        for k, i in enumerate(run):
            value = cells[i]
            if value != EMPTY and value == previous:
                length += 1
            else:
                length = 1 if value != EMPTY else 0
            previous = value
            if length and length >= best and length >= n:
                if length > best:
                    best = length
                    holders = []
                holders.append((value // per_player, run_index, k - length + 1))
    if not holders:
        return NO_ONE, ()
    owner = holders[0][0]
    for holder in holders:
        if holder[0] != owner:
            return NO_ONE, ()
    winning: list[int] = []
    for _, run_index, start in holders:
        for i in board.runs[run_index][start:start + best]:
            if i not in winning:
                winning.append(i)
    return owner, tuple(sorted(winning))


def _mix(x: int) -> int:
    """A 32-bit integer hash (each bit of ``x`` stirs every bit of the result)."""
    x = ((x ^ (x >> 16)) * 0x45D9F3B) & MASK
    x = ((x ^ (x >> 16)) * 0x45D9F3B) & MASK
    return x ^ (x >> 16)


def pick(counts: list[int], index: int) -> int:
    """The position in ``counts`` of the ``index``-th chip, counting chips in value order."""
    for value, count in enumerate(counts):
        if index < count:
            return value
        index -= count
    raise ValueError("the bag holds fewer chips than the index")


def draw(seed: int, turn: int, counts: list[int]) -> tuple[int, ...]:
    """The chips (positions in ``counts``) drawn at ``turn`` from a bag holding ``counts[v]`` of
    each: two, drawn without replacement, or the last one, or none from an empty bag.

    >>> draw(7, 0, [15, 15]), draw(7, 0, [15, 15]) == draw(7, 0, [15, 15])
    ((0, 1), True)
    >>> draw(7, 3, [0, 1]), draw(7, 3, [0, 0])
    ((1,), ())
    """
    total = sum(counts)
    if total == 0:
        return ()
    h = _mix((seed & MASK) ^ _mix((turn * 2 + 1) & MASK))
    first = pick(counts, h % total)
    if total == 1:
        return (first,)
    rest = list(counts)
    rest[first] -= 1
    second = pick(rest, _mix(h ^ 0x9E3779B9) % (total - 1))
    return (first, second)
