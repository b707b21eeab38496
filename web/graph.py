"""The game graph: Red's winning chance after every move, and the moves that threw it away.

Pure functions (tested on CPython, run by MicroPython on the page): which
moves are mistakes, and the chart as SVG text with one point per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import Colour

if TYPE_CHECKING:
    from collections.abc import Sequence

# A move is a mistake when its player's winning chance falls by more than this.
MISTAKE_DROP = 0.20
WIDTH, HEIGHT, PAD = 280.0, 90.0, 8.0


def mistakes(red_chances: Sequence[float | None], movers: Sequence[Colour]) -> dict[int, float]:
    """The moves whose player's chance fell by more than ``MISTAKE_DROP``, with the fall.

    ``red_chances[k]`` is Red's chance after ``k`` moves (``None`` while
    unknown) and ``movers[k - 1]`` who made move ``k``.

    >>> mistakes([0.5, 0.55, 0.2, 0.9], ["red", "blue", "red"])
    {3: 0.7}
    """
    found = {}
    for ply in range(1, len(red_chances)):
        before, after = red_chances[ply - 1], red_chances[ply]
        if before is None or after is None or ply > len(movers):
            continue
        fall = before - after if movers[ply - 1] == "red" else after - before
        if fall > MISTAKE_DROP:
            found[ply] = round(fall, 4)
    return found


def graph_svg(red_chances: Sequence[float | None], falls: dict[int, float], current: int) -> str:
    """The chart: Red's chance (top is Red certain to win) after each move.

    Every known move is a point ``<circle data-ply="k">`` with a title;
    mistakes are ``class="point mistake"``; the move on the board is
    ``current``.
    """
    moves = len(red_chances) - 1
    step = (WIDTH - 2 * PAD) / max(moves, 1)
    points = []
    for ply in range(1, moves + 1):
        chance = red_chances[ply]
        if chance is not None:
            y = HEIGHT - PAD - chance * (HEIGHT - 2 * PAD)  # Red certain to win at the top
            points.append((ply, PAD + step * (ply - 0.5), y, chance))
    middle = HEIGHT / 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
           'role="group" aria-label="Red\'s winning chance after each move">',
           f'<line class="even" x1="{PAD}" y1="{middle}" x2="{WIDTH - PAD}" y2="{middle}"/>']
    if len(points) > 1:
        line = " ".join(f"{x:.1f},{y:.1f}" for _, x, y, _ in points)
        out.append(f'<polyline class="trend" points="{line}" fill="none"/>')
    for ply, x, y, chance in points:
        classes = "point" + (" mistake" if ply in falls else "") + (" current" if ply == current else "")
        note = f", a mistake: the mover's chance fell {round(100 * falls[ply])} points" \
            if ply in falls else ""
        out.append(f'<circle class="{classes}" data-ply="{ply}" cx="{x:.1f}" cy="{y:.1f}" '
                   f'r="{5 if ply in falls else 3.5}" tabindex="-1" role="button" '
                   f'aria-label="Move {ply}: Red {round(100 * chance)}%{note}">'
                   f"<title>Move {ply}: Red {round(100 * chance)}%{note}</title></circle>")
    out.append("</svg>")
    return "".join(out)
