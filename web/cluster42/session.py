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
from cluster42.game import SIDES, Game, Turn, other_side
from cluster42.levels import DEFAULT_LEVEL, search_budget
from web.shell.game_session import Choice, GameSession


def new_settings(size: int = DEFAULT_SIZE, mode: str = "two", human: str = "1",
             level: str = DEFAULT_LEVEL) -> Choice:
    """A new game's settings, checked (``ValueError`` saying what is wrong)."""
    return Choice(size, mode, human, level).checked(check_size, SIDES, search_budget)


class ClusterSession(GameSession):
    """One 42-cluster game on the page, with redo and review of earlier positions."""

    game: Game
    settings: Choice

    def __init__(self, chosen: Choice | None = None) -> None:
        self.settings = (chosen or new_settings()).checked(check_size, SIDES, search_budget)
        self.adopt(Game(self.settings.size))

    def new_game(self, chosen: Choice) -> None:
        """Start afresh with the ``chosen`` settings and new draws (unchanged if they are invalid)."""
        self.settings = chosen.checked(check_size, SIDES, search_budget)
        self.adopt(Game(chosen.size))

    @property
    def computer_side(self) -> str | None:
        if not self.against_computer:
            return None
        return other_side(self.settings.human)

    def fresh_game(self) -> Game:
        """The live game's start: its size, options and draws."""
        game = self.game
        return Game(game.size, game.per_player, game.n, game.seed, game.chips_given, game.is_dealt)

    def replay_turn(self, game: Game, turn: Turn) -> None:
        """Play a turn again; a dealt game is first dealt the turn's chips."""
        if game.is_dealt:
            game.deal(turn.drawn)
        game.play(turn.move)

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
        self.settings = self.choice_of_record(saved.size, saved.computer, other_side).checked(
            check_size, SIDES, search_budget)
        self.adopt(game)
        return refused
