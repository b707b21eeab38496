"""The circuit evaluation: its band solver against a plain dense one, and what its currents mean."""

from __future__ import annotations

import random

import pytest

from cachex.circuit import CUT, FAR, OWN, circuit
from cachex.colours import BLUE, EMPTY, RED, opponent
from cachex.geometry import FIRST_EDGE, SECOND_EDGE, Geometry


def dense_resistance(board: bytearray, geo: Geometry, colour: int) -> float:
    """The same circuit solved as a dense system with partial pivoting (only the cells that conduct)."""
    cells = [c for c in range(geo.size) if board[c] != opponent(colour)]
    at = {c: k for k, c in enumerate(cells)}
    resist = [OWN if board[c] == colour else 1.0 for c in cells]
    size = len(cells)
    matrix = [[0.0] * size for _ in range(size)]
    rhs = [0.0] * size
    source = [0.0] * size
    for k, c in enumerate(cells):
        matrix[k][k] += 1e-9
        for nb in geo.neighbours[c]:
            if nb in at:
                g = 1.0 / (resist[k] + resist[at[nb]])
                matrix[k][k] += g
                matrix[k][at[nb]] -= g
        bits = geo.edge_bits[colour][c]
        if bits & FIRST_EDGE:
            source[k] = 1.0 / resist[k]
            matrix[k][k] += source[k]
            rhs[k] = source[k]
        if bits & SECOND_EDGE:
            matrix[k][k] += 1.0 / resist[k]
    for i in range(size):
        p = max(range(i, size), key=lambda r: abs(matrix[r][i]))
        matrix[i], matrix[p], rhs[i], rhs[p] = matrix[p], matrix[i], rhs[p], rhs[i]
        for r in range(i + 1, size):
            f = matrix[r][i] / matrix[i][i]
            if f:
                matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[i], strict=True)]
                rhs[r] -= f * rhs[i]
    volts = [0.0] * size
    for i in range(size - 1, -1, -1):
        volts[i] = (rhs[i] - sum(matrix[i][j] * volts[j] for j in range(i + 1, size))) / matrix[i][i]
    current = sum(source[k] * (1.0 - volts[k]) for k in range(size))
    return 1.0 / current if current >= CUT else FAR


@pytest.mark.parametrize("n", [3, 5, 8])
def test_the_band_solver_agrees_with_a_dense_solve(n: int) -> None:
    rng = random.Random(n)
    geo = Geometry.of(n)
    for _ in range(10):
        board = bytearray(rng.choice([EMPTY, EMPTY, RED, BLUE]) for _ in range(geo.size))
        for colour in (RED, BLUE):
            expected = dense_resistance(board, geo, colour)
            resistance, _ = circuit(board, geo, colour)
            assert resistance == pytest.approx(expected, rel=1e-9)


def test_a_cell_every_path_crosses_carries_the_whole_current() -> None:
    # Blue's a2 and c2 leave Red one way across row 2: b2, with Red's b1 below it.
    geo = Geometry.of(3)
    board = bytearray(9)
    board[3] = board[5] = BLUE
    board[1] = RED
    resistance, flow = circuit(board, geo, RED)
    assert flow[4] == pytest.approx(1.0)
    assert resistance < circuit(bytearray([0, 0, 0, 2, 0, 2, 0, 0, 0]), geo, RED)[0]  # b1 helps
    assert flow[3] == flow[5] == 0.0
    assert flow[1] > flow[0]  # the current comes up through Red's stone


def test_a_player_cut_off_has_a_far_resistance_and_no_current() -> None:
    # Blue's wall along row 2 of a 3 x 3 board leaves Red no way across.
    geo = Geometry.of(3)
    board = bytearray(9)
    board[3] = board[4] = board[5] = BLUE
    resistance, flow = circuit(board, geo, RED)
    assert resistance == FAR and not any(flow)
