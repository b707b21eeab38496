"""Chase's moves as small integers, for the searches: generating, playing and naming them.

A move's code is ``share * SHARE + action``: ``share`` indexes the ways the
mover may share out lost points (``chase.rules.shares``, 0 when none are
owed) and ``action`` is a slide (``start * 6 + direction``) or an exchange
(``EXCHANGE + (a * 6 + k) * 6 + new value of a - 1``, ``b`` being ``a``'s
neighbour in direction ``k`` and ``a`` the lower cell).

>>> from chase.rules import WHITE, start_position
>>> cells = start_position()
>>> codes = legal_codes(cells, WHITE)
>>> len(codes), str(to_move(cells, WHITE, codes[0]))
(46, 'a1-a2E')
"""

from __future__ import annotations

from chase.board import CHAMBER, STEPS, leaves_board
from chase.notation import Move
from chase.rules import dice, exchanges, landing, shares, sign, slide

SHARE = 4096
EXCHANGE = 486  # the first exchange code: slides take 0 to 485


def _direction(a: int, b: int) -> int:
    for k in range(6):
        if STEPS[a][k][0] == b and not leaves_board(a, k):
            return k
    raise ValueError("not neighbours")


def actions(cells: list[int], side: int) -> list[int]:
    """The codes of every legal slide and exchange of ``side``, nothing owed."""
    s = sign(side)
    codes: list[int] = []
    for start in dice(cells, side):
        for d in range(6):
            if leaves_board(start, d):
                continue
            end = landing(cells, start, d)
            if end < 0:
                continue
            # A split or a bump is legal unless it pushes a die into the Chamber.
            if (end == CHAMBER or cells[end] * s > 0) and slide(cells, start, d) is None:
                continue
            codes.append(start * 6 + d)
    for a, va, b, _ in exchanges(cells, side):
        codes.append(EXCHANGE + (a * 6 + _direction(a, b)) * 6 + va - 1)
    return codes


def legal_codes(cells: list[int], side: int) -> list[int]:
    """Every legal move's code, sharing included."""
    options = shares(cells, side)
    if len(options) == 1:
        return actions(options[0][1], side)
    codes: list[int] = []
    for index, (_, shared) in enumerate(options):
        codes.extend(index * SHARE + code for code in actions(shared, side))
    return codes


def shared(cells: list[int], side: int, code: int) -> list[int]:
    """The position after the code's sharing of lost points."""
    return shares(cells, side)[code // SHARE][1]


def apply(cells: list[int], side: int, code: int) -> list[int]:
    """The position after a legal move's code."""
    cells = shared(cells, side, code)
    action = code % SHARE
    if action < EXCHANGE:
        after = slide(cells, action // 6, action % 6)
        if after is None:
            raise ValueError(f"move code {code} is not legal here")
        return after
    rest, low = divmod(action - EXCHANGE, 6)
    a, k = divmod(rest, 6)
    b = STEPS[a][k][0]
    s = sign(side)
    after = list(cells)
    pair = (cells[a] + cells[b]) * s
    after[a], after[b] = (low + 1) * s, (pair - low - 1) * s
    return after


def to_move(cells: list[int], side: int, code: int) -> Move:
    """The ``Move`` (full notation) a code names in a position."""
    options = shares(cells, side)
    share, before = options[code // SHARE]
    action = code % SHARE
    if action < EXCHANGE:
        start, d = divmod(action, 6)
        end = landing(before, start, d)
        return Move.slide(start, end, d, before[end] * sign(side) < 0, share)
    rest, low = divmod(action - EXCHANGE, 6)
    a, k = divmod(rest, 6)
    b = STEPS[a][k][0]
    pair = (before[a] + before[b]) * sign(side)
    return Move.exchange(a, low + 1, b, pair - low - 1, share)
