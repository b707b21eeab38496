"""The 42-cluster page's state, free of the DOM: the game, the players and the link.

As the other games' sessions: the 42-cluster view only reads this and calls its
methods; redo, review and undo against the computer are
``web.shell.game_session``'s. A new game draws its chips from a new random
seed, which its link keeps.
"""

from __future__ import annotations

from cluster42 import record
from cluster42.board import DEFAULT_SIZE, check_size
from cluster42.errors import ClusterError, RecordError
from cluster42.game import SIDES, Game, other_side
from cluster42.levels import DEFAULT_LEVEL, search_budget
from gamekit.value import Value
from web.shell.game_session import MODES, Choice, GameSession


class ClusterSettings(Value):
    """How a new game is set up: size, opponent ("two" or "computer"), the person's side, level."""

    __slots__ = ("size", "mode", "human", "level")
    size: int
    mode: str
    human: str
    level: str

    def __init__(self, size: int = DEFAULT_SIZE, mode: str = "two", human: str = "1",
                 level: str = DEFAULT_LEVEL) -> None:
        self._set("size", size)
        self._set("mode", mode)
        self._set("human", human)
        self._set("level", level)

    def check(self) -> ClusterSettings:
        """These settings if valid, else ``ValueError`` saying what is wrong."""
        check_size(self.size)
        if self.mode not in MODES:
            raise ValueError(f"unknown opponent {self.mode!r}: choose two or computer")
        if self.human not in SIDES:
            raise ValueError(f"unknown side {self.human!r}: choose 1 or 2")
        search_budget(self.level)
        return self


class ClusterSession(GameSession):
    """One 42-cluster game on the page, with redo and review of earlier positions."""

    game: Game
    settings: ClusterSettings

    def __init__(self, settings: ClusterSettings | None = None) -> None:
        self.settings = (settings or ClusterSettings()).check()
        self.adopt(Game(self.settings.size))

    def new_game(self, settings: ClusterSettings) -> None:
        """Start afresh with ``settings`` and new draws (unchanged if the settings are invalid)."""
        self.settings = settings.check()
        self.adopt(Game(settings.size))

    @property
    def computer_side(self) -> str | None:
        if not self.against_computer:
            return None
        return other_side(self.settings.human)

    def fresh_game(self) -> Game:
        """The live game's start: its size, options and draws."""
        game = self.game
        return Game(game.size, game.per_player, game.n, game.seed, game.chips_given, game.is_dealt)

    def shown(self) -> Game:
        """The game as the board shows it; a dealt game's review deals each turn's chips."""
        if self.view is None or not self.game.is_dealt:
            return super().shown()  # type: ignore[no-any-return]
        game = self.fresh_game()
        for turn in self.game.history[: self.view]:
            game.deal(turn.drawn)
            game.play(turn.move)
        return game

    def new_choice(self, choice: Choice) -> None:
        self.new_game(ClusterSettings(choice.size, choice.mode, choice.human, choice.level))

    def budget(self, level: str) -> tuple[int, float]:
        return search_budget(level)

    def choice(self) -> Choice:
        s = self.settings
        return Choice(s.size, s.mode, s.human, s.level)

    def to_fragment(self) -> str:
        """The live game's record, with the computer's side and level if there is one."""
        side = self.computer_side
        return record.encode(self.game.to_record(None if side is None else (side, self.settings.level)))

    def load_start(self, text: str) -> RecordError | None:
        """Replace the game by the longest valid start of a record; the error naming the first
        move refused, or ``None``. ``RecordError`` (the game kept) if the record's head is bad."""
        saved, refused = record.decode_start(text)
        try:
            game = Game(saved.size, saved.per_player, saved.n, saved.seed, saved.chips, saved.seed is None)
        except ClusterError as exc:
            raise RecordError(f"the record's options make no game: {exc}") from None
        for number, (drawn, move) in enumerate(saved.moves, start=1):
            try:
                if game.is_dealt:
                    game.deal(drawn)
                game.play(move)
            except ClusterError as exc:
                refused = RecordError(f"move {number} ({move}) is illegal: {exc}")
                break
        else:
            if saved.resigned is not None and game.outcome is None:
                game.resign(saved.resigned)
        if saved.computer is None:
            settings = ClusterSettings(saved.size, "two", self.settings.human, self.settings.level)
        else:
            side, level = saved.computer
            settings = ClusterSettings(saved.size, "computer", other_side(side), level)
        self.settings = settings.check()
        self.adopt(game)
        return refused
