"""The controls around the board, for every game: status line, messages, buttons, move list,
result.

Each ``render_*`` reads the session (and what the page tells it) and writes the DOM;
none of them changes the session or starts anything. The game's words come from its
registry entry (each side named with its paint) and its board view (``web.shell.view``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from web.shell.dom import action_button, by_id, pair_row, sentence, show_result

if TYPE_CHECKING:
    from gamekit.contract import Game, Turn
    from web.registry import GameEntry
    from web.shell.game_session import GameSession
    from web.shell.view import BoardView


# A message fades after MESSAGE_MS and MESSAGE_MS_PER_CHARACTER for each of its characters, unless
# a tap or Escape takes it away first, or another message takes its place.
MESSAGE_MS = 4000
MESSAGE_MS_PER_CHARACTER = 60
_messages = [0]  # how many messages were shown: a fading timer takes away only its own


def _fade(number: int) -> None:
    if number == _messages[0]:
        by_id("message").hidden = True


_FADE = create_proxy(_fade)


def _how(status: str) -> str:
    """How a game ended, from its status ("Blue wins: red resigned" says "Red resigned."), the
    headline above it saying who won."""
    return sentence(status.split(": ", 1)[-1]) + "."


class Controls:
    """Everything on the page but the board."""

    def __init__(self, entry: GameEntry, view: BoardView) -> None:
        self.entry = entry
        self.view = view

    # --- lines of text ------------------------------------------------------------

    @staticmethod
    def show_message(text: str) -> None:
        """Show (or with empty text, hide) the message line, as a sentence; never as HTML. It
        fades after a while (``MESSAGE_MS``)."""
        message = by_id("message")
        message.textContent = sentence(text)
        message.hidden = not text
        bar = document.querySelector(".play > .actions")
        fixed = text and bar is not None and str(window.getComputedStyle(bar).position) == "fixed"
        # on phones the action bar is fixed at the bottom: the message stands just above it
        message.style.bottom = f"{window.innerHeight - bar.getBoundingClientRect().top + 6}px" if fixed else ""
        _messages[0] += 1
        if text:
            window.setTimeout(_FADE, MESSAGE_MS + MESSAGE_MS_PER_CHARACTER * len(text), _messages[0])

    @staticmethod
    def dismiss_message() -> None:
        """Take the message line away (a tap on it, Escape)."""
        by_id("message").hidden = True

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

    def render_status(self, session: GameSession, game: Game, computer_ready: bool,
                      computer_refused: bool = False) -> None:
        """The status line: whose turn, the result, or which position is reviewed.

        While the computer's worker is still loading, a computer to move says so; a
        computer that could not think about the position (``computer_refused``) too.
        """
        status = by_id("status")
        text = self.view.status_text(game)
        side = self.entry.side_word(game.to_move)
        if session.view is not None:
            text = f"Reviewing move {session.view} of {session.game.turn_count}. {text}."
        elif game.outcome is None and session.against_computer:
            if session.computer_to_move() and computer_refused:
                text = f"The computer, {side}, cannot move here"  # the message below says why
            elif session.computer_to_move():
                text = (f"The computer, {side}, is thinking…" if computer_ready else
                        f"The computer, {side}, is getting ready (a few seconds, only the first time)…")
            else:
                text = f"Your move as {side}"
        elif game.outcome is None and game.is_legal("swap"):
            text += f": place a {self.view.piece}, or swap"
        status.textContent = text
        status.setAttribute("data-turn", "" if game.outcome else self.entry.side(game.to_move).paint)

    def render_result(self, session: GameSession) -> None:
        """The end of the live game, once it is over: who won (you or the computer, against
        it; a side, between two people) and how, with Rematch, Review and New game."""
        outcome = session.game.outcome
        winner = outcome.winner if outcome else None
        show_result(outcome is not None and session.view is None, winner,
                    session.settings.human if session.against_computer else None,
                    self.entry.side_label(winner) if winner else "", _how(session.game.status()))

    def render_buttons(self, session: GameSession, thinking: bool, hint: str) -> None:
        """Enable, disable, show and hide the buttons to match the session and the game's offers."""
        offers = self.entry.offers
        may = session.person_may_move()
        swap = action_button("swap")
        swap.hidden = not (may and session.game.is_legal("swap"))
        swap.classList.toggle("hint", hint == "swap")
        if not swap.hidden:
            swap.querySelector(".detail").textContent = self.view.swap_detail(session.game)
        action_button("pass").hidden = not (may and session.game.is_legal("pass"))
        action_button("undo").disabled = not session.can_undo()
        action_button("redo").disabled = not session.can_redo()
        action_button("live").hidden = session.view is None
        button = action_button("hint")
        button.hidden = "hint" not in offers or session.game.outcome is not None
        button.disabled = thinking or not may
        resign = action_button("resign")
        resign.hidden = "resign" not in offers or not session.can_resign()
        resign.textContent = "Resign"  # a change takes back a question the first press asked
        resign.setAttribute("aria-pressed", "false")
        turn = action_button("turn")
        turn.hidden = "turn" not in offers
        turn.setAttribute("aria-pressed", "true" if self.view.turned else "false")
        for name in ("analyse", "graph"):  # no peeking at the computer's view during its game
            action_button(name).hidden = name not in offers or not session.may_analyse()

    @staticmethod
    def resign_confirmed() -> bool:
        """Whether this press of Resign confirms an earlier one; a first press asks again."""
        resign = action_button("resign")
        if resign.getAttribute("aria-pressed") == "true":
            return True
        resign.textContent = "Really resign?"
        resign.setAttribute("aria-pressed", "true")
        return False

    def render_moves(self, session: GameSession, falls: dict[int, float]) -> None:
        """The move list as a chess site shows it: one row per pair of turns, the first
        player's move in one column and the second's in the other, each a button that
        reviews it; the shown position's move marked, mistakes flagged.

        ``falls`` maps the number of a mistake to how far its player's chance fell.
        """
        moves = by_id("moves")
        moves.replaceChildren()
        current = session.shown_ply()
        row: Any = None
        for turn in session.game.history:
            if turn.number % 2 == 1:
                row = pair_row(moves, turn.number)
            row.appendChild(self._move_button(session, turn, falls.get(turn.number), turn.number == current))
        if session.view is None:
            self.scroll_moves_to_end()

    def _move_button(self, session: GameSession, turn: Turn, fall: float | None, current: bool) -> Any:
        """One turn's button in the move list (``fall``: how far a mistake's chance fell)."""
        text = self.view.move_text(session.game, turn)
        side = self.entry.side_word(turn.side)
        button = document.createElement("button")
        button.type = "button"
        button.className = "move " + self.entry.side(turn.side).paint
        button.textContent = text + (" ?" if fall is not None else "")
        button.setAttribute("data-ply", str(turn.number))
        button.setAttribute("aria-label", f"Move {turn.number}, {side} {text}"
                            + (f", a mistake: {side}'s chance fell {round(100 * fall)} points"
                               if fall is not None else ""))
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
