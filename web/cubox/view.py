"""Cubox's board on the page (its ``web.shell.view``): the drawing, the targets a click or a
key plays, the analysis' marks, pictures and the game's words.

The board is ``cubox.svg.board_svg`` drawn afresh on every change; the moves of the
person to move are its targets (``.target[data-cell]``). The board is one Tab stop:
the arrow keys move the focus to the nearest target that way on the screen, and Enter
or Space plays it; the focus stays on the board after a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cubox.game import Game, Turn
from cubox.svg import PAINT, board_svg, paint_properties, size
from web.shell.targets import TargetBoard, own

if TYPE_CHECKING:
    from gamekit.contract import Game as AnyGame
    from gamekit.contract import Turn as AnyTurn


class CuboxBoard(TargetBoard):
    """The SVG board inside ``element`` (the ``#board`` container)."""

    piece = "cubox"

    def __init__(self, element: Any) -> None:
        super().__init__(element, paint_properties())  # the shell's paint, as Cubox's drawing has it

    # --- drawing --------------------------------------------------------------------

    def render(self, shown: AnyGame, to_move: str | None, hint: str, fresh_move: bool) -> None:
        """Draw ``game``; its targets only when a person may move (``to_move``)."""
        game = own(shown, Game)
        had_focus = self.holds_focus()
        self.element.innerHTML = board_svg(game, marks=to_move is not None)
        self.mark_hint(hint)
        self.pending = ""
        self.shares = {}
        self.keep_focus(had_focus)

    @staticmethod
    def move_clicks(shown: AnyGame) -> dict[tuple[str, ...], str]:
        """Every drop or stack is one click on its target (swap and pass are buttons)."""
        game = own(shown, Game)
        return {(str(move),): str(move) for move in game.legal_moves() if not (move.is_swap or move.is_pass)}

    def mark_choices(self, choices: tuple[str, ...], clicks: tuple[str, ...] = ()) -> None:
        """Cubox's moves are one click: there is never a next part to mark."""

    # --- words and pictures ------------------------------------------------------------------

    @staticmethod
    def move_text(shown: AnyGame, played: AnyTurn) -> str:
        """A turn in the move list: its move's text."""
        turn = own(played, Turn)
        return str(turn.move)

    @staticmethod
    def swap_detail(shown: AnyGame) -> str:
        """What the swap would do: take X's first cubox as O's."""
        game = own(shown, Game)
        return f": take {game.moves[0]} as O's" if game.moves else ""

    @staticmethod
    def save_picture(shown: AnyGame, kind: str) -> None:
        """Save the position as an SVG or a PNG file."""
        game = own(shown, Game)
        from web.shell.pictures import download_drawing

        width, height = size(game.board)
        download_drawing(f"cubox-{game.size}-move-{game.turn_count}.{kind}", board_svg(game, marks=False),
                         width, height, kind, PAINT["paper"])

