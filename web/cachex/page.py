"""Cachex's page: the shared page (``web.shell.page``) with Cachex's session, board and rules.

Beyond the shell it marks where a swap would put Red's stone while the Swap
button is hovered or focused, sounds captures, and redraws the board standing
on its corner when the screen turns tall.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.cachex.board_view import BoardView
from web.cachex.rules import RULES_HTML
from web.cachex.session import Session
from web.shell.dom import action_button, by_id
from web.shell.page import GamePage

if TYPE_CHECKING:
    from web.registry import GameEntry


class Page(GamePage):
    """The live Cachex page."""

    session: Session
    board: BoardView

    def __init__(self, entry: GameEntry) -> None:
        super().__init__(entry, Session(), BoardView(by_id("board")), RULES_HTML)

    def listen_more(self) -> None:
        """The swap's target shown while Swap is hovered or focused; the tall board on a turn."""
        swap = action_button("swap")
        for kind in ("mouseenter", "focus"):
            self.listen(swap, kind, lambda _e: self.board.mark_swap_target(self.session.swap_target()))
        for kind in ("mouseleave", "blur", "click"):
            self.listen(swap, kind, lambda _e: self.board.mark_swap_target(None))
        self.listen(self.board.tall_screen, "change", lambda _e: self.render())

    def sound_of(self, game: Any) -> str:
        """A capture sounds as such."""
        return "capture" if game.outcome is None and game.last_captures else super().sound_of(game)
