"""The game on the page, free of the DOM: the live game, its players, redo, review, and whose
turn is the computer's; one class for every game.

``GameSession`` asks the game only what the game contract (``gamekit.contract``)
offers, and the game's page the computer's ``budget`` for a level and, for a game
that lets either side start, ``start``: a new game of a size with the side that
starts (by default a game is its class called with its size). The interaction
rules (what undo takes back against the computer, what redo replays, review) are
written once, here, and tested on CPython for every game of the registry.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gamekit.value import Value

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from gamekit.contract import Game, GameClass, Turn
    from web.registry import GameEntry

MODES = ("two", "computer")
RANDOM = "random"  # who starts, for a game that lets either side start: chosen at random

# The review keys, by how many turns each steps (Home and End go to the ends).
REVIEW_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": 0, "End": 0}


class Choice(Value):
    """A new game's settings as the form holds them: size, opponent ("two" or "computer"), the
    person's side, the computer's level and, for a game that lets either side start, who
    starts (a side, or ``RANDOM``; "" where the first side always starts)."""

    __slots__ = ("size", "mode", "human", "level", "first")
    size: int
    mode: str
    human: str
    level: str
    first: str

    def __init__(self, size: int, mode: str, human: str, level: str, first: str = "") -> None:
        self._set("size", size)
        self._set("mode", mode)
        self._set("human", human)
        self._set("level", level)
        self._set("first", first)

    def checked(self, sides: tuple[str, ...], budget: Callable[[str], object]) -> Choice:
        """These settings if the game (its side codes and level budgets) takes them, else
        ``ValueError`` saying what is wrong; the game checks the size as it starts."""
        if self.mode not in MODES:
            raise ValueError(f"unknown opponent {self.mode!r}: choose two or computer")
        if self.human not in sides:
            named = " or ".join(sides)
            raise ValueError(f"unknown side {self.human!r}: choose {named}")
        if self.first and self.first not in sides and self.first != RANDOM:
            raise ValueError(f"unknown side to start {self.first!r}: choose {' or '.join(sides)} or {RANDOM}")
        budget(self.level)
        return self

    def fits(self, game: GameEntry) -> bool:
        """Whether ``game`` offers these settings."""
        codes = [side.code for side in game.sides]
        starts = self.first in codes or self.first == RANDOM if "first" in game.offers else not self.first
        return (self.size in game.sizes and self.mode in MODES and self.level in game.levels
                and self.human in codes and starts)


def default_choice(entry: GameEntry) -> Choice:
    """A game's first settings: its first size, two people, the first side, its default level
    (and the first side starting, where either may)."""
    first = entry.sides[0].code
    return Choice(entry.default_size, "two", first, entry.default_level, first if "first" in entry.offers else "")


class GameSession:
    """One game on the page, with redo and review of earlier positions."""

    def __init__(self, entry: GameEntry, game_class: GameClass, budget: Callable[[str], tuple[int, float]],
                 chosen: Choice | None = None, start: Callable[[int, str], Game] | None = None) -> None:
        self.sides = tuple(side.code for side in entry.sides)
        self.other = {entry.sides[0].code: entry.sides[1].code, entry.sides[1].code: entry.sides[0].code}
        self._class = game_class
        self._budget = budget
        self._start = start
        self.settings = default_choice(entry)
        self.new_choice(chosen or self.settings)

    def adopt(self, game: Game) -> None:
        """Make ``game`` the live game: nothing to redo, nothing under review."""
        self.game = game
        self.redo_stack: list[object] = []
        self.view: int | None = None  # the turn count under review; None shows the live game

    @property
    def computer_side(self) -> str | None:
        """The computer's side, or ``None`` between two people."""
        if not self.against_computer:
            return None
        return self.other[self.settings.human]

    def fresh_game(self) -> Game:
        """A new game as the live one began."""
        return self.game.beginning()

    def choice(self) -> Choice:
        """The live game's settings as the new-game form shows them."""
        return self.settings

    def new_choice(self, choice: Choice) -> None:
        """Start afresh with the form's settings (``ValueError``, nothing changed, if invalid);
        a random start is drawn here."""
        checked = choice.checked(self.sides, self._budget)
        first = self.sides[random.getrandbits(1)] if choice.first == RANDOM else choice.first
        game = self._class(checked.size) if self._start is None else self._start(checked.size, first)
        self.settings = checked
        self.adopt(game)

    def rematch(self) -> None:
        """A new game of the same size and level, the person taking the other side against
        the computer."""
        choice = self.choice()
        human = self.computer_side or choice.human
        self.new_choice(Choice(choice.size, choice.mode, human, choice.level, choice.first))

    def budget(self, level: str) -> tuple[int, float]:
        """The computer's (iterations, seconds) at ``level``; ``ValueError`` for an unknown one."""
        return self._budget(level)

    def to_fragment(self) -> str:
        """The live game's record, with the computer's side and level if there is one."""
        side = self.computer_side
        return self.game.to_fragment(None if side is None else (side, self.settings.level))

    def load_start(self, text: str) -> ValueError | None:
        """Replace the game by the longest valid start of a record; the error naming the first
        part refused, or ``None``. The game's ``RecordError`` (the game kept) if the record
        has no valid start."""
        game, computer, refused = self._class.start_of(text)
        self._adopt_record(game, computer)
        return refused

    def load_fragment(self, text: str) -> None:
        """Replace the game by a whole record; the game's ``RecordError`` (the game kept) if
        any of it is refused."""
        game, computer, refused = self._class.start_of(text)
        if refused is not None:
            raise refused
        self._adopt_record(game, computer)

    def _adopt_record(self, game: Game, computer: tuple[str, str] | None) -> None:
        """Make a record's ``game`` the live one with its players: its computer's side and level
        (the person the other side), or two people (the person's side and level kept)."""
        now = self.settings
        if computer is None:
            choice = Choice(game.size, "two", now.human, now.level, now.first)
        else:
            side, level = computer
            choice = Choice(game.size, "computer", self.other[side], level, now.first)
        self.settings = choice.checked(self.sides, self._budget)
        self.adopt(game)

    # --- whose turn ---------------------------------------------------------------

    @property
    def against_computer(self) -> bool:
        """Whether one side is played by the computer."""
        return bool(self.settings.mode == "computer")

    def computer_to_move(self) -> bool:
        """Whether the computer should move now (live game, running, its turn)."""
        return (self.view is None and self.game.outcome is None
                and self.game.to_move == self.computer_side)

    def person_may_move(self) -> bool:
        """Whether a click on the board should play a move now."""
        return self.view is None and self.game.outcome is None and not self.computer_to_move()

    def may_analyse(self) -> bool:
        """Whether the analysis and the game graph are offered: always between two
        people, against the computer once the game is over."""
        return not self.against_computer or self.game.outcome is not None

    def can_resign(self) -> bool:
        """Whether the person may resign now: in the live game while it runs (against the
        computer also while it thinks; between two people, the player to move)."""
        return self.view is None and self.game.outcome is None

    def resign(self) -> bool:
        """The person (against the computer) or the player to move gives up the live game."""
        if not self.can_resign():
            return False
        self.game.resign(self.settings.human if self.against_computer else None)
        self.redo_stack.clear()
        return True

    def play(self, move: object) -> Turn:
        """Play a move in the live game (its turn); a new move forgets what could be redone."""
        if self.view is not None:
            raise ValueError("you are reviewing an earlier position: go back to the game to play")
        turn = self.game.play(move)
        self.redo_stack.clear()
        return turn

    # --- undo and redo ------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether undo would take anything back (a resignation stands)."""
        if self.view is not None or not self.game.moves or self.game.resigned:
            return False
        if self.against_computer:
            return any(turn.side == self.settings.human for turn in self.game.history)
        return True

    def undo(self) -> bool:
        """Take back one turn, or against the computer back to the person's last move."""
        if not self.can_undo():
            return False
        while self.game.moves:
            last = self.game.history[-1]
            self.redo_stack.append(self.game.undo())
            if not self.against_computer or last.side == self.settings.human:
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
            except ValueError:  # every game's errors are; cannot happen for moves undone here
                self.redo_stack.clear()
                break
            if not self.against_computer or self.game.to_move == self.settings.human:
                break
        return True

    # --- review -------------------------------------------------------------------

    def shown_ply(self) -> int:
        """How many turns the board shows (all of them for the live game)."""
        return self.view if self.view is not None else int(self.game.turn_count)

    def review(self, ply: int) -> None:
        """Show the position after ``ply`` turns (all of them: the live game)."""
        if not 0 <= ply <= self.game.turn_count:
            raise ValueError(f"there is no move {ply} to review")
        self.view = None if ply == self.game.turn_count else ply

    def live(self) -> None:
        """Return from review to the live game."""
        self.view = None

    def step_review(self, plies: int) -> bool:
        """Review ``plies`` turns later (earlier, below 0) than the board shows, within the
        game; reaching the last turn returns to the live game. Whether it moved."""
        shown = self.shown_ply()
        ply = min(max(shown + plies, 0), self.game.turn_count)
        if ply == shown:
            return False
        self.review(ply)
        return True

    def review_key(self, key: str) -> bool:
        """Step through the game as a chess site does for one of ``REVIEW_KEYS``: ← and → a
        turn back and on, Home to the start, End back to the live position. Whether it moved."""
        if key == "End":
            moved = self.view is not None
            self.live()
            return moved
        return self.step_review(REVIEW_KEYS[key] if key != "Home" else -self.shown_ply())

    def shown(self) -> Game:
        """The game as the board shows it: live, or replayed to the reviewed turn."""
        if self.view is None:
            return self.game
        game = self.game
        for game in self.replayed(self.view):  # noqa: B007 (the last is the position reviewed)
            pass
        return game

    def replayed(self, turns: int | None = None) -> Iterator[Game]:
        """The live game's start, then that same game after each of its first ``turns`` turns
        (all of them by default), replayed one by one."""
        game = self.fresh_game()
        yield game
        for turn in self.game.history[:turns]:
            game.play_turn(turn)
            yield game
