"""What the games' records share: the text cleaned and split into its parts, the computer's side
and level after the record's head, and a resignation at its end.

A record is parts joined by dots: the game's head (its name, size, options), then
against the computer ``<side>-<level>``, then the moves, and a resigned game
ends with ``<side>-resigns``. Each game's ``record`` module reads its head and
moves and leaves these to the functions here, which raise the game's own
``RecordError`` (``error``).

MicroPython-safe (the page's main thread reads records).

>>> rest = parts("#Game.5.x-hard.a1.o-resigns", "game", "Game", 100, ValueError)[2:]
>>> take_resignation(rest, ("x", "o"), ValueError), take_computer(rest, ("x", "o"), ("hard",), ValueError), rest
('o', ('x', 'hard'), ['a1'])
>>> take_resignation(["a1", "x-resigns", "b2"], ("x", "o"), ValueError)
Traceback (most recent call last):
...
ValueError: a resignation ('x-resigns') may only end a record
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.inputs import OUTER_SPACE, is_plain, shown

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, TypeVar

    Refusal = TypeVar("Refusal", bound=ValueError)

SEPARATOR = "."
RESIGNS = "-resigns"  # the last part of a resigned game's record: "o-resigns"


def parts(text: object, name: str, title: str, max_length: int, error: type[ValueError]) -> list[str]:
    """A record's parts, in lower case (around it, spaces and a link's address up to ``#`` left
    out); ``error`` unless it is text of printable ASCII of at most ``max_length`` characters
    naming the game ``name`` (``title`` in words) first."""
    if not isinstance(text, str):
        raise error(f"a game record must be text, not {type(text).__name__}")
    clean = text.split("#", 1)[1] if "#" in text else text
    clean = clean.strip(OUTER_SPACE)
    if len(clean) > max_length:
        raise error(f"the game record is too long ({len(clean)} characters; at most {max_length})")
    if not is_plain(clean) or " " in clean:
        raise error(f"a game record holds only letters, digits and signs, without spaces: {shown(clean)} "
                    "has another character")
    clean = clean.lower()
    found = clean.split(SEPARATOR)
    if found[0] != name:
        raise error(f"a {title} record starts with '{name}.', not {shown(found[0])}")
    return found


def take_resignation(rest: list[str], sides: tuple[str, ...], error: type[ValueError]) -> str | None:
    """The side that resigned, taken off the end of ``rest`` (``None`` if none did); ``error``
    for another side, or a resignation before the end."""
    resigned = None
    if rest and rest[-1].endswith(RESIGNS):
        resigned = rest.pop()[: -len(RESIGNS)]
        if resigned not in sides:
            raise error(f"the side that resigned, {shown(resigned)}, is not {' or '.join(sides)}")
    early = [part for part in rest if part.endswith(RESIGNS)]
    if early:
        raise error(f"a resignation ({shown(early[0])}) may only end a record")
    return resigned


def take_computer(rest: list[str], sides: tuple[str, ...], levels: tuple[str, ...], error: type[ValueError],
                  moves_have_hyphens: bool = True) -> tuple[str, str] | None:
    """The computer's (side, level), taken off the start of ``rest`` if it begins with one of
    ``sides`` and a hyphen (``None`` otherwise); ``error`` for a level not in ``levels``. Where
    no move has a hyphen, any first part with one is the computer's, and another side an error."""
    if not rest or "-" not in rest[0]:
        return None
    side, _, level = rest[0].partition("-")
    if side not in sides:
        if moves_have_hyphens:
            return None
        raise error(f"the computer's side {shown(side)} is not {' or '.join(sides)}")
    rest.pop(0)
    if level not in levels:
        raise error(f"the computer's level {shown(level)} is not one of {', '.join(levels)}")
    return side, level


def replay_moves(game: Any, moves: Sequence[str], resigned: str | None, refused: type[ValueError],
                 error: type[Refusal], play: Callable[[int, str], object] | None = None) -> Refusal | None:
    """Play a record's ``moves`` on ``game`` (by ``game.play``, or ``play`` taking each one's index
    and text) up to the first the game refuses (its ``refused``), then its resignation; ``error``
    naming what was refused, or ``None`` when all of it stands."""
    for number, move in enumerate(moves, start=1):
        try:
            if play is None:
                game.play(move)
            else:
                play(number - 1, move)
        except refused as exc:
            return error(f"move {number} ({shown(move)}) is illegal: {exc}")
    if resigned is not None:
        try:
            game.resign(resigned)
        except refused as exc:
            return error(f"the resignation comes too late: {exc}")
    return None
