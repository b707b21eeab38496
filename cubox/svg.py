"""A pure SVG picture of a Cubox position: the one owner of Cubox's position-to-pixel layout.

Each cubox is drawn as its hexagonal cross-section, level by level, so a
stacked cubox covers the three it rests on; higher levels are lighter and
carry their level number. Level-1 hollows are outlined, the moves of the
player to move are marked (a dot on a hollow, a dashed outline where a stack
may go), every visible contact between two cubox of a colour is a short bar,
a contact a stacked cubox cuts is a cross, the winning chain is outlined and
the last cubox dotted. Every position drawn is a ``<g>`` with ``data-pos``
(its board index), ``data-cell`` and ``data-name`` (its name, the text that
plays there) and ``data-level``; cubox add
``data-stone`` (``x``/``o``); moves are ``class="target"`` with a label.

>>> from cubox.game import Game
>>> svg = board_svg(Game.from_fragment("cubox.3.a3.a1.e1.c1"))
>>> svg.count('class="target"'), 'data-name="b2" data-level="2"' in svg
(3, True)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cubox.board import BOTTOM, LEFT, RIGHT, column_letters
from cubox.rules import EMPTY, X, linked

if TYPE_CHECKING:
    from cubox.board import Board
    from cubox.game import Game

SQRT3 = math.sqrt(3.0)
UNIT = 40.0  # pixels between the centres of two touching cubox of a level
MARGIN = 30.0
SIDE_PAINT = {"x": ("#d43a2f", "#7d1d17"), "o": ("#2f6fd4", "#16366a")}  # fill and line per side
PAINT = {
    "hollow": "#e9e3d6", "hollow-line": "#b9ae98", "win": "#f5c518", "win-line": "#a58000", "cut": "#ffffff",
    "label": "#555555",
    "paper": "#f9f6ef",  # the page's and the PNG's background
}


def paint_properties() -> dict[str, str]:
    """The page's paint as this drawing has it, by the shell's names (``--red`` for X's cubox,
    ``--blue`` for O's, ``--win`` and ``--win-line`` for the winning chain, ``--paper``)."""
    return {"red": SIDE_PAINT["x"][0], "blue": SIDE_PAINT["o"][0], "win": PAINT["win"],
            "win-line": PAINT["win-line"], "mark": PAINT["cut"], "paper": PAINT["paper"]}


def centre(board: Board, p: int) -> tuple[float, float]:
    """The pixel centre of position ``p``: level 1 on a triangular grid, each level up
    over the middle of the triangle it rests on."""
    level, c, r = board.positions[p]
    x = UNIT * ((c - 1) / 2 + (r - 1) / 4 - (level - 1) / 4)
    y = UNIT * SQRT3 * ((r - 1) / 4 - (level - 1) / 12)
    top = UNIT * SQRT3 * (board.side - 1) / 2
    return MARGIN + UNIT / 2 + x, MARGIN + UNIT / 2 + top - y


def size(board: Board) -> tuple[float, float]:
    """The picture's width and height."""
    return (UNIT * (board.side - 1) + UNIT + 2 * MARGIN,
            UNIT * SQRT3 * (board.side - 1) / 2 + UNIT + 2 * MARGIN)


def _hexagon(x: float, y: float, radius: float) -> str:
    """The corners of a flat-topped hexagon, as an SVG ``points`` value."""
    return " ".join(f"{x + radius * math.cos(math.pi * i / 3):.1f},{y + radius * math.sin(math.pi * i / 3):.1f}"
                    for i in range(6))


def _shade(colour: str, level: int) -> str:
    """``colour`` lightened a little for each level above the first."""
    mix = min(0.12 * (level - 1), 0.5)
    parts = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * mix):02x}" for v in parts)


