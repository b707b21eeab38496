"""The Cubox view's drawing: the board, status, buttons, move list, result and form.

Each function reads the session and writes the shell's DOM; none changes the
session or starts anything (``web.cubox_page`` wires the events).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from cubox.board import MAX_SIZE, MIN_SIZE
from cubox.levels import LEVEL_NAMES
from cubox.svg import board_svg
from web.cubox_session import CuboxSession
from web.dom import action_button, by_id, pair_row, sentence, show_result


def fill_form() -> None:
    """Offer Cubox's sizes, sides and levels in the new-game form, and a Cubox record as the
    example of what to open."""
    by_id("opt-game").value = "cubox"
    by_id("record-input").placeholder = "cubox.8.e5.swap"
    _options(by_id("opt-size"), [(str(n), str(n)) for n in range(MIN_SIZE, MAX_SIZE + 1)])
    _options(by_id("opt-colour"), [("x", "X (moves first)"), ("o", "O (may swap)")])
    _options(by_id("opt-level"), [(name, sentence(name)) for name in LEVEL_NAMES])


def show_settings(session: CuboxSession) -> None:
    """Make the new-game form show the session's settings."""
    s = session.settings
    by_id("opt-size").value = str(s.size)
    by_id("opt-mode").value = s.mode
    by_id("opt-colour").value = s.human
    by_id("opt-level").value = s.level
    sync_form()


def sync_form(_event: Any = None) -> None:
    """Show the computer-only choices when the computer is chosen."""
    by_id("new-game").setAttribute("data-mode", by_id("opt-mode").value)


def render(session: CuboxSession, thinking: bool) -> None:
    """Draw the session: the board, the status, the buttons, the moves and the result."""
    game = session.shown()
    board = by_id("board")
    board.innerHTML = board_svg(game, marks=session.person_may_move() and not thinking)
    board.setAttribute("data-ply", str(session.shown_ply()))
    status = by_id("status")
    if session.view is not None:
        text = f"Reviewing move {session.view} of {session.game.turn_count}. {game.status()}."
    elif game.outcome is not None:
        text = game.status()
    elif session.computer_to_move():
        text = f"The computer ({game.to_move.upper()}) is thinking…"
    elif session.computer_side is not None:
        text = f"Your move ({game.to_move.upper()})"
    else:
        text = game.status()
    legal = game.legal_moves()
    if session.view is None and game.outcome is None and any(m.is_swap for m in legal):
        text += ": place a cubox, or swap"
    status.textContent = text
    status.setAttribute("data-turn", "" if game.outcome else game.to_move)
    may = session.person_may_move()
    action_button("swap").hidden = not (may and any(m.is_swap for m in legal))
    action_button("pass").hidden = not (may and any(m.is_pass for m in legal))
    action_button("undo").disabled = not session.can_undo()
    action_button("redo").disabled = not session.can_redo()
    action_button("live").hidden = session.view is None
    render_moves(session)
    render_result(session)


def render_moves(session: CuboxSession) -> None:
    """The move list, a row per pair of turns, each move a button that reviews it."""
    moves = by_id("moves")
    moves.replaceChildren()
    row: Any = None
    shown = session.shown_ply()
    for turn in session.game.history:
        if turn.number % 2 == 1:
            row = pair_row(moves, turn.number)
        item = document.createElement("button")
        item.type = "button"
        item.className = "cubox-move " + turn.colour
        item.textContent = str(turn.move)
        item.setAttribute("data-ply", str(turn.number))
        item.setAttribute("aria-label", f"Move {turn.number}, {turn.colour.upper()} {turn.move}")
        if turn.number == shown:
            item.setAttribute("aria-current", "true")
        row.appendChild(item)
    if session.view is None:
        moves.scrollTop = moves.scrollHeight


def render_result(session: CuboxSession) -> None:
    """The result banner once the live game is over."""
    outcome = session.game.outcome
    winner = outcome.winner if outcome else None
    person = session.settings.human if session.computer_side is not None else None
    show_result(outcome is not None and session.view is None, winner, person, (winner or "").upper(),
                outcome.describe() + "." if outcome else "")


def message(text: str) -> None:
    """Show (or with empty text, hide) the message toast, as a sentence."""
    box = by_id("message")
    box.textContent = sentence(text)
    box.hidden = not text


def _options(select: Any, choices: list[tuple[str, str]]) -> None:
    """Replace a select's options."""
    select.replaceChildren()
    for value, text in choices:
        option = document.createElement("option")
        option.value = value
        option.textContent = text
        select.appendChild(option)
