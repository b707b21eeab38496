"""A pure SVG picture of a 42-cluster position: the one owner of its layout and its chips' look.

The board is drawn turned so that gravity points down the screen (gravity 3
is the board as ``cluster42.board`` lays it out: columns ``q`` upright, ``r``
growing downwards). A chip on the board carries ``data-stone``, its owner's
side ("1" or "2"). Each chip value has its colour and its own symbol, so no
two values are told apart by colour alone. Around the board are the moves of
the player to move: a target above each open line (``data-cell="line POS"``,
``data-move`` the drop of the ``selected`` chip) and, with two chips drawn,
an arrow at each of the six corners (``data-cell="gravity G"``) that turns
gravity there. With ``animate`` the last move is shown happening: the board
turns from the old gravity, then the chips fall (not where the reader asks
for reduced motion).

>>> from cluster42.game import Game
>>> svg = board_svg(Game.from_fragment("cluster42.3.s7.0c1"))
>>> svg.count('data-cell="line '), svg.count('data-cell="gravity '), svg.count('class="chip"')
(5, 6, 1)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cluster42.board import DIRECTIONS, Board
from cluster42.rules import EMPTY, fall_origins

if TYPE_CHECKING:
    from cluster42.game import Game

SQRT3 = math.sqrt(3.0)
R = 20.0  # a cell's radius (centre to corner)
# Each player's colours and symbols, by the chip's place among the player's values.
COLOURS = (("#d43a2f", "#b86e00", "#c2407f"), ("#2f6fd4", "#0f7f77", "#7a4fd0"))
SYMBOLS = (("circle", "triangle", "star"), ("square", "diamond", "plus"))
COLOUR_NAMES = (("red", "amber", "pink"), ("blue", "teal", "violet"))
PAINT = {"cell": "#e9e3d6", "cell-line": "#b9ae98", "win": "#f5c518", "win-line": "#7a5d00", "paper": "#f9f6ef"}
TURN_SECONDS = 0.45
FALL_SECONDS = 0.35

STYLE = (
    "<style>"
    "@media (prefers-reduced-motion: no-preference) {"
    ".c42-turning { animation: c42-turn " + str(TURN_SECONDS) + "s ease-in-out both; }"
    ".c42-falling { animation: c42-fall " + str(FALL_SECONDS) + "s ease-in both; animation-delay: var(--delay, 0s); }"
    "}"
    "@keyframes c42-turn { from { transform: rotate(var(--from-turn)); } }"
    "@keyframes c42-fall { from { transform: translate(var(--dx), var(--dy)); } }"
    "</style>"
)


def paint_properties() -> dict[str, str]:
    """The page's paint as this drawing has it, by the shell's names."""
    return {"red": COLOURS[0][0], "blue": COLOURS[1][0], "cell": PAINT["cell"], "cell-line": PAINT["cell-line"],
            "win": PAINT["win"], "win-line": PAINT["win-line"], "mark": "#ffffff", "paper": PAINT["paper"]}


def chip_look(value: int, per_player: int) -> tuple[str, str, str]:
    """A chip value's colour, symbol and colour name."""
    player, place = divmod(value, per_player)
    return COLOURS[player][place], SYMBOLS[player][place], COLOUR_NAMES[player][place]


# Each symbol as a character, for words beside the drawing.
GLYPHS = {"circle": "●", "triangle": "▲", "star": "★", "square": "■", "diamond": "◆", "plus": "✚"}
# The arrow of a rotation as the board shows it, by how far (in sixths of a turn) the new
# gravity lies from the gravity drawn down the screen.
ARROWS = "↓↙↖↑↗↘"


def chip_glyph(value: int, per_player: int) -> str:
    """A chip's symbol as a character ("▲"): each chip value has its own."""
    return GLYPHS[chip_look(value, per_player)[1]]


def chip_words(value: int, per_player: int) -> str:
    """A chip as the page shows it, in a sentence: "amber ▲"."""
    return f"{chip_look(value, per_player)[2]} {chip_glyph(value, per_player)}"


def arrow(gravity: int, drawn_down: int) -> str:
    """The arrow that turns gravity to ``gravity`` on a board drawn with ``drawn_down`` down."""
    return ARROWS[(gravity - drawn_down) % 6]


def chip_name(value: int, per_player: int) -> str:
    """A chip in words: "chip 1 (amber triangle)"."""
    _, symbol, name = chip_look(value, per_player)
    return f"chip {value} ({name} {symbol})"


def pixels(q: float, r: float) -> tuple[float, float]:
    """Where cube coordinates ``(q, r, -q-r)`` (or a step by them) fall with gravity 3 down."""
    return 1.5 * R * q, SQRT3 * R * (r + q / 2)


def centre(board: Board, cell: int) -> tuple[float, float]:
    """A cell's centre with gravity 3 down, the board's middle at the origin."""
    q, r, _ = board.cells[cell]
    return pixels(q, r)


