"""Tactics: wins in one, captures, and the moves that stop the opponent's win in one.

The search (``cachex.engine.search``), the proof search (``cachex.engine.solver``)
and the sparring partners ask these at every new position; they build on the
position rules of ``cachex.rules``.

>>> from cachex.game import Game
>>> game = Game.from_fragment("v1.3.a1.c1.a2.c2")
>>> winning_cells(game.board, game.geometry, 1), forced_moves(game.board, game.geometry, 1)
([6], ([6], 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import EMPTY, opponent
from cachex.geometry import Geometry
from cachex.rules import place

if TYPE_CHECKING:
    from collections.abc import Iterable


def winning_cells(board: bytes | bytearray, geo: Geometry, colour: int) -> list[int]:
    """The empty cells where a stone of ``colour`` would win at once.

    A placement never helps the mover through its captures (they remove only
    opponent stones), so a cell wins exactly when it lies on or beside the
    stones joined to one of the colour's edges and on or beside those joined
    to the other. Both sets grow from their edge one ring of neighbours at a
    time, on the board read as one number (``_Lanes``), so the work is a few
    whole-board operations per ring instead of a step per stone.
    """
    lanes = _lanes(geo)
    whole = int.from_bytes(bytes(board), "little")
    mine = (whole >> (colour - 1)) & lanes.ones
    first, second = lanes.edges[colour]
    near_first = lanes.spread(lanes.joined(first & mine, mine)) | first
    near_second = lanes.spread(lanes.joined(second & mine, mine)) | second
    empty = lanes.ones ^ ((whole | (whole >> 1)) & lanes.ones)
    found = near_first & near_second & empty
    if not found:
        return []
    data = found.to_bytes(geo.size, "little")
    return [c for c in range(geo.size) if data[c]]


class _Lanes:
    """A board as one number with a byte per cell (cell ``i`` in byte ``i``), and
    the shifts that move a set of cells to its neighbours.

    ``int.from_bytes`` reads a board of ``EMPTY``, ``RED`` and ``BLUE`` (0, 1,
    2) straight into this form: Red's stones are the lowest bit of each byte,
    Blue's the next one. A neighbour at offset ``d`` (``Geometry.neighbours``:
    the six offsets of a row-by-row rhombus) is a shift by ``8 d``, masked to the
    cells that have one there, so that a row's end never wraps to the next row.
    """

    __slots__ = ("edges", "joined", "ones", "spread")

    def __init__(self, geo: Geometry) -> None:
        def mask(cells: Iterable[int]) -> int:
            return sum(1 << (8 * c) for c in set(cells))

        self.ones = mask(range(geo.size))
        edges = [(mask(first), mask(second)) for first, second in geo.edges]
        self.edges = tuple(edges)  # by colour: EMPTY's is (0, 0)
        sources: dict[int, list[int]] = {}
        for c in range(geo.size):
            for nb in geo.neighbours[c]:
                sources.setdefault(nb - c, []).append(c)
        n = geo.n
        if sorted(sources) != sorted((1, -1, n, -n, n - 1, 1 - n)):
            raise ValueError(f"neighbour offsets {sorted(sources)} are not a rhombus's")
        east, west = mask(sources[1]), mask(sources[-1])
        north_west, south_east = mask(sources[n - 1]), mask(sources[1 - n])
        row, diagonal = 8 * n, 8 * (n - 1)

        def spread(cells: int) -> int:
            """``cells`` and all their neighbours (beyond the board too: mask the result)."""
            return (cells | (cells & east) << 8 | (cells & west) >> 8 | cells << row | cells >> row
                    | (cells & north_west) << diagonal | (cells & south_east) >> diagonal)

        def joined(start: int, stones: int) -> int:
            """The cells of ``stones`` connected (through ``stones``) to those in ``start``."""
            reached = start
            while True:
                grown = (reached | (reached & east) << 8 | (reached & west) >> 8 | reached << row
                         | reached >> row | (reached & north_west) << diagonal
                         | (reached & south_east) >> diagonal) & stones
                if grown == reached:
                    return reached
                reached = grown

        self.spread = spread
        self.joined = joined


_LANES: dict[int, _Lanes] = {}


def _lanes(geo: Geometry) -> _Lanes:
    """The shared ``_Lanes`` of ``geo``'s board size, built on first use."""
    lanes = _LANES.get(geo.n)
    if lanes is None:
        lanes = _LANES[geo.n] = _Lanes(geo)
    return lanes


def capturing_cells(board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
    """The empty cells where a stone of ``me`` would capture, in index order."""
    opp = opponent(me)
    found = []
    for c in range(geo.size):
        if board[c] == EMPTY:
            for mate, x, y in geo.diamonds[c]:
                if board[mate] == me and board[x] == opp and board[y] == opp:
                    found.append(c)
                    break
    return found


def defences(board: bytes | bytearray, geo: Geometry, me: int, threats: list[int]) -> list[int]:
    """The cells after which the opponent has no win in one, in index order.

    ``threats`` are the opponent's winning cells (``winning_cells``). Only a
    threat cell itself or a capture can stop a threat: any other stone leaves
    the opponent's groups as they were, so only those are tried. A threat cell
    that captures nothing also leaves them as they were and takes away only its
    own threat, so it stops every threat exactly when it is the only one; only
    the capturing cells need the board played out.
    """
    opp = opponent(me)
    capturing = capturing_cells(board, geo, me)
    keep = [c for c in threats if len(threats) == 1 and c not in capturing]
    for c in capturing:
        trial = bytearray(board)
        place(trial, geo, c, me)
        if not winning_cells(trial, geo, opp):
            keep.append(c)
    return sorted(keep)


# What ``forced_moves`` proves for the player to move: a win, a loss, or neither.
FORCED_WIN = 1
FORCED_LOSS = -1
NOT_FORCED = 0


def forced_moves(board: bytes | bytearray, geo: Geometry, me: int,
                 moves: list[int] | None = None) -> tuple[list[int], int]:
    """The moves worth playing out of ``moves`` (all of ``me``'s legal ones; by default
    the empty cells, listed only when needed) and what they prove.

    A win in one is the only move, and proves a win. Facing a win in one,
    only the moves that stop every threat (``defences``) are kept; with none,
    the position is lost (the answer then keeps one threat cell as the move).
    """
    mine = winning_cells(board, geo, me)
    if mine:
        return mine[:1], FORCED_WIN
    theirs = winning_cells(board, geo, opponent(me))
    if not theirs:
        return (moves if moves is not None
                else [c for c in range(geo.size) if board[c] == EMPTY]), NOT_FORCED
    found = defences(board, geo, me, theirs)
    return (found, NOT_FORCED) if found else (theirs[:1], FORCED_LOSS)
