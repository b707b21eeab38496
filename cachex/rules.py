"""The rules of Cachex: the one owner of every rule of a position.

Who moves, which moves are legal (the centre ban, the steal), what a move does
(placement, captures, the steal), when the game ends (connection, then
repetition, then the turn limit) and how boards are counted for repetition
are each decided by one function or class here. ``Game``, the search, the
playouts, the sparring partners and the page all ask these.

The functions work on a raw board (a ``bytearray`` of ``EMPTY``, ``RED`` and
``BLUE`` indexed by cell) and on move codes (a cell index, or ``STEAL``), so
the game object and the search share the same rule code; ``random_playout``
is the fast path the search uses to finish games at random.

>>> from cachex.geometry import Geometry
>>> geo = Geometry.of(3)
>>> len(legal_codes(bytearray(9), geo, 0)), legal_codes(bytearray(9), geo, 1)[-1] == STEAL
(8, True)
>>> ending(False, 7, 100), ending(True, 7, 343), ending(False, 1, 343)
('repetition', 'connection', 'turn-limit')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from cachex.colours import BLUE, EMPTY, RED, opponent
from cachex.geometry import BOTH_EDGES, NO_CELL, STEAL, Geometry

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

REPETITION_LIMIT = 7
TURN_LIMIT = 343
# The turns with rules of their own: turn 0 (the centre ban), turn 1 (the steal).
OPENING_TURNS = 2
# A playout's or a search's result: the winner's stone code, or DRAW.
DRAW = EMPTY

End = Literal["connection", "repetition", "turn-limit"]
CONNECTION: End = "connection"
REPETITION: End = "repetition"
TURN_LIMIT_REACHED: End = "turn-limit"


# --- the rules of a position ---------------------------------------------------

def mover(turns: int) -> int:
    """Who moves after ``turns`` turns: Red first, then in turn (the steal is a turn)."""
    return RED if turns % 2 == 0 else BLUE


def banned_cell(geo: Geometry, turns: int) -> int:
    """The empty cell that may not be played now (the centre, on Red's first turn), or ``NO_CELL``."""
    if turns == 0 and geo.centre is not None:
        return geo.centre
    return NO_CELL


def steal_allowed(turns: int) -> bool:
    """Whether the steal may be played now: as Blue's first turn only."""
    return turns == 1


def legal_codes(board: bytes | bytearray, geo: Geometry, turns: int) -> list[int]:
    """The legal move codes of a running game: empty cells in index order, then ``STEAL``."""
    banned = banned_cell(geo, turns)
    codes = [c for c in range(geo.size) if board[c] == EMPTY and c != banned]
    if steal_allowed(turns):
        codes.append(STEAL)
    return codes


def ending(won: bool, repeats: int, turns: int) -> End | None:
    """How the game ends after a turn, or ``None`` if it goes on.

    ``won``: the mover's group joins its edges; ``repeats``: how often the
    board now has occurred; ``turns``: turns played. A connection comes
    first, then repetition, then the turn limit.
    """
    if won:
        return CONNECTION
    if repeats >= REPETITION_LIMIT:
        return REPETITION
    if turns >= TURN_LIMIT:
        return TURN_LIMIT_REACHED
    return None


_EMPTY_BYTE = bytes([EMPTY])


def stone_count(board: bytes) -> int:
    """How many stones ``board`` holds (of either colour)."""
    return len(board) - board.count(_EMPTY_BYTE)  # MicroPython counts only bytes in bytes


class BoardCounts:
    """How often each board has occurred: the one repetition counter.

    Counts on top of an optional read-only ``base`` (board bytes to count),
    so that a search counts the boards of its own lines beside the game's
    without copying or changing the game's counts.

    ``most`` is never less than the stones on any board counted: a board with
    more stones has not occurred, which lets the playouts skip looking it up.
    Give it with ``base`` when it is known, to save counting the base's stones.
    """

    __slots__ = ("_base", "_counts", "most")

    def __init__(self, base: Mapping[bytes, int] | None = None, most: int | None = None) -> None:
        self._base: Mapping[bytes, int] = base if base is not None else {}
        self._counts: dict[bytes, int] = {}
        self.most = most if most is not None else max(map(stone_count, self._base), default=0)

    def add(self, board: bytes | bytearray) -> int:
        """Count one more occurrence of ``board``; returns how often it has occurred now."""
        key = bytes(board)
        count = self._counts.get(key)
        if count is None:
            count = self._base.get(key, 0)
        count += 1
        self._counts[key] = count
        stones = stone_count(key)
        if stones > self.most:
            self.most = stones
        return count

    def copy(self) -> BoardCounts:
        """These counts as they stand, to count on separately (the base is shared)."""
        other = BoardCounts(self._base, self.most)
        other._counts = dict(self._counts)
        return other

    def remove(self, board: bytes | bytearray) -> None:
        """Take back one occurrence of ``board`` (counted by ``add``)."""
        key = bytes(board)
        count = self.count(key) - 1
        if count < 0:
            raise ValueError("that board was never counted")
        if count or key in self._base:
            self._counts[key] = count
        else:
            del self._counts[key]

    def count(self, board: bytes | bytearray) -> int:
        """How often ``board`` has occurred."""
        key = bytes(board)
        count = self._counts.get(key)
        return self._base.get(key, 0) if count is None else count

    def as_dict(self) -> dict[bytes, int]:
        """Every board that has occurred, with its count (a new dict)."""
        merged = dict(self._base)
        merged.update(self._counts)
        return {key: count for key, count in merged.items() if count}


# --- what a move does ------------------------------------------------------------

def place(board: bytearray, geo: Geometry, cell: int, me: int) -> list[int]:
    """Put ``me``'s stone on empty ``cell`` and make its captures.

    Every diamond completed by the new stone is found first, then all the
    opponent stones in them are removed together. Returns the removed cells,
    sorted and without repeats.
    """
    board[cell] = me
    opp = opponent(me)
    captured: list[int] = []
    for mate, x, y in geo.diamonds[cell]:
        if board[mate] == me and board[x] == opp and board[y] == opp:
            captured.append(x)
            captured.append(y)
    if captured:
        captured = sorted(set(captured))
        for c in captured:
            board[c] = EMPTY
    return captured


def steal(board: bytearray, geo: Geometry) -> None:
    """Apply the swap rule in place: reflect across the major diagonal, exchange colours."""
    old = bytes(board)
    mirror = geo.mirror
    for i, stone in enumerate(old):
        board[mirror[i]] = opponent(stone) if stone else EMPTY


def stolen_cell(geo: Geometry, cell: int) -> int:
    """Where the steal puts a stone on ``cell``; the steal being a reflection, also where
    a stone now on ``cell`` stood before it (cells only, colours aside)."""
    return geo.mirror[cell]


def unplace(board: bytearray, cell: int, me: int, captured: list[int]) -> None:
    """Take back ``me``'s placement on ``cell`` (``place``'s ``captured`` cells return to the opponent)."""
    board[cell] = EMPTY
    opp = opponent(me)
    for c in captured:
        board[c] = opp


def play_code(board: bytearray, geo: Geometry, code: int, me: int) -> list[int]:
    """Play move ``code`` (a cell, or ``STEAL``) for ``me`` in place; returns the captured cells."""
    if code == STEAL:
        steal(board, geo)
        return []
    return place(board, geo, code, me)


# --- connections -------------------------------------------------------------------

def group_of(board: bytes | bytearray, geo: Geometry, cell: int) -> set[int]:
    """The cells of the group (same colour, connected) that contains ``cell``."""
    colour = board[cell]
    group = {cell}
    stack = [cell]
    neighbours = geo.neighbours
    while stack:
        c = stack.pop()
        for nb in neighbours[c]:
            if board[nb] == colour and nb not in group:
                group.add(nb)
                stack.append(nb)
    return group


def winning_group(board: bytes | bytearray, geo: Geometry, cell: int) -> set[int] | None:
    """The group through ``cell`` if it joins both of its colour's edges, else ``None``."""
    colour = board[cell]
    if colour == EMPTY:
        return None
    group = group_of(board, geo, cell)
    first, second = geo.edges[colour]
    if group.isdisjoint(first) or group.isdisjoint(second):
        return None
    return group


def won_by(board: bytes | bytearray, geo: Geometry, code: int) -> bool:
    """Whether move ``code``, just played, won (the steal never does)."""
    return code != STEAL and winning_group(board, geo, code) is not None


def winning_cells(board: bytes | bytearray, geo: Geometry, colour: int) -> list[int]:
    """The empty cells where a stone of ``colour`` would win at once.

    A placement never helps the mover through its captures (they remove only
    opponent stones), so a cell wins exactly when it lies on or beside the
    stones joined to one of the colour's edges and on or beside those joined
    to the other. Both sets grow from their edge one ring of neighbours at a
    time, on the board read as one number (``_Lanes``), so the work is a few
    whole-board operations per ring instead of a step per stone.
    """
    lanes = _lanes(geo)
    whole = int.from_bytes(bytes(board), "little")
    mine = (whole >> (colour - 1)) & lanes.ones
    first, second = lanes.edges[colour]
    near_first = lanes.spread(lanes.joined(first & mine, mine)) | first
    near_second = lanes.spread(lanes.joined(second & mine, mine)) | second
    empty = lanes.ones ^ ((whole | (whole >> 1)) & lanes.ones)
    found = near_first & near_second & empty
    if not found:
        return []
    data = found.to_bytes(geo.size, "little")
    return [c for c in range(geo.size) if data[c]]


class _Lanes:
    """A board as one number with a byte per cell (cell ``i`` in byte ``i``), and
    the shifts that move a set of cells to its neighbours.

    ``int.from_bytes`` reads a board of ``EMPTY``, ``RED`` and ``BLUE`` (0, 1,
    2) straight into this form: Red's stones are the lowest bit of each byte,
    Blue's the next one. A neighbour at offset ``d`` (``Geometry.neighbours``:
    the six offsets of a row-by-row rhombus) is a shift by ``8 d``, masked to the
    cells that have one there, so that a row's end never wraps to the next row.
    """

    __slots__ = ("edges", "joined", "ones", "spread")

    def __init__(self, geo: Geometry) -> None:
        def mask(cells: Iterable[int]) -> int:
            return sum(1 << (8 * c) for c in set(cells))

        self.ones = mask(range(geo.size))
        edges = [(mask(first), mask(second)) for first, second in geo.edges]
        self.edges = tuple(edges)  # by colour: EMPTY's is (0, 0)
        sources: dict[int, list[int]] = {}
        for c in range(geo.size):
            for nb in geo.neighbours[c]:
                sources.setdefault(nb - c, []).append(c)
        n = geo.n
        if sorted(sources) != sorted((1, -1, n, -n, n - 1, 1 - n)):
            raise ValueError(f"neighbour offsets {sorted(sources)} are not a rhombus's")
        east, west = mask(sources[1]), mask(sources[-1])
        north_west, south_east = mask(sources[n - 1]), mask(sources[1 - n])
        row, diagonal = 8 * n, 8 * (n - 1)

        def spread(cells: int) -> int:
            """``cells`` and all their neighbours (beyond the board too: mask the result)."""
            return (cells | (cells & east) << 8 | (cells & west) >> 8 | cells << row | cells >> row
                    | (cells & north_west) << diagonal | (cells & south_east) >> diagonal)

        def joined(start: int, stones: int) -> int:
            """The cells of ``stones`` connected (through ``stones``) to those in ``start``."""
            reached = start
            while True:
                grown = (reached | (reached & east) << 8 | (reached & west) >> 8 | reached << row
                         | reached >> row | (reached & north_west) << diagonal
                         | (reached & south_east) >> diagonal) & stones
                if grown == reached:
                    return reached
                reached = grown

        self.spread = spread
        self.joined = joined


_LANES: dict[int, _Lanes] = {}


def _lanes(geo: Geometry) -> _Lanes:
    """The shared ``_Lanes`` of ``geo``'s board size, built on first use."""
    lanes = _LANES.get(geo.n)
    if lanes is None:
        lanes = _LANES[geo.n] = _Lanes(geo)
    return lanes


def capturing_cells(board: bytes | bytearray, geo: Geometry, me: int) -> list[int]:
    """The empty cells where a stone of ``me`` would capture, in index order."""
    opp = opponent(me)
    found = []
    for c in range(geo.size):
        if board[c] == EMPTY:
            for mate, x, y in geo.diamonds[c]:
                if board[mate] == me and board[x] == opp and board[y] == opp:
                    found.append(c)
                    break
    return found


_EXPOSURES: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {}


def exposures(geo: Geometry) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell ``i``: every way a stone on ``i`` can be captured, as ``(corner, mate, partner)``.

    A stone on ``corner`` captures the stones on ``i`` and ``partner`` when
    ``mate`` holds the capturer's colour and ``partner`` the colour of ``i``
    (the diamonds of ``Geometry.diamonds``, seen from a stone they remove).
    Built on first use, once per size.
    """
    table = _EXPOSURES.get(geo.n)
    if table is None:
        found: list[list[tuple[int, int, int]]] = [[] for _ in range(geo.size)]
        for corner in range(geo.size):
            for mate, x, y in geo.diamonds[corner]:
                found[x].append((corner, mate, y))
                found[y].append((corner, mate, x))
        table = _EXPOSURES[geo.n] = tuple(tuple(ways) for ways in found)
    return table


def defences(board: bytes | bytearray, geo: Geometry, me: int, threats: list[int]) -> list[int]:
    """The cells after which the opponent has no win in one, in index order.

    ``threats`` are the opponent's winning cells (``winning_cells``). Only a
    threat cell itself or a capture can stop a threat: any other stone leaves
    the opponent's groups as they were, so only those are tried. A threat cell
    that captures nothing also leaves them as they were and takes away only its
    own threat, so it stops every threat exactly when it is the only one; only
    the capturing cells need the board played out.
    """
    opp = opponent(me)
    capturing = capturing_cells(board, geo, me)
    keep = [c for c in threats if len(threats) == 1 and c not in capturing]
    for c in capturing:
        trial = bytearray(board)
        place(trial, geo, c, me)
        if not winning_cells(trial, geo, opp):
            keep.append(c)
    return sorted(keep)


# What ``forced_moves`` proves for the player to move: a win, a loss, or neither.
FORCED_WIN = 1
FORCED_LOSS = -1
NOT_FORCED = 0


def forced_moves(board: bytes | bytearray, geo: Geometry, me: int,
                 moves: list[int] | None = None) -> tuple[list[int], int]:
    """The moves worth playing out of ``moves`` (all of ``me``'s legal ones; by default
    the empty cells, listed only when needed) and what they prove.

    A win in one is the only move, and proves a win. Facing a win in one,
    only the moves that stop every threat (``defences``) are kept; with none,
    the position is lost (the answer then keeps one threat cell as the move).
    """
    mine = winning_cells(board, geo, me)
    if mine:
        return mine[:1], FORCED_WIN
    theirs = winning_cells(board, geo, opponent(me))
    if not theirs:
        return (moves if moves is not None
                else [c for c in range(geo.size) if board[c] == EMPTY]), NOT_FORCED
    found = defences(board, geo, me, theirs)
    return (found, NOT_FORCED) if found else (theirs[:1], FORCED_LOSS)


# --- random playouts -------------------------------------------------------------------

def random_playout(
    geo: Geometry,
    board: bytearray,
    turn: int,
    counts: BoardCounts,
    random: Callable[[], float],
    played: list[int] | None = None,
    bridge_replies: bool = False,
    diamond_replies: bool = False,
    capture_replies: bool = False,
    groups: Groups | None = None,
    decisive_moves: bool = False,
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
    the stone at one tip) by taking the diamond's free corner. With
    ``capture_replies`` a player first captures the last stone, if it can.
    With ``decisive_moves`` (Teytaud and Teytaud 2010), before all these a
    player takes a cell that wins at once, or else takes the cell where the
    opponent would win at once; such cells are looked for only next to the
    last stones (each player's latest), so a threat elsewhere can be missed.
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
    return _random_finish(geo, board, turn, counts, random, moves, bridge_replies, diamond_replies,
                          capture_replies, groups, decisive_moves)


def _joins_edges(cell: int, colour: int, board: bytearray, neighbours: Sequence[Sequence[int]],
                 node: list[int], parent: list[int], root_bits: list[int], bits: Sequence[int]) -> bool:
    """Whether a stone of ``colour`` on the empty ``cell`` would join its two edges.

    The playout's groups may overstate a connection (see ``_random_finish``),
    so a join they report is made sure of by a flood.
    """
    b = bits[cell]
    for nb in neighbours[cell]:
        if board[nb] == colour:
            root = node[nb]
            while parent[root] != root:
                root = parent[root]
            b |= root_bits[root]
    return b == BOTH_EDGES and _edge_bits(_group_through(cell, colour, board, neighbours), bits) == BOTH_EDGES


def _winning_cells_beside(stone: int, colour: int, board: bytearray,
                          neighbours: Sequence[Sequence[int]], node: list[int], parent: list[int],
                          root_bits: list[int], bits: Sequence[int]) -> list[int]:
    """The empty cells next to ``stone`` where ``colour`` would join its edges."""
    return [e for e in neighbours[stone]
            if not board[e] and _joins_edges(e, colour, board, neighbours, node, parent, root_bits, bits)]


def _still_winning(cells: list[int], colour: int, board: bytearray,
                   neighbours: Sequence[Sequence[int]], node: list[int], parent: list[int],
                   root_bits: list[int], bits: Sequence[int]) -> int:
    """A cell of ``cells`` that still wins for ``colour``, or ``NO_CELL``. Cells that no
    longer do are dropped: should they win again later, they are found again only
    if they are next to that player's latest stone."""
    while cells:
        cell = cells[-1]
        if not board[cell] and _joins_edges(cell, colour, board, neighbours, node, parent, root_bits, bits):
            return cell
        cells.pop()
    return NO_CELL


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
                root = nb
                while parent[root] != root:
                    root = parent[root]
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
                   random: Callable[[], float], played: list[int], bridge_replies: bool,
                   diamond_replies: bool, capture_replies: bool, groups: Groups,
                   decisive_moves: bool = False) -> int:
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

    With ``decisive_moves``, ``wins[colour]`` holds cells found to win for
    that colour, each checked again when it is about to be played (a capture
    may have broken the chain since). Its checks read the groups' bits, so
    with it the opponent's groups next to a capture get new nodes at once.
    """
    diamonds = geo.diamonds
    neighbours = geo.neighbours
    # The reply to the last stone: the free corner of the first diamond through it
    # (``diamonds``: the stone on the short diagonal or at a tip) or bridge it
    # intrudes on (``bridges``) whose other two cells are ours. Both tables hold
    # (corner, x, y) triples. Taking captures in the playout was tried too:
    # playouts grew by half (114 against 78 moves on 9 x 9), for 57% more
    # instructions per search.
    replies = diamonds if diamond_replies else geo.bridges if bridge_replies else None
    # With ``capture_replies``, first the capture of the last stone (``exposures``):
    # only captures the last stone allows, not every capture on the board.
    exposed = exposures(geo) if capture_replies else None
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
    edge_bits = geo.edge_bits
    wins: tuple[list[int], list[int], list[int]] = ([], [], [])
    if decisive_moves:
        for latest in played[-2:]:  # each player's latest stone before the playout
            if latest >= 0 and board[latest]:
                colour = board[latest]
                wins[colour].extend(_winning_cells_beside(latest, colour, board, neighbours, node, parent,
                                                           root_bits, edge_bits[colour]))
    while True:
        cell = NO_CELL
        if decisive_moves:
            cell = _still_winning(wins[me], me, board, neighbours, node, parent, root_bits, my_bits)
            if cell == NO_CELL:
                cell = _still_winning(wins[opp], opp, board, neighbours, node, parent, root_bits, opp_bits)
        if cell == NO_CELL and exposed is not None and last != NO_CELL:
            for corner, mate, partner in exposed[last]:
                if board[mate] == me and board[partner] == opp and board[corner] == EMPTY:
                    cell = corner
                    break
        if cell == NO_CELL and replies is not None and last != NO_CELL and threatened >= 2:
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
        # written out); the opponent's neighbours counted.
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
                # Only the opponent groups that lost stones change: every part of
                # such a group touches a removed cell.
                if decisive_moves:  # its checks need the opponent's groups exact
                    _regroup_beside(doomed, opp, board, neighbours, opp_bits, node, parent, root_bits)
        if decisive_moves and b and b != BOTH_EDGES:
            wins[me].extend(_winning_cells_beside(cell, me, board, neighbours, node, parent, root_bits,
                                                  my_bits))
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


def _regroup_beside(cells: list[int], colour: int, board: bytearray,
                    neighbours: Sequence[Sequence[int]], bits: Sequence[int], node: list[int],
                    parent: list[int], root_bits: list[int]) -> None:
    """``_regroup`` every group of ``colour`` next to ``cells``, each once."""
    done: set[int] = set()
    for c in cells:
        for nb in neighbours[c]:
            if board[nb] == colour and nb not in done:
                done.update(_regroup(nb, colour, board, neighbours, bits, node, parent, root_bits))


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
