"""The Cubox view: the shared page shell showing a game of Cubox.

Started by ``web/main.py`` when the address holds a Cubox record (or Cubox
was the last game chosen), after the ``cubox`` package's files are loaded
(``cubox.toml``). The rules are ``cubox``'s, the interaction rules
``web.cubox_session``'s; this class only reads them, draws the board with
``cubox.svg`` and wires the shell's controls. The computer thinks in the
same worker as Cachex's (``web.thinking``), which hands Cubox records to
``cubox.worker``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from cubox.board import MAX_SIZE, MIN_SIZE
from cubox.errors import CuboxError
from cubox.levels import DEFAULT_LEVEL, LEVEL_NAMES, search_budget
from cubox.svg import board_svg
from web.cubox_session import CuboxSession, CuboxSettings
from web.dom import action_button, by_id, keep, sentence
from web.thinking import Computer, ThinkError

GAME_KEY = "cachex.game"  # the game a bare address opens: "cachex" or "cubox"
# The shell's controls a Cubox game has no use for.
UNUSED = ("hint", "analyse", "resign", "graph")
# The review keys, by how many turns each steps (Home and End go to the ends).
REVIEW_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": 0, "End": 0}


class CuboxPage:
    """The live page for one Cubox session."""

    def __init__(self) -> None:
        self.session = CuboxSession()
        self.computer = Computer()
        self.thinking = False
        self.task: asyncio.Task[None] | None = None
        self.proxies: list[Any] = []
        self.last_fragment = ""

    async def start(self) -> None:
        """Set the shell up for Cubox, restore the game from the address, draw, listen."""
        root = document.documentElement
        root.setAttribute("data-game", "cubox")
        document.title = "Cubox"
        document.querySelector("header h1").textContent = "Cubox"
        document.querySelector("header .tagline").textContent = (
            "Cameron Browne's stacking connection game: join all three sides with your cubox.")
        self.fill_form()
        self.restore()
        for name in UNUSED:
            action_button(name).hidden = True
        board = by_id("board")
        self.listen(board, "click", self.on_board_click)
        self.listen(board, "keydown", self.on_board_key)
        for name, handler in (("undo", self.on_undo), ("redo", self.on_redo), ("swap", lambda _e: self.play("swap")),
                              ("pass", lambda _e: self.play("pass")), ("new", self.on_new),
                              ("rematch", self.on_rematch), ("copy", self.on_copy),
                              ("another-game", lambda _e: by_id("opt-size").focus()),
                              ("export-svg", lambda _e: self.export("svg")),
                              ("export-png", lambda _e: self.export("png")), ("import", self.on_import),
                              ("live", lambda _e: self.show_ply(None)),
                              ("review-game", lambda _e: self.show_ply(0))):
            self.listen(action_button(name), "click", handler)
        self.listen(by_id("opt-mode"), "change", self.sync_form)
        self.listen(by_id("moves"), "click", self.on_moves_click)
        self.listen(document, "keydown", self.on_page_key)
        self.listen(document.defaultView, "hashchange", lambda _e: self.on_hash())
        self.render()
        by_id("loading").hidden = True
        by_id("app").hidden = False
        root.setAttribute("data-ready", "1")
        self.maybe_move()

    def listen(self, element: Any, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    # --- the form and the address --------------------------------------------------

    def fill_form(self) -> None:
        """Offer Cubox's sizes, sides and levels in the new-game form."""
        by_id("opt-game").value = "cubox"
        _options(by_id("opt-size"), [(str(n), str(n)) for n in range(MIN_SIZE, MAX_SIZE + 1)])
        _options(by_id("opt-colour"), [("x", "X (moves first)"), ("o", "O (may swap)")])
        _options(by_id("opt-level"), [(name, sentence(name)) for name in LEVEL_NAMES])

    def show_settings(self) -> None:
        s = self.session.settings
        by_id("opt-size").value = str(s.size)
        by_id("opt-mode").value = s.mode
        by_id("opt-colour").value = s.human
        by_id("opt-level").value = s.level
        self.sync_form()

    def sync_form(self, _event: Any = None) -> None:
        by_id("new-game").setAttribute("data-mode", by_id("opt-mode").value)

    def restore(self) -> None:
        """The game of the address (its valid start, saying what was refused)."""
        text = str(window.location.hash or "")
        if text.startswith("#cubox"):
            try:
                refused = self.session.load_start(text)
            except CuboxError as exc:
                refused = f"that link holds no Cubox game ({exc}); a new game has started"
            self.message(f"This link's {refused}, so the game opens just before it." if refused.startswith("move")
                         else refused)
        self.last_fragment = self.session.to_fragment()
        self.show_settings()

    def on_hash(self) -> None:
        text = str(window.location.hash or "")
        if text == "#" + self.last_fragment:
            return
        if not text.startswith("#cubox"):
            window.location.reload()  # another game's link: the page starts afresh for it
            return
        self.restore()
        self.after_change()

    def write_address(self) -> None:
        fragment = self.session.to_fragment()
        if fragment != self.last_fragment:
            self.last_fragment = fragment
            window.history.replaceState(None, "", "#" + fragment)

    # --- drawing ------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the session: the board, the status, the buttons, the moves and the result."""
        session, game = self.session, self.session.shown()
        board = by_id("board")
        board.innerHTML = board_svg(game, marks=session.person_may_move() and not self.thinking)
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
        action_button("redo").disabled = not session.redo_stack or session.view is not None
        action_button("live").hidden = session.view is None
        self.render_moves()
        self.render_result()

    def render_moves(self) -> None:
        moves = by_id("moves")
        moves.replaceChildren()
        row: Any = None
        shown = self.session.shown_ply()
        for turn in self.session.game.history:
            if turn.number % 2 == 1:
                row = document.createElement("li")
                row.className = "pair"
                number = document.createElement("span")
                number.className = "number"
                number.textContent = f"{(turn.number + 1) // 2}."
                row.appendChild(number)
                moves.appendChild(row)
            item = document.createElement("button")
            item.type = "button"
            item.className = "cubox-move " + turn.colour
            item.textContent = str(turn.move)
            item.setAttribute("data-ply", str(turn.number))
            item.setAttribute("aria-label", f"Move {turn.number}, {turn.colour.upper()} {turn.move}")
            if turn.number == shown:
                item.setAttribute("aria-current", "true")
            row.appendChild(item)
        if self.session.view is None:
            moves.scrollTop = moves.scrollHeight

    def render_result(self) -> None:
        box = by_id("result")
        outcome = self.session.game.outcome
        box.hidden = outcome is None or self.session.view is not None
        if outcome is None:
            return
        winner = outcome.winner
        if winner is None:
            headline = "Draw"
        elif self.session.computer_side is not None:
            headline = "You win" if winner == self.session.settings.human else "The computer wins"
        else:
            headline = winner.upper() + " wins"
        by_id("result-text").textContent = headline
        by_id("result-detail").textContent = outcome.describe() + "."
        box.setAttribute("data-winner", winner or "draw")

    @staticmethod
    def message(text: str) -> None:
        box = by_id("message")
        box.textContent = sentence(text)
        box.hidden = not text

    # --- moves ------------------------------------------------------------------------------

    def after_change(self) -> None:
        self.render()
        self.write_address()
        self.maybe_move()

    def play(self, move: str) -> None:
        """Play the person's move, or say why it is refused."""
        if not self.session.person_may_move() or self.thinking:
            if self.session.game.outcome is not None:
                self.message("The game is over: start a new game or a rematch.")
            return
        try:
            self.session.play(move)
        except CuboxError as exc:
            self.message(str(exc))
            return
        self.message("")
        self.after_change()

    def show_ply(self, ply: int | None) -> None:
        """Review the position after ``ply`` turns, or (``None``) return to the live game."""
        self.session.view = None if ply is None else self.session.view
        if ply is not None:
            self.session.review(ply)
        self.after_change()

    def on_moves_click(self, event: Any) -> None:
        button = event.target.closest("[data-ply]")
        if button is not None:
            self.show_ply(int(button.getAttribute("data-ply")))

    def on_page_key(self, event: Any) -> None:
        """← / → step through the game, Home goes to the start, End back to the live game."""
        key = str(event.key)
        tag = str(event.target.tagName or "").lower()
        if key not in REVIEW_KEYS or tag in ("input", "select", "textarea"):
            return
        event.preventDefault()
        session = self.session
        if key == "End":
            moved = session.view is not None
            session.view = None
        else:
            moved = session.step_review(REVIEW_KEYS[key] if key != "Home" else -session.shown_ply())
        if moved:
            self.after_change()

    def on_board_click(self, event: Any) -> None:
        target = event.target.closest(".target")
        if target is not None:
            self.play(str(target.getAttribute("data-name")))
        elif self.session.game.outcome is not None:
            self.message("The game is over: start a new game or a rematch.")

    def on_board_key(self, event: Any) -> None:
        if event.key in ("Enter", " "):
            target = event.target.closest(".target")
            if target is not None:
                event.preventDefault()
                self.play(str(target.getAttribute("data-name")))

    def on_undo(self, _event: Any) -> None:
        if self.session.undo():
            self.message("")
            self.after_change()

    def on_redo(self, _event: Any) -> None:
        if self.session.redo():
            self.after_change()

    def on_new(self, _event: Any) -> None:
        game = str(by_id("opt-game").value)
        if game != "cubox":
            keep(GAME_KEY, game)
            window.history.replaceState(None, "", "#")
            window.location.reload()
            return
        try:
            settings = CuboxSettings(int(by_id("opt-size").value), str(by_id("opt-mode").value),
                                     str(by_id("opt-colour").value), str(by_id("opt-level").value))
            self.session.new_game(settings)
        except ValueError as exc:
            self.message(str(exc))
            return
        keep(GAME_KEY, "cubox")
        self.message("")
        self.after_change()

    def on_rematch(self, _event: Any) -> None:
        self.session.rematch()
        self.show_settings()
        self.message("")
        self.after_change()

    def on_copy(self, _event: Any) -> None:
        url = str(window.location.href).split("#")[0] + "#" + self.session.to_fragment()
        try:
            window.navigator.clipboard.writeText(url)
            self.message("Link copied")
        except Exception:  # no clipboard here: the address bar holds the link
            self.message("Copy the link from the address bar")

    def on_import(self, _event: Any) -> None:
        text = str(by_id("record-input").value or "").strip()
        try:
            refused = self.session.load_start(text)
        except CuboxError as exc:
            self.message(str(exc))
            return
        self.message(refused)
        self.show_settings()
        self.after_change()

    def export(self, kind: str) -> None:
        """Download the position on the board as an SVG or a PNG picture."""
        from cubox.svg import size
        from web.pictures import download_drawing

        game = self.session.shown()
        width, height = size(game.board)
        download_drawing(f"cubox-{game.size}-move-{game.turn_count}.{kind}", board_svg(game, marks=False),
                         width, height, kind)

    # --- the computer -----------------------------------------------------------------------

    def maybe_move(self) -> None:
        if self.session.computer_to_move() and not self.thinking:
            self.thinking = True
            self.task = asyncio.create_task(self.computer_move())

    async def computer_move(self) -> None:
        fragment = self.session.to_fragment()

        def wanted() -> bool:
            return self.session.to_fragment() == fragment

        by_id("status").classList.toggle("thinking", True)
        try:
            level = self.session.settings.level
            answer = await self.computer.think(fragment, level or DEFAULT_LEVEL, wanted, search_budget(level))
        except ThinkError as exc:
            answer = None
            self.message(f"The computer could not think: {exc}")
        finally:
            self.thinking = False
            by_id("status").classList.toggle("thinking", False)
        if answer is not None and wanted() and self.session.computer_to_move():
            self.session.play(answer.move)
            chance = answer.chances.get(self.session.settings.human, 0.5)
            by_id("ai-info").hidden = False
            by_id("ai-info").textContent = (f"The computer played {answer.move} after {answer.iterations} "
                                            f"playouts. Its estimate of your winning chance: {round(100 * chance)}%.")
        self.after_change()


def _options(select: Any, choices: list[tuple[str, str]]) -> None:
    """Replace a select's options."""
    select.replaceChildren()
    for value, text in choices:
        option = document.createElement("option")
        option.value = value
        option.textContent = text
        select.appendChild(option)
