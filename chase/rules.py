"""Chase's rules on a position: where a die's move ends, bumps, captures, the Chamber's split,
exchanges and the sharing of lost points.

A position is a list of 81 cells (``chase.board``'s order): 0 for empty, a
white die's value (1 to 6) or minus a black die's value. The functions here
are pure: they read a position and return new ones.

A die moves exactly its value in a straight line, reflected at the top and
bottom rows, never over a die or the Chamber. Landing on an enemy die
captures it; landing on its own die bumps that one a cell on in the
direction of travel there, which may bump the next, until an empty cell or
an enemy die (captured). A bump into the Chamber makes the move illegal. A
die that ends on the Chamber splits in two (the larger half to the left),
each half leaving one cell towards an exit 120 degrees from its direction of
entry and bumping or capturing there, the left one first; a 1, or a die whose
player already has 10 dice on the board, leaves whole to the left.

>>> cells = start_position()
>>> after = slide(cells, board.cell("a5"), board.NE)  # the 5 runs up to f8
>>> board.name(after.index(5)), total(after, WHITE)
('f8', 25)
"""

from __future__ import annotations

from chase import board
from chase.board import CELLS, CHAMBER, RAY_CELLS, RAY_WAYS, STEPS, left_of, right_of

WHITE, BLACK = 0, 1  # white's home row is a, black's i
SIDES = ("white", "black")  # the sides' codes, by their numbers here
SIDE_TITLES = {"white": "White", "black": "Black"}
POINTS = 25  # what a player's dice always hold
MOST_DICE = 10
FEWEST_DICE = 5  # with fewer, a player cannot hold 25 points and loses
HOME = (1, 2, 3, 4, 5, 4, 3, 2, 1)
CHAIN_LIMIT = 12  # bumps in one chain: more than the dice a side can have


def start_position() -> list[int]:
    """The dice at the start: faces 1-2-3-4-5-4-3-2-1 on each home row."""
    cells = [0] * CELLS
    for column, value in enumerate(HOME):
        cells[column] = value
        cells[8 * board.SIZE + column] = -value
    return cells


def sign(side: int) -> int:
    """How ``side``'s dice are written in a position: +1 for white, -1 for black."""
    return 1 if side == WHITE else -1


def owner(code: int) -> int:
    """The side of a (non-empty) cell's die."""
    return WHITE if code > 0 else BLACK


def dice(cells: list[int], side: int) -> list[int]:
    """The cells holding ``side``'s dice, in board order."""
    if side == WHITE:
        return [i for i in range(CELLS) if cells[i] > 0]
    return [i for i in range(CELLS) if cells[i] < 0]


def total(cells: list[int], side: int) -> int:
    """The points ``side``'s dice show."""
    s = sign(side)
    return sum(code * s for code in cells if code * s > 0)


class Trace:
    """What a move did, for pictures and previews: the moving die's ``path`` (each cell entered),
    ``bumps`` (from, to), ``captured`` (cell, value) and the Chamber's ``exits`` (cell, value)."""

    __slots__ = ("path", "bumps", "captured", "exits")

    def __init__(self) -> None:
        self.path: list[int] = []
        self.bumps: list[tuple[int, int]] = []
        self.captured: list[tuple[int, int]] = []
        self.exits: list[tuple[int, int]] = []


def _walk(cells: list[int], start: int, d: int, path: list[int] | None) -> tuple[int, int]:
    """The cell where the die on ``start`` moving in direction ``d`` comes to rest before any bump
    or split and its direction of travel there; (-1, d) if a die or the Chamber is in its way.
    ``path`` (if given) gets each cell entered."""
    code = cells[start]
    steps = code if code > 0 else -code
    ray = RAY_CELLS[start * 6 + d]
    for n in range(steps - 1):
        at = ray[n]
        if at == CHAMBER or cells[at]:
            return -1, d
    if path is not None:
        path.extend(ray[:steps])
    return ray[steps - 1], RAY_WAYS[start * 6 + d][steps - 1]


def landing(cells: list[int], start: int, d: int) -> int:
    """Where the die on ``start`` moving in direction ``d`` comes to rest before any bump or
    split, or -1 if a die or the Chamber is in its way."""
    return _walk(cells, start, d, None)[0]


def slide(cells: list[int], start: int, d: int, trace: Trace | None = None) -> list[int] | None:
    """The position after the die on ``start`` moves in direction ``d``, or ``None`` if it may not
    (a die or the Chamber in the way, or a bump into the Chamber)."""
    at, d = _walk(cells, start, d, None if trace is None else trace.path)
    if at < 0:
        return None
    code = cells[start]
    after = list(cells)
    after[start] = 0
    if at != CHAMBER:
        return after if _land(after, at, code, d, trace) else None
    side = owner(code)
    value = code if code > 0 else -code
    count = len(dice(cells, side))
    left, right = left_of(d), right_of(d)
    left_cell, right_cell = STEPS[CHAMBER][left][0], STEPS[CHAMBER][right][0]
    if value == 1 or count >= MOST_DICE:
        if trace is not None:
            trace.exits.append((left_cell, value))
        return after if _land(after, left_cell, code, left, trace) else None
    s = sign(side)
    big, small = (value + 1) // 2, value // 2
    if trace is not None:
        trace.exits.extend(((left_cell, big), (right_cell, small)))
    if not _land(after, left_cell, big * s, left, trace):
        return None
    return after if _land(after, right_cell, small * s, right, trace) else None


