"""Chase's page: the shared page (``web.shell.page``) with Chase's game, board and rules.

Started by ``web/shell/main.py`` when the address holds a Chase record (or Chase
was the last game chosen), once its bundle of files is in
place. Beyond the shell's events it listens to the tray's buttons for sharing
out lost points: choosing one is no move, so it only redraws. The computer
thinks in the site's worker, which hands Chase records to
``chase.engine.worker``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chase.game import Game
from chase.levels import search_budget
from web.chase.rules import RULES_HTML
from web.chase.view import ChaseBoard
from web.shell.dom import by_id
from web.shell.game_session import GameSession
from web.shell.page import GamePage

if TYPE_CHECKING:
    from web.registry import GameEntry


class ChasePage(GamePage):
    """The live Chase page."""

    board: ChaseBoard

    def __init__(self, entry: GameEntry) -> None:
        session = GameSession(entry, Game, search_budget, start=Game)  # Game(size, the side that starts)
        super().__init__(entry, session, ChaseBoard(by_id("board")), RULES_HTML)

    def listen_more(self) -> None:
        self.listen(self.board.element, "click", self.on_share)

    def on_share(self, event: Any) -> None:
        """A button for sharing out lost points: the moves now follow that sharing."""
        index = self.board.share_of(event)
        if index is not None and self.session.person_may_move() and self.board.choose_share(index):
            self.clicks.reset()
            button = self.board.element.querySelector(f'.share-choice[data-share="{index}"]')
            if button is not None:
                button.focus()
