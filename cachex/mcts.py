"""Monte Carlo tree search for Cachex: UCT with RAVE, a solver and tactics.

What makes it play well in a Hex-like game:

- UCT selection blended with RAVE (all-moves-as-first) statistics, so a few
  hundred playouts already tell good cells from bad ones;
- playouts under the exact rules with an informed policy: a player answers an
  intrusion into its two-bridge by taking the other carrier cell;
- tactics at every new node: a win in one is played (and the node proven), and
  when the opponent threatens to win in one, only the moves that stop every
  threat (blocking cells, or captures that break the chain) are searched;
- a solver that propagates proven wins and losses up the tree;
- the tree is kept between moves, and its size is bounded.

>>> from cachex.game import Game
>>> search = MCTS(seed=1)
>>> result = search.search(Game.from_fragment("v1.3.a1.c1.a2.c2"), iterations=50)
>>> str(result.move), result.win_chance
('a3', 1.0)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from cachex.game import Game
from cachex.geometry import BLUE, EMPTY, RED, Geometry
from cachex.notation import Move
from cachex.rules import (
    DRAW,
    REPETITION_LIMIT,
    STEAL,
    TURN_LIMIT,
    place,
    random_playout,
    record_board,
    steal,
    winning_cells,
    winning_group,
)

WIN = 1
LOSS = -1

# Named strengths for the page: (playouts, seconds) per move, whichever ends first.
LEVELS: dict[str, tuple[int, float]] = {
    "beginner": (30, 1.0),
    "easy": (250, 2.0),
    "medium": (1200, 4.0),
    "hard": (5000, 8.0),
    "strongest": (1_000_000, 15.0),
}
LEVEL_NAMES = tuple(LEVELS)


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return LEVELS[level]


@dataclass
class SearchResult:
    """What a search found: the move, its estimated winning chance and the visits."""

    move: Move
    win_chance: float
    visits: dict[str, int] = field(default_factory=dict)
    iterations: int = 0
    seconds: float = 0.0
    proven: str | None = None  # "win" or "loss" when the solver proved it

    def to_dict(self) -> dict[str, object]:
        """Plain data (for a worker message or JSON)."""
        return {"move": str(self.move), "win_chance": self.win_chance, "visits": self.visits,
                "iterations": self.iterations, "seconds": self.seconds, "proven": self.proven}


class Node:
    """A position in the tree; per-child statistics live in the parent's lists."""

    __slots__ = ("an", "aw", "draw", "index", "kids", "moves", "n", "proven", "to_move",
                 "visits", "w")

    def __init__(self, to_move: int, moves: list[int], proven: int = 0, draw: bool = False) -> None:
        self.to_move = to_move
        self.moves = moves
        self.proven = proven  # WIN or LOSS for the player to move here, 0 if unknown
        self.draw = draw  # a drawn end (repetition or turn limit)
        k = len(moves)
        self.n = [0] * k
        self.w = [0.0] * k
        self.an = [0] * k
        self.aw = [0.0] * k
        self.kids: list[Node | None] = [None] * k
        self.index = {m: i for i, m in enumerate(moves)}
        self.visits = 0


