"""Cubox's sparring pool: a random player, a plain UCT and an alpha-beta with a Y-style evaluation.

The plain UCT is the baseline every search decision is measured against at
equal time a move: UCB1 over the tree, one new node an iteration, uniformly
random playouts (the engine's, ``cubox.engine.playout``, as fast as they come),
the most visited move; no RAVE, no solver, no prior, no playout policy.

The evaluation is Y's shortest-path measure: for each side of the board, the
fewest cubox a player still needs to join a position to that side (its own
cubox cost nothing, an empty hollow one, the opponent's block), then the
least sum of the three over every position, the position counted once. The
score is the opponent's sum minus the player's. Contacts follow the rules:
a covered contact joins nothing, and a stacked cubox joins the one it rests
on. The search is a negamax alpha-beta, deepened while time allows, with the
moves ordered by the last iteration and immediate wins found first.
"""

from __future__ import annotations

import heapq
import math
import random
import time

from bench.plain_uct import PlainPlayer
from cubox.board import BOTTOM, LEFT, RIGHT, Board
from cubox.engine import SWAP, CuboxState
from cubox.engine.playout import PASS, open_positions, random_playout
from cubox.game import Game
from cubox.notation import Move
from cubox.rules import EMPTY

SIDES = (BOTTOM, LEFT, RIGHT)
BLOCKED = 10_000
WIN = 1_000_000


class PlainState(CuboxState):
    """The engine's state with every legal move, the swap always among them on the second
    turn: the plain UCT knows nothing of the proved swaps (``cubox.engine.opening``)."""

    __slots__ = ()

    @staticmethod
    def of(game: Game) -> PlainState:
        state = CuboxState.of(game)
        return PlainState(state.board, state.cells, state.mover, state.turn, state.passes, state.first, state.bits)

    def copy(self) -> PlainState:
        return PlainState(self.board, bytearray(self.cells), self.mover, self.turn, self.passes, self.first,
                          self.bits[:])

    def moves(self) -> list[int]:
        if self.passes >= 2:
            return []
        moves = open_positions(self.tables, self.cells, self.mover)
        if self.turn == 1:
            moves.append(SWAP)
        return moves or [PASS]

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        """Uniformly random moves to the end, whatever policy the engine's playouts have."""
        return random_playout(self.board, self.cells, self.mover, self.passes == 1, rng)


class PlainUCT(PlainPlayer):
    """UCT with UCB1 and uniformly random playouts, nothing more, for ``seconds`` a move."""

    def state_of(self, game: Game) -> PlainState:
        return PlainState.of(game)

    def move_of(self, game: Game, move: int) -> Move:
        return _move(game, move)


def side_distances(board: Board, cells: bytes | bytearray, stone: int, side: int) -> list[int]:
    """For every position, the fewest cubox ``stone`` needs to join it to ``side`` (0-1 Dijkstra)."""
    cost = [0 if cells[p] == stone else 1 if cells[p] == EMPTY and board.level[p] == 1 else BLOCKED
            for p in range(board.size)]
    dist = [BLOCKED] * board.size
    heap: list[tuple[int, int]] = []
    for p in range(board.size):
        if board.edges[p] & side and cost[p] < BLOCKED:
            dist[p] = cost[p]
            heap.append((cost[p], p))
    heapq.heapify(heap)
    while heap:
        d, p = heapq.heappop(heap)
        if d > dist[p]:
            continue
        for q in _joined(board, cells, p):
            nd = d + cost[q]
            if cost[q] < BLOCKED and nd < dist[q]:
                dist[q] = nd
                heapq.heappush(heap, (nd, q))
    return dist


def _joined(board: Board, cells: bytes | bytearray, p: int) -> list[int]:
    """Positions a chain through ``p`` could continue to: uncovered same-level contacts,
    and the cubox ``p`` rests on or that rest on it."""
    found = [q for q, cover in board.contacts[p] if cells[cover] == EMPTY]
    found.extend(board.supports[p])
    found.extend(board.above[p])
    return found


def y_distance(board: Board, cells: bytes | bytearray, stone: int) -> int:
    """The fewest cubox ``stone`` needs to join all three sides (Y's measure, estimated)."""
    per_side = [side_distances(board, cells, stone, side) for side in SIDES]
    best = BLOCKED
    for p in range(board.size):
        own = 0 if cells[p] == stone else 1
        total = per_side[0][p] + per_side[1][p] + per_side[2][p] - 2 * own
        best = min(best, total)
    return best


class AlphaBeta:
    """Negamax alpha-beta on the Y-distance evaluation, deepened within ``seconds`` a move."""

    name = "alphabeta"

    def __init__(self, seconds: float = 1.0, max_depth: int = 12) -> None:
        self.seconds = seconds
        self.max_depth = max_depth

    def evaluate(self, state: CuboxState) -> int:
        me = state.mover
        return y_distance(state.board, state.cells, 3 - me) - y_distance(state.board, state.cells, me)

    def negamax(self, state: CuboxState, depth: int, alpha: int, beta: int, deadline: float) -> int:
        moves = state.moves()
        if not moves:
            return 0  # a deadlock
        if depth == 0 or time.perf_counter() > deadline:
            return self.evaluate(state)
        best = -math.inf
        for move in moves:
            child = state.copy()
            if child.play(move):
                return WIN + depth
            score = -self.negamax(child, depth - 1, -beta, -alpha, deadline)
            if score > best:
                best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return int(best)

    def choose(self, game: Game) -> Move:
        state = CuboxState.of(game)
        moves = state.moves()
        deadline = time.perf_counter() + self.seconds
        for move in moves:  # an immediate win
            if move != SWAP and state.copy().play(move):
                return _move(game, move)
        order = moves
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            scored: list[tuple[int, int]] = []
            alpha = -math.inf
            for move in order:
                child = state.copy()
                child.play(move)
                score = -self.negamax(child, depth - 1, -WIN * 2, int(-alpha) if alpha > -math.inf else WIN * 2,
                                      deadline)
                scored.append((score, move))
                alpha = max(alpha, score)
                if time.perf_counter() > deadline:
                    break
            if time.perf_counter() > deadline and depth > 1:
                break
            scored.sort(key=lambda item: -item[0])
            best = scored[0][1]
            order = [move for _, move in scored] + [m for m in order if m not in {mv for _, mv in scored}]
        return _move(game, best)


def _move(game: Game, move: int) -> Move:
    from cubox.engine import move_text

    return move_text(game, move)
