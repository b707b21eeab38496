"""The sparring pool's shared search: iterative-deepening alpha-beta over one style.

A ``Style`` is what makes an opponent: its evaluation, its move ordering, how
many moves it looks at below the root and when it steals. ``AlphaBeta`` is the
same for all of them:

- negamax with alpha-beta, deepened one ply at a time until the time is up
  (CPU time, as the referee counts it), keeping the last finished depth's move;
- a transposition table keyed by Zobrist hashes (updated move by move,
  captures included), holding each position's depth, bound and best move;
- move ordering: the table's move, then captures, then the style's order,
  cut to the style's width below the root; the root's moves are re-sorted by
  the previous depth's scores;
- tactics at every node: a win in one ends the search there, and facing the
  opponent's win in one only the defences are searched (``tactics.defences``);
- the steal decided by the style's rule, and assumed of the opponent too.

Repetition and the turn limit are left to the game: no line this searches
comes near either.
"""

from __future__ import annotations

import random
import time

from cachex.colours import BLUE, EMPTY, RED, opponent
from cachex.engine.tactics import capturing_cells, defences, winning_cells
from cachex.game import Game
from cachex.geometry import NO_CELL, STEAL, Geometry
from cachex.notation import Move
from cachex.rules import (
    OPENING_TURNS,
    legal_codes,
    mover,
    place,
    play_code,
    steal_allowed,
)

WIN = 1_000_000.0  # a won position's score, less the plies it takes
EXACT, LOWER, UPPER = 0, 1, 2  # what a table entry's score is: exact, or a bound
MAX_DEPTH = 64
TABLE_LIMIT = 200_000  # table entries kept before it is cleared (about 30 MB)


def order_by_both(board: bytes | bytearray, geo: Geometry, mine: list[int], theirs: list[int]) -> list[int]:
    """The empty cells by the smaller of both players' measures through them (``mine``,
    ``theirs``: a cell's path length or potential), then their sum."""
    cells = [c for c in range(geo.size) if board[c] == EMPTY]
    cells.sort(key=lambda c: (min(mine[c], theirs[c]), mine[c] + theirs[c]))
    return cells


