"""The connection distances (``cachex.paths``) against a plain Dijkstra search."""

from __future__ import annotations

import heapq
import random

import pytest

from cachex.colours import BLUE, EMPTY, RED, opponent
from cachex.engine.paths import FAR, distance, distance_map, path_lengths
from cachex.geometry import Geometry


def dijkstra(board: bytes | bytearray, geo: Geometry, colour: int, sources: list[int]) -> list[int]:
    """The reference: each cell costs 1 if empty, 0 if ``colour``'s, and the opponent's block."""
    cost = {EMPTY: 1, colour: 0}
    dist = [FAR] * geo.size
    heap = [(cost[board[c]], c) for c in sources if board[c] != opponent(colour)]
    heapq.heapify(heap)
    while heap:
        d, c = heapq.heappop(heap)
        if d >= dist[c]:
            continue
        dist[c] = d
        for nb in geo.neighbours[c]:
            if board[nb] != opponent(colour):
                heapq.heappush(heap, (d + cost[board[nb]], nb))
    return dist


def random_board(rng: random.Random, geo: Geometry) -> bytearray:
    fill = rng.random()
    return bytearray(rng.choice((RED, BLUE)) if rng.random() < fill else EMPTY for _ in range(geo.size))


@pytest.mark.parametrize("n", [3, 5, 9, 15])
def test_distance_maps_agree_with_dijkstra_from_edges_and_from_any_cells(n: int) -> None:
    rng = random.Random(n)
    geo = Geometry.of(n)
    for _ in range(60):
        board = random_board(rng, geo)
        for colour in (RED, BLUE):
            for edge in geo.edges[colour]:
                assert distance_map(board, geo, colour, edge) == dijkstra(board, geo, colour, list(edge))
            cells = rng.sample(range(geo.size), rng.randint(0, geo.size))
            assert distance_map(board, geo, colour, cells) == dijkstra(board, geo, colour, cells)


def test_path_lengths_add_both_ends_and_count_the_cell_once() -> None:
    rng = random.Random(7)
    geo = Geometry.of(7)
    for _ in range(40):
        board = random_board(rng, geo)
        for colour in (RED, BLUE):
            first, second = geo.edges[colour]
            a, b = dijkstra(board, geo, colour, list(first)), dijkstra(board, geo, colour, list(second))
            expected = [a[c] + b[c] - 1 if board[c] == EMPTY else FAR for c in range(geo.size)]
            assert path_lengths(board, geo, colour) == expected
            assert distance(board, geo, colour) == min(a[c] for c in second)


def test_a_player_walled_off_by_the_opponent_is_far_from_joining() -> None:
    geo = Geometry.of(4)
    board = bytearray(geo.size)
    for q in range(4):  # Blue fills row 2: a Blue connection, across every Red path
        board[geo.index(1, q)] = BLUE
    assert distance(board, geo, RED) == FAR
    assert distance(board, geo, BLUE) == 0
