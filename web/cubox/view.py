"""The Cubox view's drawing: the board, status, buttons, move list, result and form.

Each function reads the session and writes the shell's DOM; none changes the
session or starts anything (``web.cubox.page`` wires the events).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from cubox.svg import board_svg
from web.cubox.session import CuboxSession
from web.registry import GameEntry
from web.shell.dom import action_button, by_id, pair_row, sentence, show_result


def render(session: CuboxSession, thinking: bool, entry: GameEntry) -> None:
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
        text = f"The computer ({entry.side_label(game.to_move)}) is thinking…"
    elif session.computer_side is not None:
        text = f"Your move ({entry.side_label(game.to_move)})"
    else:
        text = game.status()
    legal = game.legal_moves()
    if session.view is None and game.outcome is None and any(m.is_swap for m in legal):
        text += ": place a cubox, or swap"
    status.textContent = text
    status.setAttribute("data-turn", "" if game.outcome else entry.side(game.to_move).paint)
    may = session.person_may_move()
    action_button("swap").hidden = not (may and any(m.is_swap for m in legal))
    action_button("pass").hidden = not (may and any(m.is_pass for m in legal))
    action_button("undo").disabled = not session.can_undo()
    action_button("redo").disabled = not session.can_redo()
    action_button("live").hidden = session.view is None
    render_moves(session, entry)
    render_result(session, entry)


def render_moves(session: CuboxSession, entry: GameEntry) -> None:
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
        item.className = "move " + entry.side(turn.colour).paint
        item.textContent = str(turn.move)
        item.setAttribute("data-ply", str(turn.number))
        item.setAttribute("aria-label", f"Move {turn.number}, {entry.side_label(turn.colour)} {turn.move}")
        if turn.number == shown:
            item.setAttribute("aria-current", "true")
        row.appendChild(item)
    if session.view is None:
        moves.scrollTop = moves.scrollHeight


def render_result(session: CuboxSession, entry: GameEntry) -> None:
    """The result banner once the live game is over."""
    outcome = session.game.outcome
    winner = outcome.winner if outcome else None
    person = session.settings.human if session.computer_side is not None else None
    show_result(outcome is not None and session.view is None, winner, person,
                entry.side_label(winner) if winner else "", outcome.describe() + "." if outcome else "")


def message(text: str) -> None:
    """Show (or with empty text, hide) the message toast, as a sentence."""
    box = by_id("message")
    box.textContent = sentence(text)
    box.hidden = not text
