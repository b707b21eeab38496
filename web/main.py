"""The page's browser layer: draws the board and wires the controls.

Runs under PyScript on the main thread. Every rule question goes to the
``cachex`` package and every interaction rule to ``web.session``; this module
only reads their state into the DOM and turns events into their calls.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document, window

from cachex.errors import CachexError
from cachex.mcts import LEVEL_NAMES
from cachex.rules import COLOUR_NAMES
from cachex.svg import board_svg
from web.session import Session, Settings

HINT_LEVEL = "medium"

ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (1, 0), "ArrowDown": (-1, 0)}


def by_id(name: str) -> Any:
    """The element with this id."""
    return document.getElementById(name)


def action_button(name: str) -> Any:
    """The button with ``data-action=name``."""
    return document.querySelector(f'[data-action="{name}"]')


class Page:
    """The live page: one session, the drawn board and the controls."""

    def __init__(self) -> None:
        self.session = Session()
        self.board_el = by_id("board")
        self.svg: Any = None
        self.cells: dict[str, Any] = {}
        self.names: list[str] = []
        self.drawn: dict[str, tuple[str | None, str]] = {}
        self.focus_name = ""
        self.proxies: list[Any] = []
        self.last_fragment = ""
        self.worker_task: asyncio.Task[Any] | None = None
        self.thinking = False
        self.task: asyncio.Task[None] | None = None
        self.hint_cell = ""

    # --- start-up ---------------------------------------------------------------

    def start(self) -> None:
        """Restore the game from the link, draw it and start listening."""
        self.fill_levels()
        self.load_from_hash(initial=True)
        self.listen(self.board_el, "click", self.on_board_click)
        self.listen(self.board_el, "keydown", self.on_board_key)
        self.listen(self.board_el, "focusin", self.on_board_focus)
        self.listen(document, "keydown", self.on_page_key)
        self.listen(window, "hashchange", lambda _e: self.load_from_hash(initial=False))
        for name, handler in (("swap", self.on_swap), ("undo", self.on_undo),
                              ("redo", self.on_redo), ("new", self.on_new),
                              ("copy", self.on_copy), ("live", self.on_live),
                              ("hint", self.on_hint)):
            self.listen(action_button(name), "click", handler)
        swap = action_button("swap")
        for kind in ("mouseenter", "focus"):
            self.listen(swap, kind, lambda _e: self.mark_swap_target(True))
        for kind in ("mouseleave", "blur"):
            self.listen(swap, kind, lambda _e: self.mark_swap_target(False))
        self.listen(by_id("moves"), "click", self.on_moves_click)
        self.listen(by_id("opt-mode"), "change", lambda _e: self.sync_form())
        self.show_settings()
        by_id("loading").hidden = True
        by_id("app").hidden = False
        document.documentElement.setAttribute("data-ready", "1")
        self.ai_worker()  # start the computer's thread in the background
        self.maybe_computer()

    def listen(self, element: Any, kind: str, handler: Any) -> None:
        """addEventListener with a proxy kept alive for the page's lifetime."""
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    def fill_levels(self) -> None:
        """Offer the computer's strength levels."""
        select = by_id("opt-level")
        for value in LEVEL_NAMES:
            option = document.createElement("option")
            option.value = value
            option.textContent = value.capitalize()
            option.selected = value == "medium"
            select.appendChild(option)

    def sync_form(self) -> None:
        """Show the computer-only choices when the computer is chosen."""
        by_id("new-game").setAttribute("data-mode", by_id("opt-mode").value)

    def show_settings(self) -> None:
        """Make the new-game form show the current game's settings."""
        settings = self.session.settings
        by_id("opt-size").value = str(settings.n)
        by_id("opt-mode").value = settings.mode
        by_id("opt-colour").value = settings.human
        by_id("opt-level").value = settings.level
        self.sync_form()

    def load_from_hash(self, initial: bool) -> None:
        """Restore the game in the address's fragment; a bad one is reported, not used."""
        text = str(window.location.hash or "")
        if text in ("", "#"):
            if initial:
                self.render()
            return
        if text == "#" + self.last_fragment:
            return
        try:
            self.session.load_fragment(text)
        except CachexError as exc:
            self.session.new_game(Settings(n=self.session.game.n))
            self.show_message(f"That link does not hold a valid game ({exc}). "
                              "A new game has started instead.")
        else:
            self.show_message("")
        self.show_settings()
        self.render()

    # --- drawing ------------------------------------------------------------------

    def draw_board(self, game: Any) -> None:
        """Insert a fresh SVG for this board size and index its cells."""
        self.board_el.innerHTML = board_svg(game)
        self.svg = self.board_el.querySelector("svg")
        self.cells = {}
        self.names = list(game.cells())
        for name in self.names:
            self.cells[name] = self.svg.querySelector(f'[data-cell="{name}"]')
        self.drawn = {}
        geo = game.geometry
        middle = self.names[geo.index(geo.n // 2, geo.n // 2)]
        self.focus_name = middle
        self.cells[middle].setAttribute("tabindex", "0")

    def render(self, fresh_move: bool = False) -> None:
        """Bring the whole page up to date with the session."""
        session = self.session
        game = session.shown()
        if self.svg is None or self.svg.getAttribute("data-size") != str(game.n):
            self.draw_board(game)
        board = game.board
        last = game.last_turn
        last_name = str(last.move) if last is not None and not last.move.is_swap else ""
        winners = set(game.winning_cells)
        captured = set(game.last_captures) if fresh_move else set()
        for i, name in enumerate(self.names):
            colour = COLOUR_NAMES.get(board[i])
            classes = " ".join(c for c, on in (("cell", True), ("last", name == last_name),
                                               ("win", name in winners),
                                               ("captured", name in captured),
                                               ("hint", name == self.hint_cell)) if on)
            state = (colour, classes)
            if self.drawn.get(name) == state and not captured:
                continue
            self.drawn[name] = state
            el = self.cells[name]
            if colour:
                el.setAttribute("data-stone", colour)
            else:
                el.removeAttribute("data-stone")
            el.setAttribute("aria-label", f"{name}, {colour or 'empty'}")
            el.setAttribute("class", classes)
        if session.person_may_move():
            self.svg.setAttribute("data-to-move", game.to_move)
            self.svg.removeAttribute("data-locked")
        else:
            self.svg.removeAttribute("data-to-move")
            self.svg.setAttribute("data-locked", "1")
        self.render_status(game)
        self.render_controls()
        self.render_moves()
        self.write_fragment()
        self.maybe_computer()

    def render_status(self, game: Any) -> None:
        """The status line: whose turn, the result, or which position is reviewed."""
        status = by_id("status")
        session = self.session
        text = game.status()
        if session.view is not None:
            text = f"Reviewing move {session.view} of {session.game.turn_count}. {text}."
        elif game.outcome is None and session.against_computer:
            if session.computer_to_move():
                text = f"The computer ({game.to_move}) is thinking…"
            else:
                text = f"Your move ({game.to_move})"
        elif game.outcome is None and game.turn_count == 1:
            text += ": place a stone, or swap"
        status.textContent = text
        status.setAttribute("data-turn", "" if game.outcome else game.to_move)

    def render_controls(self) -> None:
        """Enable, disable, show and hide the buttons to match the session."""
        session = self.session
        target = session.swap_target()
        swap = action_button("swap")
        swap.hidden = target is None
        swap.classList.toggle("hint", self.hint_cell == "swap")
        if target is not None:
            first = session.game.moves[0]
            swap.textContent = f"Swap: take Red's {first} as Blue's {target}"
        action_button("undo").disabled = not session.can_undo()
        action_button("redo").disabled = not session.can_redo()
        action_button("live").hidden = session.view is None
        hint = action_button("hint")
        hint.hidden = session.game.outcome is not None
        hint.disabled = self.thinking or not session.person_may_move()

    def render_moves(self) -> None:
        """The move list, one button per turn, the reviewed one marked."""
        moves = by_id("moves")
        moves.replaceChildren()
        session = self.session
        current = session.view if session.view is not None else session.game.turn_count
        for turn in session.game.history:
            item = document.createElement("li")
            item.className = turn.colour
            button = document.createElement("button")
            button.type = "button"
            button.textContent = str(turn.move) + (" ×" + str(len(turn.captured))
                                                   if turn.captured else "")
            button.setAttribute("data-ply", str(turn.number))
            button.setAttribute("aria-label", f"Move {turn.number}, {turn.colour} {turn.move}"
                                + (f", captures {' '.join(turn.captured)}" if turn.captured else ""))
            if turn.number == current:
                button.setAttribute("aria-current", "true")
            item.appendChild(button)
            moves.appendChild(item)

    def write_fragment(self) -> None:
        """Keep the live game in the address without adding history entries."""
        fragment = self.session.game.to_fragment()
        if fragment != self.last_fragment:
            self.last_fragment = fragment
            window.history.replaceState(None, "", "#" + fragment)

    def show_message(self, text: str) -> None:
        """Show (or with empty text, hide) the message line; never as HTML."""
        message = by_id("message")
        message.textContent = text
        message.hidden = not text

    def mark_swap_target(self, on: bool) -> None:
        """Highlight where a swap would put Red's stone."""
        target = self.session.swap_target()
        for el in self.svg.querySelectorAll(".swap-target"):
            el.classList.remove("swap-target")
        if on and target is not None:
            self.cells[target].classList.add("swap-target")

    # --- actions --------------------------------------------------------------------

    def play(self, move: str) -> None:
        """Play a person's move, reporting an illegal one without changing anything."""
        if not self.session.person_may_move():
            return
        try:
            self.session.play(move)
        except (CachexError, ValueError) as exc:
            self.show_message(str(exc).capitalize())
            return
        self.show_message("")
        self.hint_cell = ""
        self.render(fresh_move=True)

    # --- the computer -----------------------------------------------------------------

    def ai_worker(self) -> asyncio.Task[Any]:
        """The computer's worker thread, started once (its Python loads meanwhile)."""
        if self.worker_task is None:
            self.worker_task = asyncio.ensure_future(
                create_named_worker("./web/ai_worker.py", "ai", config="./pyscript.toml"))
        return self.worker_task

    async def think(self, level: str) -> dict[str, Any] | None:
        """Ask the worker about the live position; ``None`` if the game moved on meanwhile."""
        fragment = self.session.game.to_fragment()
        worker = await self.ai_worker()
        answer = json.loads(str(await worker.think(fragment, level)))
        if self.session.game.to_fragment() != fragment or self.session.view is not None:
            return None
        if "error" in answer:
            self.show_message(f"The computer could not think: {answer['error']}")
            return None
        return dict(answer)

    def maybe_computer(self) -> None:
        """Start the computer's think when it is its turn."""
        if self.session.computer_to_move() and not self.thinking:
            self.thinking = True  # at once, so that a second render starts no second think
            self.task = asyncio.ensure_future(self.computer_move())

    async def computer_move(self) -> None:
        self.render_controls()
        by_id("status").classList.add("thinking")
        try:
            answer = await self.think(self.session.settings.level)
        finally:
            self.thinking = False
            by_id("status").classList.remove("thinking")
        if answer is not None and self.session.computer_to_move():
            self.session.play(answer["move"])
            colour = self.session.computer_colour
            chance = 1.0 - float(answer["win_chance"])
            self.show_info(f"The computer ({colour}) played {answer['move']} after "
                           f"{answer['iterations']} playouts in {answer['seconds']:.1f} s. "
                           f"Its estimate of your winning chance: {round(100 * chance)}%.")
            self.hint_cell = ""
            self.render(fresh_move=True)
        else:
            self.render()

    async def hint(self) -> None:
        self.render_controls()
        self.show_info("Thinking of a hint…")
        try:
            answer = await self.think(HINT_LEVEL)
        finally:
            self.thinking = False
        if answer is None:
            self.show_info("")
        else:
            move = str(answer["move"])
            self.hint_cell = move  # a cell name, or "swap" (then the swap button is marked)
            self.show_info(f"Hint: {move} (estimated winning chance "
                           f"{round(100 * float(answer['win_chance']))}%).")
        self.render()

    def on_hint(self, _event: Any) -> None:
        if self.session.person_may_move() and not self.thinking:
            self.thinking = True
            self.task = asyncio.ensure_future(self.hint())

    def show_info(self, text: str) -> None:
        """The line under the board about the computer's thinking."""
        info = by_id("ai-info")
        info.textContent = text
        info.hidden = not text

    def on_board_click(self, event: Any) -> None:
        cell = event.target.closest("[data-cell]")
        if cell is None:
            return
        name = str(cell.getAttribute("data-cell"))
        self.set_focus(name, move_focus=False)
        if self.session.view is not None:
            self.show_message("You are reviewing an earlier position: "
                              "choose “Back to the game” to play on.")
            return
        self.play(name)

    def on_board_focus(self, event: Any) -> None:
        cell = event.target.closest("[data-cell]")
        if cell is not None:
            self.set_focus(str(cell.getAttribute("data-cell")), move_focus=False)

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Move the roving tab stop (and optionally the keyboard focus) to a cell."""
        if self.focus_name and self.focus_name in self.cells:
            self.cells[self.focus_name].setAttribute("tabindex", "-1")
        self.focus_name = name
        el = self.cells[name]
        el.setAttribute("tabindex", "0")
        if move_focus:
            el.focus()

    def on_board_key(self, event: Any) -> None:
        key = str(event.key)
        if not self.focus_name:
            return
        geo = self.session.game.geometry
        r, q = geo.coords(self.names.index(self.focus_name))
        if key in ARROWS:
            dr, dq = ARROWS[key]
            r = min(max(r + dr, 0), geo.n - 1)
            q = min(max(q + dq, 0), geo.n - 1)
            self.set_focus(self.names[geo.index(r, q)])
            event.preventDefault()
        elif key in ("Enter", " "):
            event.preventDefault()
            self.play(self.focus_name)

    def on_page_key(self, event: Any) -> None:
        tag = str(event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if event.key == "u":
            self.on_undo(event)
        elif event.key == "r":
            self.on_redo(event)

    def on_swap(self, _event: Any) -> None:
        self.play("swap")
        self.mark_swap_target(False)

    def on_undo(self, _event: Any) -> None:
        if self.session.undo():
            self.show_message("")
            self.hint_cell = ""
            self.render()

    def on_redo(self, _event: Any) -> None:
        if self.session.redo():
            self.render(fresh_move=True)

    def on_live(self, _event: Any) -> None:
        self.session.live()
        self.render()

    def on_moves_click(self, event: Any) -> None:
        button = event.target.closest("[data-ply]")
        if button is not None:
            self.session.review(int(button.getAttribute("data-ply")))
            self.render()

    def on_new(self, _event: Any) -> None:
        settings = Settings(
            n=int(by_id("opt-size").value),
            mode=str(by_id("opt-mode").value),
            human=str(by_id("opt-colour").value),
            level=str(by_id("opt-level").value),
        )
        try:
            self.session.new_game(settings)
        except ValueError as exc:
            self.show_message(str(exc).capitalize())
            return
        self.show_message("")
        self.show_info("")
        self.hint_cell = ""
        self.render()

    def on_copy(self, _event: Any) -> None:
        url = str(window.location.href)
        self.show_message(f"Link to this game: {url}")
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is None:
            return
        done = create_proxy(lambda _r: self.show_message(f"Link copied: {url}"))
        failed = create_proxy(lambda _e: None)  # the link stays shown to copy by hand
        self.proxies += [done, failed]
        clipboard.writeText(url).then(done).catch(failed)


PAGE = Page()
PAGE.start()
