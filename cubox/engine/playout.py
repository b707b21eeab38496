"""Cubox's random playouts for the search: legal moves drawn at random to the end of the game,
uniformly or (the search's) with a chance of a stack first whenever the mover has one open.

The hot loop of the computer, so it works on tables made once per board size
(``Tables``) and on plain lists:

- The moves open to each player are kept as lists, not recomputed: an empty
  hollow is open to both; a stack position is open once its three supports
  are filled, to the player with exactly one cubox among them (or to no one,
  for good, since supports never change). Each move opens at most the three
  positions resting on the new cubox, counted incrementally.
- The win is checked only when it can have happened: a union-find joins each
  new cubox to the cubox of its colour it visibly touches. A contact can later
  be cut (the opponent's cubox covers it), which a union-find cannot undo, so
  its groups are a superset of the true chains: a group that does not touch
  all three sides proves there is no win, and only one that does is traced
  exactly, through the links no cubox covers.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from cubox.board import ALL_SIDES, Board
from cubox.rules import EMPTY, O, X

if TYPE_CHECKING:
    import random

PASS = -1


class Tables:
    """What a playout needs of a board, as flat tuples: for each position, its links
    ``(q, cover)`` (a contact hidden by a cubox on ``cover``; for the cubox it rests on and
    those resting on it, ``cover`` is the spare always-empty index ``size``), its edges,
    the positions resting on it, and the first stack position."""

    __slots__ = ("board", "size", "first_stack", "links", "edges", "above", "near", "covers", "stacks")

    def __init__(self, board: Board) -> None:
        spare = board.size
        self.board = board
        self.size = board.size
        self.first_stack = board.first_stack
        self.links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            board.contacts[p] + tuple((q, spare) for q in board.supports[p] + board.above[p])
            for p in range(board.size))
        self.edges = board.edges
        self.above = board.above
        self.near: tuple[int, ...] = tuple(sum(1 << q for q, _ in links) for links in self.links)  # as bits
        # For each position, each linked position's bit -> (that position, the cover of the link).
        self.covers: tuple[dict[int, tuple[int, int]], ...] = tuple(
            {1 << q: (q, cover) for q, cover in links} for links in self.links)
        # Each stack position with its three supports.
        self.stacks: tuple[tuple[int, int, int, int], ...] = tuple(
            (p, board.supports[p][0], board.supports[p][1], board.supports[p][2])
            for p in range(board.first_stack, board.size))


_TABLES: dict[int, Tables] = {}


def tables(board: Board) -> Tables:
    """The shared tables of ``board``'s size."""
    found = _TABLES.get(board.side)
    if found is None:
        found = _TABLES[board.side] = Tables(board)
    return found


def random_playout(board: Board, cells: bytearray, mover: int, passed: bool,
                   rng: random.Random, stack_first: float = 0.0) -> tuple[int, list[int]]:
    """Random legal moves from the position (``cells`` is left as it is), ``mover`` to play
    and ``passed`` whether the last move was a pass, until a win or a deadlock: the winner's
    code (0 for a deadlock) and the moves played (``PASS`` for a pass; a deadlock's second
    pass, which ends the game, is not listed). A player with a stack open plays one of those
    (at random) with the chance ``stack_first``, as the search's playouts do: every stack cuts
    a contact of the opponent's, a cut only that player may make, at any time, so a playout
    that leaves it to chance counts many links as joined that the opponent may cut at will."""
    t = tables(board)
    edges, above, near, covers = t.edges, t.above, t.near, t.covers
    cells, hollows, open_to, supports, parent, sides, bits = _start(t, cells)
    random_float = rng.random
    played: list[int] = []
    add = played.append
    # The mover's and the other player's open stacks, cubox (as bits) and support step,
    # swapped after every move.
    mine, theirs = open_to[mover], open_to[3 - mover]
    own, other = bits[mover], bits[3 - mover]
    step, other_step = (5, 1) if mover == X else (1, 5)
    while True:
        n_hollows = len(hollows)
        count = n_hollows + len(mine)
        if not count:
            if passed:
                return EMPTY, played
            add(PASS)
            passed = True
        else:
            passed = False
            if stack_first and mine and random_float() < stack_first:  # uniform playouts draw no extra number
                i = n_hollows + int(random_float() * len(mine))
            else:
                i = int(random_float() * count)
            if i < n_hollows:
                p = hollows[i]
                hollows[i] = hollows[-1]
                del hollows[-1]
            else:
                i -= n_hollows
                p = mine[i]
                mine[i] = mine[-1]
                del mine[-1]
            cells[p] = mover
            add(p)
            own |= 1 << p
            reach = edges[p]
            touching = near[p] & own  # the mover's cubox beside p: few, often none
            if touching:
                cover_of = covers[p]
                while touching:
                    low = touching & -touching
                    touching ^= low
                    q, cover = cover_of[low]
                    if not cells[cover]:
                        while parent[q] != q:  # the root of q, halving the path
                            parent[q] = parent[parent[q]]
                            q = parent[q]
                        if q != p:
                            parent[q] = p
                            reach |= sides[q]
            sides[p] = reach
            if reach == ALL_SIDES and _connects(p, own, cells, near, covers, edges):
                return mover, played
            for q in above[p]:  # q is empty: it rests on p, which was
                count = supports[q] + step
                supports[q] = count
                if count & 3 == 3 and OPENER[count >> 2]:
                    open_to[OPENER[count >> 2]].append(q)
        mover = 3 - mover
        mine, theirs = theirs, mine
        own, other = other, own
        step, other_step = other_step, step


