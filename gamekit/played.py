"""What the games that keep a list of turns share: resigning, the checks before an undo,
playing a turn again, and a game read from its record.

A game's class takes ``Played`` as a base, keeps its turns in ``_history`` and
its end in ``_outcome``, and names as class attributes its sides (``SIDES``,
first player first), their titles (``TITLES``), its ``Outcome`` class (``Ending``) and its own
errors for a malformed input (``Invalid``), an illegal one (``Illegal``) and an
undo refused (``Undo``), so that each game raises its own. MicroPython-safe (the
page's main thread plays the games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.inputs import shown

if TYPE_CHECKING:
    from typing import Any, Self

RESIGNATION = "resignation"  # the reason of a game a player resigned


class Played:
    """Resigning, undo's checks and replaying of a game with a list of turns (see the module)."""

    SIDES: tuple[str, str]
    TITLES: dict[str, str]
    Ending: Any  # the game's Outcome class
    Invalid: type[ValueError]
    Illegal: type[ValueError]
    Undo: type[ValueError]
    _history: list[Any]
    _outcome: Any

    if TYPE_CHECKING:
        @property
        def to_move(self) -> str: ...

        def play(self, move: Any) -> Any: ...

        @classmethod
        def start_of(cls, text: str) -> tuple[Self, tuple[str, str] | None, ValueError | None]: ...

    def other(self, side: str) -> str:
        """The side that is not ``side``."""
        return self.SIDES[1] if side == self.SIDES[0] else self.SIDES[0]

    def resign(self, side: str | None = None) -> Any:
        """``side`` (by default the player to move) gives up: the other wins."""
        loser = self.to_move if side is None else side
        if not isinstance(loser, str) or loser not in self.SIDES:
            raise self.Invalid(f"unknown side {shown(loser)}: choose {' or '.join(self.SIDES)}")
        if self._outcome is not None:
            raise self.Illegal(f"the game is over ({self._outcome.describe()})")
        self._outcome = self.Ending(self.other(loser), RESIGNATION)
        return self._outcome

    @property
    def resigned(self) -> str | None:
        """The side that resigned, or ``None``."""
        end = self._outcome
        if end is None or end.reason != RESIGNATION or end.winner is None:
            return None
        return self.other(end.winner)

    def check_undo(self) -> None:
        """The game's ``Undo`` error unless a turn may be taken back (a resignation stands)."""
        if self.resigned is not None:
            raise self.Undo(f"{self.TITLES[self.resigned]} resigned: the game is over")
        if not self._history:
            raise self.Undo("there is no move to undo")

    def play_turn(self, turn: Any) -> Any:
        """Play again a turn of a game that began as this one did."""
        return self.play(turn.move)

    @classmethod
    def from_fragment(cls, text: str) -> Self:
        """Replay a record; the game's ``RecordError`` naming the first bad or illegal part."""
        game, _, refused = cls.start_of(text)
        if refused is not None:
            raise refused
        return game
