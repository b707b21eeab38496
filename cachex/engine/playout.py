"""Random playouts: games finished at random from a position, the search's evaluation.

``random_playout`` plays legal moves at random to the end under the exact
rules (``cachex.rules``), with the informed reply of the search's policy;
``Groups`` is the union-find of both colours' groups that it checks
connections by, which the search keeps up to date down the tree.

>>> from cachex.game import Game
>>> from cachex.rules import BoardCounts
>>> import random
>>> game = Game(5)
>>> board = bytearray(game.board)
>>> random_playout(game.geometry, board, 0, BoardCounts(), random.Random(1).random) in (1, 2)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import BLUE, EMPTY, RED, opponent
from cachex.geometry import BOTH_EDGES, NO_CELL, STEAL, Geometry
from cachex.rules import (
    CONNECTION,
    DRAW,
    OPENING_TURNS,
    REPETITION_LIMIT,
    TURN_LIMIT,
    BoardCounts,
    End,
    ending,
    legal_codes,
    mover,
    play_code,
    stone_count,
    won_by,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    # Per cell, the (corner, x, y) triples a reply to a stone there is chosen from.
    Replies = Sequence[Sequence[tuple[int, int, int]]]


def random_playout(
    geo: Geometry,
    board: bytearray,
    turn: int,
    counts: BoardCounts,
    random: Callable[[], float],
    played: list[int] | None = None,
    bridge_replies: bool = False,
    diamond_replies: bool = False,
    groups: Groups | None = None,
) -> int:
    """Finish the game from this position with random legal moves.

    ``board`` is changed in place; ``turn`` is the number of turns already
    played; ``counts`` holds the boards seen so far (the playout counts the
    boards of the opening turns in it, and those after them on its own).
    Returns the winner (``RED`` or ``BLUE``) or ``DRAW``. When ``played`` is
    given, every move code is appended to it; its last code, if any, is taken
    as the move just played, which the first reply answers.

    Moves are uniform among the legal ones, except that with
    ``bridge_replies`` a player whose two-bridge was just intruded on answers
    in the other carrier cell, the informed policy the search uses. With
    ``diamond_replies`` a player saves any pair of its stones that the last
    stone threatens to capture (an intruded bridge, or an adjacent pair with
    the stone at one tip) by taking the diamond's free corner.
    ``groups``, if given, are ``board``'s groups (``Groups``), kept up to
    date by the caller: the playout goes on with them instead of building its
    own, and leaves them no longer matching the board.
    """
    if turn >= TURN_LIMIT:
        return DRAW
    moves = played if played is not None else []
    if turn < OPENING_TURNS:
        turn, end = _random_opening(geo, board, turn, counts, random, moves)
        if end is not None:
            return mover(turn - 1) if end == CONNECTION else DRAW
        groups = None  # the opening's moves are not in them
    if groups is None:
        groups = Groups(geo, board)
    elif groups.board is not board:
        raise ValueError("the groups given are of another board")
    replies = geo.diamonds if diamond_replies else geo.bridges if bridge_replies else None
    return _random_finish(geo, board, turn, counts, random, moves, replies, groups)


def _group_through(cell: int, colour: int, board: bytearray,
                   neighbours: Sequence[Sequence[int]]) -> list[int]:
    """``cell`` and every stone of ``colour`` connected to it (whatever ``cell`` holds)."""
    group = [cell]
    seen = {cell}
    for u in group:  # the list grows as the flood goes
        for v in neighbours[u]:
            if board[v] == colour and v not in seen:
                seen.add(v)
                group.append(v)
    return group


def _edge_bits(cells: Iterable[int], bits: Sequence[int]) -> int:
    """The edge bits of ``cells`` together."""
    b = 0
    for c in cells:
        b |= bits[c]
    return b


def _random_opening(geo: Geometry, board: bytearray, turn: int, counts: BoardCounts,
                    random: Callable[[], float], played: list[int]) -> tuple[int, End | None]:
    """Play the opening turns (centre ban, steal) at random among the legal moves.

    Returns the turns played by then and how the game ended, if it did.
    """
    while turn < OPENING_TURNS:
        codes = legal_codes(board, geo, turn)
        code = codes[int(random() * len(codes))]
        play_code(board, geo, code, mover(turn))
        played.append(code)
        turn += 1
        end = ending(won_by(board, geo, code), counts.add(board), turn)
        if end is not None:
            return turn, end
    return turn, None


def find(parent: list[int], node: int) -> int:
    """The root of ``node``'s set in the union-find ``parent``, halving the path on the way."""
    while parent[node] != node:
        up = parent[node] = parent[parent[node]]
        node = up
    return node


