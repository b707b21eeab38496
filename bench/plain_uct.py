"""Plain UCT, the baseline of every strength match: UCB1 over the tree, one new node an
iteration, the state's own random playouts, the most visited move; no RAVE, no solver, no
prior. Written once for every game's sparring pool over a state as ``gamekit.mcts`` reads it
(``mover``, ``moves``, ``play``, ``copy``, ``playout``), with the pools' random player.

``tests/test_gamekit_mcts.py`` checks it on Nim beside the shared search.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamekit.mcts import SearchState


class RandomPlayer:
    """Every legal move equally likely."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        return self.rng.choice(game.legal_moves())


class PlainPlayer:
    """A sparring pool's plain UCT player: ``plain_uct`` for ``seconds`` a move from the game's
    search state (``state_of``), its move named in the game (``move_of``); a game's pool
    subclasses it with those two."""

    name = "uct"

    def __init__(self, seconds: float = 1.0, exploration: float = 1.0, seed: int = 0) -> None:
        self.seconds = seconds
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.iterations = 0  # of the last move's search

    def state_of(self, game: Any) -> SearchState:
        """The search's state of ``game``'s position."""
        raise NotImplementedError

    def move_of(self, game: Any, move: int) -> Any:
        """The game's move of the search's move code."""
        raise NotImplementedError

    def choose(self, game: Any) -> Any:
        move, self.iterations = plain_uct(self.state_of(game), self.seconds, self.rng, self.exploration)
        return self.move_of(game, move)


class _Node:
    """A node: the move into it, who made it, and its statistics."""

    __slots__ = ("move", "mover", "untried", "children", "visits", "wins", "terminal")

    def __init__(self, untried: list[int], move: int = -1, mover: int = 0) -> None:
        self.move = move
        self.mover = mover
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.wins = 0.0
        self.terminal = False


def plain_uct(root_state: SearchState, seconds: float, rng: random.Random,
              exploration: float = 1.0) -> tuple[int, int]:
    """The most visited move of a UCT search of ``seconds`` (one iteration at least) from
    ``root_state``, and the iterations it made."""
    root = _Node(root_state.moves())
    deadline = time.perf_counter() + seconds
    iterations = 0
    while iterations < 1 or time.perf_counter() < deadline:
        iterations += 1
        state = root_state.copy()
        node, path = root, [root]
        winner, over = 0, False
        while not node.untried and node.children:  # select by UCB1
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda ch: ch.wins / ch.visits + exploration * math.sqrt(log_n / ch.visits))
            path.append(node)
            winner = state.play(node.move)
            over = bool(winner) or node.terminal
            if over:
                break
        if not over and node.untried:  # expand one move
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = state.mover
            winner = state.play(move)
            child = _Node([] if winner else state.moves(), move, mover)
            child.terminal = bool(winner) or not child.untried
            node.children.append(child)
            path.append(child)
            over = child.terminal
        if not over:
            winner, _ = state.playout(rng)
        for step in path:
            step.visits += 1
            step.wins += 1.0 if winner == step.mover else 0.5 if winner == 0 else 0.0
    return max(root.children, key=lambda ch: ch.visits).move, iterations
