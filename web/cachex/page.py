"""Cachex's page: the shared page (``web.shell.page``) with Cachex's game, board and rules.

Beyond the shell it marks where a swap would put Red's stone while the Swap
button is hovered or focused, sounds captures, and redraws the board standing
on its corner when the screen turns tall.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.game import Game
from cachex.levels import search_budget
from web.cachex.board_view import BoardView
from web.cachex.rules import RULES_HTML
from web.shell.dom import action_button, by_id
from web.shell.game_session import GameSession
from web.shell.page import GamePage

if TYPE_CHECKING:
    from gamekit.contract import Game as AnyGame
    from web.registry import GameEntry


class Page(GamePage):
    """The live Cachex page."""

    board: BoardView

    def __init__(self, entry: GameEntry) -> None:
        super().__init__(entry, GameSession(entry, Game, search_budget), BoardView(by_id("board")), RULES_HTML)

    def listen_more(self) -> None:
        """The swap's target shown while Swap is hovered or focused; the tall board on a turn."""
        swap = action_button("swap")
        for kind in ("mouseenter", "focus"):
            self.listen(swap, kind, lambda _e: self.board.mark_swap_target(self.swap_target()))
        for kind in ("mouseleave", "blur", "click"):
            self.listen(swap, kind, lambda _e: self.board.mark_swap_target(None))
        self.listen(self.board.tall_screen, "change", lambda _e: self.render())

    def swap_target(self) -> str | None:
        """Where a swap would put Red's stone, when swap is the person's to play."""
        game = self.session.game
        if not isinstance(game, Game) or not self.session.person_may_move():
            return None
        return game.steal_destination()

    def sound_of(self, game: AnyGame) -> str:
        """A capture sounds as such."""
        captured = isinstance(game, Game) and bool(game.last_captures)
        return "capture" if game.outcome is None and captured else super().sound_of(game)