def open_positions(t: Tables, cells: bytearray, mover: int) -> list[int]:
    """Every position ``mover`` may play (``cubox.rules.placements``, from the tables): the
    empty hollows, then the empty stacks whose three filled supports hold exactly one of the
    mover's cubox, which with X = 1 and O = 2 is a support sum of 5 for X, 4 for O."""
    first = t.first_stack
    moves = list(compress(range(first), cells[:first].translate(EMPTINESS)))
    wanted = 5 if mover == X else 4
    for p, a, b, c in t.stacks:
        if not cells[p]:
            sa, sb, sc = cells[a], cells[b], cells[c]
            if sa and sb and sc and sa + sb + sc == wanted:
                moves.append(p)
    return moves


def connects(t: Tables, cells: bytearray, own: int, p: int) -> bool:
    """Whether the chain through ``p`` of the cubox ``own`` (bits) touches all three sides;
    ``cells`` carry the spare always-empty index ``size`` after the positions."""
    return _connects(p, own, cells, t.near, t.covers, t.edges)


OPENER = (0, X, O, 0)  # who may stack on three supports holding 0, 1, 2 or 3 of X's cubox
EMPTINESS = bytes([1] + [0] * 255)  # bytes.translate's table: 1 for an empty position, else 0


def _start(t: Tables, cells: bytearray) -> tuple[bytearray, list[int], list[list[int]], list[int], list[int],
                                                  list[int], list[int]]:
    """A playout's working state for the position ``cells``: a copy of the cells with the spare
    always-empty index ``size`` after them, the empty hollows, the stacks open to each player,
    each stack position's support count (its filled supports, plus 4 for each of X's among
    them: full when ``& 3 == 3``, then open to ``OPENER[count >> 2]``), the union-find's
    parents and each root's edges, and each player's cubox as bits."""
    size, links, edges, above = t.size, t.links, t.edges, t.above
    cells = cells + b"\x00"
    hollows = list(compress(range(t.first_stack), cells[:t.first_stack].translate(EMPTINESS)))
    open_to: list[list[int]] = [[], [], []]
    supports = [0] * size
    parent = list(range(size))
    sides = [0] * size
    bits = [0, 0, 0]
    for p in compress(range(size), cells):  # the filled positions
        stone = cells[p]
        bits[stone] |= 1 << p
        sides[p] = edges[p]
        step = 5 if stone == X else 1
        for q in above[p]:
            count = supports[q] + step
            supports[q] = count
            if count & 3 == 3 and not cells[q] and OPENER[count >> 2]:
                open_to[OPENER[count >> 2]].append(q)
        for q, cover in links[p]:
            if q < p and cells[q] == stone and not cells[cover]:
                _union(parent, sides, p, q)
    return cells, hollows, open_to, supports, parent, sides, bits


def _connects(p: int, own: int, cells: bytearray, near: tuple[int, ...],
              covers: tuple[dict[int, tuple[int, int]], ...], edges: tuple[int, ...]) -> bool:
    """Whether the chain through ``p`` of the cubox ``own`` (bits) touches all three sides:
    the exact trace through visible links only."""
    seen = 1 << p
    todo = [p]
    reach = 0
    while todo:
        x = todo.pop()
        reach |= edges[x]
        if reach == ALL_SIDES:
            return True
        beside = near[x] & own & ~seen
        if beside:
            cover_of = covers[x]
            while beside:
                low = beside & -beside
                beside ^= low
                q, cover = cover_of[low]
                if not cells[cover]:
                    seen |= low
                    todo.append(q)
    return False


def _union(parent: list[int], sides: list[int], a: int, b: int) -> None:
    """Join the groups of ``a`` and ``b``, the root keeping both groups' edges."""
    while parent[a] != a:
        a = parent[a]
    while parent[b] != b:
        b = parent[b]
    if a != b:
        parent[b] = a
        sides[a] |= sides[b]
