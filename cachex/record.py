"""Game records: the compact, versioned text of a whole game for URL fragments.

A pure codec: text to a board size and a list of moves, and back. It checks
the form only; whether the moves are legal is for ``Game.from_fragment``,
which replays them.

The format is ``v1.<size>.<move>.<move>...``: the version, the board size and
every move in order, as cell names or ``swap``, joined by dots. It uses only
letters, digits and dots, so it is URL-safe as it stands and readable by a
person. A leading ``#`` and surrounding spaces are ignored, and case does not
matter.

>>> decode("#V1.5.d2.SWAP")
(5, [Move.place(1, 3), Move.swap()])
>>> encode(5, [Move.place(1, 3), Move.swap()])
'v1.5.d2.swap'
>>> decode("v1.5.d2.k")
Traceback (most recent call last):
...
cachex.errors.RecordError: move 2 ('k') is malformed: 'k' is not a move: a move is a cell such as 'd2', or 'swap'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.errors import InvalidMoveError, RecordError
from cachex.geometry import MAX_SIZE, MIN_SIZE, check_size
from cachex.notation import Move

if TYPE_CHECKING:
    from collections.abc import Iterable

VERSION = "v1"
SEPARATOR = "."
# The most turns a game can last (the rules' turn limit, 343), so that a
# record's length is bounded before it is read.
MAX_MOVES = 343
# Longest well-formed record: version, size and MAX_MOVES moves of 3 letters.
MAX_LENGTH = len(VERSION) + 3 + MAX_MOVES * 4 + 1


def encode(n: int, moves: Iterable[Move]) -> str:
    """The record of a game on an ``n`` x ``n`` board with these moves."""
    return SEPARATOR.join([VERSION, str(n)] + [str(m) for m in moves])


def decode(text: str) -> tuple[int, list[Move]]:
    """The board size and moves of a record; ``RecordError`` naming the bad part."""
    if not isinstance(text, str):
        raise RecordError(f"a game record must be text, not {type(text).__name__}")
    clean = text.strip()
    if clean.startswith("#"):
        clean = clean[1:].strip()
    if not clean:
        raise RecordError("the game record is empty: expected something like 'v1.9.d2.swap'")
    if len(clean) > MAX_LENGTH:
        raise RecordError(f"the game record is too long ({len(clean)} characters; "
                          f"at most {MAX_LENGTH})")
    parts = clean.lower().split(SEPARATOR)
    if parts[0] != VERSION:
        raise RecordError(f"unknown record version {show_part(parts[0])}: expected 'v1' "
                          "(a record looks like 'v1.9.d2.swap')")
    if len(parts) < 2 or not parts[1]:
        raise RecordError("the game record has no board size after 'v1.'")
    size_text = parts[1]
    if not size_text.isdigit() or size_text.startswith("0") or len(size_text) > 2:
        raise RecordError(f"board size {show_part(size_text)} is not a number from "
                          f"{MIN_SIZE} to {MAX_SIZE}")
    try:
        size = check_size(int(size_text))
    except ValueError as exc:
        raise RecordError(f"the game record's {exc}") from None
    moves = []
    for number, part in enumerate(parts[2:], start=1):
        if not part:
            raise RecordError(f"move {number} is empty (two dots in a row, or a trailing dot)")
        try:
            moves.append(Move.parse(part))
        except InvalidMoveError as exc:
            raise RecordError(f"move {number} ({show_part(part)}) is malformed: {exc}") from None
    return size, moves


def show_part(part: str) -> str:
    """A part of a record quoted for an error message, cut short if long."""
    return repr(part if len(part) <= 12 else part[:12] + "...")
