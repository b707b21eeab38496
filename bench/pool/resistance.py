"""Resistance style: the Hexy / Wolve evaluation.

For each player the board is an electrical circuit between its two edges:
an own stone is a near-perfect conductor, an empty cell a unit resistor, an
opponent stone an open circuit; neighbouring cells are joined through both
cells' resistances. The evaluation is ``log(R_them / R_us)`` of the two
circuits' resistances, plus the stone balance; moves are ordered by the
current that flows through each empty cell in both circuits (where the
connection runs, for either player). The circuits are solved with numpy. As
a referee agent: ``python -m referee 9 bench.pool.resistance cachex.agent``.
"""

from __future__ import annotations

import math
import os

# One thread for the solver: the match counts CPU time, and more threads on
# these small systems only spin (seen: 7 s of CPU for 0.3 s asked).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt

from bench.pool.engine import Style
from bench.pool.player import PoolPlayer
from cachex.colours import EMPTY, opponent
from cachex.geometry import FIRST_EDGE, SECOND_EDGE, Geometry

OWN = 0.01  # an own stone's resistance; an empty cell's is 1
LEAK = 1e-9  # a tiny conductance to ground, so that cut-off parts still have a voltage
FAR = 1e9  # the resistance of a circuit with no path

Floats = npt.NDArray[np.float64]
_PAIRS: dict[int, tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]] = {}


def _pairs(geo: Geometry) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Every pair of neighbouring cells once, as two index arrays."""
    pairs = _PAIRS.get(geo.n)
    if pairs is None:
        found = [(c, nb) for c in range(geo.size) for nb in geo.neighbours[c] if nb > c]
        pairs = _PAIRS[geo.n] = (np.array([a for a, _ in found], dtype=np.intp),
                                 np.array([b for _, b in found], dtype=np.intp))
    return pairs


def circuit(board: bytes | bytearray, geo: Geometry, colour: int) -> tuple[float, Floats]:
    """``colour``'s circuit: its resistance between the edges and the current through each cell."""
    stones = np.frombuffer(bytes(board), dtype=np.uint8)
    with np.errstate(divide="ignore"):
        resist = np.where(stones == colour, OWN, np.where(stones == EMPTY, 1.0, np.inf))
        u, v = _pairs(geo)
        g = 1.0 / (resist[u] + resist[v])
        bits = np.array(geo.edge_bits[colour], dtype=np.intp)
        source = np.where(bits & FIRST_EDGE, 1.0 / resist, 0.0)
        sink = np.where(bits & SECOND_EDGE, 1.0 / resist, 0.0)
    size = geo.size
    matrix = np.zeros((size, size))
    matrix[u, v] = -g
    matrix[v, u] = -g
    diagonal = np.bincount(u, g, size) + np.bincount(v, g, size) + source + sink + LEAK
    matrix[np.arange(size), np.arange(size)] = diagonal
    volts = np.linalg.solve(matrix, source)
    current = float(np.sum(source * (1.0 - volts)))
    through = np.abs(volts[u] - volts[v]) * g
    flow = 0.5 * (np.bincount(u, through, size) + np.bincount(v, through, size)
                  + source * (1.0 - volts) + sink * volts)
    return (1.0 / current if current > 1.0 / FAR else FAR), flow


class Resistance(Style):
    """The log ratio of both players' circuit resistances."""

    name = "resistance"
    width = 10
    material_weight = 0.1

    def evaluate(self, board: bytes | bytearray, geo: Geometry, me: int) -> float:
        mine, _ = circuit(board, geo, me)
        theirs, _ = circuit(board, geo, opponent(me))
        return math.log(theirs / mine)

    def order(self, board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
        _, mine = circuit(board, geo, me)
        _, theirs = circuit(board, geo, opponent(me))
        total = mine + theirs
        cells = [c for c in range(geo.size) if board[c] == EMPTY]
        cells.sort(key=lambda c: -float(total[c]))
        return cells


class Player(PoolPlayer):
    """The resistance style as a referee agent."""

    style = Resistance()
