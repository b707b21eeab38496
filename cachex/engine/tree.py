"""The search tree: nodes, their per-move statistics, selection, backup and the final choice.

A node keeps its moves' statistics in parallel lists (visits, wins, the
all-moves-as-first counts of RAVE, and each move's blended mean), so that
choosing a move is a C-level pass over lists. Proofs (a won or lost
position for the player to move) travel up the tree with the backups.
"""

from __future__ import annotations

import math
from operator import add

from cachex.colours import RED, opponent
from cachex.engine.tactics import FORCED_LOSS, FORCED_WIN, NOT_FORCED
from cachex.geometry import NO_CELL
from cachex.rules import DRAW

# What the solver knows of a node, for the player to move there.
UNPROVEN = NOT_FORCED
WIN = FORCED_WIN
LOSS = FORCED_LOSS

# Red's result of a finished line, by its winner's code (or DRAW).
RED_VALUE = {RED: 1.0, opponent(RED): 0.0, DRAW: 0.5}


class Node:
    """A position in the tree; the statistics of its moves live in per-move lists.

    ``visits[i]`` and ``wins[i]`` count the playouts through move ``i`` and
    their value for the player to move here; ``amaf_visits[i]`` and
    ``amaf_wins[i]`` the same for every playout in which this player played
    that move's cell later (all moves as first, for RAVE). ``total`` counts
    the playouts through this node. ``means[i]`` is move ``i``'s value by
    those (``rave_mean``), kept up to date as they change; ``shrinks[i]`` is
    ``1 / sqrt(visits[i] + 1)`` (``shrink_table``), the exploration term's
    factor, kept up to date likewise.
    """

    __slots__ = ("amaf_visits", "amaf_wins", "children", "draw", "index", "means", "moves", "primed",
                 "proven", "settled", "shrinks", "to_move", "total", "virtual", "visits", "wins")

    def __init__(self, to_move: int, moves: list[int], proven: int = UNPROVEN,
                 draw: bool = False) -> None:
        self.to_move = to_move
        self.moves = moves
        self.proven = proven  # WIN or LOSS for the player to move here, or UNPROVEN
        self.draw = draw  # a drawn end (repetition or turn limit)
        k = len(moves)
        self.visits = [0] * k
        self.wins = [0.0] * k
        self.amaf_visits = [0] * k
        self.amaf_wins = [0.0] * k
        self.means = [0.5] * k
        self.shrinks = [1.0] * k
        self.children: list[Node | None] = [None] * k
        self.index = dict(zip(moves, range(k), strict=True))
        self.total = 0
        self.primed = False  # whether the prior has been added (see MCTS._prime)
        self.settled = False  # whether a child may be proven (see select)
        self.virtual = 0  # the prior's virtual playouts in each move's visits (see MCTS._prime)

    def terminal_winner(self) -> int | None:
        """The winner's code (or ``DRAW``) if this node's result is known, else ``None``."""
        if self.proven == WIN:
            return self.to_move
        if self.proven == LOSS:
            return opponent(self.to_move)
        return DRAW if self.draw else None

    def add_prior(self, values: list[float], weight: int, rave_bias: float) -> None:
        """Give each move ``weight`` virtual playouts, won in proportion to its value."""
        shrink = shrink_table(self.total + weight)  # no move has more visits than the node
        for i, value in enumerate(values):
            n = self.visits[i] = self.visits[i] + weight
            self.shrinks[i] = shrink[n]
            self.wins[i] += weight * value
            self.means[i] = rave_mean(n, self.wins[i], self.amaf_visits[i], self.amaf_wins[i], rave_bias)
        self.total += weight
        self.virtual = weight


def rave_mean(n: int, won: float, an: int, amaf_won: float, rave_bias: float) -> float:
    """A move's value by its playouts (``n``, ``won``) and its all-moves-as-first
    results (``an``, ``amaf_won``), weighted by RAVE's beta; 0.5 untried."""
    if an:
        beta = an / (an + n + rave_bias * an * n)
        return (1 - beta) * (won / n if n else 0.5) + beta * amaf_won / an
    return won / n if n else 0.5


def select(node: Node, exploration: float) -> int:
    """The move to follow: a proven win at once, else the best UCT-RAVE score.

    Children proven lost for the mover are never chosen while others
    remain. Until a child is proven (``node.settled``, set by ``backup``)
    the children need not be looked at: the score is each move's kept mean
    plus its exploration term, added up in C.
    """
    avoid: set[int] = set()
    if node.settled:
        for i, child in enumerate(node.children):
            if child is not None and child.proven:
                if child.proven == LOSS:
                    return i
                avoid.add(i)  # the opponent wins from there
    # The exploration term c * sqrt(log(total + 1) / (n + 1)), as a factor times
    # 1 / sqrt(n + 1) from a table: no division or square root per move.
    explore = exploration * math.sqrt(math.log(node.total + 1))
    if not avoid:  # the first best score, as a loop over the moves would find it
        scores = list(map(add, node.means, map(explore.__mul__, node.shrinks)))
        return scores.index(max(scores))
    best = 0
    best_score = -math.inf
    for i, (mean, shrink) in enumerate(zip(node.means, node.shrinks, strict=True)):
        if i not in avoid:
            score = mean + explore * shrink
            if score > best_score:
                best, best_score = i, score
    return best


