"""The sparring partner: depth-limited alpha-beta on connection distances.

The evaluation is the difference of both players' shortest connection
distances (own stones cost 0, empty cells 1, opponent stones block), the kind
of agent that won the course's tournament. Iterative deepening within a time
budget, a transposition table, and move ordering by the previous iteration's
best move and by one-ply evaluation. Pure Python, on the package's rules.
"""

from __future__ import annotations

import time
from collections import deque

from cachex.colours import opponent
from cachex.game import Game
from cachex.geometry import STEAL, Geometry
from cachex.notation import Move
from cachex.rules import legal_codes, play_code, won_by

INF = 10_000


def distance(board: bytes | bytearray, geo: Geometry, colour: int) -> int:
    """Fewest empty cells ``colour`` still needs to join its edges (0-1 BFS)."""
    size = geo.size
    first, second = geo.edges[colour]
    dist = [INF] * size
    queue: deque[int] = deque()
    opp = opponent(colour)
    for c in first:
        if board[c] != opp:
            d = 0 if board[c] == colour else 1
            dist[c] = d
            if d:
                queue.append(c)
            else:
                queue.appendleft(c)
    neighbours = geo.neighbours
    while queue:
        c = queue.popleft()
        d = dist[c]
        for nb in neighbours[c]:
            stone = board[nb]
            if stone == opp:
                continue
            nd = d if stone == colour else d + 1
            if nd < dist[nb]:
                dist[nb] = nd
                if stone == colour:
                    queue.appendleft(nb)
                else:
                    queue.append(nb)
    return min(dist[c] for c in second)


def evaluate(board: bytes | bytearray, geo: Geometry, me: int) -> int:
    """Positive when ``me`` is closer to connecting than the opponent."""
    return distance(board, geo, opponent(me)) - distance(board, geo, me)


class TimeUp(Exception):
    """The move's time ran out mid-search."""


class AlphaBeta:
    """Iterative-deepening negamax with alpha-beta and a transposition table."""

    def __init__(self, max_depth: int = 4, width: int = 12) -> None:
        self.max_depth = max_depth
        self.width = width  # moves searched below the root, best-first
        self.table: dict[bytes, tuple[int, int, int]] = {}  # board+mover -> depth, score, move

    def choose(self, game: Game, seconds: float) -> Move:
        """The move to play in ``game`` within about ``seconds``."""
        geo = game.geometry
        me = game.mover
        board = bytearray(game.board)
        moves = self._moves(geo, board, game.turn_count, me)
        self.deadline = time.perf_counter() + seconds
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                score, move = self._root(geo, board, game.turn_count, me, moves, depth)
            except TimeUp:
                break
            best = move
            moves.remove(move)
            moves.insert(0, move)
            if abs(score) >= INF // 2:
                break
        return Move.from_code(best, geo.n)

    def _moves(self, geo: Geometry, board: bytearray, turn: int, me: int) -> list[int]:
        """The legal moves, the steal first, then cells best-first by one-ply evaluation."""
        scored = []
        for code in legal_codes(board, geo, turn):
            child = bytearray(board)
            play_code(child, geo, code, me)
            scored.append((code != STEAL, -evaluate(child, geo, me), code))
        scored.sort()
        return [code for _, _, code in scored]

    def _play(self, geo: Geometry, board: bytearray, move: int, me: int) -> tuple[bytearray, bool]:
        """The board after ``move`` and whether it won."""
        child = bytearray(board)
        play_code(child, geo, move, me)
        return child, won_by(child, geo, move)

    def _root(self, geo: Geometry, board: bytearray, turn: int, me: int, moves: list[int],
              depth: int) -> tuple[int, int]:
        alpha, best = -INF, moves[0]
        for move in moves:
            child, won = self._play(geo, board, move, me)
            score = INF - 1 if won else -self._negamax(geo, child, turn + 1, opponent(me), depth - 1,
                                                       -INF, -alpha)
            if score > alpha:
                alpha, best = score, move
        return alpha, best

    def _negamax(self, geo: Geometry, board: bytearray, turn: int, me: int, depth: int,
                 alpha: int, beta: int) -> int:
        if time.perf_counter() > self.deadline:
            raise TimeUp
        if depth == 0:
            return evaluate(board, geo, me)
        key = bytes(board) + bytes((me,))
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, stored_score, first = entry
            if stored_depth >= depth:
                return stored_score
        moves = self._moves(geo, board, turn, me)[: self.width]
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        best_score, best_move = -INF, moves[0] if moves else -1
        for move in moves:
            child, won = self._play(geo, board, move, me)
            score = INF - 1 if won else -self._negamax(geo, child, turn + 1, opponent(me), depth - 1,
                                                       -beta, -max(alpha, best_score))
            if score > best_score:
                best_score, best_move = score, move
            if best_score >= beta:
                break
        if best_score > alpha and best_score < beta:
            self.table[key] = (depth, best_score, best_move)
        return best_score