class Groups:
    """Both colours' groups on ``board`` as a union-find, with the edge bits of
    each group on its root: what the playouts check a connection by.

    A new stone is joined to its neighbours' groups by ``follow``. Removal
    cannot be undone in a union-find, so after a capture ``relabel`` rebuilds
    the groups that lost stones from scratch. The search builds its root
    position's groups once and gives each iteration a ``copy`` brought up to
    date by ``follow`` down the tree, instead of a new ``Groups`` (which
    floods the whole board). The playout then goes on with them in its own
    way (``_random_finish``), after which they no longer match the board.
    """

    __slots__ = ("board", "edge_bits", "neighbours", "parent", "root_bits", "seen", "stamp")

    def __init__(self, geo: Geometry, board: bytearray) -> None:
        self.board = board
        self.neighbours = geo.neighbours
        self.edge_bits = geo.edge_bits
        self.parent = list(range(geo.size))
        self.root_bits = [0] * geo.size
        # ``seen[c] == stamp``: cell c was reached by the current relabelling.
        self.seen = [0] * geo.size
        self.stamp = 0
        self.rebuild()

    def rebuild(self) -> None:
        """Build both colours' groups from the whole board."""
        everywhere = range(len(self.board))
        self.relabel(RED, everywhere)
        self.relabel(BLUE, everywhere)

    def copy(self, board: bytearray) -> Groups:
        """These groups for ``board``, a copy of this one's board that the copy will follow."""
        other = Groups.__new__(Groups)  # no new lists only to replace them: once per playout
        other.board = board
        other.neighbours, other.edge_bits = self.neighbours, self.edge_bits
        other.parent, other.root_bits = self.parent[:], self.root_bits[:]
        other.seen, other.stamp = self.seen[:], self.stamp
        return other

    def follow(self, code: int, me: int, captured: list[int]) -> bool:
        """Bring the groups up to date with move ``code`` by ``me``, already played on
        the board with these ``captured`` cells (``play_code``'s answer); returns
        whether the move joined its edges (a win)."""
        if code == STEAL:
            self.rebuild()
            return False
        board, parent, root_bits = self.board, self.parent, self.root_bits
        parent[code] = code
        b = self.edge_bits[me][code]
        for nb in self.neighbours[code]:
            if board[nb] == me:
                root = find(parent, nb)
                if root != code:
                    parent[root] = code
                    b |= root_bits[root]
        root_bits[code] = b
        if captured:
            neighbours = self.neighbours
            self.relabel(opponent(me), [nb for c in captured for nb in neighbours[c]])
        return b == BOTH_EDGES

    def relabel(self, colour: int, starts: Iterable[int]) -> None:
        """Point every stone of ``colour`` connected to ``starts`` at one root per group."""
        board, neighbours, parent, seen = self.board, self.neighbours, self.parent, self.seen
        eb = self.edge_bits[colour]
        self.stamp = stamp = self.stamp + 1
        for start in starts:
            if board[start] == colour and seen[start] != stamp:
                seen[start] = stamp
                parent[start] = start
                b = eb[start]
                stack = [start]
                while stack:
                    u = stack.pop()
                    for v in neighbours[u]:
                        if board[v] == colour and seen[v] != stamp:
                            seen[v] = stamp
                            parent[v] = start
                            b |= eb[v]
                            stack.append(v)
                self.root_bits[start] = b