def board_svg(game: Game, marks: bool = True) -> str:
    """The position of ``game`` as an SVG document (``marks``: show the moves to play)."""
    board, cells = game.board, game.cells
    width, height = size(board)
    chain = set(game.outcome.chain) if game.outcome is not None else set()
    last = game.history[-1].position if game.history and game.history[-1].position >= 0 else -1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
             f'role="img" aria-label="Cubox board, size {board.side}">']
    for p in range(board.first_stack):
        x, y = centre(board, p)
        parts.append(f'<polygon class="hollow" points="{_hexagon(x, y, UNIT / 2)}" fill="{PAINT["hollow"]}" '
                     f'stroke="{PAINT["hollow-line"]}"/>')
    parts.extend(_labels(board))
    parts.extend(_sides(board))
    contacts = []  # drawn over every cubox, so that a stacked cubox never hides the cut it makes
    for p in range(board.size):
        if cells[p] != EMPTY:
            parts.append(_cubox(game, p, p in chain, p == last))
            contacts.extend(_edge_contacts(board, cells, p))
        if board.level[p] < board.side and cells[p] != EMPTY:
            contacts.extend(_contacts(board, cells, p))
    parts.extend(contacts)
    if marks and game.outcome is None:
        for p in game.legal_positions():
            parts.append(_target(board, p))
    parts.append("</svg>")
    return "".join(parts)


def _cubox(game: Game, p: int, winning: bool, last: bool) -> str:
    """One cubox: its hexagon, shaded by level, numbered above level 1."""
    board = game.board
    x, y = centre(board, p)
    side = _side(game.cells[p])
    fill, line = SIDE_PAINT[side]
    level = board.level[p]
    name = board.name(p)
    stroke = PAINT["win"] if winning else line
    label = f"{name}, level {level}, {side.upper()}" + (", winning chain" if winning else "")
    body = [f'<g data-pos="{p}" data-cell="{name}" data-name="{name}" data-level="{level}" data-stone="{side}" '
            f'aria-label="{label}"><polygon points="{_hexagon(x, y, UNIT / 2 - 1)}" fill="{_shade(fill, level)}" '
            f'stroke="{stroke}" stroke-width="{4 if winning else 1.5}"/>']
    if level > 1:
        body.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                    f'fill="#ffffff">{level}</text>')
    if last:
        body.append(f'<circle class="last" cx="{x:.1f}" cy="{y - 10:.1f}" r="3" fill="#ffffff"/>')
    body.append("</g>")
    return "".join(body)


def _contacts(board: Board, cells: bytes, p: int) -> list[str]:
    """Bars for ``p``'s visible contacts with later same-level cubox of its colour, crosses
    for the ones a stacked cubox cuts."""
    found = []
    joined = set(linked(board, cells, p))
    for q, cover in board.contacts[p]:
        if q < p or cells[q] != cells[p]:
            continue
        (x1, y1), (x2, y2) = centre(board, p), centre(board, q)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if q in joined:
            dx, dy = (x2 - x1) / 8, (y2 - y1) / 8
            colour = SIDE_PAINT[_side(cells[p])][1]
            found.append(f'<line class="contact" x1="{mx - dx:.1f}" y1="{my - dy:.1f}" x2="{mx + dx:.1f}" '
                         f'y2="{my + dy:.1f}" stroke="{colour}" stroke-width="4"/>')
        elif cells[cover] != EMPTY:
            cross = f'd="M{mx - 4:.1f},{my - 4:.1f}l8,8m0,-8l-8,8"'
            found.append(f'<g class="cut"><path {cross} stroke="{PAINT["label"]}" stroke-width="5"/>'
                         f'<path {cross} stroke="{PAINT["cut"]}" stroke-width="2.5"/></g>')
    return found


def _side(code: int) -> str:
    """The side ("x" or "o") of a cubox's stone code."""
    return "x" if code == X else "o"


def _corners(board: Board) -> dict[int, tuple[float, float]]:
    """The centres of the level-1 corner hollows, by the side that runs clockwise from each:
    bottom-left (the bottom side), bottom-right (the right side), top (the left side)."""
    last = 2 * board.side - 1
    return {BOTTOM: centre(board, board.at(1, 1, 1)), RIGHT: centre(board, board.at(1, last, 1)),
            LEFT: centre(board, board.at(1, 1, last))}


