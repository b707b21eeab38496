"""The board as an electrical circuit (the Hexy / Wolve evaluation), in pure Python.

For one player, its two edges are the poles of a one-volt source; an own
stone is a near-perfect conductor, an empty cell a unit resistor, an
opponent stone an open circuit, and neighbouring cells are joined through
both cells' resistances. The current through a cell says how much of the
player's connection runs there: the search uses it as prior knowledge of
where the game is decided. A heuristic only: in Cachex stones come and go.

The cells are numbered row by row, so every neighbour lies within ``n``
places of a cell and the circuit's equations form a band matrix: banded
elimination solves them in about ``n^4`` steps, without numpy.

>>> from cachex.geometry import Geometry
>>> geo = Geometry.of(3)
>>> board = bytearray(9); board[1] = board[4] = 1  # Red's b1 and b2
>>> resistance, flow = circuit(board, geo, 1)
>>> round(resistance, 2) < 1.0, max(range(9), key=lambda c: flow[c] if not board[c] else 0)
(True, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import EMPTY, opponent
from cachex.geometry import FIRST_EDGE, SECOND_EDGE

if TYPE_CHECKING:
    from cachex.geometry import Geometry

OWN = 0.01  # an own stone's resistance; an empty cell's is 1
LEAK = 1e-9  # a tiny conductance to ground, so that cut-off parts still have a voltage
FAR = 1e9  # the resistance of a circuit with no path
CUT = 1e-6  # less current than this is only the leak: no path (a path carries at least 1 / size)


def circuit(board: bytes | bytearray, geo: Geometry, colour: int) -> tuple[float, list[float]]:
    """``colour``'s circuit: its resistance between the edges, and the current through each cell
    (as a share of the whole current: one on a cell every path crosses)."""
    n, size = geo.n, geo.size
    opp = opponent(colour)
    neighbours = geo.neighbours
    bits = geo.edge_bits[colour]
    resist = [OWN if s == colour else 1.0 if s == EMPTY else 0.0 for s in board]
    width = 2 * n + 1  # row i holds columns i - n .. i + n
    rows = [[0.0] * width for _ in range(size)]
    rhs = [0.0] * size
    source = [0.0] * size
    sink = [0.0] * size
    for c in range(size):
        row = rows[c]
        if board[c] == opp:
            row[n] = 1.0  # cut off: a voltage of its own, joined to nothing
            continue
        diagonal = LEAK
        for nb in neighbours[c]:
            if board[nb] != opp:
                g = 1.0 / (resist[c] + resist[nb])
                row[nb - c + n] = -g
                diagonal += g
        if bits[c] & FIRST_EDGE:
            source[c] = 1.0 / resist[c]
        if bits[c] & SECOND_EDGE:
            sink[c] = 1.0 / resist[c]
        row[n] = diagonal + source[c] + sink[c]
        rhs[c] = source[c]
    volts = _solve_band(rows, rhs, n)
    current = sum(source[c] * (1.0 - volts[c]) for c in range(size))
    if current < CUT:
        return FAR, [0.0] * size
    flow = [0.0] * size
    for c in range(size):
        if board[c] == opp:
            continue
        v = volts[c]
        through = source[c] * (1.0 - v) + sink[c] * v
        for nb in neighbours[c]:
            if board[nb] != opp:
                through += abs(v - volts[nb]) / (resist[c] + resist[nb])
        flow[c] = 0.5 * through / current
    return 1.0 / current, flow


def _solve_band(rows: list[list[float]], rhs: list[float], n: int) -> list[float]:
    """Solve the band system in place: ``rows[i][j - i + n]`` is the coefficient of unknown ``j``.

    Gaussian elimination without pivoting, sound here: the matrix is
    symmetric and diagonally dominant (a circuit's conductances).
    """
    size = len(rows)
    for i in range(size):
        top = rows[i]
        pivot = top[n]
        last = min(size, i + n + 1)
        for r in range(i + 1, last):
            below = rows[r]
            f = below[i - r + n]
            if f == 0.0:
                continue
            f /= pivot
            shift = r - i  # column j is top[j - i + n] and below[j - r + n]
            for k in range(n, n + last - i):
                below[k - shift] -= f * top[k]
            rhs[r] -= f * rhs[i]
    volts = [0.0] * size
    for i in range(size - 1, -1, -1):
        row = rows[i]
        total = rhs[i]
        for j in range(i + 1, min(size, i + n + 1)):
            total -= row[j - i + n] * volts[j]
        volts[i] = total / row[n]
    return volts
