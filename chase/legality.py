"""Whether a Chase move is legal, and why not: its sharing of lost points, an exchange, a slide.

A move's text may leave out what the position makes clear (the direction
where one way reaches the destination, the sharing where only one way exists,
``x`` for a capture); ``check_move`` fills it in and returns the move in full,
or ``IllegalMoveError`` saying what is wrong.

>>> from chase.rules import WHITE, start_position
>>> move, after, trace = check_move(start_position(), WHITE, Move.parse("a5-f8"))
>>> str(move), [name(c) for c in trace.path]
('a5-f8NE', ['b6', 'c6', 'd7', 'e7', 'f8'])
"""

from __future__ import annotations

from chase.board import DIRECTIONS, REFLECTED, leaves_board, name, neighbours
from chase.errors import IllegalMoveError
from chase.notation import Move
from chase.rules import (
    POINTS,
    SIDE_TITLES,
    SIDES,
    Trace,
    apply_share,
    dice,
    exchanges,
    landing,
    shares,
    sign,
    slide,
    total,
)


def check_move(cells: list[int], side: int, move: Move) -> tuple[Move, list[int], Trace]:
    """The move in full (direction and capture shown, the points' sharing in its first order),
    the position after it and its trace; ``IllegalMoveError`` saying why it is not legal."""
    shared, share = _shared(cells, side, move)
    if move.is_exchange:
        return _check_exchange(move, shared, side, share)
    return _check_slide(move, shared, side, share)


def _shared(cells: list[int], side: int, move: Move) -> tuple[list[int], tuple[int, ...]]:
    """The position after the move's sharing of lost points, and that sharing's first order."""
    options = shares(cells, side)
    title = SIDE_TITLES[SIDES[side]]
    if not move.share:
        if len(options) == 1:
            return options[0][1], options[0][0]
        shown = " or ".join("{" + ",".join(name(c) for c in chosen) + "}" for chosen, _ in options)
        raise IllegalMoveError(f"{title} lost {POINTS - total(cells, side)} point(s) and chooses which dice "
                               f"take them: begin the move with {shown}")
    if len(options) == 1 and not options[0][0]:
        raise IllegalMoveError(f"{title} has no lost points to share: leave out the "
                               f"{{{','.join(name(c) for c in move.share)}}}")
    try:
        after = apply_share(cells, side, move.share)
    except ValueError as exc:
        raise IllegalMoveError(f"{{{','.join(name(c) for c in move.share)}}} cannot share the lost points: "
                               f"{exc}") from None
    for chosen, shared in options:
        if shared == after:
            return shared, chosen
    raise AssertionError("a sharing of points that shares() does not find")

def _check_exchange(move: Move, cells: list[int], side: int, share: tuple[int, ...]) -> tuple[Move, list[int], Trace]:
    a, b = move.start, move.to
    va, vb = move.values
    if b < a:
        a, b, va, vb = b, a, vb, va
    s = sign(side)
    for where in (a, b):
        if cells[where] * s <= 0:
            raise IllegalMoveError(f"{name(where)} holds no die of {SIDE_TITLES[SIDES[side]]}'s")
    if b not in neighbours(a):
        raise IllegalMoveError(f"{name(a)} and {name(b)} are not next to each other: only neighbours exchange")
    old_a, old_b = cells[a] * s, cells[b] * s
    if va + vb != old_a + old_b:
        raise IllegalMoveError(f"an exchange keeps the pair's total: {name(a)} and {name(b)} hold "
                               f"{old_a} + {old_b} = {old_a + old_b}, not {va} + {vb}")
    if va == old_a:
        raise IllegalMoveError(f"{name(a)} already shows {va}: an exchange changes the dice")
    after = list(cells)
    after[a], after[b] = va * s, vb * s
    return Move.exchange(a, va, b, vb, share), after, Trace()

def _check_slide(move: Move, cells: list[int], side: int, share: tuple[int, ...]) -> tuple[Move, list[int], Trace]:
    start, to = move.start, move.to
    s = sign(side)
    title = SIDE_TITLES[SIDES[side]]
    if cells[start] * s <= 0:
        raise IllegalMoveError(f"{name(start)} holds no die of {title}'s")
    value = cells[start] * s
    ways = [move.direction] if move.direction >= 0 else list(range(6))
    found: list[tuple[int, list[int], Trace]] = []
    reasons: list[str] = []
    for d in ways:
        if leaves_board(start, d):
            if move.direction >= 0:
                reasons.append(f"a die on row {name(start)[0]} starts {DIRECTIONS[d]} by its reflection, "
                               f"{DIRECTIONS[REFLECTED[d]]}")
            continue
        end = landing(cells, start, d)
        if end < 0:
            reasons.append(f"a die or the Chamber is in the way of {name(start)} moving {DIRECTIONS[d]}")
            continue
        if end != to:
            reasons.append(f"the {value} on {name(start)} moving {DIRECTIONS[d]} ends on {name(end)}")
            continue
        trace = Trace()
        after = slide(cells, start, d, trace)
        if after is None:
            reasons.append(f"{name(start)} moving {DIRECTIONS[d]} would bump a die into the Chamber")
            continue
        found.append((d, after, trace))
    if not found:
        if move.direction < 0:
            bumps = [r for r in reasons if "bump" in r]
            raise IllegalMoveError(bumps[0] if bumps else
                                   f"the {value} on {name(start)} reaches {name(to)} in no direction")
        raise IllegalMoveError(reasons[0])
    if len(found) > 1:
        shown = " or ".join(str(Move.slide(start, to, d, move.capture, share)) for d, _, _ in found)
        raise IllegalMoveError(f"{name(start)} reaches {name(to)} in more than one way: write {shown}")
    d, after, trace = found[0]
    capture = cells[to] * s < 0
    if move.capture and not capture:
        raise IllegalMoveError(f"{name(to)} holds no enemy die to capture: write "
                               f"{Move.slide(start, to, d, False, share)}")
    return Move.slide(start, to, d, capture, share), after, trace


def legal_moves(cells: list[int], side: int) -> list[Move]:
    """Every legal move of ``side``: for each way to share lost points, the slides (by die, then
    direction), then the exchanges."""
    moves: list[Move] = []
    s = sign(side)
    for share, shared in shares(cells, side):
        for start in dice(shared, side):
            for d in range(6):
                if leaves_board(start, d):
                    continue
                end = landing(shared, start, d)
                if end >= 0 and slide(shared, start, d) is not None:
                    moves.append(Move.slide(start, end, d, shared[end] * s < 0, share))
        for a, va, b, vb in exchanges(shared, side):
            moves.append(Move.exchange(a, va, b, vb, share))
    return moves


def has_move(cells: list[int], side: int) -> bool:
    """Whether ``side`` has a legal move on ``cells``."""
    for _, shared in shares(cells, side):
        if exchanges(shared, side):
            return True
        for start in dice(shared, side):
            for d in range(6):
                if not leaves_board(start, d) and landing(shared, start, d) >= 0 \
                        and slide(shared, start, d) is not None:
                    return True
    return False

