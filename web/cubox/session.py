"""The Cubox page's state, free of the DOM: the game, the players and the link.

As ``web.cachex.session`` is for Cachex: the Cubox view (``web.cubox.page``) only
reads this and calls its methods; redo, review and undo against the computer
are ``web.shell.game_session``'s, shared with Cachex.
"""

from __future__ import annotations

from cubox import record
from cubox.board import DEFAULT_SIZE, check_size
from cubox.errors import CuboxError, RecordError
from cubox.game import Game, other_side
from cubox.levels import DEFAULT_LEVEL, search_budget
from web.shell.game_session import Choice, GameSession

SIDES = ("x", "o")


def new_settings(size: int = DEFAULT_SIZE, mode: str = "two", human: str = "x",
             level: str = DEFAULT_LEVEL) -> Choice:
    """A new game's settings, checked (``ValueError`` saying what is wrong)."""
    return Choice(size, mode, human, level).checked(check_size, SIDES, search_budget)


class CuboxSession(GameSession):
    """One Cubox game on the page, with redo and review of earlier positions."""

    game: Game
    settings: Choice

    def __init__(self, chosen: Choice | None = None) -> None:
        self.settings = (chosen or new_settings()).checked(check_size, SIDES, search_budget)
        self.adopt(Game(self.settings.size))

    def new_game(self, chosen: Choice) -> None:
        """Start afresh with the ``chosen`` settings (unchanged if they are invalid)."""
        self.settings = chosen.checked(check_size, SIDES, search_budget)
        self.adopt(Game(chosen.size))

    @property
    def computer_side(self) -> str | None:
        """The computer's side, or ``None`` between two people."""
        if not self.against_computer:
            return None
        return other_side(self.settings.human)

    def fresh_game(self) -> Game:
        """A new game of the live one's size."""
        return Game(self.game.size)

    def new_choice(self, choice: Choice) -> None:
        """Start afresh with the form's settings (``ValueError``, nothing changed, if invalid)."""
        self.new_game(choice)

    def budget(self, level: str) -> tuple[int, float]:
        """The computer's (iterations, seconds) at ``level``."""
        return search_budget(level)

    def choice(self) -> Choice:
        """The live game's settings as the new-game form shows them."""
        return self.settings

    def to_fragment(self) -> str:
        """The live game's record, with the computer's side and level if there is one."""
        side = self.computer_side
        computer = None if side is None else (side, self.settings.level)
        return record.encode(record.CuboxRecord(self.game.size, [str(m) for m in self.game.moves], computer,
                                                self.game.resigned))

    def load_start(self, text: str) -> RecordError | None:
        """Replace the game by the longest valid start of a record; the error naming the first
        move refused, or ``None``. ``RecordError`` (the game kept) if the record's game, size
        or computer is bad."""
        saved, refused = record.decode_start(text)
        game = Game(saved.size)
        for number, move in enumerate(saved.moves, start=1):
            try:
                game.play(move)
            except CuboxError as exc:
                refused = RecordError(f"move {number} ({move}) is illegal: {exc}")
                break
        else:
            if saved.resigned is not None and game.outcome is None:
                game.resign(saved.resigned)
        self.settings = self.choice_of_record(saved.size, saved.computer, other_side).checked(
            check_size, SIDES, search_budget)
        self.adopt(game)
        return refused
