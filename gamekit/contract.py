"""The game contract: what every game's ``Game`` offers the page, the worker and the tools.

Written against these protocols, the shell's session and the search treat all games
alike. A game's players are numbered (``FIRST``, ``SECOND``) as its sides are listed
(the registry's ``sides``): the first side moves first unless the game lets either
start (its record then says who did), and the numbers stay with the sides. What a
player places (a colour, a chip, a die) is the game's own business, named by its
sides. A game with chance keeps its seed in its record, so ``from_fragment``
replays it exactly.

The page's shell types its session (``web.shell.game_session``) and its board
views by these protocols, and the search worker its searches by ``Search``
(``gamekit.search_worker``): what they call is here, and nothing more. Only type
checkers and the tests read this module (the page's main thread never imports
it): each game meets it structurally, without importing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

FIRST = 0  # the player of the side listed first (who moves first, unless the game says otherwise)
SECOND = 1


@runtime_checkable
class Outcome(Protocol):
    """How a game ended."""

    @property
    def winner(self) -> str | None:
        """The winner's side code (``"red"``, ``"x"``), or ``None`` for a draw."""

    @property
    def winner_player(self) -> int | None:
        """The winning player (``FIRST`` or ``SECOND``, by its side), or ``None`` for a draw."""

    @property
    def reason(self) -> str:
        """Why it ended, in one word of the game's (``"connection"``, ``"resignation"``)."""

    def describe(self) -> str:
        """A sentence for people."""


@runtime_checkable
class Turn(Protocol):
    """One turn of a game's history."""

    @property
    def number(self) -> int:
        """The turn's number, from 1."""

    @property
    def side(self) -> str:
        """The side code of the player who moved."""

    @property
    def move(self) -> Any:
        """The move played; its ``str`` is its text."""


# What a record's longest valid start gives: the game, the computer's (side, level) the record
# names (``None``: two people), and the game's ``RecordError`` naming the first part refused.
Start = tuple["Game", tuple[str, str] | None, ValueError | None]


@runtime_checkable
class Game(Protocol):
    """A game in progress: a position, its history and its rules."""

    @property
    def size(self) -> int:
        """The board's size."""

    @property
    def player_to_move(self) -> int:
        """The player whose turn it is (``FIRST`` or ``SECOND``, by its side); after the end, the
        one who would move next."""

    @property
    def to_move(self) -> str:
        """The side code of the player to move."""

    @property
    def turn_count(self) -> int:
        """How many turns have been played."""

    @property
    def moves(self) -> Sequence[Any]:
        """The moves played, first first; each one's ``str`` is its text."""

    @property
    def history(self) -> Sequence[Turn]:
        """Every turn played, first first."""

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs."""

    @property
    def resigned(self) -> str | None:
        """The side code of the player who resigned, or ``None``."""

    def legal_moves(self) -> Sequence[Any]:
        """Every move the player to move may make (none once the game is over)."""

    def is_legal(self, move: Any, /) -> bool:
        """Whether a move (or its text) is well formed and legal here."""

    def play(self, move: Any, /) -> Turn:
        """Play a move (or its text); the game's ``ValueError`` subclass if it is refused,
        with the game unchanged."""

    def undo(self) -> Any:
        """Take back the last move, which it returns (the game's ``UndoError`` after a
        resignation, or at the start)."""

    def resign(self, side: Any = None, /) -> Outcome:
        """The player of ``side`` (by default the player to move) gives up; the game's
        ``ValueError`` subclass for another side or a finished game."""

    def beginning(self) -> Game:
        """A new game as this one began (its size and options, who started, its seed)."""

    def play_turn(self, turn: Any, /) -> Any:
        """Play again a turn of a game that began as this one did (``beginning``)."""

    def status(self) -> str:
        """Whose turn, or how the game ended, in words."""

    def to_fragment(self, computer: tuple[str, str] | None = None, /) -> str:
        """The game's record, which an address holds, naming the computer's (side, level) if
        one plays."""


class Search(Protocol):
    """A game's search as the worker (``gamekit.search_worker``) drives it: a slice at a time."""

    @property
    def iterations(self) -> int:
        """What it has counted so far (playouts, positions)."""

    def step(self, seconds: float, iterations: int = ..., /) -> bool:
        """Search for up to ``seconds`` more (or ``iterations`` more); whether it is settled."""

    def chance(self) -> float:
        """The player to move's winning chance as the search sees it."""


class ScoredSearch(Search, Protocol):
    """A search that scores its root moves (an alpha-beta, an expectimax) instead of counting
    visits."""

    def ranked(self) -> list[tuple[int, int, float]]:
        """(move, depth searched, chance) of each root move, best first."""

    def best_text(self) -> object:
        """The best move found; its ``str`` is its text."""


class GameClass(Protocol):
    """A game's class: a new game of a size, or one replayed from its record."""

    def __call__(self, size: int, /) -> Game:
        """A new game on a board of ``size``."""

    def from_fragment(self, text: str, /) -> Game:
        """The game of a record; the game's ``RecordError`` if it is not one."""

    def start_of(self, text: str, /) -> Start:
        """A record's longest valid start (``Start``); the game's ``RecordError`` if even its
        head (game, size, options, computer) is bad."""
