"""The Cachex page's state, free of the DOM: the game, redo, review and the players.

The browser layer (``web/cachex/page.py``) only reads this and calls its methods, so
the interaction rules (what undo takes back against the computer, what a
click does while reviewing; those every game shares are ``web.shell.game_session``'s)
are plain Python, tested on CPython.
"""

from __future__ import annotations

from cachex import record
from cachex.colours import Colour, colour_code, opposite
from cachex.errors import RecordError
from cachex.game import Game
from cachex.geometry import check_size
from cachex.levels import DEFAULT_LEVEL, search_budget
from gamekit.value import Value
from web.shell.game_session import MODES, Choice, GameSession


class Settings(Value):
    """How a new game is set up: size, opponent, the person's colour, AI level."""

    __slots__ = ("n", "mode", "human", "level")
    n: int
    mode: str
    human: str  # "red" or "blue", as read from the form
    level: str

    def __init__(self, n: int = 9, mode: str = "two", human: str = "red",
                 level: str = DEFAULT_LEVEL) -> None:
        self._set("n", n)
        self._set("mode", mode)
        self._set("human", human)
        self._set("level", level)

    def check(self) -> Settings:
        """These settings if valid, else ``ValueError`` saying what is wrong."""
        check_size(self.n)
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}: choose one of {', '.join(MODES)}")
        colour_code(self.human)  # ValueError for anything but red or blue
        search_budget(self.level)  # ValueError for an unknown level
        return self


class Session(GameSession):
    """One game of Cachex on the page, with redo and review of earlier positions."""

    game: Game
    settings: Settings

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = (settings or Settings()).check()
        self.adopt(Game(self.settings.n))

    # --- set-up -------------------------------------------------------------

    def new_game(self, settings: Settings) -> None:
        """Start afresh with ``settings`` (unchanged if they are invalid)."""
        self.settings = settings.check()
        self.adopt(Game(settings.n))

    def load_fragment(self, text: str) -> None:
        """Replace the game by a record; raises ``RecordError`` and keeps the game if bad.

        A ``v2`` record resumes a game against the computer with its colour
        and level; a ``v1`` record is a game between two people (the person's
        preferred colour and level are kept for later games).
        """
        saved = record.decode(text)
        self._adopt_record(saved, Game.replay(saved))

    def load_start(self, text: str) -> RecordError | None:
        """Replace the game by the longest valid start of a record (as ``load_fragment``
        reads it); the error naming the first move refused, or ``None``. A record whose
        version, size or computer is bad has no start: ``RecordError``, the game kept."""
        saved, malformed = record.decode_start(text)
        game, illegal = Game.replay_start(saved)
        self._adopt_record(saved, game)
        return illegal or malformed

    def _adopt_record(self, saved: record.GameRecord, game: Game) -> None:
        """Make ``game`` (of the record ``saved``) the live game, with the record's players."""
        if saved.computer is None:
            settings = Settings(game.n, "two", self.settings.human, self.settings.level)
        else:
            colour, level = saved.computer
            settings = Settings(game.n, "computer", opposite(colour), level)
        self.settings = settings.check()
        self.adopt(game)

    def fresh_game(self) -> Game:
        """A new game of the live one's size."""
        return Game(self.game.n)

    def new_choice(self, choice: Choice) -> None:
        """Start afresh with the form's settings (``ValueError``, nothing changed, if invalid)."""
        self.new_game(Settings(choice.size, choice.mode, choice.human, choice.level))

    def budget(self, level: str) -> tuple[int, float]:
        """The computer's (iterations, seconds) at ``level``."""
        return search_budget(level)

    def choice(self) -> Choice:
        """The live game's settings as the new-game form shows them."""
        s = self.settings
        return Choice(s.n, s.mode, s.human, s.level)

    def to_fragment(self) -> str:
        """The record of the live game, with the computer's colour and level if there is one."""
        computer = None
        if self.computer_side is not None:
            computer = (self.computer_side, self.settings.level)
        return record.encode(record.GameRecord(self.game.n, self.game.moves, computer,
                                               self.game.resigned))

    # --- whose turn -----------------------------------------------------------

    @property
    def computer_side(self) -> Colour | None:
        """The computer's colour, or ``None`` in a two-person game."""
        if not self.against_computer:
            return None
        return opposite(self.settings.human)

    def swap_target(self) -> str | None:
        """Where a swap would put Red's stone, when swap is the person's to play."""
        if not self.person_may_move():
            return None
        return self.game.steal_destination()
