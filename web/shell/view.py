"""What a game's page folder gives the shell: its board view and its words.

The shared page (``web.shell.page``) drives every game through this one
interface; each game's page folder has a class that meets it, which the game's
page class (the registry's ``page``) hands to ``GamePage``.
Only type checkers read the protocol (MicroPython never imports it).
"""

from __future__ import annotations

from typing import Any, Protocol

from gamekit.contract import Game, Turn


class BoardView(Protocol):
    """A game's board on the page: drawing, where a click or a key lands, the analysis' marks,
    and the words the shell's controls use for the game."""

    element: Any  # the #board container
    focus_name: str  # the position the board's one tab stop is on ("" for none)
    pending: str  # a position tapped once where targets are small, waiting for the second tap
    piece: str  # what a move places, in words ("stone")
    turned: bool  # drawn turned round, the second side's home at the bottom (games that offer "turn")

    def render(self, game: Game, to_move: str | None, hint: str, fresh_move: bool, /) -> None:
        """Show ``game``'s position; ``to_move`` is the side that may click now (``None``: nobody),
        ``hint`` a move to mark; a ``fresh_move`` may be animated."""

    def cell_of(self, event: Any) -> str | None:
        """The move text of the position an event happened on, if any."""

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Move the board's tab stop (and optionally the keyboard focus) to a position."""

    def step_focus(self, key: str) -> bool:
        """Move the focus for an arrow key, staying on the board; whether the key was one."""

    def move_clicks(self, game: Game, /) -> dict[tuple[str, ...], str]:
        """The clicks that make each legal move of the person to move, with the move's text
        (``gamekit.moves``); a move played by a button (swap, pass) needs none."""

    def mark_choices(self, choices: tuple[str, ...], clicks: tuple[str, ...] = ()) -> None:
        """Mark the targets the next click of a move may go to, after ``clicks`` (none: clear
        the marks and start the move over)."""

    def small_cells(self) -> bool:
        """Whether the positions are drawn too small to play with one tap."""

    def mark_pending(self, name: str) -> None:
        """Show the move about to be played at ``name`` until a second tap ("": none)."""

    def show_analysis(self, shares: dict[str, float], line: list[tuple[str, str]]) -> None:
        """Show where the search looks (each move's share) and its best line as (move, side)."""

    def clear_analysis(self) -> None:
        """Take the analysis off the board."""

    def status_text(self, game: Game, /) -> str:
        """Whose turn it is, or the result, as the status line says it (``game.status()``, or
        words closer to the drawing)."""

    def move_text(self, game: Game, turn: Turn, /) -> str:
        """A turn as the move list shows it."""

    def swap_detail(self, game: Game, /) -> str:
        """Words after "Swap" saying what it does ("" for none)."""

    def save_picture(self, game: Game, kind: str, /) -> None:
        """Download ``game``'s position as an SVG or a PNG picture."""
