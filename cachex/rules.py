"""The rules of Cachex: the one owner of placement, captures, the steal and the end.

The functions at module level work on a raw board (a ``bytearray`` of
``EMPTY``, ``RED`` and ``BLUE`` indexed by cell) so that the game object and
the search share the same rule code; ``random_playout`` is the fast path the
search uses to finish games at random under the exact rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cachex.geometry import BLUE, EMPTY, RED, Geometry

REPETITION_LIMIT = 7
TURN_LIMIT = 343
DRAW = 0
STEAL = -1  # the steal, where moves are written as cell indices

COLOUR_NAMES = {RED: "red", BLUE: "blue"}


def other(colour: int) -> int:
    """The opponent of ``colour`` (``RED`` <-> ``BLUE``)."""
    return 3 - colour


def place(board: bytearray, geo: Geometry, cell: int, me: int) -> list[int]:
    """Put ``me``'s stone on empty ``cell`` and make its captures.

    Every diamond completed by the new stone is found first, then all the
    opponent stones in them are removed together. Returns the removed cells,
    sorted and without repeats.
    """
    board[cell] = me
    opp = 3 - me
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
        board[mirror[i]] = 3 - stone if stone else EMPTY


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


def winning_cells(board: bytes | bytearray, geo: Geometry, colour: int) -> list[int]:
    """The empty cells where a stone of ``colour`` would win at once.

    A placement never helps the mover through its captures (they remove only
    opponent stones), so a cell wins exactly when it joins own groups that
    together touch both of the colour's edges.
    """
    size = geo.size
    neighbours = geo.neighbours
    bits_of = _edge_bits(geo)[colour]
    label = [-1] * size
    group_bits: list[int] = []
    for start in range(size):
        if board[start] != colour or label[start] >= 0:
            continue
        g = len(group_bits)
        label[start] = g
        b = 0
        stack = [start]
        while stack:
            c = stack.pop()
            b |= bits_of[c]
            for nb in neighbours[c]:
                if label[nb] < 0 and board[nb] == colour:
                    label[nb] = g
                    stack.append(nb)
        group_bits.append(b)
    found = []
    for c in range(size):
        if board[c] == EMPTY:
            b = bits_of[c]
            for nb in neighbours[c]:
                g = label[nb]
                if g >= 0:
                    b |= group_bits[g]
            if b == 3:
                found.append(c)
    return found


def record_board(board: bytes | bytearray, seen: dict[bytes, int],
                 repetitions: dict[bytes, int]) -> int:
    """Count one more occurrence of ``board`` in ``seen`` (an overlay of counts
    on ``repetitions``, which stays unchanged); returns its occurrences now."""
    key = bytes(board)
    before = seen.get(key)
    count = (repetitions.get(key, 0) if before is None else before) + 1
    seen[key] = count
    return count


def random_playout(
    geo: Geometry,
    board: bytearray,
    to_move: int,
    turn: int,
    repetitions: dict[bytes, int],
    random: Callable[[], float],
    played: list[int] | None = None,
    seen: dict[bytes, int] | None = None,
    bridge_replies: bool = False,
) -> int:
    """Finish the game from this position with random legal moves.

    ``board`` is changed in place; ``turn`` is the number of turns already
    played and ``repetitions`` the board counts so far (not changed); ``seen``
    optionally overlays counts of boards since then (it is updated). Returns
    the winner (``RED`` or ``BLUE``) or ``DRAW``. When ``played`` is given,
    every move is appended to it: the cell of a placement, or ``STEAL`` (-1).

    Moves are uniform among the legal ones, except that with
    ``bridge_replies`` a player whose two-bridge was just intruded on answers
    in the other carrier cell, the informed policy the search uses.

    Connectivity is tracked by a union-find per colour with edge bits on each
    root; as removal cannot be undone in a union-find, a capture relabels the
    groups that lost stones from scratch.
    """
    size = geo.size
    neighbours = geo.neighbours
    diamonds = geo.diamonds
    bridges = geo.bridges
    local: dict[bytes, int] = {} if seen is None else seen
    if turn >= TURN_LIMIT:
        return DRAW
    # The first two turns have their own rules (the centre ban, the steal):
    # play them here, then the common loop below.
    while turn < 2:
        empties = [c for c in range(size) if not board[c] and not (turn == 0 and c == geo.centre)]
        k = int(random() * (len(empties) + turn))  # turn 1 adds the steal as one more choice
        if k == len(empties):
            steal(board, geo)
            move = STEAL
        else:
            move = empties[k]
            place(board, geo, move, to_move)
        if played is not None:
            played.append(move)
        record_board(board, local, repetitions)
        to_move = 3 - to_move
        turn += 1
    empties = [c for c in range(size) if not board[c]]
    position = [0] * size
    for k, c in enumerate(empties):
        position[c] = k

    # edge_bits[colour][cell]: 1 on the colour's first edge, 2 on its second.
    edge_bits = _edge_bits(geo)
    parent = list(range(size))
    bits = [0] * size

    def find(x: int) -> int:
        while parent[x] != x:
            up = parent[parent[x]]
            parent[x] = up
            x = up
        return x

    def relabel(colour: int, starts: Iterable[int]) -> None:
        """Point every stone of ``colour`` connected to ``starts`` at one root per group."""
        eb = edge_bits[colour]
        done: set[int] = set()
        for start in starts:
            if board[start] == colour and start not in done:
                done.add(start)
                parent[start] = start
                b = eb[start]
                stack = [start]
                while stack:
                    u = stack.pop()
                    for v in neighbours[u]:
                        if board[v] == colour and v not in done:
                            done.add(v)
                            parent[v] = start
                            b |= eb[v]
                            stack.append(v)
                bits[start] = b

    relabel(RED, range(size))
    relabel(BLUE, range(size))
    last = -1
    while True:
        me = to_move
        opp = 3 - me
        cell = -1
        if bridge_replies and last >= 0:
            for y, a, b in bridges[last]:
                if board[a] == me and board[b] == me and board[y] == EMPTY:
                    cell = y
                    break
        count = len(empties)
        if cell < 0:
            cell = empties[int(random() * count)]
        k = position[cell]
        moved = empties[count - 1]
        empties[k] = moved
        position[moved] = k
        empties.pop()
        board[cell] = me
        if played is not None:
            played.append(cell)
        captured = False
        for mate, x, y in diamonds[cell]:
            if board[mate] == me and board[x] == opp and board[y] == opp:
                # Removal waits until every diamond has been checked.
                if not captured:
                    captured = True
                    doomed = [x, y]
                else:
                    doomed.append(x)
                    doomed.append(y)
        if captured:
            for c in doomed:
                if board[c]:
                    board[c] = EMPTY
                    position[c] = len(empties)
                    empties.append(c)
            # Relabel only the opponent groups that lost stones: every part of
            # such a group touches a removed cell, so a flood from the removed
            # cells' neighbours reaches all of it; other groups are unchanged.
            relabel(opp, [nb for c in doomed for nb in neighbours[c]])
        # Union the new stone with its own colour's neighbours.
        root = cell
        parent[cell] = cell
        b = edge_bits[me][cell]
        for nb in neighbours[cell]:
            if board[nb] == me:
                r2 = find(nb)
                if r2 != root:
                    parent[r2] = root
                    b |= bits[r2]
        bits[root] = b
        if b == 3:
            return me
        turn += 1
        if record_board(board, local, repetitions) >= REPETITION_LIMIT or turn >= TURN_LIMIT:
            return DRAW
        if not empties:
            return DRAW  # cannot happen on a hex board, kept for safety
        to_move = opp
        last = cell


_EDGE_BITS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _edge_bits(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per colour, per cell: bit 1 on the colour's first edge, bit 2 on its second."""
    table = _EDGE_BITS.get(geo.n)
    if table is None:
        rows: list[tuple[int, ...]] = [()]
        for colour in (RED, BLUE):
            first, second = geo.edges[colour]
            rows.append(tuple((c in first) | (c in second) << 1 for c in range(geo.size)))
        table = _EDGE_BITS[geo.n] = tuple(rows)
    return table
