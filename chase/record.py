"""Chase game records: the compact text of a whole game, for links and files.

A record is ``chase``, then ``black`` if black started (white starts
otherwise; ``white`` may be written too), then, for a game against the
computer, its side and level (``black-hard``), then every move in its record
form (``a5-f8ne``, ``(i9,i1)i3-f2sw``, ``a1=2,a2=1``), and a resigned game
ends with who resigned (``white-resigns``). Records use only letters, digits
and ``.-=,()``, ignore case, surrounding spaces and a leading ``#``. The codec
checks the form only; ``Game.from_fragment`` replays the moves and judges
them.

>>> saved = decode("#chase.a5-f8ne.i6-e4sw")
>>> saved.first, saved.moves
('white', ('a5-f8ne', 'i6-e4sw'))
>>> encode(decode("CHASE.black.white-hard.i5-d3SW"))
'chase.black.white-hard.i5-d3sw'
>>> decode("chase.a5-f8ne.i6")
Traceback (most recent call last):
...
chase.errors.RecordError: move 2 ('i6') is malformed: 'i6' is not a move: write a move as 'a1-a2E' ...
"""

from __future__ import annotations

from chase.errors import InvalidMoveError, RecordError
from chase.levels import LEVEL_NAMES
from chase.notation import Move
from gamekit.inputs import shown
from gamekit.records import RESIGNS, SEPARATOR, parts, take_computer, take_resignation
from gamekit.value import Value

GAME = "chase"
SIDES = ("white", "black")
MAX_LENGTH = 400_000  # some 30,000 moves: far longer than any game played to its end


class ChaseRecord(Value):
    """What a record holds: who starts (``"white"`` or ``"black"``), the moves' texts, the
    computer's (side, level) and the side that resigned."""

    __slots__ = ("first", "moves", "computer", "resigned")
    first: str
    moves: tuple[str, ...]
    computer: tuple[str, str] | None
    resigned: str | None

    def __init__(self, first: str, moves: tuple[str, ...] | list[str], computer: tuple[str, str] | None = None,
                 resigned: str | None = None) -> None:
        self._set("first", first)
        self._set("moves", tuple(moves))
        self._set("computer", computer)
        self._set("resigned", resigned)


def encode(saved: ChaseRecord) -> str:
    """The text of a record."""
    pieces = [GAME] if saved.first == "white" else [GAME, saved.first]
    if saved.computer is not None:
        pieces.append(saved.computer[0] + "-" + saved.computer[1])
    pieces.extend(Move.parse(text).token() for text in saved.moves)
    if saved.resigned is not None:
        pieces.append(saved.resigned + RESIGNS)
    return SEPARATOR.join(pieces)


def decode(text: str) -> ChaseRecord:
    """Who started, the computer and the moves of a record; ``RecordError`` naming the bad part."""
    saved, malformed = decode_start(text)
    if malformed is not None:
        raise malformed
    return saved


def decode_start(text: str) -> tuple[ChaseRecord, RecordError | None]:
    """The longest well-formed start of a record, with the ``RecordError`` naming its first
    malformed move (``None`` if every move is well formed). A record whose head (the game, the
    computer) is bad has no start: ``RecordError``."""
    rest = parts(text, GAME, "Chase", MAX_LENGTH, RecordError)[1:]
    first = "white"
    if rest and rest[0] in SIDES:
        first = rest.pop(0)
    resigned = take_resignation(rest, SIDES, RecordError)
    computer = take_computer(rest, SIDES, LEVEL_NAMES, RecordError)
    moves: list[str] = []
    for number, part in enumerate(rest, start=1):
        try:
            moves.append(Move.parse(part).token())
        except InvalidMoveError as exc:
            error = RecordError(f"move {number} ({shown(part)}) is malformed: {exc}")
            return ChaseRecord(first, moves, computer), error
    return ChaseRecord(first, moves, computer, resigned), None

