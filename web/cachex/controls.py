"""The controls around the board: status line, messages, buttons, move list, form.

Each ``render_*`` reads the session (and what the page tells it) and writes
the DOM; none of them changes the session or starts anything.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from cachex.game import Game, Turn
from web.cachex.session import Session
from web.shell.dom import action_button, by_id, pair_row, sentence, show_result


class Controls:
    """Everything on the page but the board."""

    # --- lines of text ------------------------------------------------------------

    @staticmethod
    def show_message(text: str) -> None:
        """Show (or with empty text, hide) the message line, as a sentence; never as HTML."""
        message = by_id("message")
        message.textContent = sentence(text)
        message.hidden = not text

    @staticmethod
    def show_info(text: str) -> None:
        """The line under the board about the computer's thinking."""
        info = by_id("ai-info")
        info.textContent = text
        info.hidden = not text

    @staticmethod
    def show_thinking(on: bool) -> None:
        """Show or hide the thinking spinner on the status line."""
        by_id("status").classList.toggle("thinking", on)

    # --- rendering the session ----------------------------------------------------------

    @staticmethod
    def render_status(session: Session, game: Game, computer_ready: bool) -> None:
        """The status line: whose turn, the result, or which position is reviewed.

        While the computer's worker is still loading, a computer to move says so.
        """
        status = by_id("status")
        text = game.status()
        if session.view is not None:
            text = f"Reviewing move {session.view} of {session.game.turn_count}. {text}."
        elif game.outcome is None and session.against_computer:
            if session.computer_to_move():
                text = (f"The computer ({game.to_move}) is thinking…" if computer_ready else
                        f"The computer ({game.to_move}) is getting ready (a few seconds, "
                        "only the first time)…")
            else:
                text = f"Your move ({game.to_move})"
        elif game.steal_destination() is not None:
            text += ": place a stone, or swap"
        status.textContent = text
        status.setAttribute("data-turn", "" if game.outcome else game.to_move)

    @staticmethod
    def render_result(session: Session) -> None:
        """The end of the live game, once it is over: who won (you or the computer, against
        it; Red or Blue, between two people) and how, with Rematch, Review and New game."""
        outcome = session.game.outcome
        winner = outcome.winner if outcome else None
        show_result(outcome is not None and session.view is None, winner,
                    session.settings.human if session.against_computer else None,
                    sentence(winner or ""), session.game.status() + ".")

    @staticmethod
    def render_buttons(session: Session, thinking: bool, hint_cell: str) -> None:
        """Enable, disable, show and hide the buttons to match the session."""
        target = session.swap_target()
        swap = action_button("swap")
        swap.hidden = target is None
        swap.classList.toggle("hint", hint_cell == "swap")
        if target is not None:
            first = session.game.moves[0]
            swap.querySelector(".detail").textContent = f": take Red's {first} as Blue's {target}"
        action_button("undo").disabled = not session.can_undo()
        action_button("redo").disabled = not session.can_redo()
        action_button("live").hidden = session.view is None
        hint = action_button("hint")
        hint.hidden = session.game.outcome is not None
        hint.disabled = thinking or not session.person_may_move()
        resign = action_button("resign")
        resign.hidden = not session.can_resign()
        resign.textContent = "Resign"  # a change takes back a question the first press asked
        resign.setAttribute("aria-pressed", "false")
        for name in ("analyse", "graph"):  # no peeking at the computer's view during its game
            action_button(name).hidden = not session.may_analyse()

    @staticmethod
    def resign_confirmed() -> bool:
        """Whether this press of Resign confirms an earlier one; a first press asks again."""
        resign = action_button("resign")
        if resign.getAttribute("aria-pressed") == "true":
            return True
        resign.textContent = "Really resign?"
        resign.setAttribute("aria-pressed", "true")
        return False

    @staticmethod
    def render_moves(session: Session, falls: dict[int, float]) -> None:
        """The move list as a chess site shows it: one row per pair of turns, Red's move
        in one column and Blue's in the other, each a button that reviews it; the shown
        position's move marked, mistakes flagged.

        ``falls`` maps the number of a mistake to how far its player's chance fell.
        """
        moves = by_id("moves")
        moves.replaceChildren()
        current = session.shown_ply()
        swapped_to = session.game.swapped_to()
        row: Any = None
        for turn in session.game.history:
            if turn.number % 2 == 1:
                row = pair_row(moves, turn.number)
            text = f"swap → {swapped_to}" if turn.move.is_swap and swapped_to else str(turn.move)
            row.appendChild(Controls._move_button(turn, text, falls.get(turn.number), turn.number == current))
        if session.view is None:
            Controls.scroll_moves_to_end()

    @staticmethod
    def _move_button(turn: Turn, text: str, fall: float | None, current: bool) -> Any:
        """One turn's button in the move list (``fall``: how far a mistake's chance fell)."""
        button = document.createElement("button")
        button.type = "button"
        button.className = turn.colour
        button.textContent = (text + (" ×" + str(len(turn.captured)) if turn.captured else "")
                              + (" ?" if fall is not None else ""))
        button.setAttribute("data-ply", str(turn.number))
        button.setAttribute("aria-label", f"Move {turn.number}, {turn.colour} {text}"
                            + (f", captures {' '.join(turn.captured)}" if turn.captured else "")
                            + (f", a mistake: {turn.colour}'s chance fell "
                               f"{round(100 * fall)} points" if fall is not None else ""))
        if fall is not None:
            button.classList.add("mistake")
        if current:
            button.setAttribute("aria-current", "true")
        return button

    @staticmethod
    def scroll_moves_to_end() -> None:
        """Bring the newest move into view in the move list (once the list is laid out)."""
        moves = by_id("moves")
        moves.scrollTop = moves.scrollHeight