def _side_lines(board: Board) -> list[tuple[int, tuple[float, float, float, float, float, float]]]:
    """Each side with (x1, y1, x2, y2, nx, ny): a line just outside the hollows along it, and
    its outward unit normal (a list, not a dict: MicroPython's dicts keep no order)."""
    corners = _corners(board)
    cx = (corners[BOTTOM][0] + corners[RIGHT][0] + corners[LEFT][0]) / 3
    cy = (corners[BOTTOM][1] + corners[RIGHT][1] + corners[LEFT][1]) / 3
    found = []
    for side, end in ((BOTTOM, RIGHT), (RIGHT, LEFT), (LEFT, BOTTOM)):
        (x1, y1), (x2, y2) = corners[side], corners[end]
        nx, ny = y2 - y1, x1 - x2  # a normal; turned to point away from the middle
        length = math.sqrt(nx * nx + ny * ny)
        nx, ny = nx / length, ny / length
        if (x1 - cx) * nx + (y1 - cy) * ny < 0:
            nx, ny = -nx, -ny
        d = UNIT / 2 + 3
        ex, ey = -ny * d * SQRT3, nx * d * SQRT3  # lengthened so that the three lines meet
        if (x2 - x1) * ex + (y2 - y1) * ey > 0:
            ex, ey = -ex, -ey
        found.append((side, (x1 + nx * d + ex, y1 + ny * d + ey, x2 + nx * d - ex, y2 + ny * d - ey, nx, ny)))
    return found


def _sides(board: Board) -> list[str]:
    """The board's three sides, each a line just outside the hollows: every chain must touch all three."""
    return [f'<line class="side" data-side="{side}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{PAINT["label"]}" stroke-width="3" stroke-linecap="round"/>'
            for side, (x1, y1, x2, y2, _, _) in _side_lines(board)]


def _edge_contacts(board: Board, cells: bytes, p: int) -> list[str]:
    """For a stacked cubox that touches a side, a bar from it to that side."""
    if board.level[p] == 1 or not board.edges[p]:
        return []
    x, y = centre(board, p)
    colour = SIDE_PAINT[_side(cells[p])][1]
    found = []
    for side, (x1, y1, _, _, nx, ny) in _side_lines(board):
        if board.edges[p] & side:
            reach = (x1 - x) * nx + (y1 - y) * ny  # how far the side lies from the cubox
            found.append(f'<line class="edge-contact" x1="{x + nx * UNIT / 3:.1f}" y1="{y + ny * UNIT / 3:.1f}" '
                         f'x2="{x + nx * reach:.1f}" y2="{y + ny * reach:.1f}" stroke="{colour}" '
                         f'stroke-width="3" stroke-dasharray="5 3"/>')
    return found


def _target(board: Board, p: int) -> str:
    """A move of the player to move: a dot on a hollow, a dashed outline for a stack."""
    x, y = centre(board, p)
    name = board.name(p)
    level = board.level[p]
    what = "drop" if level == 1 else f"stack, level {level}"
    outline = "" if level == 1 else (f'<polygon points="{_hexagon(x, y, UNIT / 2 - 2)}" fill="none" '
                                     f'stroke="#333333" stroke-dasharray="4 3"/>')
    return (f'<g class="target" data-pos="{p}" data-cell="{name}" data-name="{name}" data-level="{level}" '
            f'tabindex="-1" '
            f'role="button" aria-label="{name}, {what}">{outline}'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT / 2 - 4:.1f}" fill="transparent"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#555555" fill-opacity="0.6"/></g>')


def _labels(board: Board) -> list[str]:
    """Column letters under the bottom row and row numbers left of the left side (level 1)."""
    labels = []
    for p in range(board.first_stack):
        _, c, r = board.positions[p]
        x, y = centre(board, p)
        if r == 1:
            labels.append(f'<text class="label" x="{x:.1f}" y="{y + UNIT / 2 + 14:.1f}" text-anchor="middle" '
                          f'font-size="12" fill="{PAINT["label"]}">{column_letters(c)}</text>')
        if c == 1:
            labels.append(f'<text class="label" x="{x - UNIT / 2 - 16:.1f}" y="{y + 4:.1f}" text-anchor="end" '
                          f'font-size="12" fill="{PAINT["label"]}">{r}</text>')
    return labels