class Style:
    """An opponent's character: subclasses give ``evaluate`` and may change the rest."""

    name = "style"
    width: int | None = 12  # moves searched below the root (None: all), best-first
    material_weight = 0.0  # the evaluation's weight on the stone balance (captures)

    def evaluate(self, board: bytes | bytearray, geo: Geometry, me: int) -> float:
        """How good the position is for ``me``, the player to move (positive: better)."""
        raise NotImplementedError

    def order(self, board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
        """The empty cells, most promising first (default: index order)."""
        return [c for c in range(geo.size) if board[c] == EMPTY]

    def steals(self, geo: Geometry, cell: int) -> bool:
        """Whether to steal Red's first stone on ``cell``: when it is off the board's rim."""
        return not geo.on_rim(cell)

    def material(self, board: bytes | bytearray, me: int) -> float:
        """The stone balance for ``me``, weighted (captures move it by two a stone)."""
        if not self.material_weight:
            return 0.0
        return self.material_weight * (board.count(me) - board.count(opponent(me)))


class TimeUp(Exception):
    """The move's time ran out in the middle of a depth."""


class AlphaBeta:
    """Iterative-deepening alpha-beta for one ``Style``; reusable across moves of a game.

    ``seed`` fixes the Zobrist keys and the tie-breaks among equal root
    moves, so a depth-limited search is reproducible.
    """

    def __init__(self, style: Style, seed: int | None = 0, max_depth: int = MAX_DEPTH) -> None:
        self.style = style
        self.max_depth = max_depth
        self.rng = random.Random(seed)
        self.keys: dict[int, tuple[list[int], list[int], int, int]] = {}
        self.table: dict[int, tuple[int, int, float, int]] = {}
        self.nodes = 0
        self.depth = 0  # the deepest depth finished by the last search
        self.deadline = float("inf")

    # --- the root -------------------------------------------------------------------

    def choose(self, game: Game, seconds: float | None = None, depth: int | None = None) -> Move:
        """The move for ``game``: within ``seconds`` of CPU time, or to ``depth`` plies."""
        if game.outcome is not None:
            raise ValueError("the game is over: there is nothing to search")
        code = self.choose_code(game.geometry, bytearray(game.board), game.turn_count, seconds, depth)
        return Move.from_code(code, game.n)

    def choose_code(self, geo: Geometry, board: bytearray, turn: int, seconds: float | None = None,
                    depth: int | None = None) -> int:
        """The move code for this position (see ``choose``)."""
        if seconds is None and depth is None:
            raise ValueError("give a budget: seconds, depth or both")
        self.deadline = time.process_time() + seconds if seconds is not None else float("inf")
        self.nodes = 0
        self.depth = 0
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        me = mover(turn)
        if steal_allowed(turn):
            stone = next(c for c in range(geo.size) if board[c] != EMPTY)
            if self.style.steals(geo, stone):
                return STEAL
        if turn >= OPENING_TURNS:
            mine = winning_cells(board, geo, me)
            if mine:
                return mine[0]
        moves = self._root_moves(geo, board, turn, me)
        if len(moves) == 1:
            return moves[0]
        key = self._key(geo, board, turn)
        best = moves[0]
        for d in range(1, min(depth or self.max_depth, self.max_depth) + 1):
            try:
                scores = self._root(geo, board, key, turn, me, moves, d)
            except TimeUp:
                break
            self.depth = d
            # Best first for the next depth; equal scores keep their order.
            order = sorted(range(len(moves)), key=lambda i: -scores[i])
            moves = [moves[i] for i in order]
            best = moves[0]
            if scores[order[0]] >= WIN / 2 or scores[order[0]] <= -WIN / 2:
                break
            if d == 1:
                width = self.style.width
                if width is not None:
                    moves = moves[: max(2 * width, 8)]
        return best

    def _root_moves(self, geo: Geometry, board: bytearray, turn: int, me: int) -> list[int]:
        """The root's candidates: defences if the opponent threatens to win, else every legal move."""
        if turn >= OPENING_TURNS:
            threats = winning_cells(board, geo, opponent(me))
            if threats:
                return defences(board, geo, me, threats) or threats[:1]
        legal = set(legal_codes(board, geo, turn))
        legal.discard(STEAL)  # the style has declined it already
        ordered = [c for c in self.style.order(board, geo, me) if c in legal]
        rest = sorted(legal.difference(ordered))
        self.rng.shuffle(rest)
        return ordered + rest

    def _root(self, geo: Geometry, board: bytearray, key: int, turn: int, me: int, moves: list[int],
              depth: int) -> list[float]:
        """Every root move's score at ``depth`` (a fail-low move's score is an upper bound)."""
        alpha = -2 * WIN
        scores = []
        for move in moves:
            child, child_key = self._play(geo, board, key, turn, move, me)
            score = -self._negamax(geo, child, child_key, turn + 1, opponent(me), depth - 1,
                                   -2 * WIN, -alpha, 1)
            scores.append(score)
            alpha = max(alpha, score)
        return scores

    # --- below the root --------------------------------------------------------------

    def _negamax(self, geo: Geometry, board: bytearray, key: int, turn: int, me: int, depth: int,
                 alpha: float, beta: float, ply: int) -> float:
        """The score of this position for ``me`` to move, searched ``depth`` plies more."""
        self.nodes += 1
        # Every 8th position: a position costs 50-400 us (11 x 11 resistance the
        # most), so a move overruns its time by at most a few milliseconds.
        if self.nodes & 7 == 0 and time.process_time() > self.deadline:
            raise TimeUp
        style = self.style
        if steal_allowed(turn):  # the opponent's steal decision, by our own rule
            stone = next(c for c in range(geo.size) if board[c] != EMPTY)
            if style.steals(geo, stone):
                child, child_key = self._play(geo, board, key, turn, STEAL, me)
                if depth <= 0:
                    return -style.evaluate(child, geo, opponent(me)) - style.material(child, opponent(me))
                return -self._negamax(geo, child, child_key, turn + 1, opponent(me), depth - 1,
                                      -beta, -alpha, ply + 1)
        opp = opponent(me)
        if turn >= OPENING_TURNS and winning_cells(board, geo, me):
            return WIN - ply
        threats = winning_cells(board, geo, opp) if turn >= OPENING_TURNS else []
        blocks = defences(board, geo, me, threats) if threats else []
        if threats and not blocks:
            return -(WIN - ply - 1)
        if depth <= 0:
            return style.evaluate(board, geo, me) + style.material(board, me)
        entry = self.table.get(key)
        first = NO_CELL
        if entry is not None:
            stored_depth, bound, value, first = entry
            if stored_depth >= depth and (bound == EXACT or (bound == LOWER and value >= beta)
                                          or (bound == UPPER and value <= alpha)):
                return value
        moves = blocks if threats else self._moves(geo, board, turn, me, first)
        start_alpha = alpha
        best_score, best_move = -2 * WIN, moves[0]
        for move in moves:
            child, child_key = self._play(geo, board, key, turn, move, me)
            score = -self._negamax(geo, child, child_key, turn + 1, opp, depth - 1, -beta, -alpha,
                                   ply + 1)
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = LOWER if best_score >= beta else UPPER if best_score <= start_alpha else EXACT
        self.table[key] = (depth, bound, best_score, best_move)
        return best_score

    def _moves(self, geo: Geometry, board: bytearray, turn: int, me: int, first: int) -> list[int]:
        """The moves searched here: the table's move, captures, then the style's best, cut to width.

        The steal is never among them: the opponent is assumed to steal by
        our own rule, which ``_negamax`` has applied already.
        """
        moves = [first] if first != NO_CELL and board[first] == EMPTY else []
        for c in capturing_cells(board, geo, me):
            if c not in moves:
                moves.append(c)
        width = self.style.width
        legal = set(legal_codes(board, geo, turn)) if turn < OPENING_TURNS else None
        for c in self.style.order(board, geo, me):
            if width is not None and len(moves) >= width:
                break
            if c not in moves and (legal is None or c in legal):
                moves.append(c)
        return moves

    # --- positions and their keys ---------------------------------------------------

    def _zobrist(self, geo: Geometry) -> tuple[list[int], list[int], int, int]:
        """Random keys for this size: a red and a blue stone on each cell, Blue to move, the opening."""
        keys = self.keys.get(geo.n)
        if keys is None:
            rng = random.Random(self.rng.getrandbits(64) ^ geo.n)
            red = [rng.getrandbits(64) for _ in range(geo.size)]
            blue = [rng.getrandbits(64) for _ in range(geo.size)]
            keys = self.keys[geo.n] = (red, blue, rng.getrandbits(64), rng.getrandbits(64))
        return keys

    def _key(self, geo: Geometry, board: bytes | bytearray, turn: int) -> int:
        """The Zobrist key of a position, from scratch."""
        red, blue, blue_to_move, opening = self._zobrist(geo)
        key = 0
        for c in range(geo.size):
            if board[c] == RED:
                key ^= red[c]
            elif board[c] == BLUE:
                key ^= blue[c]
        if mover(turn) == BLUE:
            key ^= blue_to_move
        if turn < OPENING_TURNS:
            key ^= opening
        return key

    def _play(self, geo: Geometry, board: bytearray, key: int, turn: int, move: int,
              me: int) -> tuple[bytearray, int]:
        """The board after ``move`` (a new one) and its key, updated for the stone and its captures."""
        child = bytearray(board)
        if move == STEAL or turn + 1 < OPENING_TURNS or turn < OPENING_TURNS:
            play_code(child, geo, move, me)
            return child, self._key(geo, child, turn + 1)
        red, blue, blue_to_move, _ = self._zobrist(geo)
        mine, theirs = (red, blue) if me == RED else (blue, red)
        key ^= mine[move] ^ blue_to_move
        for c in place(child, geo, move, me):
            key ^= theirs[c]
        return child, key
