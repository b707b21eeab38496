"""Cubox's page: the shared page (``web.shell.page``) with Cubox's game, board and rules.

Started by ``web/shell/main.py`` when the address holds a Cubox record (or Cubox
was the last game chosen), once Cubox's bundle of files is in place. The computer
thinks in the site's worker, which hands Cubox records to ``cubox.engine.worker``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubox.game import Game
from cubox.levels import search_budget
from web.cubox.rules import RULES_HTML
from web.cubox.view import CuboxBoard
from web.shell.dom import by_id
from web.shell.game_session import GameSession
from web.shell.page import GamePage

if TYPE_CHECKING:
    from web.registry import GameEntry


class CuboxPage(GamePage):
    """The live Cubox page."""

    board: CuboxBoard

    def __init__(self, entry: GameEntry) -> None:
        super().__init__(entry, GameSession(entry, Game, search_budget), CuboxBoard(by_id("board")), RULES_HTML)