def _land(cells: list[int], at: int, code: int, d: int, trace: Trace | None) -> bool:
    """Put the die ``code`` on ``at``, arriving in direction ``d``: capture an enemy die there,
    or bump a die of its own a cell on (and so on); ``False`` if a bump reaches the Chamber."""
    for _ in range(CHAIN_LIMIT):
        there = cells[at]
        cells[at] = code
        if not there:
            return True
        if (there > 0) != (code > 0):
            if trace is not None:
                trace.captured.append((at, there if there > 0 else -there))
            return True
        code = there
        to, d = STEPS[at][d]
        if to == CHAMBER:
            return False
        if trace is not None:
            trace.bumps.append((at, to))
        at = to
    raise AssertionError("a bump chain longer than the dice on the board")


def exchanges(cells: list[int], side: int) -> list[tuple[int, int, int, int]]:
    """Every exchange ``(a, new value of a, b, new value of b)`` between two adjacent dice of
    ``side`` (``a`` before ``b`` in board order), each die keeping 1 to 6."""
    s = sign(side)
    found: list[tuple[int, int, int, int]] = []
    for a in dice(cells, side):
        for b in board.neighbours(a):
            if b > a and cells[b] * s > 0:
                va, vb = cells[a] * s, cells[b] * s
                pair = va + vb
                for new in range(max(1, pair - 6), min(6, pair - 1) + 1):
                    if new != va:
                        found.append((a, new, b, pair - new))
    return found


def shares(cells: list[int], side: int) -> list[tuple[tuple[int, ...], list[int]]]:
    """The ways ``side`` may take back the points it lost: each (the dice receiving them, in
    order; the position after), one per distinct result. The lowest die takes them (up to 6),
    the remainder the next lowest, and so on; where dice tie for lowest, any of them.
    ``[((), cells)]`` when nothing is owed; none for a side too few dice to hold the points."""
    owed = POINTS - total(cells, side)
    if owed <= 0:
        return [((), cells)]
    if len(dice(cells, side)) < FEWEST_DICE:
        return []
    found: list[tuple[tuple[int, ...], list[int]]] = []
    seen: set[tuple[int, ...]] = set()
    _share(cells, sign(side), dice(cells, side), owed, (), found, seen)
    return found


def _share(cells: list[int], s: int, mine: list[int], owed: int, chosen: tuple[int, ...],
           found: list[tuple[tuple[int, ...], list[int]]], seen: set[tuple[int, ...]]) -> None:
    if not owed:
        key = tuple(cells)
        if key not in seen:
            seen.add(key)
            found.append((chosen, cells))
        return
    lowest = min(cells[c] * s for c in mine)
    if lowest >= 6:
        raise AssertionError("points owed with every die at 6")
    for c in mine:
        if cells[c] * s == lowest:
            given = min(owed, 6 - lowest)
            after = list(cells)
            after[c] += given * s
            _share(after, s, mine, owed - given, chosen + (c,), found, seen)  # noqa: RUF005


def apply_share(cells: list[int], side: int, chosen: tuple[int, ...]) -> list[int]:
    """The position after ``side`` gives its lost points to the dice ``chosen``, in order;
    ``ValueError`` saying why if they are not a way to share them."""
    s = sign(side)
    owed = POINTS - total(cells, side)
    after = list(cells)
    mine = dice(cells, side)
    for c in chosen:
        if not owed:
            raise ValueError(f"the points are all shared before {board.name(c)}")
        if c not in mine:
            raise ValueError(f"{board.name(c)} holds no die of the player to move")
        lowest = min(after[x] * s for x in mine)
        if after[c] * s != lowest:
            lows = ", ".join(board.name(x) for x in mine if after[x] * s == lowest)
            raise ValueError(f"{board.name(c)} is not a lowest die: the next points go to "
                             + ("one of " if "," in lows else "") + lows)
        given = min(owed, 6 - lowest)
        after[c] += given * s
        owed -= given
    if owed:
        raise ValueError(f"{owed} point(s) are left to share after the dice listed")
    return after


def holdings() -> list[tuple[int, ...]]:
    """Every set of dice a player may hold, smallest faces first: at most ``MOST_DICE`` dice,
    faces 1 to 6, ``POINTS`` in all."""
    found: list[tuple[int, ...]] = []

    def extend(held: tuple[int, ...], points: int) -> None:
        if points == POINTS:
            found.append(held)
            return
        if len(held) == MOST_DICE:
            return
        for face in range(held[-1] if held else 1, 7):
            if points + face <= POINTS:
                extend(held + (face,), points + face)  # noqa: RUF005

    extend((), 0)
    return found
