"""The Cubox page's state, free of the DOM: the game, redo, the players and the link.

As ``web.session`` is for Cachex: the Cubox view (``web.cubox_page``) only
reads this and calls its methods, so its interaction rules are plain Python,
tested on CPython.
"""

from __future__ import annotations

from cubox import record
from cubox.board import DEFAULT_SIZE, check_size
from cubox.errors import CuboxError, RecordError
from cubox.game import Game
from cubox.levels import DEFAULT_LEVEL, search_budget
from cubox.notation import Move

SIDES = ("x", "o")


class CuboxSettings:
    """How a new Cubox game is set up: size, opponent ("two" or "computer"), the person's side, level."""

    __slots__ = ("size", "mode", "human", "level")

    def __init__(self, size: int = DEFAULT_SIZE, mode: str = "two", human: str = "x",
                 level: str = DEFAULT_LEVEL) -> None:
        self.size = size
        self.mode = mode
        self.human = human
        self.level = level

    def check(self) -> CuboxSettings:
        """These settings if valid, else ``ValueError`` saying what is wrong."""
        check_size(self.size)
        if self.mode not in ("two", "computer"):
            raise ValueError(f"unknown opponent {self.mode!r}: choose two or computer")
        if self.human not in SIDES:
            raise ValueError(f"unknown side {self.human!r}: choose x or o")
        search_budget(self.level)
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CuboxSettings) and (self.size, self.mode, self.human, self.level) == (
            other.size, other.mode, other.human, other.level)

    __hash__ = None  # type: ignore[assignment]


class CuboxSession:
    """One Cubox game on the page, with redo and review of earlier positions."""

    def __init__(self, settings: CuboxSettings | None = None) -> None:
        self.settings = (settings or CuboxSettings()).check()
        self.game = Game(self.settings.size)
        self.redo_stack: list[Move] = []
        self.view: int | None = None  # the turn count under review; None shows the live game

    def new_game(self, settings: CuboxSettings) -> None:
        """Start afresh with ``settings`` (unchanged if they are invalid)."""
        self.settings = settings.check()
        self.game = Game(settings.size)
        self.redo_stack = []
        self.view = None

    def rematch(self) -> None:
        """The same size and level, the person taking the other side against the computer."""
        s = self.settings
        human = ("o" if s.human == "x" else "x") if s.mode == "computer" else s.human
        self.new_game(CuboxSettings(s.size, s.mode, human, s.level))

    @property
    def computer_side(self) -> str | None:
        """The computer's side, or ``None`` between two people."""
        if self.settings.mode != "computer":
            return None
        return "o" if self.settings.human == "x" else "x"

    def computer_to_move(self) -> bool:
        """Whether the computer should move now (live game, running, its turn)."""
        return self.view is None and self.game.outcome is None and self.game.to_move == self.computer_side

    def person_may_move(self) -> bool:
        """Whether a click on the board should play a move now."""
        return self.view is None and self.game.outcome is None and not self.computer_to_move()

    def play(self, move: Move | str) -> None:
        """Play a move in the live game; a new move forgets what could be redone."""
        if self.view is not None:
            raise ValueError("you are reviewing an earlier position: go back to the game to play")
        self.game.play(move)
        self.redo_stack.clear()

    # --- review ------------------------------------------------------------------

    def shown_ply(self) -> int:
        """How many turns the board shows (all of them for the live game)."""
        return self.view if self.view is not None else self.game.turn_count

    def review(self, ply: int) -> None:
        """Show the position after ``ply`` turns (all of them: the live game)."""
        if not 0 <= ply <= self.game.turn_count:
            raise ValueError(f"there is no move {ply} to review")
        self.view = None if ply == self.game.turn_count else ply

    def step_review(self, plies: int) -> bool:
        """Review ``plies`` turns later (earlier, below 0) than shown, within the game; whether it moved."""
        ply = min(max(self.shown_ply() + plies, 0), self.game.turn_count)
        if ply == self.shown_ply():
            return False
        self.review(ply)
        return True

    def shown(self) -> Game:
        """The game as the board shows it: live, or replayed to the reviewed turn."""
        if self.view is None:
            return self.game
        game = Game(self.game.size)
        for move in self.game.moves[: self.view]:
            game.play(move)
        return game

    # --- undo and redo -------------------------------------------------------------

    def can_undo(self) -> bool:
        if self.view is not None or not self.game.moves:
            return False
        if self.computer_side is not None:
            return any(turn.colour == self.settings.human for turn in self.game.history)
        return True

    def undo(self) -> bool:
        """Take back one turn, or against the computer back to the person's last move."""
        if not self.can_undo():
            return False
        while self.game.moves:
            last = self.game.history[-1]
            self.redo_stack.append(self.game.undo())
            if self.computer_side is None or last.colour == self.settings.human:
                break
        return True

    def redo(self) -> bool:
        """Replay one undone turn, or against the computer up to the person's next turn."""
        if not self.redo_stack or self.view is not None:
            return False
        while self.redo_stack:
            try:
                self.game.play(self.redo_stack.pop())
            except CuboxError:
                self.redo_stack.clear()
                break
            if self.computer_side is None or self.game.to_move == self.settings.human:
                break
        return True

    def to_fragment(self) -> str:
        """The live game's record, with the computer's side and level if there is one."""
        side = self.computer_side
        computer = None if side is None else (side, self.settings.level)
        return record.encode(record.CuboxRecord(self.game.size, [str(m) for m in self.game.moves], computer))

    def load_start(self, text: str) -> str:
        """Replace the game by the longest valid start of a record; what was refused (or "").
        ``RecordError`` (the game kept) if the record's game, size or computer is bad."""
        try:
            saved = record.decode(text)
        except RecordError as exc:
            if "move" not in str(exc):
                raise
            saved, refused = _well_formed_start(text), str(exc)
        else:
            refused = ""
        game = Game(saved.size)
        for number, move in enumerate(saved.moves, start=1):
            try:
                game.play(move)
            except CuboxError as exc:
                refused = f"move {number} ({move}) is illegal: {exc}"
                break
        if saved.computer is None:
            settings = CuboxSettings(saved.size, "two", self.settings.human, self.settings.level)
        else:
            side, level = saved.computer
            settings = CuboxSettings(saved.size, "computer", "o" if side == "x" else "x", level)
        self.settings = settings.check()
        self.game = game
        self.redo_stack = []
        self.view = None
        return refused


def _well_formed_start(text: str) -> record.CuboxRecord:
    """The record's moves up to the first malformed one."""
    parts = text.split("#", 1)[-1].strip().lower().split(".")
    for end in range(len(parts), 1, -1):
        try:
            return record.decode(".".join(parts[:end]))
        except RecordError:
            continue
    raise RecordError(f"{text!r} holds no Cubox game")
