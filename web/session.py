"""The page's state, free of the DOM: the game, redo, review and the players.

The browser layer (``web/main.py``) only reads this and calls its methods, so
the interaction rules (what undo takes back against the computer, what a
click does while reviewing) are plain Python, tested on CPython.
"""

from __future__ import annotations

from cachex import record
from cachex.colours import Colour, colour_code, opposite
from cachex.errors import CachexError, RecordError
from cachex.game import Game, Turn
from cachex.geometry import check_size
from cachex.levels import DEFAULT_LEVEL, search_budget
from cachex.notation import Move
from gamekit.value import Value

MODES = ("two", "computer")


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


class Session:
    """One game on the page, with redo and review of earlier positions."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = (settings or Settings()).check()
        self.game = Game(self.settings.n)
        self.redo_stack: list[Move] = []
        self.view: int | None = None  # the ply under review; None shows the live game

    # --- set-up -------------------------------------------------------------

    def new_game(self, settings: Settings) -> None:
        """Start afresh with ``settings`` (unchanged if they are invalid)."""
        self.settings = settings.check()
        self.game = Game(settings.n)
        self.redo_stack = []
        self.view = None

    def rematch(self) -> None:
        """A new game of the same size and level, the person taking the other colour
        against the computer."""
        settings = self.settings
        human = opposite(settings.human) if self.against_computer else settings.human
        self.new_game(Settings(settings.n, settings.mode, human, settings.level))

    def load_fragment(self, text: str) -> None:
        """Replace the game by a record; raises ``RecordError`` and keeps the game if bad.

        A ``v2`` record resumes a game against the computer with its colour
        and level; a ``v1`` record is a game between two people (the person's
        preferred colour and level are kept for later games).
        """
        saved = record.decode(text)
        self._adopt(saved, Game.replay(saved))

    def load_start(self, text: str) -> RecordError | None:
        """Replace the game by the longest valid start of a record (as ``load_fragment``
        reads it); the error naming the first move refused, or ``None``. A record whose
        version, size or computer is bad has no start: ``RecordError``, the game kept."""
        saved, malformed = record.decode_start(text)
        game, illegal = Game.replay_start(saved)
        self._adopt(saved, game)
        return illegal or malformed

    def _adopt(self, saved: record.GameRecord, game: Game) -> None:
        """Make ``game`` (of the record ``saved``) the live game, with the record's players."""
        if saved.computer is None:
            settings = Settings(game.n, "two", self.settings.human, self.settings.level)
        else:
            colour, level = saved.computer
            settings = Settings(game.n, "computer", opposite(colour), level)
        self.settings = settings.check()
        self.game = game
        self.redo_stack = []
        self.view = None

    def to_fragment(self) -> str:
        """The record of the live game, with the computer's colour and level if there is one."""
        computer = None
        if self.computer_colour is not None:
            computer = (self.computer_colour, self.settings.level)
        return record.encode(record.GameRecord(self.game.n, self.game.moves, computer,
                                               self.game.resigned))

    # --- whose turn -----------------------------------------------------------

    @property
    def against_computer(self) -> bool:
        """Whether one side is played by the computer."""
        return self.settings.mode == "computer"

    @property
    def computer_colour(self) -> Colour | None:
        """The computer's colour, or ``None`` in a two-person game."""
        if not self.against_computer:
            return None
        return opposite(self.settings.human)

    def computer_to_move(self) -> bool:
        """Whether the computer should move now (live game, running, its turn)."""
        return (self.view is None and self.game.outcome is None
                and self.game.to_move == self.computer_colour)

    def may_analyse(self) -> bool:
        """Whether the analysis and the game graph are offered: always between two
        people, against the computer once the game is over."""
        return not self.against_computer or self.game.outcome is not None

    def person_may_move(self) -> bool:
        """Whether a click on the board should play a move now."""
        return (self.view is None and self.game.outcome is None
                and not self.computer_to_move())

    # --- moves ------------------------------------------------------------------

    def play(self, move: Move | str) -> Turn:
        """Play a move in the live game; a new move forgets what could be redone."""
        if self.view is not None:
            raise ValueError("you are reviewing an earlier position: go back to the game to play")
        turn = self.game.play(move)
        self.redo_stack.clear()
        return turn

    def can_resign(self) -> bool:
        """Whether the person may resign now: in the live game while it runs (against the
        computer also while it thinks; between two people, the player to move)."""
        return self.view is None and self.game.outcome is None

    def resign(self) -> bool:
        """The person (against the computer) or the player to move gives up the live game."""
        if not self.can_resign():
            return False
        self.game.resign(opposite(self.computer_colour) if self.computer_colour else None)
        self.redo_stack.clear()
        return True

    def can_undo(self) -> bool:
        """Whether undo would take anything back (a resignation stands)."""
        if self.view is not None or not self.game.moves or self.game.resigned:
            return False
        if self.against_computer:
            return any(t.colour == self.settings.human for t in self.game.history)
        return True

    def undo(self) -> bool:
        """Take back one turn, or against the computer back to the person's last move."""
        if not self.can_undo():
            return False
        if not self.against_computer:
            self.redo_stack.append(self.game.undo())
            return True
        human = self.settings.human
        while self.game.moves:
            last = self.game.history[-1]
            self.redo_stack.append(self.game.undo())
            if last.colour == human:
                break
        return True

    def can_redo(self) -> bool:
        """Whether redo would replay anything."""
        return self.view is None and bool(self.redo_stack)

    def redo(self) -> bool:
        """Replay one undone turn, or against the computer up to the person's next turn."""
        if not self.can_redo():
            return False
        while self.redo_stack:
            try:
                self.game.play(self.redo_stack.pop())
            except CachexError:  # cannot happen for moves undone here; stay safe
                self.redo_stack.clear()
                break
            if not self.against_computer or self.game.to_move == self.settings.human:
                break
        return True

    # --- review -------------------------------------------------------------------

    def review(self, ply: int) -> None:
        """Show the position after ``ply`` turns (``ply`` = all turns shows the live game)."""
        if not 0 <= ply <= self.game.turn_count:
            raise ValueError(f"there is no move {ply} to review")
        self.view = None if ply == self.game.turn_count else ply

    def live(self) -> None:
        """Return from review to the live game."""
        self.view = None

    def shown(self) -> Game:
        """The game as the board should show it: live, or replayed to the reviewed ply."""
        if self.view is None:
            return self.game
        game = Game(self.game.n)
        for move in self.game.moves[: self.view]:
            game.play(move)
        return game

    def step_review(self, plies: int) -> bool:
        """Review ``plies`` turns later (or earlier, below 0) than the board shows, within
        the game; reaching the last turn returns to the live game. Whether it moved."""
        shown = self.shown_ply()
        ply = min(max(shown + plies, 0), self.game.turn_count)
        if ply == shown:
            return False
        self.review(ply)
        return True

    def shown_ply(self) -> int:
        """How many turns the board shows (all of them for the live game)."""
        return self.view if self.view is not None else self.game.turn_count

    def swap_target(self) -> str | None:
        """Where a swap would put Red's stone, when swap is the person's to play."""
        if not self.person_may_move():
            return None
        return self.game.steal_destination()