def backup(path: list[tuple[Node, int]], sequence: list[int], red_value: float, rave_bias: float) -> None:
    """Add the result (and all-moves-as-first results) along the path; solve up.

    Every move whose statistics change has its mean refreshed (``rave_mean``).
    """
    depth = len(path) - 1
    # The cells played from ``depth`` on by the player to move there, and from
    # ``depth + 1`` on by the other, each grown by one move as the loop climbs.
    later, other = set(sequence[depth::2]), set(sequence[depth + 1::2])
    shrink = _SHRINK
    while depth >= 0:
        node, i = path[depth]
        value = red_value if node.to_move == RED else 1.0 - red_value
        node.total += 1
        visits, wins = node.visits, node.wins
        n = visits[i] = visits[i] + 1
        if n >= len(shrink):
            shrink = shrink_table(n)
        node.shrinks[i] = shrink[n]
        wins[i] += value
        index = node.index
        amaf_visits, amaf_wins, means = node.amaf_visits, node.amaf_wins, node.means
        # Every move of this node that its player made later in the line, once
        # (a cell can be played again after a capture): a set intersection in C.
        # The move played here is among them: the line holds it at ``depth``.
        for code in index.keys() & later:
            j = index[code]
            an = amaf_visits[j] = amaf_visits[j] + 1
            amaf_won = amaf_wins[j] = amaf_wins[j] + value
            means[j] = rave_mean(visits[j], wins[j], an, amaf_won, rave_bias)
        depth -= 1
        if depth >= 0:
            later, other = other, later
            later.add(sequence[depth])
        child = node.children[i]
        if child is not None and child.proven:
            node.settled = True  # a child is proven only on a line backed up through it
            if node.proven:
                continue
            if child.proven == LOSS:
                node.proven = WIN
            elif every_move_loses(node):
                node.proven = LOSS


def mark(node: Node, i: int, proven: int) -> None:
    """Record a proof for move ``i``'s position (``proven`` for the opponent, its mover there)."""
    child = node.children[i]
    if child is None:
        node.children[i] = Node(opponent(node.to_move), [], proven=proven)
    else:
        child.proven = proven
    node.settled = True


def every_move_loses(node: Node) -> bool:
    """Whether every move of ``node`` is proven to give the opponent a win."""
    return all(k is not None and k.proven == WIN for k in node.children)


_SHRINK: list[float] = []


def shrink_table(visits: int) -> list[float]:
    """``1 / sqrt(n + 1)`` for every ``n`` up to ``visits`` (one shared table, grown on demand)."""
    if visits >= len(_SHRINK):
        _SHRINK.extend(1.0 / math.sqrt(n + 1) for n in range(len(_SHRINK), 2 * visits + 64))
    return _SHRINK


def choice_key(node: Node, i: int) -> tuple[bool, int, float]:
    """How the final choice ranks move ``i`` of ``node``, greatest best.

    A move not proven to lose comes first, then the most visited (the robust
    child), then the one with the most wins among equally visited.
    """
    child = node.children[i]
    loses = child is not None and child.proven == WIN
    return (not loses, node.visits[i], node.wins[i])


def ranked_first(node: Node, banned: int = NO_CELL) -> int:
    """The move of ``node`` that ``choice_key`` ranks first, other than ``banned`` if it can."""
    allowed = [k for k in range(len(node.moves)) if node.moves[k] != banned] or list(range(len(node.moves)))
    return max(allowed, key=lambda k: choice_key(node, k))


def best_line(root: Node, first: int, longest: int = 12) -> list[int]:
    """The move codes of the best line: move ``first`` of the root, then at each
    node below the move ranked first by ``choice_key``, while the search has visited it."""
    line = [root.moves[first]]
    node = root.children[first]
    while node is not None and node.moves and len(line) < longest:
        i = ranked_first(node)
        if not node.visits[i] and not node.proven:
            break
        line.append(node.moves[i])
        node = node.children[i]
    return line


def count_slots(root: Node) -> int:
    """The child entries held by the tree under ``root``."""
    total = 0
    stack = [root]
    while stack:
        node = stack.pop()
        total += len(node.moves)
        stack.extend(child for child in node.children if child is not None)
    return total
