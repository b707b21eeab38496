"""A pure SVG picture of a Chase position: the one owner of its layout and its dice's look.

Row i is at the top, row a at the bottom, rows a, c, e, g, i half a hex to the
right. The glued border shows as a ghost column on each side: column 9 again
left of column 1 and column 1 again right of column 9, faded. The Chamber is
ringed. A white die is light with dark pips and a single rim; a black die is
dark with light pips and a double rim, so the two are told apart by more than
colour. A die on the board carries ``data-stone`` (its side).

Pages add their marks through the arguments: ``targets`` are the dice and
cells a click may choose (each a ``Target``), ``paths`` the moves to preview
(their paths across the glued border and off the reflecting rows, their bumps
and their captures), ``hint`` a move's path to mark.

>>> from chase.game import Game
>>> svg = board_svg(Game())
>>> svg.count('data-stone="white"'), svg.count('data-stone="black"'), svg.count('class="ghost"')
(9, 9, 18)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from chase.board import CHAMBER, ROWS, SIZE, name
from chase.data.picture_points import CELL_POINTS, GHOST_POINTS
from gamekit.value import Value

if TYPE_CHECKING:
    from chase.game import Game
    from chase.rules import Trace

SQRT3 = math.sqrt(3.0)
R = 20.0  # a cell's radius (centre to corner)
W = SQRT3 * R  # a cell's width
MARGIN = 26.0
PAINT = {"cell": "#e9e3d6", "cell-line": "#b9ae98", "paper": "#f9f6ef", "chamber": "#7b5ea7",
         "white": "#fbf8f1", "white-pip": "#1d1d1d", "black": "#262626", "black-pip": "#f4f1ea",
         "path": "#2f6fd4", "capture": "#c0392b", "hint": "#2e8b3a"}
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


class Target(Value):
    """A mark a click may choose: its ``name`` (the move builder's), the ``cell`` it sits on (or,
    for a pair of neighbours, the ``pair``'s other cell, drawn between them), words for
    screen readers and its kind (``"die"``, ``"cell"``, ``"pair"``)."""

    __slots__ = ("name", "cell", "pair", "label", "kind", "move")
    name: str
    cell: int
    pair: int
    label: str
    kind: str
    move: str

    def __init__(self, name: str, cell: int, label: str, kind: str = "cell", pair: int = -1, move: str = "") -> None:
        self._set("name", name)
        self._set("cell", cell)
        self._set("pair", pair)
        self._set("label", label)
        self._set("kind", kind)
        self._set("move", move)


def paint_properties() -> dict[str, str]:
    """The page's paint as this drawing has it, by the shell's names."""
    return {"red": "#d43a2f", "blue": "#2f6fd4", "cell": PAINT["cell"], "cell-line": PAINT["cell-line"],
            "win": "#f5c518", "win-line": "#7a5d00", "mark": "#ffffff", "paper": PAINT["paper"]}


def size() -> tuple[float, float]:
    """The picture's width and height."""
    return 2 * MARGIN + (SIZE + 2.5) * W, 2 * MARGIN + (SIZE - 1) * 1.5 * R + 2 * R + 12


def centre(index: int, ghost: int = 0) -> tuple[float, float]:
    """A cell's centre; ``ghost`` -1 or 1 draws it again a board's width to the left or right."""
    row, column = divmod(index, SIZE)
    shift = 0.5 if row % 2 == 0 else 0.0
    x = MARGIN + (column + 1 + shift + ghost * SIZE) * W + W / 2
    y = MARGIN + R + (SIZE - 1 - row) * 1.5 * R
    return x, y


_CORNERS = tuple((math.cos(math.pi * (i + 0.5) / 3), math.sin(math.pi * (i + 0.5) / 3)) for i in range(6))  # unit


def _hexagon(x: float, y: float, radius: float) -> str:
    points = []
    for cos, sin in _CORNERS:
        points.append(f"{x + radius * cos:.1f},{y + radius * sin:.1f}")
    return " ".join(points)


def computed_points() -> tuple[tuple[str, ...], dict[int, str]]:
    """The corners of every cell's hexagon as ``board_svg`` draws them (its ``points``), and of
    each edge cell's ghost across the glued border, by cell. ``board_svg`` reads them from
    ``chase/data/picture_points.py``, which ``python -m chase.data`` writes from this (a test
    checks the two agree), so that no picture formats their 1,188 numbers again."""
    cells = tuple(_hexagon(*centre(index), R - 1) for index in range(SIZE * SIZE))
    ghosts = {index: _hexagon(*centre(index, 1 if index % SIZE == 0 else -1), R - 1)
              for index in range(SIZE * SIZE) if index % SIZE in (0, SIZE - 1)}
    return cells, ghosts


def die_svg(side: str, value: int, x: float, y: float, extra: str = "") -> str:
    """One die at ``(x, y)``: its body, rim (double for black) and pips."""
    h = R * 0.62
    body, pip = PAINT[side], PAINT[side + "-pip"]
    parts = [f'<g class="die" data-value="{value}"{extra}>',
             f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" rx="4" '
             f'fill="{body}" stroke="#1d1d1d" stroke-width="1.4"/>']
    if side == "black":
        g = h - 2.6
        parts.append(f'<rect x="{x - g:.1f}" y="{y - g:.1f}" width="{2 * g:.1f}" height="{2 * g:.1f}" rx="2.5" '
                     f'fill="none" stroke="{pip}" stroke-width="0.9"/>')
    spread = h * 0.52
    for dx, dy in PIPS[value]:
        parts.append(f'<circle cx="{x + dx * spread:.1f}" cy="{y + dy * spread:.1f}" r="{h * 0.17:.1f}" '
                     f'fill="{pip}"/>')
    parts.append("</g>")
    return "".join(parts)


def die_icon(side: str, value: int) -> str:
    """A die as a small stand-alone SVG (for buttons and legends)."""
    return (f'<svg class="die-icon" viewBox="{-R:.0f} {-R:.0f} {2 * R:.0f} {2 * R:.0f}" width="28" height="28" '
            f'aria-hidden="true">{die_svg(side, value, 0, 0)}</svg>')


TURNED = ' data-turned="1"'  # the mark of a drawing turned round


def board_svg(game: Game, targets: tuple[Target, ...] = (), paths: tuple[tuple[int, Trace], ...] = (),
              hint: tuple[int, Trace] | None = None, standalone: bool = False, turned: bool = False) -> str:
    """The position of ``game`` as an SVG document, with the page's ``targets``, previewed
    ``paths`` (start, trace) and ``hint``; ``standalone``: painted without the page's colours;
    ``turned``: turned round, black's home row at the bottom (the dice, the Chamber and the
    exchange mark read the same either way up; the coordinates stay upright)."""
    width, height = size()
    cell_paint = PAINT["cell"] if standalone else "var(--cell)"
    line_paint = PAINT["cell-line"] if standalone else "var(--cell-line)"
    cells = game.cells
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
             f'aria-label="Chase board: {game.status()}"{TURNED if turned else ""}>',
             f'<rect class="panel" width="{width:.0f}" height="{height:.0f}" rx="{R:.0f}" fill="{PAINT["paper"]}"/>',
             f'<g transform="rotate(180 {width / 2:.1f} {_middle():.1f})">' if turned else "<g>"]
    for index in range(SIZE * SIZE):
        if index == CHAMBER:
            x, y = centre(index)
            parts.append(f'<polygon class="cell chamber" points="{CELL_POINTS[index]}" fill="{cell_paint}" '
                         f'stroke="{PAINT["chamber"]}" stroke-width="3.5"/>'
                         f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R * 0.35:.1f}" fill="none" '
                         f'stroke="{PAINT["chamber"]}" stroke-width="2"/>')
        else:
            parts.append(f'<polygon class="cell" points="{CELL_POINTS[index]}" fill="{cell_paint}" '
                         f'stroke="{line_paint}"/>')
    for index in range(SIZE * SIZE):
        column = index % SIZE
        if column in (0, SIZE - 1):  # the glued border: each edge column again beyond the other edge
            die = ""
            if cells[index]:
                side = "white" if cells[index] > 0 else "black"
                die = die_svg(side, abs(cells[index]), *centre(index, 1 if column == 0 else -1))
            parts.append(f'<g class="ghost" opacity="0.35" aria-hidden="true">'
                         f'<polygon points="{GHOST_POINTS[index]}" fill="{cell_paint}" stroke="{line_paint}" '
                         f'stroke-dasharray="3 2"/>{die}</g>')
    last = game.history[-1] if game.history and game.resigned is None else None
    marked = {t.cell: t for t in targets if t.kind in ("die", "chosen")}
    for index in range(SIZE * SIZE):
        code = cells[index]
        if not code or index in marked:
            continue
        side = "white" if code > 0 else "black"
        x, y = centre(index)
        parts.append(die_svg(side, abs(code), x, y, f' data-stone="{side}" aria-label="{_die_words(index, code)}"'))
    if last is not None and not last.move.is_exchange:  # where the last die came from, and where it went
        for where, kind, dashes in ((last.move.start, "last from", "2 3"), (last.move.to, "last", "4 3")):
            x, y = centre(where)
            parts.append(f'<circle class="{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{R - 3:.1f}" fill="none" '
                         f'stroke="{PAINT["hint"]}" stroke-width="2" stroke-dasharray="{dashes}"/>')
    for start, trace in paths:
        parts.append(path_svg(start, trace, "preview"))
    if hint is not None:
        parts.append(path_svg(hint[0], hint[1], "hint-path"))
    # the exchange marks last, over the destinations beside them: each takes its own clicks
    for target in sorted(targets, key=lambda t: t.kind == "pair"):
        parts.append(_target(target, cells))
    parts.append("</g>")
    parts.extend(_labels(turned))
    parts.append("</svg>")
    return "".join(parts)


