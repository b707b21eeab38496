"""Cubox's rules on a bare position: legal placements, contacts, chains and the win.

A position is a ``bytearray`` of one stone code per board position
(``EMPTY``, ``X``, ``O``). These functions are the one statement of the
rules; ``cubox.game`` keeps the history and the engine's playouts call them.

>>> from cubox.board import Board
>>> b = Board.of(3)
>>> cells = bytearray(b.size)
>>> for name, stone in (("a1", O), ("c1", O), ("a3", X)):
...     cells[b.columns[parse_name(name)][0]] = stone
>>> [b.name(p) for p in placements(b, cells, X)]  # X may stack on one X and two O
['e1', 'c3', 'a5', 'b2']
>>> b.at(2, 2, 2) in placements(b, cells, O)  # O may not: two of its own below
False
"""

from __future__ import annotations

from cubox.board import ALL_SIDES, Board

EMPTY = 0
X = 1
O = 2  # noqa: E741 (the seed's name for the second player)


def other(stone: int) -> int:
    """The opponent's stone code."""
    return 3 - stone


def parse_name(text: str) -> tuple[int, int]:
    """``(c, r)`` of a name such as ``d2`` (letters then digits); ``ValueError`` if not one."""
    letters = text.rstrip("0123456789")
    digits = text[len(letters):]
    if not letters or not digits or digits.startswith("0") or any(not "a" <= ch <= "z" for ch in letters.lower()):
        raise ValueError(f"{text!r} is not a position such as 'd2'")
    c = 0
    for letter in letters.lower():
        c = c * 26 + ord(letter) - ord("a") + 1
    return c, int(digits)


def stackable(board: Board, cells: bytes | bytearray, p: int, mover: int) -> bool:
    """Whether ``mover`` may stack on ``p``: it is empty and rests on one of the mover's
    cubox and two of the opponent's."""
    if cells[p] != EMPTY:
        return False
    a, b, c = board.supports[p]
    sa, sb, sc = cells[a], cells[b], cells[c]
    if not (sa and sb and sc):
        return False
    return (sa == mover) + (sb == mover) + (sc == mover) == 1


def placements(board: Board, cells: bytes | bytearray, mover: int) -> list[int]:
    """Every position ``mover`` may play: empty hollows, then legal stacks, in index order."""
    moves = [p for p in range(board.first_stack) if cells[p] == EMPTY]
    moves.extend(p for p in range(board.first_stack, board.size) if stackable(board, cells, p, mover))
    return moves


def linked(board: Board, cells: bytes | bytearray, p: int) -> list[int]:
    """The cubox of ``p``'s colour that visibly touch ``p``: same-level neighbours whose
    contact no cubox covers, the one it rests on, and those resting on it."""
    stone = cells[p]
    found = [q for q, cover in board.contacts[p] if cells[q] == stone and cells[cover] == EMPTY]
    found.extend(q for q in board.supports[p] if cells[q] == stone)
    found.extend(q for q in board.above[p] if cells[q] == stone)
    return found


def chain(board: Board, cells: bytes | bytearray, start: int) -> tuple[set[int], int]:
    """The chain of cubox joined to ``start`` and the sides it touches (bits)."""
    seen = {start}
    todo = [start]
    sides = 0
    while todo:
        p = todo.pop()
        sides |= board.edges[p]
        for q in linked(board, cells, p):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen, sides


def winning_chain(board: Board, cells: bytes | bytearray, start: int) -> set[int] | None:
    """The chain through ``start`` if it touches all three sides, else ``None``."""
    group, sides = chain(board, cells, start)
    return group if sides == ALL_SIDES else None


def winner(board: Board, cells: bytes | bytearray) -> int:
    """The stone code of a player with a chain on all three sides, or ``EMPTY``.

    (A search over the whole position, for tests and tools; a game checks the
    chain of the cubox just played.)
    """
    seen: set[int] = set()
    for p in range(board.size):
        if cells[p] != EMPTY and p not in seen:
            group, sides = chain(board, cells, p)
            seen |= group
            if sides == ALL_SIDES:
                return cells[p]
    return EMPTY