def turn_angle(gravity: int) -> int:
    """The degrees the board is turned by so that ``gravity`` points down the screen."""
    return (3 - gravity) * 60


def _turned(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def extent(board: Board) -> float:
    """Half the picture's width (and height): the board, the line targets and the arrows."""
    return SQRT3 * R * (board.size - 1) + 4.2 * R


_CORNERS = tuple((math.cos(math.pi * i / 3), math.sin(math.pi * i / 3)) for i in range(6))  # a hexagon's, unit


def _hexagon(x: float, y: float, radius: float) -> str:
    points = []
    for cos, sin in _CORNERS:
        points.append(f"{x + radius * cos:.1f},{y + radius * sin:.1f}")
    return " ".join(points)


def _symbol(kind: str, size: float, fill: str) -> str:
    """A chip's symbol around the origin."""
    s = size
    if kind == "circle":
        return f'<circle r="{s * 0.8:.1f}" fill="{fill}"/>'
    if kind == "square":
        corner, side = -s * 0.75, s * 1.5
        return f'<rect x="{corner:.1f}" y="{corner:.1f}" width="{side:.1f}" height="{side:.1f}" fill="{fill}"/>'
    if kind == "triangle":
        w, h = s * 0.9, s * 0.65
        return f'<polygon points="0,{-s:.1f} {w:.1f},{h:.1f} {-w:.1f},{h:.1f}" fill="{fill}"/>'
    if kind == "diamond":
        return f'<polygon points="0,{-s:.1f} {s * 0.8:.1f},0 0,{s:.1f} {-s * 0.8:.1f},0" fill="{fill}"/>'
    if kind == "plus":
        w = s * 0.35
        return (f'<path d="M{-w:.1f},{-s:.1f}h{2 * w:.1f}v{s - w:.1f}h{s - w:.1f}v{2 * w:.1f}h{w - s:.1f}'
                f'v{s - w:.1f}h{-2 * w:.1f}v{w - s:.1f}h{w - s:.1f}v{-2 * w:.1f}h{s - w:.1f}z" fill="{fill}"/>')
    points = []
    for i in range(10):
        radius = s if i % 2 == 0 else s * 0.45
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{radius * math.cos(angle):.1f},{radius * math.sin(angle):.1f}")
    joined = " ".join(points)
    return f'<polygon points="{joined}" fill="{fill}"/>'


def chip_svg(value: int, per_player: int, x: float = 0.0, y: float = 0.0, extra: str = "") -> str:
    """One chip at ``(x, y)``: its colour, a dark rim and its symbol in white."""
    colour, symbol, _ = chip_look(value, per_player)
    return (f'<g class="chip" data-value="{value}" transform="translate({x:.1f},{y:.1f})"{extra}>'
            f'<circle r="{R * 0.8:.1f}" fill="{colour}" stroke="#1d1d1d" stroke-width="1.2"/>'
            f'{_symbol(symbol, R * 0.42, "#ffffff")}</g>')


def chip_icon(value: int, per_player: int) -> str:
    """A chip as a small stand-alone SVG (for buttons and legends)."""
    return (f'<svg class="chip-icon" viewBox="{-R:.0f} {-R:.0f} {2 * R:.0f} {2 * R:.0f}" width="28" height="28" '
            f'aria-hidden="true">{chip_svg(value, per_player)}</svg>')


def board_svg(game: Game, marks: bool = True, selected: int | None = None, animate: bool = False,
              standalone: bool = False) -> str:
    """The position of ``game`` as an SVG document; ``marks``: the moves of the player to move,
    the lines dropping ``selected`` (the first chip drawn by default); ``standalone``: painted
    without the page's colours (for a file)."""
    board = game.board
    cells = game.cells
    half = extent(board)
    angle = turn_angle(game.gravity)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-half:.0f} {-half:.0f} {2 * half:.0f} '
             f'{2 * half:.0f}" role="img" aria-label="42-cluster board, edge {board.size}, gravity {game.gravity}">',
             STYLE, f'<rect class="panel" x="{-half:.0f}" y="{-half:.0f}" width="{2 * half:.0f}" '
             f'height="{2 * half:.0f}" rx="{R:.0f}" fill="{PAINT["paper"]}"/>']
    origins: dict[int, tuple[float, float]] = {}
    turn_from = None
    last = game.history[-1] if game.history else None
    if animate and last is not None and game.resigned is None:
        before = game.copy()
        before.undo()
        if last.move.is_rotation:
            turn_from = turn_angle(before.gravity)
            for new, old in fall_origins(board, before.cells, game.gravity).items():
                origins[new] = centre(board, old)
        else:
            line = board.line(game.gravity, last.move.pos)
            x, y = centre(board, line[-1])
            step = pixels(DIRECTIONS[game.gravity][0], DIRECTIONS[game.gravity][1])
            origins[last.cell] = (x - step[0], y - step[1])
    style = f' style="transform: rotate({angle}deg)"'
    if turn_from is not None and turn_from != angle:
        style = f' class="c42-turning" style="transform: rotate({angle}deg); --from-turn: {turn_from}deg"'
    parts.append(f"<g{style}>")
    winning = set(game.outcome.cells) if game.outcome is not None else set()
    cell_paint = PAINT["cell"] if standalone else "var(--cell)"
    line_paint = PAINT["cell-line"] if standalone else "var(--cell-line)"
    for i in range(board.count):
        x, y = centre(board, i)
        stroke = f'stroke="{PAINT["win-line"]}" stroke-width="4"' if i in winning else f'stroke="{line_paint}"'
        parts.append(f'<polygon class="cell" points="{_hexagon(x, y, R - 1)}" fill="{cell_paint}" {stroke}/>')
    delay = TURN_SECONDS if turn_from is not None and turn_from != angle else 0.0
    for i in range(board.count):
        value = cells[i]
        if value == EMPTY:
            continue
        x, y = centre(board, i)
        extra = ""
        if i in origins:
            ox, oy = origins[i]
            if (ox, oy) != (x, y):
                extra = (f' style="--dx: {ox - x:.1f}px; --dy: {oy - y:.1f}px; --delay: {delay:.2f}s"')
        label = chip_name(value, game.per_player) + (", in the winning run" if i in winning else "")
        side = value // game.per_player + 1
        chip = chip_svg(value, game.per_player, x, y, f' data-stone="{side}" aria-label="{label}"')
        if extra:
            chip = f'<g class="c42-falling"{extra}>{chip}</g>'
        parts.append(chip)
        if last is not None and i == last.cell:
            parts.append(f'<circle class="last" cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#ffffff" '
                         'stroke="#1d1d1d" stroke-width="1"/>')
    parts.append("</g>")
    if marks and game.outcome is not None:
        marks = False
    drawn = game.draw
    if marks and drawn:
        dropped = selected if selected is not None and selected in drawn else drawn[0]
        parts.extend(_line_targets(game, dropped, angle))
        if len(drawn) == 2:
            parts.extend(_turn_targets(game, angle))
    parts.append("</svg>")
    return "".join(parts)