def _die_words(index: int, code: int) -> str:
    return f"{'white' if code > 0 else 'black'} {abs(code)} on {name(index)}"


def _middle() -> float:
    """The height of the board's middle row, about which a drawing turned round is turned (the
    rows keep their places, the labels below theirs)."""
    return (centre(0)[1] + centre(SIZE * SIZE - 1)[1]) / 2


def _labels(turned: bool) -> list[str]:
    """Row letters at the left, column numbers below, beside their cells as the board is drawn
    (``turned`` round or not)."""
    width, _ = size()
    found = []
    for row in range(SIZE):
        _, y = centre(row * SIZE)
        y = 2 * _middle() - y if turned else y
        found.append(f'<text x="{MARGIN * 0.45:.1f}" y="{y + 4:.1f}" font-size="11" fill="#5a5346" '
                     f'text-anchor="middle">{ROWS[row]}</text>')
    _, bottom = centre(0)
    for column in range(SIZE):
        x, _ = centre(column)
        x = width - x if turned else x
        found.append(f'<text x="{x:.1f}" y="{bottom + R + 12:.1f}" font-size="11" fill="#5a5346" '
                     f'text-anchor="middle">{column + 1}</text>')
    return found


def _target(target: Target, cells: list[int]) -> str:
    """A target: a circle that takes the click, the hint and the focus ring, over what it marks
    (a ``chosen`` die is only ringed: it is no target)."""
    if target.kind == "chosen":
        x, y = centre(target.cell)
        code = cells[target.cell]
        side = "white" if code > 0 else "black"
        die = die_svg(side, abs(code), x, y, ' data-stone="' + side + '"')
        return (f'<g class="chosen" aria-label="{target.label}">{die}<circle cx="{x:.1f}" cy="{y:.1f}" '
                f'r="{R * 0.86:.1f}" fill="none" stroke="{PAINT["path"]}" stroke-width="3"/></g>')
    if target.kind == "pair":
        (x1, y1), (x2, y2) = centre(target.cell), _near(target.cell, target.pair)
        x, y, radius = (x1 + x2) / 2, (y1 + y2) / 2, R * 0.42
    else:
        x, y = centre(target.cell)
        radius = R * 0.86
    move = f' data-move="{target.move}"' if target.move else ""
    inner = ""
    if target.kind == "die":
        code = cells[target.cell]
        side = "white" if code > 0 else "black"
        inner = die_svg(side, abs(code), x, y, f' data-stone="{side}" pointer-events="none"')
    elif target.kind == "pair":
        inner = (f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" text-anchor="middle" fill="#1d1d1d" '
                 'pointer-events="none">⇄</text>')
    fill = "transparent" if target.kind == "die" else "var(--win)"
    opacity = "" if target.kind == "die" else ' fill-opacity="0.45"'
    return (f'<g class="target {target.kind}" data-cell="{target.name}"{move} tabindex="-1" role="button" '
            f'aria-label="{target.label}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}"{opacity} '
            f'stroke="{PAINT["path"]}" stroke-width="1.5"/>{inner}</g>')


