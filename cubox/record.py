"""Cubox game records: the compact text of a whole game, for links and files.

A record is ``cubox.<size>.<move>.<move>...``: the game's name, the board
size and every move in order (position names, ``swap``, ``pass``), joined by
dots; a game against the computer adds its side and level after the size
and a resigned game ends with who resigned (``cubox.5.c1.o-resigns``)
(``cubox.8.o-hard.d4``). Records use only letters, digits, dots and hyphens,
ignore case, surrounding spaces and a leading ``#``. The codec checks the
form only; ``Game.from_fragment`` replays the moves and judges them.

>>> decode("#cubox.5.C1.swap")
CuboxRecord(size=5, moves=('c1', 'swap'), computer=None, resigned=None)
>>> encode(decode("cubox.8.o-hard.d4"))
'cubox.8.o-hard.d4'
>>> decode("cubox.2")
Traceback (most recent call last):
...
cubox.errors.RecordError: board size '2' is not a number from 3 to 16
"""

from __future__ import annotations

from cubox.board import MAX_SIZE, MIN_SIZE
from cubox.errors import InvalidMoveError, RecordError
from cubox.levels import LEVEL_NAMES
from cubox.notation import Move
from gamekit.inputs import shown
from gamekit.records import RESIGNS, SEPARATOR, parts, take_computer, take_resignation
from gamekit.value import Value

GAME = "cubox"
SIDES = ("x", "o")
# The board sizes as a record writes them (ASCII digits, no leading zero).
SIZE_TEXTS = {str(n): n for n in range(MIN_SIZE, MAX_SIZE + 1)}
# The longest record read: every position played, a pass before each, and the swap.
MAX_LENGTH = 16 + (MAX_SIZE * (MAX_SIZE + 1) * (MAX_SIZE + 2) // 6) * 2 * 5


class CuboxRecord(Value):
    """What a record holds: the size, the moves (as text), the computer's (side, level) and
    the side that resigned, if one did."""

    __slots__ = ("size", "moves", "computer", "resigned")
    size: int
    moves: tuple[str, ...]
    computer: tuple[str, str] | None
    resigned: str | None

    def __init__(self, size: int, moves: tuple[str, ...] | list[str],
                 computer: tuple[str, str] | None = None, resigned: str | None = None) -> None:
        self._set("size", size)
        self._set("moves", tuple(moves))
        self._set("computer", computer)
        self._set("resigned", resigned)


def encode(saved: CuboxRecord) -> str:
    """The text of a record."""
    head = [GAME, str(saved.size)]
    if saved.computer is not None:
        head.append("-".join(saved.computer))
    if saved.resigned is not None:
        return SEPARATOR.join(head + list(saved.moves) + [saved.resigned + RESIGNS])
    return SEPARATOR.join(head + list(saved.moves))


def decode(text: str) -> CuboxRecord:
    """The size, moves and computer of a record; ``RecordError`` naming the bad part."""
    saved, malformed = decode_start(text)
    if malformed is not None:
        raise malformed
    return saved


def decode_start(text: str) -> tuple[CuboxRecord, RecordError | None]:
    """The longest well-formed start of a record: its size, computer and the moves before
    the first malformed one, with the ``RecordError`` naming that move (``None`` if every
    move is well formed). A record whose game, size or computer is bad has no start:
    ``RecordError``."""
    found = parts(text, GAME, "Cubox", MAX_LENGTH, RecordError)
    if len(found) < 2 or not found[1]:
        raise RecordError("the game record has no board size after 'cubox.'")
    size_text = found[1]
    if size_text not in SIZE_TEXTS:
        raise RecordError(f"board size {shown(size_text)} is not a number from {MIN_SIZE} to {MAX_SIZE}")
    rest = found[2:]
    resigned = take_resignation(rest, SIDES, RecordError)
    computer = take_computer(rest, SIDES, LEVEL_NAMES, RecordError, moves_have_hyphens=False)
    for number, part in enumerate(rest, start=1):
        try:
            Move.parse(part)
        except InvalidMoveError as exc:
            error = RecordError(f"move {number} ({shown(part)}) is malformed: {exc}")
            return CuboxRecord(SIZE_TEXTS[size_text], rest[:number - 1], computer), error
    return CuboxRecord(SIZE_TEXTS[size_text], rest, computer, resigned), None

