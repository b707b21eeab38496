"""The game graph, for every game: the first player's winning chance after every move, and
the moves that threw it away.

Pure functions (tested on CPython, run by MicroPython on the page): which
moves are mistakes, and the chart as SVG text with one point per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

# A move is a mistake when its player's winning chance falls by more than this.
MISTAKE_DROP = 0.20
# The chart's size (it is drawn at the panel's width, so about as tall in pixels),
# its margin, the room on the left for the axis' labels and above for the player's name.
WIDTH, HEIGHT, PAD, AXIS, NAME = 280.0, 160.0, 10.0, 34.0, 16.0


def mistakes(first_chances: Sequence[float | None], movers: Sequence[int]) -> dict[int, float]:
    """The moves whose player's chance fell by more than ``MISTAKE_DROP``, with the fall.

    ``first_chances[k]`` is the first player's chance after ``k`` moves (``None``
    while unknown) and ``movers[k - 1]`` the player (0 first, 1 second) who made move ``k``.

    >>> mistakes([0.5, 0.55, 0.9, 0.2], [0, 1, 0])
    {2: 0.35, 3: 0.7}
    """
    found = {}
    for ply in range(1, len(first_chances)):
        before, after = first_chances[ply - 1], first_chances[ply]
        if before is None or after is None or ply > len(movers):
            continue
        fall = before - after if movers[ply - 1] == 0 else after - before
        if fall > MISTAKE_DROP:
            found[ply] = round(fall, 4)
    return found


def graph_svg(first_chances: Sequence[float | None], falls: dict[int, float], current: int,
              first: str) -> str:
    """The chart: the chance of the first player (``first`` names it; top is that player
    certain to win) at the start and after each move, against a labelled axis of 0, 50
    and 100%.

    Every known position is a point ``<circle data-ply="k">`` (``k`` moves
    played, the start ``0``) with a title; mistakes are ``class="point
    mistake"``; the position on the board is ``current``.
    """
    moves = len(first_chances) - 1
    left, right = PAD + AXIS, WIDTH - PAD
    step = (right - left) / max(moves, 1)
    points = []
    for ply in range(moves + 1):
        chance = first_chances[ply]
        if chance is not None:
            y = HEIGHT - PAD - chance * (HEIGHT - 2 * PAD - NAME)  # the first player certain to win at the top
            points.append((ply, left + step * ply, y, chance))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
           f'role="group" aria-label="{first}\'s winning chance at the start and after each move">',
           f'<line class="axis" x1="{left}" y1="{PAD + NAME}" x2="{left}" y2="{HEIGHT - PAD}"/>']
    for share in (1.0, 0.5, 0.0):
        y = HEIGHT - PAD - share * (HEIGHT - 2 * PAD - NAME)
        out.append(f'<line class="{"even" if share == 0.5 else "tick"}" x1="{left}" y1="{y}" x2="{right}" y2="{y}"/>'
                   f'<text class="axis-label" x="{left - 4}" y="{y}" text-anchor="end" '
                   f'dominant-baseline="middle">{round(100 * share)}%</text>')
    # the player's name above the chart, clear of the axis' labels
    out.append(f'<text class="axis-label" x="{left}" y="{PAD}" dominant-baseline="hanging">{first}</text>')
    if len(points) > 1:
        line = " ".join(f"{x:.1f},{y:.1f}" for _, x, y, _ in points)
        out.append(f'<polyline class="trend" points="{line}" fill="none"/>')
    for ply, x, y, chance in points:
        classes = "point" + (" mistake" if ply in falls else "") + (" current" if ply == current else "")
        note = f", a mistake: the mover's chance fell {round(100 * falls[ply])} points" \
            if ply in falls else ""
        name = "The start" if ply == 0 else f"Move {ply}"
        out.append(f'<circle class="{classes}" data-ply="{ply}" cx="{x:.1f}" cy="{y:.1f}" '
                   f'r="{5 if ply in falls else 3.5}" tabindex="-1" role="button" '
                   f'aria-label="{name}: {first} {round(100 * chance)}%{note}">'
                   f"<title>{name}: {first} {round(100 * chance)}%{note}</title></circle>")
    out.append("</svg>")
    return "".join(out)
