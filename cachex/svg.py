"""A pure SVG picture of a Cachex board: the one owner of hex-to-pixel layout.

``board_svg(game)`` returns an SVG document as text (like python-chess's
``chess.svg.board``). Every cell is a ``<g>`` with ``data-cell`` (its name),
``data-stone`` (``red``/``blue``, absent when empty) and an accessible label,
so a page can insert the picture once and then update attributes only.

>>> from cachex.game import Game
>>> svg = board_svg(Game.from_fragment("v1.3.a1"))
>>> svg.count('data-cell="'), 'data-cell="a1" data-stone="red"' in svg
(9, True)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cachex.colours import PALETTE, stone_name
from cachex.geometry import Geometry
from cachex.notation import COLUMN_LETTERS, cell_name
from gamekit.value import Value

if TYPE_CHECKING:
    from cachex.game import Game

SQRT3 = math.sqrt(3.0)


class Layout(Value):
    """Pointy-top hexes of circumradius ``radius``; row 0 is drawn at the bottom.

    Each higher row is shifted half a hex to the right, which makes the board
    a rhombus leaning right. ``tall`` turns the board a sixth of a turn
    counter-clockwise so that its long diagonal (a1 to the far corner) runs
    up the picture, for narrow screens: a sixth of a turn maps the hex grid
    onto itself, so the cells stay pointy-top and the text upright; every
    point of the picture is placed through ``point``, and the picture's frame
    fits what is drawn. ``margin`` is the leaning board's; a tall board, for
    narrow screens, keeps a margin just wide enough for its edge lines.
    """

    __slots__ = ("n", "radius", "margin", "tall")
    n: int
    radius: float
    margin: float
    tall: bool

    def __init__(self, n: int, radius: float = 20.0, margin: float = 34.0,
                 tall: bool = False) -> None:
        self._set("n", n)
        self._set("radius", radius)
        self._set("margin", margin)
        self._set("tall", tall)

    @property
    def width(self) -> float:
        """Width of the picture, margins included."""
        if self.tall:
            return _tall_frame(self)[2]
        return SQRT3 * self.radius * (1.5 * (self.n - 1) + 1) + 2 * self.margin

    @property
    def height(self) -> float:
        """Height of the picture, margins included."""
        if self.tall:
            return _tall_frame(self)[3]
        return self.radius * (1.5 * (self.n - 1) + 2) + 2 * self.margin

    def _turned(self, r: int, q: int, dx: float, dy: float) -> tuple[float, float]:
        """The point ``(dx, dy)`` radii from cell (r, q)'s centre (as the board leans by
        default, y downwards), turned for a tall board, before its placing in the frame."""
        x = SQRT3 * self.radius * (q + r / 2 + 0.5) + dx * self.radius
        y = self.radius * (1 + 1.5 * (self.n - 1 - r)) + dy * self.radius
        if not self.tall:
            return x, y
        return 0.5 * x + _SIN60 * y, 0.5 * y - _SIN60 * x

    def point(self, r: int, q: int, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
        """The picture's point ``(dx, dy)`` radii from cell (r, q)'s centre, the offset
        given as the board leans by default (so that it turns with a tall board)."""
        x, y = self._turned(r, q, dx, dy)
        if not self.tall:
            return x + self.margin, y + self.margin
        left, top, _, _ = _tall_frame(self)
        return x - left, y - top

    def to_pixel(self, r: int, q: int) -> tuple[float, float]:
        """Pixel centre of cell ``(r, q)`` (SVG coordinates, y downwards)."""
        return self.point(r, q)

    def corner(self, r: int, q: int, degrees: float, scale: float = 1.0) -> tuple[float, float]:
        """The point at ``degrees`` (counter-clockwise from east) on cell ``(r, q)``'s
        outline, as the board leans by default."""
        a = math.radians(degrees)
        return self.point(r, q, scale * math.cos(a), -scale * math.sin(a))

    def outline(self, scale: float = 1.0) -> list[tuple[float, float]]:
        """The six corners of a cell about its centre, from 30 degrees on, counter-clockwise.

        (A sixth of a turn maps a hexagon onto itself, so a tall board's cells
        have the same corners.)
        """
        size = scale * self.radius
        return [(size * dx, -size * dy) for dx, dy in _CORNER_DIRECTIONS]

    def label_fits(self, r: int, q: int, dx: float, dy: float, text: str) -> bool:
        """Whether a coordinate label ``dx, dy`` radii from cell (r, q) is drawn: on a
        tall board, not when it would stick out past the board's side corners (each
        such label has a twin on the board's other side)."""
        if not self.tall:
            return True
        x, _ = self._turned(r, q, dx, dy)
        low, high = _tall_sides(self)
        half = _LABEL_CHAR * len(text) * self.radius / 2
        return low <= x - half and x + half <= high


