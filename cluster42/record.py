"""42-cluster game records: the compact text of a whole game, draws included, for links and files.

A record is ``cluster42.<size>[.k<colours each>][.n<run to win>][.c<chips per colour>].<draws>``
then, for a game against the computer, its side and level (``2-hard``), then
every move (``-2c3`` drops chip 3 at line -2, ``r4`` turns gravity to 4), and
a resigned game ends with who resigned (``1-resigns``). The draws are either
the seed of the game's draws (``s`` and up to 8 hex digits), which replays
every draw, or ``dealt``: then each move carries the chips drawn for it
before a ``_`` (``13_-2c3``: chips 1 and 3 drawn, 3 dropped at -2), as the
referee's games are recorded. Options left out take the defaults: two
colours a player, four in a row, ``floor(cells / colours)`` chips of each
colour. Records use only letters, digits, dots, hyphens and underscores, ignore
case, surrounding spaces and a leading ``#``. The codec checks the form only;
``Game.from_fragment`` replays the moves and judges them.

>>> saved = decode("#cluster42.5.s1f.-2c0.r4")
>>> saved.size, saved.seed, saved.moves
(5, 31, (((), '-2c0'), ((), 'r4')))
>>> encode(decode("cluster42.6.n5.dealt.2-easy.01_0c1"))
'cluster42.6.n5.dealt.2-easy.01_0c1'
>>> decode("cluster42.5.-2c0")
Traceback (most recent call last):
...
cluster42.errors.RecordError: after the size and options a record has its draws: ...
"""

from __future__ import annotations

from cluster42.board import MAX_SIZE, MIN_SIZE
from cluster42.errors import InvalidMoveError, RecordError
from cluster42.levels import LEVEL_NAMES
from cluster42.notation import Move
from gamekit.inputs import shown
from gamekit.records import RESIGNS, SEPARATOR, parts, take_computer, take_resignation
from gamekit.value import Value

GAME = "cluster42"
SIDES = ("1", "2")
DEALT = "dealt"
HEX = "0123456789abcdef"
# The longest record: every chip of the largest game (3 colours each, 9999 chips a colour) played
# one a turn, each turn at most 9 characters with its dot.
MAX_LENGTH = 2 * 3 * 9999 * 9 + 64


class ClusterRecord(Value):
    """What a record holds: the size and options (``chips`` ``None`` for the default), the
    seed (``None`` for dealt draws), the moves as (drawn chips, move text), the computer's
    (side, level) and the side that resigned."""

    __slots__ = ("size", "per_player", "n", "chips", "seed", "moves", "computer", "resigned")
    size: int
    per_player: int
    n: int
    chips: int | None
    seed: int | None
    moves: tuple[tuple[tuple[int, ...], str], ...]
    computer: tuple[str, str] | None
    resigned: str | None

    def __init__(self, size: int, per_player: int, n: int, chips: int | None, seed: int | None,
                 moves: tuple[tuple[tuple[int, ...], str], ...] | list[tuple[tuple[int, ...], str]],
                 computer: tuple[str, str] | None = None, resigned: str | None = None) -> None:
        self._set("size", size)
        self._set("per_player", per_player)
        self._set("n", n)
        self._set("chips", chips)
        self._set("seed", seed)
        self._set("moves", tuple(moves))
        self._set("computer", computer)
        self._set("resigned", resigned)


def encode(saved: ClusterRecord) -> str:
    """The text of a record."""
    pieces = [GAME, str(saved.size)]
    if saved.per_player != 2:
        pieces.append(f"k{saved.per_player}")
    if saved.n != 4:
        pieces.append(f"n{saved.n}")
    if saved.chips is not None:
        pieces.append(f"c{saved.chips}")
    pieces.append(DEALT if saved.seed is None else "s" + _hex(saved.seed))
    if saved.computer is not None:
        pieces.append("-".join(saved.computer))
    for drawn, move in saved.moves:
        pieces.append(move if saved.seed is not None else "".join(str(c) for c in drawn) + "_" + move)
    if saved.resigned is not None:
        pieces.append(saved.resigned + RESIGNS)
    return SEPARATOR.join(pieces)


def _hex(value: int) -> str:
    text = ""
    while True:
        value, digit = divmod(value, 16)
        text = HEX[digit] + text
        if not value:
            return text


def _number(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` writes (ASCII digits, no leading zero) if in ``low..high``."""
    if not text or len(text) > 4 or any(c not in "0123456789" for c in text) or (len(text) > 1 and text[0] == "0"):
        return None
    value = int(text)
    return value if low <= value <= high else None


def decode(text: str) -> ClusterRecord:
    """The size, options, draws and moves of a record; ``RecordError`` naming the bad part."""
    saved, malformed = decode_start(text)
    if malformed is not None:
        raise malformed
    return saved


def decode_start(text: str) -> tuple[ClusterRecord, RecordError | None]:
    """The longest well-formed start of a record, with the ``RecordError`` naming its first
    malformed move (``None`` if every move is well formed). A record whose head (size,
    options, draws, computer) is bad has no start: ``RecordError``."""
    head = parts(text, GAME, "42-cluster", MAX_LENGTH, RecordError)
    if len(head) < 2 or not head[1]:
        raise RecordError("the game record has no board size after 'cluster42.'")
    size = _number(head[1], MIN_SIZE, MAX_SIZE)
    if size is None:
        raise RecordError(f"board size {shown(head[1])} is not a number from {MIN_SIZE} to {MAX_SIZE}")
    rest = head[2:]
    options = {"k": 2, "n": 4, "c": -1}
    for letter in "knc":
        if rest and rest[0][:1] == letter and rest[0] != DEALT:
            value = _number(rest[0][1:], 1, 9999)
            if value is None:
                raise RecordError(f"option {shown(rest[0])} is not '{letter}' and a whole number")
            options[letter] = value
            rest.pop(0)
    if not rest or not (rest[0] == DEALT or (rest[0][:1] == "s" and 1 < len(rest[0]) <= 9
                                             and all(c in HEX for c in rest[0][1:]))):
        found = shown(rest[0]) if rest else "nothing"
        raise RecordError("after the size and options a record has its draws: 's' and the seed in hex, "
                          f"or 'dealt'; not {found}")
    draws = rest.pop(0)
    seed = None if draws == DEALT else int(draws[1:], 16)
    resigned = take_resignation(rest, SIDES, RecordError)
    computer = take_computer(rest, SIDES, LEVEL_NAMES, RecordError)
    chips = None if options["c"] < 0 else options["c"]
    moves: list[tuple[tuple[int, ...], str]] = []
    for number, part in enumerate(rest, start=1):
        drawn: tuple[int, ...] = ()
        move_text = part
        try:
            if seed is None:
                drawn_text, underscore, move_text = part.partition("_")
                if not underscore or not 1 <= len(drawn_text) <= 2 or any(c not in "0123456789" for c in drawn_text):
                    raise InvalidMoveError("a dealt record's move starts with the one or two chips drawn "
                                           "and '_' (such as '13_-2c3')")
                drawn = tuple(int(c) for c in drawn_text)
            elif "_" in part:
                raise InvalidMoveError("a record with a seed gives no drawn chips")
            Move.parse(move_text)
        except InvalidMoveError as exc:
            error = RecordError(f"move {number} ({shown(part)}) is malformed: {exc}")
            return ClusterRecord(size, options["k"], options["n"], chips, seed, moves, computer), error
        moves.append((drawn, move_text))
    return ClusterRecord(size, options["k"], options["n"], chips, seed, moves, computer, resigned), None