def _random_finish(geo: Geometry, board: bytearray, turn: int, counts: BoardCounts,
                   random: Callable[[], float], played: list[int], replies: Replies | None,
                   groups: Groups) -> int:
    """The playout after the opening: every legal move is an empty cell.

    The empty cells are kept in a list: a random one is taken out by moving
    the last into its place, and a captured one given back by appending it,
    in constant time (a reply's cell is found by a search of the list).
    The board never fills up without a winner: on a full board one player
    is connected (as in Hex), and it can only be the one who just moved.

    Repetition is counted without a key per board. Between two captures the
    stones only grow, so a board can repeat one of the playout's only at a
    stone count it has had before: ``at`` counts the playout's boards by their
    stones, an upper bound on any board's repeats. Only when that bound
    reaches the limit are the playout's boards rebuilt and compared
    (``_playout_repeats``). The boards counted before the playout are looked
    up only when the stones are at most ``counts.most``.

    Captures leave the groups as they were. Each stone the playout places
    is a new node of the union-find (``node[cell]``), never the cell of a
    stone captured before, so a group's edge bits can only overstate: the
    removed stones may still join its parts. A stone whose group seems to
    join both edges has its group flooded on the board (``_regroup``): a win
    only if the flood agrees, else the group gets new nodes with its exact
    bits. Captures are many (about eight a playout on 9 x 9) and groups
    large, so one flood at the end beats rebuilding the groups after each.

    ``replies`` (``Geometry.diamonds`` or ``Geometry.bridges``, or none) holds
    per cell the (corner, x, y) triples of the diamonds or bridges through it:
    the reply to the last stone is the free corner of the first one whose
    other two cells are the mover's.

    This is the one hot loop of the engine, and is kept as one function:
    ``place`` and the union-find's ``find`` are written out in it.
    """
    diamonds = geo.diamonds
    neighbours = geo.neighbours
    empties = [c for c in range(geo.size) if not board[c]]
    # The caller's groups are exact, each stone its own cell's node; the playout's
    # stones get nodes from ``geo.size`` on, appended.
    parent, root_bits = groups.parent, groups.root_bits
    node = list(range(geo.size))
    # ``ending`` written out, and repetition counted as the docstring says: the loop
    # below is the hot path.
    seen, seen_before, most = counts._counts, counts._base, counts.most
    me = mover(turn)
    opp = opponent(me)
    my_bits, opp_bits = geo.edge_bits[me], geo.edge_bits[opp]
    last = played[-1] if played and played[-1] >= 0 else NO_CELL  # the move before the playout's
    # Every diamond or bridge a reply or a capture needs has its pair next to the
    # stone in question, so fewer than two such neighbours rule the loops out.
    # ``threatened``: the mover's stones next to the last stone (counted when it
    # was placed, before its captures: never too few).
    threatened = 2
    start = bytes(board)
    first, first_mover = len(played), me
    removals: list[tuple[int, list[int]]] = []  # (moves played by then, cells emptied)
    stones = stone_count(start)
    at = [0] * (geo.size + 1)
    while True:
        cell = NO_CELL
        if replies is not None and last != NO_CELL and threatened >= 2:
            for corner, x, y in replies[last]:
                if board[x] == me and board[y] == me and board[corner] == EMPTY:
                    cell = corner
                    break
        if cell == NO_CELL:
            k = int(random() * len(empties))
            cell = empties[k]
        else:
            k = empties.index(cell)
        moved = empties.pop()
        if moved != cell:
            empties[k] = moved
        # This is ``place`` written out for speed (the test of playouts against
        # Game keeps the two in step), with the empty-cell list kept up to date.
        board[cell] = me
        played.append(cell)
        # The new stone's new node, joined with its own colour's neighbours (``find``
        # written out: a call per neighbour costs the loop too much); the opponent's
        # neighbours counted.
        new = len(parent)
        node[cell] = new
        parent.append(new)
        b = my_bits[cell]
        threatened = 0
        for nb in neighbours[cell]:
            stone = board[nb]
            if stone == me:
                root = node[nb]
                while parent[root] != root:
                    up = parent[parent[root]]
                    parent[root] = up
                    root = up
                if root != new:
                    parent[root] = new
                    b |= root_bits[root]
            elif stone:
                threatened += 1
        root_bits.append(b)
        if threatened >= 2:
            doomed = None
            for mate, x, y in diamonds[cell]:
                if board[mate] == me and board[x] == opp and board[y] == opp:
                    # Removal waits until every diamond has been checked.
                    if doomed is None:
                        doomed = [x, y]
                    else:
                        doomed.append(x)
                        doomed.append(y)
            if doomed is not None:
                removals.append((len(played) - first, doomed))
                for c in doomed:
                    if board[c]:
                        stones -= 1
                        board[c] = EMPTY
                        empties.append(c)
        turn += 1
        stones += 1
        repeats = at[stones] + 1
        at[stones] = repeats
        if stones <= most:
            key = bytes(board)
            before = seen.get(key)
            repeats += seen_before.get(key, 0) if before is None else before
        if repeats >= REPETITION_LIMIT:
            repeats = counts.count(board) + _playout_repeats(start, first_mover, played[first:], removals,
                                                              board)
        if b == BOTH_EDGES and _joined_or_regrouped(cell, me, board, neighbours, my_bits, node, parent,
                                                    root_bits):
            return me
        if repeats >= REPETITION_LIMIT or turn >= TURN_LIMIT:
            return DRAW
        me, opp = opp, me
        my_bits, opp_bits = opp_bits, my_bits
        last = cell


