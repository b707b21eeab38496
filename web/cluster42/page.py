"""42-cluster's page: the shared page (``web.shell.page``) with 42-cluster's game, board and rules.

Started by ``web/shell/main.py`` when the address holds a 42-cluster record (or
42-cluster was the last game chosen), once its bundle of files is in place.
Beyond the shell's events it listens to the tray's chip buttons: choosing the
chip to drop is no move, so it only redraws. The computer thinks in the site's
worker, which hands 42-cluster records to ``cluster42.engine.worker``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cluster42.game import Game
from cluster42.levels import search_budget
from web.cluster42.rules import RULES_HTML
from web.cluster42.view import ClusterBoard
from web.shell.dom import by_id
from web.shell.game_session import GameSession
from web.shell.page import GamePage

if TYPE_CHECKING:
    from web.registry import GameEntry


class ClusterPage(GamePage):
    """The live 42-cluster page."""

    board: ClusterBoard

    def __init__(self, entry: GameEntry) -> None:
        super().__init__(entry, GameSession(entry, Game, search_budget), ClusterBoard(by_id("board")), RULES_HTML)

    def listen_more(self) -> None:
        self.listen(self.board.element, "click", self.on_chip)

    def on_chip(self, event: Any) -> None:
        """A drawn chip's button: the lines now drop that chip."""
        chip = self.board.chip_of(event)
        if chip is not None and self.session.person_may_move() and self.board.choose_chip(chip):
            self.render()
            button = self.board.element.querySelector(f'.chip-choice[data-chip="{chip}"]')
            if button is not None:
                button.focus()
