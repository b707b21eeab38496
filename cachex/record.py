"""Game records: the compact, versioned text of a whole game for URL fragments.

A pure codec: text to a board size, a list of moves and who the computer is,
and back. It checks the form only; whether the moves are legal is for
``Game.from_fragment``, which replays them.

A game between two people is ``v1.<size>.<move>.<move>...``: the version,
the board size and every move in order, as cell names or ``swap``, joined by
dots. A game against the computer is ``v2.<size>.<colour>-<level>.<moves>``,
with the computer's colour and strength (``v2.9.blue-hard.d2``). A resigned
game ends with who resigned (``v1.9.d2.red-resigns``). Records use
only letters, digits, dots and hyphens, so they are URL-safe as they stand
and readable by a person. A leading ``#`` and surrounding spaces are ignored,
and case does not matter.

>>> decode("#V1.5.d2.SWAP")
GameRecord(n=5, moves=(Move.place(1, 3), Move.swap()), computer=None, resigned=None)
>>> encode(GameRecord(5, (Move.place(1, 3), Move.swap())))
'v1.5.d2.swap'
>>> decode("v2.9.blue-hard.d2").computer
('blue', 'hard')
>>> decode("v1.5.d2.k")
Traceback (most recent call last):
...
cachex.errors.RecordError: move 2 ('k') is malformed: 'k' is not a move: a move is a cell such as 'd2', or 'swap'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.colours import colour_code, colour_name
from cachex.errors import InvalidMoveError, RecordError
from cachex.geometry import MAX_SIZE, MIN_SIZE, check_size
from cachex.levels import LEVEL_NAMES
from cachex.notation import Move
from cachex.rules import TURN_LIMIT
from gamekit.inputs import is_plain, shown
from gamekit.value import Value

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cachex.colours import Colour

    Computer = tuple[str, str]  # the computer's colour and level

TWO_PEOPLE = "v1"
WITH_COMPUTER = "v2"
SEPARATOR = "."
SETTING_SEPARATOR = "-"
RESIGNS = "-resigns"
# The most turns a record holds: a game ends at the rules' turn limit, so a
# record's length is bounded before it is read.
MAX_MOVES = TURN_LIMIT
# Longest well-formed record: version, size, the computer's setting,
# MAX_MOVES moves of 3 letters and a resignation.
MAX_LENGTH = 2 + 3 + 16 + MAX_MOVES * 4 + 13

class GameRecord(Value):
    """What a record holds: the board size, the moves, the computer (colour, level) if
    any, and who resigned if anyone did."""

    __slots__ = ("n", "moves", "computer", "resigned")
    n: int
    moves: tuple[Move, ...]
    computer: Computer | None
    resigned: Colour | None

    def __init__(self, n: int, moves: Iterable[Move], computer: Computer | None = None,
                 resigned: Colour | None = None) -> None:
        self._set("n", n)
        self._set("moves", tuple(moves))
        self._set("computer", computer)
        self._set("resigned", resigned)


def encode(game: GameRecord) -> str:
    """The text of a record: ``v1`` between two people, ``v2`` with the computer's setting."""
    head = [TWO_PEOPLE, str(game.n)]
    if game.computer is not None:
        colour, level = game.computer
        head = [WITH_COMPUTER, str(game.n), colour + SETTING_SEPARATOR + level]
    tail = [game.resigned + RESIGNS] if game.resigned else []
    return SEPARATOR.join(head + [str(m) for m in game.moves] + tail)


def encode_prefixes(game: GameRecord) -> list[str]:
    """The text of the record of the first ``k`` moves, for every ``k`` from 0, in one pass.

    >>> encode_prefixes(GameRecord(5, (Move.place(1, 3), Move.swap())))
    ['v1.5', 'v1.5.d2', 'v1.5.d2.swap']
    """
    text = encode(GameRecord(game.n, (), game.computer))
    prefixes = [text]
    for move in game.moves:
        text += SEPARATOR + str(move)
        prefixes.append(text)
    return prefixes


