"""Game records: the compact, versioned text of a whole game for URL fragments.

The format is ``v1.<size>.<move>.<move>...``: the version, the board size and
every move in order, as cell names or ``swap``, joined by dots. It uses only
letters, digits and dots, so it is URL-safe as it stands and readable by a
person. A leading ``#`` and surrounding spaces are ignored, and case does not
matter.

>>> from cachex.game import Game
>>> game = from_fragment("#V1.5.d2.SWAP")
>>> game.moves
[Move.place(1, 3), Move.swap()]
>>> to_fragment(game)
'v1.5.d2.swap'
>>> from_fragment("v1.5.c3")
Traceback (most recent call last):
...
cachex.errors.RecordError: move 1 ('c3') is illegal: c3 is the centre: Red's first stone may not go there
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.errors import CachexError, RecordError
from cachex.geometry import MAX_SIZE, MIN_SIZE
from cachex.notation import Move
from cachex.rules import TURN_LIMIT

if TYPE_CHECKING:
    from cachex.game import Game

VERSION = "v1"
SEPARATOR = "."
# Longest well-formed record: version, size and TURN_LIMIT moves of 3 letters.
MAX_LENGTH = len(VERSION) + 3 + TURN_LIMIT * 4 + 1


def to_fragment(game: Game) -> str:
    """The record of ``game``: ``v1.<size>.<moves...>``."""
    return SEPARATOR.join([VERSION, str(game.n), *(str(m) for m in game.moves)])


def from_fragment(text: str) -> Game:
    """Replay a record into a new ``Game``; raises ``RecordError`` naming the bad part."""
    from cachex.game import Game

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
        raise RecordError(f"unknown record version {_show(parts[0])}: expected 'v1' "
                          "(a record looks like 'v1.9.d2.swap')")
    if len(parts) < 2 or not parts[1]:
        raise RecordError("the game record has no board size after 'v1.'")
    size_text = parts[1]
    if not size_text.isdigit() or size_text.startswith("0") or len(size_text) > 2:
        raise RecordError(f"board size {_show(size_text)} is not a number from "
                          f"{MIN_SIZE} to {MAX_SIZE}")
    size = int(size_text)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise RecordError(f"board size {size} is not from {MIN_SIZE} to {MAX_SIZE}")
    game = Game(size)
    for number, part in enumerate(parts[2:], start=1):
        if not part:
            raise RecordError(f"move {number} is empty (two dots in a row, or a trailing dot)")
        try:
            move = Move.parse(part)
        except CachexError as exc:
            raise RecordError(f"move {number} ({_show(part)}) is malformed: {exc}") from None
        try:
            game.play(move)
        except CachexError as exc:
            raise RecordError(f"move {number} ({_show(part)}) is illegal: {exc}") from None
    return game


def _show(part: str) -> str:
    """A bad part quoted for an error message, cut short if long."""
    return repr(part if len(part) <= 12 else part[:12] + "...")