class MCTS:
    """A reusable searcher; call ``search(game, ...)`` once per move.

    ``seed`` makes it reproducible (with an iteration budget). ``max_slots``
    bounds memory: the total number of child entries in the tree (about 100
    bytes each, measured: 1,000,000 slots is about 100 MB); past it the tree
    stops growing and playouts go on.
    """

    def __init__(self, seed: int | None = None, exploration: float = 0.1,
                 rave_bias: float = 0.002, bridge_replies: bool = True,
                 tactics: bool = True, max_slots: int = 1_000_000) -> None:
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.rave_bias = rave_bias
        self.bridge_replies = bridge_replies
        self.tactics = tactics
        self.max_slots = max_slots
        self.slots = 0
        self.root: Node | None = None
        self.root_moves: list[Move] = []
        self.root_n = 0

    # --- public ---------------------------------------------------------------

    def search(self, game: Game, iterations: int | None = None,
               seconds: float | None = None) -> SearchResult:
        """Think about ``game``'s position and return the chosen move.

        Stops after ``iterations`` playouts or ``seconds`` of wall time,
        whichever comes first (one of them is required).
        """
        if game.outcome is not None:
            raise ValueError("the game is over: there is nothing to search")
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        geo = game.geometry
        root = self._root_for(game)
        board0 = game.board
        turn0 = game.turn_count
        reps = game.repetitions()
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else math.inf
        done = 0
        limit = iterations if iterations is not None else 1 << 62
        while done < limit and not root.proven:
            self._iterate(geo, root, board0, turn0, reps)
            done += 1
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
        return self._result(root, geo, done, time.perf_counter() - start)

    def advance(self, game: Game) -> None:
        """Move the kept tree to ``game``'s position (done by ``search`` too)."""
        self._root_for(game)

    # --- tree -------------------------------------------------------------------

    def _root_for(self, game: Game) -> Node:
        moves = game.moves
        root = self.root
        if (root is not None and self.root_n == game.n
                and moves[: len(self.root_moves)] == self.root_moves):
            geo = game.geometry
            for move in moves[len(self.root_moves):]:
                code = STEAL if move.is_swap else geo.index(move.r, move.q)
                i = root.index.get(code)
                child = root.kids[i] if i is not None else None
                if child is None:
                    root = None
                    break
                root = child
            if root is not None and not root.draw:
                self.root, self.root_moves = root, list(moves)
                self.slots = _count_slots(root)  # the rest of the old tree is garbage now
                return root
        self.slots = 0
        board = bytearray(game.board)
        me = RED if game.to_move == "red" else BLUE
        node = self._new_node(game.geometry, board, me, game.turn_count, won=False,
                              count=game.repetition_count())
        self.root, self.root_moves, self.root_n = node, list(moves), game.n
        return node

    def _new_node(self, geo: Geometry, board: bytearray, me: int, turn: int, won: bool,
                  count: int) -> Node:
        """A node for this position; ``won`` says the move into it won the game."""
        if won:
            return Node(me, [], proven=LOSS)
        if count >= REPETITION_LIMIT or turn >= TURN_LIMIT:
            return Node(me, [], draw=True)
        centre = geo.centre if turn == 0 else -1
        moves = [c for c in range(geo.size) if board[c] == EMPTY and c != centre]
        if turn == 1:
            moves.append(STEAL)
        proven = 0
        if self.tactics and turn >= 2:
            mine = winning_cells(board, geo, me)
            if mine:
                moves, proven = mine[:1], WIN
            else:
                theirs = winning_cells(board, geo, 3 - me)
                if theirs:
                    moves = self._defences(geo, board, me, theirs)
                    if not moves:
                        moves, proven = theirs[:1], LOSS
        self.slots += len(moves)
        return Node(me, moves, proven=proven)

    @staticmethod
    def _defences(geo: Geometry, board: bytearray, me: int, threats: list[int]) -> list[int]:
        """The moves after which the opponent has no win in one."""
        opp = 3 - me
        candidates = set(threats)
        for c in range(geo.size):
            if board[c] == EMPTY:
                for mate, x, y in geo.diamonds[c]:
                    if board[mate] == me and board[x] == opp and board[y] == opp:
                        candidates.add(c)
                        break
        keep = []
        for c in sorted(candidates):
            trial = bytearray(board)
            place(trial, geo, c, me)
            if not winning_cells(trial, geo, opp):
                keep.append(c)
        return keep

    def _iterate(self, geo: Geometry, root: Node, board0: bytes, turn0: int,
                 reps: dict[bytes, int]) -> None:
        board = bytearray(board0)
        turn = turn0
        seen: dict[bytes, int] = {}
        path: list[tuple[Node, int]] = []
        sequence: list[int] = []
        node = root
        rng = self.rng.random
        winner = -1
        while True:
            if node.proven:
                winner = node.to_move if node.proven == WIN else 3 - node.to_move
                break
            if node.draw:
                winner = DRAW
                break
            i = self._select(node)
            path.append((node, i))
            move = node.moves[i]
            sequence.append(move)
            me = node.to_move
            if move == STEAL:
                steal(board, geo)
            else:
                place(board, geo, move, me)
            turn += 1
            count = record_board(board, seen, reps)
            child = node.kids[i]
            if child is None:
                # With tactics, a node with a winning move is proven when made, and
                # the loop stops there; without them, check the move itself.
                won = (not self.tactics and move != STEAL
                       and winning_group(board, geo, move) is not None)
                if self.slots < self.max_slots:
                    child = self._new_node(geo, board, 3 - me, turn, won, count)
                    node.kids[i] = child
                    if child.proven or child.draw:
                        node = child
                        continue
                elif won:
                    winner = me
                    break
                if count >= REPETITION_LIMIT or turn >= TURN_LIMIT:
                    winner = DRAW
                    break
                played: list[int] = []
                winner = random_playout(geo, board, 3 - me, turn, reps, rng, played, seen,
                                        self.bridge_replies)
                sequence.extend(played)
                break
            node = child
        self._backup(path, sequence, winner)

    def _select(self, node: Node) -> int:
        """The child to follow: a proven win at once, else the best UCT-RAVE score."""
        kids = node.kids
        n, w, an, aw = node.n, node.w, node.an, node.aw
        log_visits = math.log(node.visits + 1)
        c = self.exploration
        bias = self.rave_bias
        best = 0
        best_score = -math.inf
        for i in range(len(n)):
            kid = kids[i]
            if kid is not None and kid.proven:
                if kid.proven == LOSS:
                    return i
                continue  # the opponent wins from there: never choose it while others remain
            ni = n[i]
            ai = an[i]
            if ai:
                beta = ai / (ai + ni + bias * ai * ni)
                value = (1 - beta) * (w[i] / ni if ni else 0.5) + beta * aw[i] / ai
            else:
                value = w[i] / ni if ni else 0.5
            score = value + c * math.sqrt(log_visits / (ni + 1))
            if score > best_score:
                best, best_score = i, score
        return best

    @staticmethod
    def _backup(path: list[tuple[Node, int]], sequence: list[int], winner: int) -> None:
        """Add the result (and all-moves-as-first results) along the path; solve up."""
        for depth in range(len(path) - 1, -1, -1):
            node, i = path[depth]
            me = node.to_move
            value = 1.0 if winner == me else 0.0 if winner != DRAW else 0.5
            node.visits += 1
            node.n[i] += 1
            node.w[i] += value
            index = node.index
            an, aw = node.an, node.aw
            seen_cells = set()
            for move in sequence[depth::2]:
                if move in seen_cells:
                    continue
                seen_cells.add(move)
                j = index.get(move)
                if j is not None:
                    an[j] += 1
                    aw[j] += value
            kid = node.kids[i]
            if kid is not None and kid.proven and not node.proven:
                if kid.proven == LOSS:
                    node.proven = WIN
                elif all(k is not None and k.proven == WIN for k in node.kids):
                    node.proven = LOSS

    def _result(self, root: Node, geo: Geometry, iterations: int, seconds: float) -> SearchResult:
        def name(code: int) -> str:
            return "swap" if code == STEAL else str(Move(*geo.coords(code)))

        visits = {name(m): root.n[i] for i, m in enumerate(root.moves) if root.n[i]}
        def losing(i: int) -> bool:
            kid = root.kids[i]
            return kid is not None and kid.proven == WIN

        # The most visited move, leaving out moves proven to lose while others remain.
        best = max(range(len(root.moves)), key=lambda i: (not losing(i), root.n[i], root.w[i]))
        proven = None
        for i, kid in enumerate(root.kids):
            if kid is not None and kid.proven == LOSS:
                best, proven = i, "win"
                break
        else:
            if root.proven == LOSS:
                proven = "loss"
            elif root.proven == WIN:
                proven = "win"
        if proven == "win":
            chance = 1.0
        elif proven == "loss":
            chance = 0.0
        else:
            chance = root.w[best] / root.n[best] if root.n[best] else 0.5
        code = root.moves[best]
        move = Move.swap() if code == STEAL else Move(*geo.coords(code))
        return SearchResult(move, round(chance, 4), visits, iterations, round(seconds, 3), proven)


def _count_slots(root: Node) -> int:
    """The child entries held by the tree under ``root``."""
    total = 0
    stack = [root]
    while stack:
        node = stack.pop()
        total += len(node.moves)
        stack.extend(kid for kid in node.kids if kid is not None)
    return total


def choose_move(game: Game, level: str = "medium", seed: int | None = None) -> SearchResult:
    """One search at a named strength (see ``LEVELS``), for callers without a kept tree."""
    iterations, seconds = search_budget(level)
    return MCTS(seed=seed).search(game, iterations=iterations, seconds=seconds)