def _regroup(cell: int, colour: int, board: bytearray, neighbours: Sequence[Sequence[int]],
             bits: Sequence[int], node: list[int], parent: list[int], root_bits: list[int]) -> list[int]:
    """Give the playout's group of ``colour`` through ``cell`` new nodes, joined under
    ``cell``'s with the group's exact edge bits (see ``_random_finish``); returns the group."""
    group = _group_through(cell, colour, board, neighbours)
    root = len(parent)
    for c in group:
        node[c] = len(parent)
        parent.append(root)
        root_bits.append(0)
    root_bits[root] = _edge_bits(group, bits)
    return group


def _joined_or_regrouped(cell: int, colour: int, board: bytearray, neighbours: Sequence[Sequence[int]],
                         bits: Sequence[int], node: list[int], parent: list[int],
                         root_bits: list[int]) -> bool:
    """Whether the stone on ``cell`` joins its colour's edges, by a flood on the board
    that stops as soon as it has reached both; if it does not, its group is
    ``_regroup``-ed, the playout's groups having overstated it."""
    b = bits[cell]
    seen = {cell}
    stack = [cell]
    while stack:
        for v in neighbours[stack.pop()]:
            if board[v] == colour and v not in seen:
                b |= bits[v]
                if b == BOTH_EDGES:
                    return True
                seen.add(v)
                stack.append(v)
    _regroup(cell, colour, board, neighbours, bits, node, parent, root_bits)
    return False


def _playout_repeats(start: bytes, mover: int, moves: list[int],
                     removals: list[tuple[int, list[int]]], board: bytearray) -> int:
    """How many of a playout's boards (one after each of its ``moves``) equal ``board``.

    The boards are rebuilt from the board at the ``start`` by placing each
    move's stone (``mover`` first, then alternating) and emptying the cells
    of ``removals``, each after the number of moves it gives.
    """
    trial = bytearray(start)
    colours = (mover, opponent(mover))
    emptied = dict(removals)
    equal = 0
    for done, cell in enumerate(moves, 1):
        trial[cell] = colours[(done - 1) & 1]
        for c in emptied.get(done, ()):
            trial[c] = EMPTY
        equal += trial == board
    return equal
