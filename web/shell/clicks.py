"""Clicks, taps and keys on the board, for every game: each goes through the game's move
builder (``gamekit.moves``), so a move of several clicks is built part by part.

A click completes a move (the page plays it), or asks for the next part (the board
marks where it may go), or is refused: a first click that starts no move is handed to
the game, whose error says why. Escape starts the move over. Where targets are small,
a first tap shows a one-click move and a second plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.moves import COMPLETE, NEXT, MoveBuilder

if TYPE_CHECKING:
    from collections.abc import Callable

    from web.shell.controls import Controls
    from web.shell.game_session import GameSession
    from web.shell.view import BoardView


class BoardClicks:
    """The board's events, turned into moves for ``play``."""

    def __init__(self, session: GameSession, board: BoardView, controls: Controls,
                 play: Callable[[str], None]) -> None:
        self.session = session
        self.board = board
        self.controls = controls
        self.play = play
        self.builder: MoveBuilder | None = None  # the move being built, made on its first click
        self.guiding = False  # whether the info line says how to go on with that move

    def reset(self) -> None:
        """Forget the clicks of a move not yet complete and take their marks off the board
        (Escape, a click elsewhere)."""
        self.forget()
        self.board.mark_choices(())

    def forget(self) -> None:
        """Forget the clicks of a move not yet complete, and what the info line said of it,
        leaving the board as it is: the position changed, and the board is drawn afresh next."""
        self.builder = None
        if self.guiding:
            self.guide("")

    def guide(self, text: str) -> None:
        """Say on the info line how to go on with the move being built ("" takes it off)."""
        self.guiding = bool(text)
        self.controls.show_info(text)

    def on_click(self, event: Any) -> None:
        session = self.session
        if session.view is None and session.game.outcome is not None:
            self.controls.show_message(f"The game is over: {session.game.status()}. "
                                       "Choose Rematch or New game to play again.")
            return
        name = self.board.cell_of(event)
        if name is None:
            self.reset()  # a click elsewhere starts the move over
            return
        self.board.set_focus(name, move_focus=False)
        if session.view is not None:
            self.controls.show_message("You are reviewing an earlier position: "
                                       "choose “Back to the game” to play on.")
            return
        self.choose(name)

    def choose(self, name: str) -> None:
        """The person chose the target ``name`` (a click, a tap or Enter)."""
        if not self.session.person_may_move():
            return
        if self.builder is None:
            self.builder = MoveBuilder(self.board.move_clicks(self.session.game))
        builder = self.builder
        if not builder.clicks and self.board.small_cells() and name != self.board.pending \
                and (name,) in builder.moves:
            self.board.mark_pending(name)  # small targets: this tap shows the move, the next plays
            self.guide(f"Tap {name} again to play there.")
            return
        step = builder.click(name)
        if step.kind == COMPLETE:
            self.forget()  # the move is played, and the page draws the new position
            self.play(step.move)
        elif step.kind == NEXT:
            self.board.mark_choices(step.choices, builder.clicks)
            self.guide("Now choose where: " + ", ".join(step.choices) + " (Escape starts over).")
        elif builder.clicks:
            self.controls.show_message(step.reason)
        else:
            self.forget()
            self.play(name)  # no move starts here: the game says why

    def on_focus(self, event: Any) -> None:
        name = self.board.cell_of(event)
        if name is not None:
            self.board.set_focus(name, move_focus=False)

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape" and self.builder is not None:
            self.reset()
            return
        if self.board.cell_of(event) is None:
            return  # a key on the board's other controls (a game's own buttons) is theirs
        if self.board.step_focus(key):
            event.preventDefault()
        elif key in ("Enter", " ") and self.board.focus_name:
            event.preventDefault()
            self.choose(self.board.focus_name)