def _line_targets(game: Game, chip: int, angle: int) -> list[str]:
    """A target beyond the rim of each open line, numbered with its ``POS``."""
    board = game.board
    g = game.gravity
    step = pixels(DIRECTIONS[g][0], DIRECTIONS[g][1])
    found = []
    for pos in board.positions():
        line = board.line(g, pos)
        if game.cells[line[-1]] != EMPTY:
            continue
        x, y = centre(board, line[-1])
        sx, sy = _turned(x - step[0], y - step[1], angle)
        move = f"drop {pos} {chip}"
        found.append(f'<g class="target line" data-cell="line {pos}" data-move="{move}" tabindex="-1" role="button" '
                     f'aria-label="Drop {chip_name(chip, game.per_player)} at line {pos}">'
                     f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{R * 0.72:.1f}" fill="var(--cell)" '
                     f'stroke="var(--cell-line)" stroke-width="1.5"/>'
                     f'<text x="{sx:.1f}" y="{sy + 4:.1f}" text-anchor="middle" font-size="11" '
                     f'fill="#333333" pointer-events="none">{pos}</text></g>')
    return found


def _turn_targets(game: Game, angle: int) -> list[str]:
    """An arrow beyond each corner of the board: turn gravity towards it."""
    board = game.board
    radius = SQRT3 * R * (board.size - 1) + 3.2 * R
    found = []
    for g in range(6):
        screen = math.radians(90 + (g - game.gravity) * 60)
        x, y = radius * math.cos(screen), radius * math.sin(screen)
        ux, uy = math.cos(screen), math.sin(screen)
        px, py = -uy, ux
        tip = (x + ux * 10, y + uy * 10)
        base = (x + ux * 1, y + uy * 1)
        left = (base[0] + px * 6, base[1] + py * 6)
        right = (base[0] - px * 6, base[1] - py * 6)
        tail = (x - ux * 9, y - uy * 9)
        words = "keep gravity" if g == game.gravity else f"turn gravity to {g}"
        found.append(f'<g class="target turn" data-cell="gravity {g}" data-move="rotate {g}" tabindex="-1" '
                     f'role="button" aria-label="Rotate: {words}, discarding both chips">'
                     f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R * 0.8:.1f}" fill="var(--cell)" '
                     f'stroke="var(--cell-line)" stroke-width="1.5"/>'
                     f'<path d="M{tail[0]:.1f},{tail[1]:.1f}L{base[0]:.1f},{base[1]:.1f}" stroke="#333333" '
                     'stroke-width="3" pointer-events="none"/>'
                     f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
                     f'{right[0]:.1f},{right[1]:.1f}" fill="#333333" pointer-events="none"/></g>')
    return found
