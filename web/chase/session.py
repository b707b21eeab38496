"""The Chase page's state, free of the DOM: the game, the players and the link.

As the other games' sessions: the Chase view only reads this and calls its
methods; redo, review and undo against the computer are
``web.shell.game_session``'s. Who starts a new game is chosen in the form
(white, black, or drawn at random, as the original's throw of the dice); the
record, and so the link, keeps it.
"""

from __future__ import annotations

import random

from chase import record
from chase.board import SIZE
from chase.errors import ChaseError, RecordError
from chase.game import Game, check_options, other_side
from chase.levels import DEFAULT_LEVEL, search_budget
from chase.rules import SIDES
from web.shell.game_session import RANDOM, Choice, GameSession


def check_size(size: int) -> None:
    """``BoardSizeError`` unless ``size`` is Chase's one board."""
    check_options(size, "white")


def new_settings(size: int = SIZE, mode: str = "two", human: str = "white", level: str = DEFAULT_LEVEL,
                 first: str = "white") -> Choice:
    """A new game's settings, checked (``ValueError`` saying what is wrong)."""
    return Choice(size, mode, human, level, first).checked(check_size, SIDES, search_budget)


def starter(first: str) -> str:
    """The side that starts a new game for the form's choice (a side, ``RANDOM`` or "")."""
    if first == RANDOM:
        return SIDES[random.getrandbits(1)]
    return first or SIDES[0]


class ChaseSession(GameSession):
    """One Chase game on the page, with redo and review of earlier positions."""

    game: Game
    settings: Choice

    def __init__(self, chosen: Choice | None = None) -> None:
        self.settings = (chosen or new_settings()).checked(check_size, SIDES, search_budget)
        self.adopt(Game(first=starter(self.settings.first)))

    def new_game(self, chosen: Choice) -> None:
        """Start afresh with the ``chosen`` settings (unchanged if they are invalid)."""
        self.settings = chosen.checked(check_size, SIDES, search_budget)
        self.adopt(Game(first=starter(chosen.first)))

    @property
    def computer_side(self) -> str | None:
        if not self.against_computer:
            return None
        return other_side(self.settings.human)

    def fresh_game(self) -> Game:
        """The live game's start: who started it."""
        return Game(first=self.game.first)

    def new_choice(self, choice: Choice) -> None:
        self.new_game(choice)

    def budget(self, level: str) -> tuple[int, float]:
        return search_budget(level)

    def choice(self) -> Choice:
        return self.settings

    def to_fragment(self) -> str:
        """The live game's record, with the computer's side and level if there is one."""
        side = self.computer_side
        return record.encode(self.game.to_record(None if side is None else (side, self.settings.level)))

    def load_start(self, text: str) -> RecordError | None:
        """Replace the game by the longest valid start of a record; the error naming the first
        move refused, or ``None``. ``RecordError`` (the game kept) if the record's head is bad."""
        saved, refused = record.decode_start(text)
        game = Game(first=saved.first)
        for number, move in enumerate(saved.moves, start=1):
            try:
                game.play(move)
            except ChaseError as exc:
                refused = RecordError(f"move {number} ({move}) is illegal: {exc}")
                break
        else:
            if saved.resigned is not None and game.outcome is None:
                game.resign(saved.resigned)
        self.settings = self.choice_of_record(SIZE, saved.computer, other_side).checked(
            check_size, SIDES, search_budget)
        self.adopt(game)
        return refused
