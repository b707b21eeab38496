"""Chase's moves and their texts, as Abstract Play writes them.

- ``a1-a2E``: the die on a1 moves to a2, starting east (the direction may be
  left out where the destination alone says which move is meant);
- ``a5xf3NE``: a die that captures the enemy die it lands on;
- ``a1=2,a2=1``: an exchange, the two dice's new values;
- ``{i9,i1}i3-f2SW``: first the dice, in order, that receive the points the
  player lost (its choice among dice tied for lowest), then its move.

Texts ignore case and spaces. A record writes the same move in lower case
with the braces as parentheses (``(i9,i1)i3-f2sw``), which a link carries as
it is. Parsing checks the form only; whether a move is legal is the game's
to judge.

>>> move = Move.parse("{i9,i1}i3-f2sw")
>>> str(move), move.token()
('{i9,i1}i3-f2SW', '(i9,i1)i3-f2sw')
>>> str(Move.parse(" A1 = 2 , a2=1 ")), str(Move.parse("a5Xf3"))
('a1=2,a2=1', 'a5xf3')
>>> Move.parse("a1-a2Q")
Traceback (most recent call last):
...
chase.errors.InvalidMoveError: 'a1-a2Q' is not a move: 'Q' is not a direction: name one of E NE NW W SW SE
"""

from __future__ import annotations

from chase.board import CELLS, DIRECTIONS, cell, direction, name
from chase.errors import InvalidMoveError
from gamekit.inputs import is_whole, plain, shown
from gamekit.value import Value

SLIDE = "slide"
EXCHANGE = "exchange"
HELP = ("write a move as 'a1-a2E' (from, to and the starting direction), a capture as 'a5xf3NE', "
        "an exchange as 'a1=2,a2=1', with '{i9,i1}' before it to share lost points")


class Move(Value):
    """A slide (``kind`` ``"slide"``: ``start`` to ``to``, the starting ``direction`` or -1 when
    not given, ``capture`` whether it lands on an enemy die) or an exchange (``"exchange"``:
    the dice on ``start`` and ``to`` take ``values``), after ``share``: the dice, in order, that
    receive the points the mover lost since its last move."""

    __slots__ = ("kind", "share", "start", "to", "direction", "capture", "values")
    kind: str
    share: tuple[int, ...]
    start: int
    to: int
    direction: int
    capture: bool
    values: tuple[int, ...]

    def __init__(self, kind: str, share: tuple[int, ...], start: int, to: int, direction: int = -1,
                 capture: bool = False, values: tuple[int, ...] = ()) -> None:
        if not _well_formed(kind, share, start, to, direction, capture, values):
            raise InvalidMoveError(f"Move({shown(kind)}, {shown(share)}, {shown(start)}, {shown(to)}, "
                                   f"{shown(direction)}, {shown(capture)}, {shown(values)}) names no move: "
                                   "cells are 0 to 80, a direction -1 to 5, values 1 to 6 "
                                   "(use Move.parse, Move.slide or Move.exchange)")
        self._set("kind", kind)
        self._set("share", share)
        self._set("start", start)
        self._set("to", to)
        self._set("direction", direction)
        self._set("capture", capture)
        self._set("values", values)

    @staticmethod
    def slide(start: int, to: int, d: int, capture: bool = False, share: tuple[int, ...] = ()) -> Move:
        return Move(SLIDE, share, start, to, d, capture)

    @staticmethod
    def exchange(a: int, value_a: int, b: int, value_b: int, share: tuple[int, ...] = ()) -> Move:
        return Move(EXCHANGE, share, a, b, -1, False, (value_a, value_b))

    @property
    def is_exchange(self) -> bool:
        return self.kind == EXCHANGE

    def with_share(self, share: tuple[int, ...]) -> Move:
        """The same move after another sharing of lost points."""
        return Move(self.kind, share, self.start, self.to, self.direction, self.capture, self.values)

    def action_text(self) -> str:
        """The move without its sharing of points."""
        if self.kind == EXCHANGE:
            return f"{name(self.start)}={self.values[0]},{name(self.to)}={self.values[1]}"
        way = DIRECTIONS[self.direction] if self.direction >= 0 else ""
        return f"{name(self.start)}{'x' if self.capture else '-'}{name(self.to)}{way}"

    def share_text(self) -> str:
        """The sharing of points (``{i9,i1}``), or nothing."""
        return "{" + ",".join(name(c) for c in self.share) + "}" if self.share else ""

    def __str__(self) -> str:
        return self.share_text() + self.action_text()

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def token(self) -> str:
        """The move as a record writes it: lower case, parentheses for braces."""
        return str(self).lower().replace("{", "(").replace("}", ")")

    @staticmethod
    def parse(text: Move | str) -> Move:
        """The move a text names (any case, spaces anywhere, ``(...)`` for ``{...}``); a ``Move``
        is returned as it is. ``InvalidMoveError`` otherwise."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text such as 'a1-a2E', not {type(text).__name__}")
        given = plain(text, "move", InvalidMoveError)
        try:
            return _parse("".join(given.split()))
        except ValueError as exc:
            raise InvalidMoveError(f"{shown(given)} is not a move: {exc}") from None


def _well_formed(kind: object, share: object, start: object, to: object, direction: object, capture: object,
                 values: object) -> bool:
    """Whether a move's fields have the types and ranges of a move (legal or not)."""
    if not (is_whole(start, 0, CELLS - 1) and is_whole(to, 0, CELLS - 1) and is_whole(direction, -1, 5)
            and type(capture) is bool and type(share) is tuple and type(values) is tuple):
        return False
    for where in share:
        if not is_whole(where, 0, CELLS - 1):
            return False
    if kind == SLIDE:
        return values == ()
    if kind != EXCHANGE or len(values) != 2:
        return False
    return all(is_whole(value, 1, 6) for value in values)


def _parse(clean: str) -> Move:
    """The move of a text without spaces; ``ValueError`` saying what is wrong."""
    share: tuple[int, ...] = ()
    if clean[:1] in ("{", "("):
        close = "}" if clean[0] == "{" else ")"
        end = clean.find(close)
        if end < 0:
            raise ValueError(f"the dice receiving points are listed between '{clean[0]}' and '{close}'")
        inside = clean[1:end]
        if not inside:
            raise ValueError("no die is listed to receive the points")
        share = tuple(cell(part) for part in inside.split(","))
        clean = clean[end + 1:]
    if not clean:
        raise ValueError(HELP)
    if "=" in clean:
        halves = clean.split(",")
        if len(halves) != 2:
            raise ValueError("an exchange names two dice and their new values: 'a1=2,a2=1'")
        parts = []
        for half in halves:
            where, equals, value = half.partition("=")
            if not equals or value not in ("1", "2", "3", "4", "5", "6"):
                raise ValueError(f"{shown(half)} is not a die and its new value from 1 to 6, such as 'a1=2'")
            parts.append((cell(where), int(value)))
        return Move.exchange(parts[0][0], parts[0][1], parts[1][0], parts[1][1], share)
    if len(clean) < 5 or clean[2] not in "-xX":
        raise ValueError(HELP)
    start, to = cell(clean[:2]), cell(clean[3:5])
    d = direction(clean[5:]) if clean[5:] else -1
    return Move.slide(start, to, d, clean[2] in "xX", share)