def fragment_of(text: str) -> str:
    """The record in a pasted link or record: what follows its first ``#``, trimmed.

    >>> fragment_of("http://127.0.0.1:8000/#v1.5.c3 "), fragment_of(" v1.5 ")
    ('v1.5.c3', 'v1.5')
    """
    if "#" in text:
        text = text.split("#", 1)[1]
    return text.strip()


def decode(text: str) -> GameRecord:
    """The board size, moves and computer of a record (or a link holding one);
    ``RecordError`` naming the bad part."""
    saved, error = decode_start(text)
    if error is not None:
        raise error
    return saved


def decode_start(text: str) -> tuple[GameRecord, RecordError | None]:
    """The longest well-formed start of a record: its size, computer and the moves
    before the first malformed one, with the ``RecordError`` naming that move (``None``
    if every move is well formed). A record whose version, size or computer is bad
    has no start: ``RecordError``."""
    if not isinstance(text, str):
        raise RecordError(f"a game record must be text, not {type(text).__name__}")
    clean = fragment_of(text)
    if not is_plain(clean) or " " in clean:
        raise RecordError(f"a game record holds only letters, digits and signs, without spaces: {shown(clean)} "
                          "has another character")
    if not clean:
        raise RecordError("the game record is empty: expected something like 'v1.9.d2.swap'")
    if len(clean) > MAX_LENGTH:
        raise RecordError(f"the game record is too long ({len(clean)} characters; "
                          f"at most {MAX_LENGTH})")
    parts = clean.lower().split(SEPARATOR)
    version = parts[0]
    if version not in (TWO_PEOPLE, WITH_COMPUTER):
        raise RecordError(f"unknown record version {shown(version)}: expected 'v1' or 'v2' "
                          "(a record looks like 'v1.9.d2.swap')")
    if len(parts) < 2 or not parts[1]:
        raise RecordError(f"the game record has no board size after '{version}.'")
    size_text = parts[1]
    if not all("0" <= c <= "9" for c in size_text) or size_text.startswith("0") or len(size_text) > 2:
        raise RecordError(f"board size {shown(size_text)} is not a number from "
                          f"{MIN_SIZE} to {MAX_SIZE}")
    try:
        size = check_size(int(size_text))
    except ValueError as exc:
        raise RecordError(f"the game record's {exc}") from None
    computer = None
    first_move = 2
    if version == WITH_COMPUTER:
        computer = _read_computer(parts[2] if len(parts) > 2 else "")
        first_move = 3
    resigned = None
    if parts[-1].endswith(RESIGNS) and len(parts) > first_move:
        resigned = _read_colour(parts.pop()[: -len(RESIGNS)], "the colour that resigned,")
    moves: list[Move] = []
    for number, part in enumerate(parts[first_move:], start=1):
        if not part:
            return GameRecord(size, moves, computer), RecordError(
                f"move {number} is empty (two dots in a row, or a trailing dot)")
        try:
            moves.append(Move.parse(part))
        except InvalidMoveError as exc:
            return GameRecord(size, moves, computer), RecordError(
                f"move {number} ({shown(part)}) is malformed: {exc}")
    return GameRecord(size, moves, computer, resigned), None


def _read_computer(part: str) -> Computer:
    """The computer's (colour, level) from ``colour-level``; ``RecordError`` if not one."""
    colour, _, level = part.partition(SETTING_SEPARATOR)
    if not part or not level:
        raise RecordError(f"the computer's setting {shown(part)} is not colour-level "
                          "(like 'blue-hard') after 'v2.<size>.'")
    name = _read_colour(colour, "the computer's colour")
    if level not in LEVEL_NAMES:
        raise RecordError(f"the computer's level {shown(level)} is not one of "
                          f"{', '.join(LEVEL_NAMES)}")
    return name, level


def _read_colour(part: str, what: str) -> Colour:
    """The colour a record names; ``RecordError`` saying ``what`` it is if not one."""
    try:
        return colour_name(colour_code(part))
    except ValueError:
        raise RecordError(f"{what} {shown(part)} is not red or blue") from None

