"""Moves made of several clicks: a builder the page drives click by click.

A game whose move takes more than one click (choose a die, then where it goes;
a chip, then a line) describes each legal move as the clicks that make it, a
tuple of click targets, with the move's text. The builder narrows the legal
moves click by click: a click completes a move, or asks for the next part
with the targets it may go to, or is refused with the reason; ``reset``
(Escape, a click elsewhere) starts over. A game of one click per move gives
each move's text as its one part, and every click completes or is refused.
No move's clicks may begin another's (that move could never be completed).

MicroPython-safe (the page's main thread runs it).

>>> builder = MoveBuilder({("d6", "e5"): "d6-e5", ("d6", "f5"): "d6-f5", ("a1", "a2"): "a1-a2"})
>>> builder.click("d6")
Step(kind='next', move='', choices=('e5', 'f5'), reason='')
>>> builder.click("f5")
Step(kind='complete', move='d6-f5', choices=(), reason='')
>>> builder.click("b2").reason
'b2 starts no move'
"""

from __future__ import annotations

from gamekit.value import Value

COMPLETE = "complete"  # the clicks make a move: play ``move``
NEXT = "next"  # a part was chosen: the next click goes to one of ``choices``
REFUSED = "refused"  # the click is no part of a move here: ``reason`` says why (the clicks so far stand)


class Step(Value):
    """What one click did."""

    __slots__ = ("kind", "move", "choices", "reason")
    kind: str
    move: str
    choices: tuple[str, ...]
    reason: str

    def __init__(self, kind: str, move: str = "", choices: tuple[str, ...] = (), reason: str = "") -> None:
        self._set("kind", kind)
        self._set("move", move)
        self._set("choices", choices)
        self._set("reason", reason)


class MoveBuilder:
    """The clicks of one move so far, among the legal moves ``moves`` (clicks -> move text)."""

    def __init__(self, moves: dict[tuple[str, ...], str]) -> None:
        self.moves = moves
        self.clicks: tuple[str, ...] = ()

    @staticmethod
    def one_click(texts: list[str]) -> MoveBuilder:
        """The builder of a game whose every move is one click on its text's target."""
        return MoveBuilder({(text,): text for text in texts})

    def reset(self) -> None:
        """Start the move over."""
        self.clicks = ()

    def choices(self) -> tuple[str, ...]:
        """Where the next click may go, in the order the moves were given, each once."""
        depth = len(self.clicks)
        found: list[str] = []
        for clicks in self.moves:
            if len(clicks) > depth and clicks[:depth] == self.clicks and clicks[depth] not in found:
                found.append(clicks[depth])
        return tuple(found)

    def click(self, target: str) -> Step:
        """Add a click on ``target``: a whole move, a part awaiting the next, or refused."""
        if target not in self.choices():
            if not self.clicks:
                return Step(REFUSED, reason=f"{target} starts no move")
            return Step(REFUSED, reason=f"{target} does not follow {' '.join(self.clicks)}: choose one of "
                                        + ", ".join(self.choices()))
        self.clicks = self.clicks + (target,)  # noqa: RUF005 (MicroPython has no starred tuple display)
        move = self.moves.get(self.clicks)
        if move is not None and not self.choices():
            self.clicks = ()
            return Step(COMPLETE, move=move)
        return Step(NEXT, choices=self.choices())
