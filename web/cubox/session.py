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
from gamekit.value import Value
from web.shell.game_session import MODES, Choice, GameSession

SIDES = ("x", "o")


class CuboxSettings(Value):
    """How a new Cubox game is set up: size, opponent ("two" or "computer"), the person's side, level."""

    __slots__ = ("size", "mode", "human", "level")
    size: int
    mode: str
    human: str
    level: str

    def __init__(self, size: int = DEFAULT_SIZE, mode: str = "two", human: str = "x",
                 level: str = DEFAULT_LEVEL) -> None:
        self._set("size", size)
        self._set("mode", mode)
        self._set("human", human)
        self._set("level", level)

    def check(self) -> CuboxSettings:
        """These settings if valid, else ``ValueError`` saying what is wrong."""
        check_size(self.size)
        if self.mode not in MODES:
            raise ValueError(f"unknown opponent {self.mode!r}: choose two or computer")
        if self.human not in SIDES:
            raise ValueError(f"unknown side {self.human!r}: choose x or o")
        search_budget(self.level)
        return self


class CuboxSession(GameSession):
    """One Cubox game on the page, with redo and review of earlier positions."""

    game: Game
    settings: CuboxSettings

    def __init__(self, settings: CuboxSettings | None = None) -> None:
        self.settings = (settings or CuboxSettings()).check()
        self.adopt(Game(self.settings.size))

    def new_game(self, settings: CuboxSettings) -> None:
        """Start afresh with ``settings`` (unchanged if they are invalid)."""
        self.settings = settings.check()
        self.adopt(Game(settings.size))

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
        self.new_game(CuboxSettings(choice.size, choice.mode, choice.human, choice.level))

    def budget(self, level: str) -> tuple[int, float]:
        """The computer's (iterations, seconds) at ``level``."""
        return search_budget(level)

    def choice(self) -> Choice:
        """The live game's settings as the new-game form shows them."""
        s = self.settings
        return Choice(s.size, s.mode, s.human, s.level)

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
        if saved.computer is None:
            settings = CuboxSettings(saved.size, "two", self.settings.human, self.settings.level)
        else:
            side, level = saved.computer
            settings = CuboxSettings(saved.size, "computer", other_side(side), level)
        self.settings = settings.check()
        self.adopt(game)
        return refused
