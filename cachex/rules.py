"""The rules of Cachex: the one owner of every rule of a position.

Who moves, which moves are legal (the centre ban, the steal), what a move does
(placement, captures, the steal), when the game ends (connection, then
repetition, then the turn limit) and how boards are counted for repetition
are each decided by one function or class here. ``Game``, the search
(``cachex.engine``), the sparring partners and the page all ask these.

The functions work on a raw board (a ``bytearray`` of ``EMPTY``, ``RED`` and
``BLUE`` indexed by cell) and on move codes (a cell index, or ``STEAL``), so
the game object and the search share the same rule code. Tactics (wins in
one and their defences) and the random playouts build on these in
``cachex.engine``: the page's main thread loads only this module.

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
from cachex.geometry import NO_CELL, STEAL, Geometry

if TYPE_CHECKING:
    from collections.abc import Mapping

REPETITION_LIMIT = 7
TURN_LIMIT = 343
# The turns with rules of their own: turn 0 (the centre ban), turn 1 (the steal).
OPENING_TURNS = 2
# A playout's or a search's result: the winner's stone code, or DRAW.
DRAW = EMPTY

End = Literal["connection", "resignation", "repetition", "turn-limit"]
CONNECTION: End = "connection"
RESIGNATION: End = "resignation"
REPETITION: End = "repetition"
TURN_LIMIT_REACHED: End = "turn-limit"


# --- the rules of a position ---

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


# --- what a move does ---

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


# --- connections ---

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