_SIN60 = SQRT3 / 2
# About how wide one character of a label is, in radii (the font is 0.62 radii).
_LABEL_CHAR = 0.4
# Coordinate labels: (distance in radii from the edge cells' centres).
_COLUMN_LABEL = 1.9
_ROW_LABEL = 1.55
_TALL_FRAMES: dict[tuple[int, float], tuple[float, float, float, float]] = {}


def _tall_sides(layout: Layout) -> tuple[float, float]:
    """A tall board's leftmost and rightmost turned x (its side corners, the edge lines included)."""
    n, half = layout.n, SQRT3 * layout.radius / 2 + 0.2 * layout.radius
    return layout._turned(n - 1, 0, 0, 0)[0] - half, layout._turned(0, n - 1, 0, 0)[0] + half


def _tall_frame(layout: Layout) -> tuple[float, float, float, float]:
    """A tall board's frame: the turned point at its top left, its width and height.

    Sideways it is the board and a margin of a fifth of a radius (labels that
    would stick out are left out); up and down, the board and its labels.
    """
    key = (layout.n, layout.radius)
    frame = _TALL_FRAMES.get(key)
    if frame is None:
        n, radius = layout.n, layout.radius
        low, high = _tall_sides(layout)
        ys = [layout._turned(0, 0, 0, 1)[1], layout._turned(n - 1, n - 1, 0, -1)[1]]
        for text, r, q, dx, dy in _label_places(n):
            if layout.label_fits(r, q, dx, dy, text):
                ys.append(layout._turned(r, q, dx, dy)[1])
        pad_x, pad_y = 0.2 * radius, 0.6 * radius
        frame = _TALL_FRAMES[key] = (low - pad_x, min(ys) - pad_y, high - low + 2 * pad_x,
                                     max(ys) - min(ys) + 2 * pad_y)
    return frame


def _label_places(n: int) -> list[tuple[str, int, int, float, float]]:
    """Every coordinate label: its text, the edge cell it is beside and its offset in radii."""
    places: list[tuple[str, int, int, float, float]] = []
    for q in range(n):
        for r, dy in ((0, _COLUMN_LABEL), (n - 1, -_COLUMN_LABEL)):
            places.append((COLUMN_LETTERS[q], r, q, 0.0, dy))
    for r in range(n):
        for q, dx in ((0, -_ROW_LABEL), (n - 1, _ROW_LABEL)):
            places.append((str(r + 1), r, q, dx, 0.0))
    return places


# The directions of a pointy-top hexagon's corners (30, 90, ... degrees).
_CORNER_DIRECTIONS = tuple((math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k)))
                           for k in range(6))


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join([f"{x:.1f},{y:.1f}" for x, y in points])


def edge_lines(layout: Layout) -> dict[str, list[list[tuple[float, float]]]]:
    """Per colour, the two outer polylines of its edges (Red: bottom and top rows)."""
    n = layout.n
    bottom = [p for q in range(n) for p in (layout.corner(0, q, 210), layout.corner(0, q, 270))]
    bottom.append(layout.corner(0, n - 1, 330))
    top = [p for q in range(n) for p in (layout.corner(n - 1, q, 150), layout.corner(n - 1, q, 90))]
    top.append(layout.corner(n - 1, n - 1, 30))
    left = [p for r in range(n) for p in (layout.corner(r, 0, 210), layout.corner(r, 0, 150))]
    left.append(layout.corner(n - 1, 0, 90))
    right = [p for r in range(n) for p in (layout.corner(r, n - 1, 270), layout.corner(r, n - 1, 330))]
    right.append(layout.corner(n - 1, n - 1, 30))
    return {"red": [bottom, top], "blue": [left, right]}


