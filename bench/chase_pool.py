"""Chase's sparring pool: players of different styles for strength matches (``bench.chase_match``).

- ``random``: a legal move at random;
- ``greedy``: the move that takes the most enemy dice, among those after which
  the opponent cannot take one back at once (else the most dice anyway);
- ``alphabeta``: a fixed two-ply alpha-beta search judging by the dice each
  side has;
- ``uct``: plain UCT: UCB1, uniformly random playouts to the end or for at
  most ``PLAYOUT_LIMIT`` plies (then the side with more dice counts as the
  winner, equal dice a draw), nothing else; given a time a move;
- ``mcts``: the shared ``gamekit.mcts`` (RAVE and the solver) over the same
  state and playouts, the tree search measured against the shipped
  alpha-beta.
"""

from __future__ import annotations

import math
import random

from bench.plain_uct import PlainPlayer, RandomPlayer
from chase.engine.moves import apply, legal_codes, to_move
from chase.game import Game
from chase.notation import Move
from chase.rules import FEWEST_DICE, dice
from gamekit.mcts import MCTS

PLAYOUT_LIMIT = 40  # plies a playout runs at most


def taken(cells: list[int], after: list[int], side: int) -> int:
    """Enemy dice a move took."""
    return len(dice(cells, 1 - side)) - len(dice(after, 1 - side))


class Shuffling(RandomPlayer):
    """A pool player that looks at the legal moves in a random order."""

    def shuffled(self, game: Game) -> tuple[list[int], int, list[int]]:
        """``game``'s cells, its side to move and its legal move codes in a random order."""
        cells, side = game.cells, game.side_index
        moves = legal_codes(cells, side)
        self.rng.shuffle(moves)
        return cells, side, moves


class Greedy(Shuffling):
    """Takes the most dice it can without giving one back at once."""

    name = "greedy"

    def choose(self, game: Game) -> Move:
        cells, side, moves = self.shuffled(game)
        best, best_key = moves[0], (-1, -1)
        for move in moves:
            after = apply(cells, side, move)
            gain = taken(cells, after, side)
            safe = 1
            if len(dice(after, 1 - side)) >= FEWEST_DICE:
                for reply in legal_codes(after, 1 - side):
                    if taken(after, apply(after, 1 - side, reply), 1 - side):
                        safe = 0
                        break
            key = (gain - 1 + safe, safe)  # dice taken less one the opponent takes back; then safety
            if key > best_key:
                best, best_key = move, key
        return to_move(cells, side, best)


class AlphaBetaTwo(Shuffling):
    """A two-ply alpha-beta search judging by the dice each side has."""

    name = "alphabeta"

    def choose(self, game: Game) -> Move:
        cells, side, moves = self.shuffled(game)
        best, alpha = moves[0], -math.inf
        for move in moves:
            value = -self._value(apply(cells, side, move), 1 - side, 1, -math.inf, -alpha)
            if value > alpha:
                best, alpha = move, value
        return to_move(cells, side, best)

    def _value(self, cells: list[int], side: int, depth: int, alpha: float, beta: float) -> float:
        mine, theirs = len(dice(cells, side)), len(dice(cells, 1 - side))
        if mine < FEWEST_DICE:
            return -1000.0
        if depth == 0:
            return float(mine - theirs)
        moves = legal_codes(cells, side)
        if not moves:
            return -1000.0
        best = -math.inf
        for move in moves:
            value = -self._value(apply(cells, side, move), 1 - side, depth - 1, -beta, -alpha)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best


class ChaseState:
    """A position for ``gamekit.mcts``: the cells and the player to move (1 white, 2 black)."""

    __slots__ = ("cells", "mover")

    def __init__(self, cells: list[int], mover: int) -> None:
        self.cells = cells
        self.mover = mover

    def copy(self) -> ChaseState:
        return ChaseState(self.cells, self.mover)  # positions are never changed in place

    def moves(self) -> list[int]:
        return legal_codes(self.cells, self.mover - 1)

    def play(self, move: int) -> int:
        side = self.mover - 1
        self.cells = apply(self.cells, side, move)
        self.mover = 3 - self.mover
        return side + 1 if len(dice(self.cells, 1 - side)) < FEWEST_DICE else 0

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        played: list[int] = []
        for _ in range(PLAYOUT_LIMIT):
            moves = self.moves()
            if not moves:
                return 3 - self.mover, played
            move = moves[int(rng.random() * len(moves))]
            played.append(move)
            winner = self.play(move)
            if winner:
                return winner, played
        white, black = len(dice(self.cells, 0)), len(dice(self.cells, 1))
        return (1 if white > black else 2 if black > white else 0), played


class PlainUCT(PlainPlayer):
    """UCT with UCB1 and the uniformly random playouts of ``ChaseState``, for ``seconds`` a move."""

    def state_of(self, game: Game) -> ChaseState:
        return ChaseState(game.cells, game.side_index + 1)

    def move_of(self, game: Game, move: int) -> Move:
        return to_move(game.cells, game.side_index, move)


class TreeSearch:
    """``gamekit.mcts`` (UCT with RAVE and the solver) over ``ChaseState``, for ``seconds`` a move."""

    name = "mcts"

    def __init__(self, seconds: float = 1.0, seed: int = 0) -> None:
        self.seconds = seconds
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        search = MCTS(ChaseState(game.cells, game.side_index + 1), self.rng, exploration=0.4)
        search.run(iterations=1 << 30, seconds=self.seconds)
        return to_move(game.cells, game.side_index, search.best_move())
