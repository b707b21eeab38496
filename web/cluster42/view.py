"""42-cluster's board on the page (its ``web.shell.view``): the chips drawn, the board and its
targets, the analysis' marks, pictures and the game's words.

Above the board, the tray shows the chips drawn this turn as buttons (the one to
drop is pressed; choosing the other is no move) and what is left in each bag.
The board is ``cluster42.svg.board_svg``, turned so that gravity points down: a
target above each open line drops the chosen chip there, an arrow at each
corner rotates. Every target is one click, so the shell's clicks, keys and
two taps on small targets work as for the other games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cluster42.game import SIDE_TITLES, Game, Turn, gravity_after
from cluster42.notation import Move
from cluster42.svg import (
    PAINT,
    arrow,
    board_svg,
    chip_glyph,
    chip_icon,
    chip_name,
    chip_words,
    extent,
    paint_properties,
)
from web.shell.targets import TargetBoard, own

if TYPE_CHECKING:
    from gamekit.contract import Game as AnyGame
    from gamekit.contract import Turn as AnyTurn


class ClusterBoard(TargetBoard):
    """The tray and the SVG board inside ``element`` (the ``#board`` container)."""

    piece = "chip"

    def __init__(self, element: Any) -> None:
        super().__init__(element, paint_properties())
        self.selected: int | None = None  # the chip the line targets drop
        self.drawn: tuple[int, ...] = ()

    # --- drawing --------------------------------------------------------------------

    def render(self, shown: AnyGame, to_move: str | None, hint: str, fresh_move: bool) -> None:
        """Draw the tray and ``game``; the targets only when a person may move (``to_move``)."""
        game = own(shown, Game)
        had_focus = self.holds_focus()
        drawn = game.draw
        if drawn != self.drawn or self.selected not in drawn:
            self.selected = drawn[0] if drawn else None
            self.drawn = drawn
        if hint and to_move is not None:
            hinted = Move.parse(hint)
            if not hinted.is_rotation and hinted.chip in drawn:
                self.selected = hinted.chip
        self.element.innerHTML = (self._tray(game, to_move is not None)
                                  + board_svg(game, marks=to_move is not None, selected=self.selected,
                                              animate=fresh_move))
        self.mark_hint(hint)
        self.pending = ""
        self.shares = {}
        self.keep_focus(had_focus)

    def _tray(self, game: Game, active: bool) -> str:
        """The chips drawn (buttons when the person may choose) and both bags' counts."""
        k = game.per_player
        parts = ['<div class="tray">']
        if game.outcome is None and game.draw:
            parts.append('<span class="tray-label">Drawn:</span>')
            seen = []
            for chip in game.draw:
                pressed = "true" if chip == self.selected and chip not in seen else "false"
                name = chip_name(chip, k)
                if active and chip not in seen:
                    parts.append(f'<button type="button" class="chip-choice" data-chip="{chip}" '
                                 f'aria-pressed="{pressed}" title="Drop {name}">{chip_icon(chip, k)}</button>')
                else:
                    parts.append(f'<span class="chip-shown" title="{name}">{chip_icon(chip, k)}</span>')
                seen.append(chip)
        for player in (0, 1):
            counts = game.bag(player)
            shown = " ".join(f'{chip_icon(chip, k)}<span class="count">{counts[chip]}</span>'
                             for chip in sorted(counts))
            parts.append(f'<span class="bag" title="Player {player + 1}\'s bag">Bag {player + 1}: {shown}</span>')
        parts.append("</div>")
        return "".join(parts)

    def choose_chip(self, chip: int) -> bool:
        """Make ``chip`` the one the lines drop (one of this turn's); whether it changed."""
        if chip not in self.drawn or chip == self.selected:
            return False
        self.selected = chip
        return True

    def chip_of(self, event: Any) -> int | None:
        """The drawn chip whose button an event happened on, if any."""
        return self.tray_choice(event, "chip")

    def move_clicks(self, shown: AnyGame) -> dict[tuple[str, ...], str]:
        """Each line drops the chosen chip in one click; each arrow rotates in one click."""
        game = own(shown, Game)
        clicks: dict[tuple[str, ...], str] = {}
        for move in game.legal_moves():
            if move.is_rotation:
                clicks[(f"gravity {move.gravity}",)] = str(move)
            elif move.chip == self.selected:
                clicks[(f"line {move.pos}",)] = str(move)
        return clicks

    def mark_choices(self, choices: tuple[str, ...], clicks: tuple[str, ...] = ()) -> None:
        """Every move is one click: there is never a next part to mark."""

    # --- words and pictures ------------------------------------------------------------------

    @staticmethod
    def status_text(shown: AnyGame) -> str:
        """Whose turn and the chips drawn, as the tray shows them ("red ● and amber ▲")."""
        game = own(shown, Game)
        if game.outcome is not None or not game.draw:
            return game.status()
        chips = " and ".join(chip_words(chip, game.per_player) for chip in game.draw)
        return f"{SIDE_TITLES[game.to_move]} to move with {chips}"

    @staticmethod
    def move_text(shown: AnyGame, played: AnyTurn) -> str:
        """A turn in the move list as the page showed it: the chip's symbol (each chip has its
        own) and its line ("▲ line 2"), or the arrow that turned gravity ("turn ↙")."""
        game = own(shown, Game)
        turn = own(played, Turn)
        move = turn.move
        if move.is_rotation:
            return "turn " + arrow(move.gravity, gravity_after(game, turn.number - 1))
        return f"{chip_glyph(move.chip, game.per_player)} line {move.pos}"

    @staticmethod
    def save_picture(shown: AnyGame, kind: str) -> None:
        """Save the position as an SVG or a PNG file."""
        game = own(shown, Game)
        from web.shell.pictures import download_drawing

        side = 2 * extent(game.board)
        download_drawing(f"cluster42-{game.size}-move-{game.turn_count}.{kind}",
                         board_svg(game, marks=False, standalone=True), side, side, kind, PAINT["paper"])