def _near(a: int, b: int) -> tuple[float, float]:
    """Where ``b`` is drawn beside ``a``: itself, or its ghost across the glued border."""
    ax, _ = centre(a)
    best = centre(b)
    for ghost in (-1, 1):
        x, y = centre(b, ghost)
        if abs(x - ax) < abs(best[0] - ax):
            best = (x, y)
    return best


def path_svg(start: int, trace: Trace, kind: str) -> str:
    """A move's path from ``start`` through ``trace.path`` (broken where it crosses the glued
    border: it leaves towards the ghost column and comes in from the other), its bumps as
    arrows, captures crossed out and the Chamber's exits."""
    paint = PAINT["hint"] if kind == "hint-path" else PAINT["path"]
    segments: list[list[tuple[float, float]]] = [[centre(start)]]
    here = start
    for cell in trace.path:
        near = _near(here, cell)
        if near != centre(cell):  # across the border: finish at the ghost, start again from here's ghost
            segments[-1].append(near)
            segments.append([_near(cell, here), centre(cell)])
        else:
            segments[-1].append(near)
        here = cell
    parts = [f'<g class="{kind}" pointer-events="none">']
    for points in segments:
        joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{joined}" fill="none" stroke="{paint}" stroke-width="2.5" '
                     f'stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>')
    for source, to in trace.bumps:
        (x1, y1), (x2, y2) = centre(source), _near(source, to)
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{paint}" '
                     'stroke-width="2" stroke-dasharray="3 2"/>'
                     f'<circle cx="{x2:.1f}" cy="{y2:.1f}" r="3" fill="{paint}"/>')
    for cell, _ in trace.exits:
        (x1, y1), (x2, y2) = centre(CHAMBER), centre(cell)
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{PAINT["chamber"]}" '
                     'stroke-width="2"/>')
    for cell, _ in trace.captured:
        x, y = centre(cell)
        d = R * 0.55
        parts.append(f'<path d="M{x - d:.1f},{y - d:.1f}L{x + d:.1f},{y + d:.1f}M{x + d:.1f},{y - d:.1f}'
                     f'L{x - d:.1f},{y + d:.1f}" stroke="{PAINT["capture"]}" stroke-width="3"/>')
    parts.append("</g>")
    return "".join(parts)