# Paint of a cell's hexagon: plain, or in the winning chain.
_PLAIN_HEX = f'fill="{PALETTE["cell"]}" stroke="{PALETTE["cell-line"]}" stroke-width="1"'
_WIN_HEX = f'fill="{PALETTE["win"]}" stroke="{PALETTE["win-line"]}" stroke-width="2.5"'


def highlights(game: Game) -> tuple[str, frozenset[str]]:
    """What a board marks: the last move's stone ("" before any move; after a swap,
    the stone it took) and the cells of the winning chain."""
    last = game.last_turn
    last_cell = "" if last is None else (game.swapped_to() or "") if last.move.is_swap else str(last.move)
    return last_cell, frozenset(game.winning_cells)


def cell_classes(name: str, last_cell: str, winners: frozenset[str], extra: tuple[str, ...] = ()) -> str:
    """A cell's classes: ``cell``, ``last`` for the last move's, ``win`` in the winning
    chain, then ``extra``."""
    classes = ["cell"]
    if name == last_cell:
        classes.append("last")
    if name in winners:
        classes.append("win")
    classes.extend(extra)
    return " ".join(classes)


def cell_label(name: str, colour: str | None, note: str = "") -> str:
    """A cell's accessible name: its name and its stone (or "empty"), then ``note``."""
    return f"{name}, {colour or 'empty'}{note}"


def board_svg(game: Game, layout: Layout | None = None, coordinates: bool = True) -> str:
    """The board of ``game`` as an SVG document (text).

    Classes: ``cell``, ``hex``, ``stone``, ``mark``; the last move's cell gets
    ``last``, the winning group's cells ``win``. The picture stands alone
    (to save or share): stones, the last move's mark and the winning chain
    are painted inline; on the page, its CSS repaints them as the game goes
    on. ``coordinates`` labels the columns and rows.
    """
    n = game.n
    layout = layout or Layout(n)
    geo = Geometry.of(n)
    board = game.board
    last_cell, winners = highlights(game)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 '
        f'{layout.width:.1f} {layout.height:.1f}" role="group" '
        f'aria-label="Cachex board, {n} by {n}" data-size="{n}"'
        f' data-layout="{"tall" if layout.tall else "wide"}">'
    ]
    fills = {"red": PALETTE["red"], "blue": PALETTE["blue"]}
    for side, lines in edge_lines(layout).items():
        for line in lines:
            out.append(f'<polyline class="edge edge-{side}" points="{_points(line)}" '
                       f'fill="none" stroke="{fills[side]}" stroke-width="{layout.radius * 0.35:.1f}" '
                       'stroke-linejoin="round" stroke-linecap="round"/>')
    # Each cell is one drawing moved to its centre.
    hexagon = f'<polygon class="hex" points="{_points(layout.outline(0.97))}" '
    stone = f'<circle class="stone" r="{layout.radius * 0.68:.1f}" fill="'
    mark = f'<circle class="mark" r="{layout.radius * 0.2:.1f}" fill="'
    for i in range(geo.size):
        r, q = geo.coords(i)
        name = cell_name(r, q)
        colour = stone_name(board[i])
        cx, cy = layout.to_pixel(r, q)
        stone_attr = f' data-stone="{colour}"' if colour else ""
        hex_paint = _WIN_HEX if name in winners else _PLAIN_HEX
        mark_fill = PALETTE["mark"] if name == last_cell else "none"
        out.append(
            f'<g class="{cell_classes(name, last_cell, winners)}" data-cell="{name}"{stone_attr} role="button" '
            f'tabindex="-1" aria-label="{cell_label(name, colour)}" transform="translate({cx:.1f} {cy:.1f})">'
            f'{hexagon}{hex_paint}/>{stone}{fills.get(colour or "", "none")}"/>{mark}{mark_fill}"/></g>')
    if coordinates:
        out.extend(_coordinate_labels(layout))
    out.append("</svg>")
    return "".join(out)


def _coordinate_labels(layout: Layout) -> list[str]:
    """Column letters above and below the board, row numbers on both sides."""
    out = []
    font = layout.radius * 0.62
    for text, r, q, dx, dy in _label_places(layout.n):
        if layout.label_fits(r, q, dx, dy, text):
            x, y = layout.point(r, q, dx, dy)
            out.append(f'<text class="label" x="{x:.1f}" y="{y:.1f}" '
                       f'font-size="{font:.1f}" text-anchor="middle" '
                       f'dominant-baseline="middle">{text}</text>')
    return out
