"""The Cubox view: the shared page shell showing a game of Cubox.

Started by ``web/shell/main.py`` when the address holds a Cubox record (or Cubox
was the last game chosen), once Cubox's bundle (the files ``cubox.toml``
lists) is in place. The rules are ``cubox``'s, the interaction rules
``web.cubox.session``'s; ``web.cubox.view`` draws; this class wires the
shell's controls to them. The computer thinks in the same worker as
Cachex's (``web.shell.thinking``), which hands Cubox records to ``cubox.engine.worker``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from cubox.errors import CuboxError
from cubox.levels import DEFAULT_LEVEL, search_budget
from cubox.svg import PAINT, board_svg, paint_properties
from web.cubox import view as cubox_view
from web.cubox.rules import RULES_HTML
from web.cubox.session import CuboxSession, CuboxSettings
from web.shell import frame
from web.shell.display import Display
from web.shell.dom import action_button, by_id, copy_link
from web.shell.game_session import REVIEW_KEYS
from web.shell.thinking import Computer, ThinkError

if TYPE_CHECKING:
    from web.registry import GameEntry
    from web.shell.game_session import Choice

# The shell's controls a Cubox game has no use for.
UNUSED = ("hint", "analyse", "resign", "graph")


class CuboxPage:
    """The live page for one Cubox session."""

    def __init__(self, entry: GameEntry) -> None:
        self.entry = entry  # Cubox's entry in web.registry
        self.session = CuboxSession()
        self.computer = Computer()
        self.display = Display()
        self.thinking = False
        self.task: asyncio.Task[None] | None = None
        self.proxies: list[Any] = []
        self.last_fragment = ""

    async def start(self) -> None:
        """Set the shell up for Cubox, restore the game from the address, draw, listen."""
        root = document.documentElement
        for name, value in paint_properties().items():  # the shell's paint, as Cubox's drawing has it
            root.style.setProperty("--" + name, value)
        frame.dress(self.entry, RULES_HTML)
        by_id("board").setAttribute("data-fit", "height")
        address = frame.address_game(self.entry)
        if address == "other":
            return  # another game's link: the page starts afresh on it
        if address == "bare":
            self.start_choice(frame.starting_choice(self.entry))
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
                              ("review-game", lambda _e: self.show_ply(0)),
                              ("theme", lambda _e: self.display.toggle_theme()),
                              ("sound", lambda _e: self.display.toggle_sound())):
            self.listen(action_button(name), "click", handler)
        self.listen(by_id("opt-mode"), "change", frame.sync_form)
        self.listen(by_id("opt-game"), "change", lambda _e: frame.on_pick(self.entry, self.session.choice))
        self.listen(by_id("moves"), "click", self.on_moves_click)
        self.listen(document, "keydown", self.on_page_key)
        self.listen(document.defaultView, "hashchange", lambda _e: self.on_hash())
        cubox_view.render(self.session, self.thinking, self.entry)
        self.write_address()
        self.display.show()
        by_id("loading").hidden = True
        by_id("app").hidden = False
        root.setAttribute("data-ready", "1")
        self.maybe_move()

    def listen(self, element: Any, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    # --- the form and the address --------------------------------------------------

    def restore(self) -> None:
        """The game of the address (its valid start, saying what was refused; the link stays in
        the address until the game changes)."""
        text = str(window.location.hash or "")
        if frame.address_game(self.entry) == "record":
            try:
                refused = self.session.load_start(text)
            except CuboxError as exc:
                cubox_view.message(f"That link does not hold a valid game ({exc}). A new game has started instead.")
            else:
                cubox_view.message("" if refused is None else
                                   f"This link's {refused}, so the game opens just before it.")
            self.last_fragment = self.session.to_fragment()
        frame.show_choice(self.session.choice())

    def start_choice(self, choice: Choice) -> bool:
        """A new game with the form's (or the kept) settings; whether they were valid (if not,
        the message says why and nothing changed)."""
        try:
            self.session.new_game(CuboxSettings(choice.size, choice.mode, choice.human, choice.level))
        except ValueError as exc:
            cubox_view.message(str(exc))
            return False
        return True

    def on_hash(self) -> None:
        text = str(window.location.hash or "")
        if text == "#" + self.last_fragment:
            return
        address = frame.address_game(self.entry)
        if address == "other":
            return  # another game's link: the page starts afresh on it
        if address == "bare":
            self.start_choice(frame.starting_choice(self.entry))
            frame.started(self.entry, self.session.choice())
        else:
            self.restore()
        self.after_change()

    def write_address(self) -> None:
        fragment = self.session.to_fragment()
        if fragment != self.last_fragment:
            self.last_fragment = fragment
            window.history.replaceState(None, "", "#" + fragment)

    # --- moves ------------------------------------------------------------------------------

    def after_change(self, fresh_move: bool = False) -> None:
        """Redraw, keep the game in the address, let the computer move (a ``fresh_move`` sounds)."""
        if fresh_move:
            self.display.play("end" if self.session.game.outcome else "stone")
        cubox_view.render(self.session, self.thinking, self.entry)
        self.write_address()
        self.maybe_move()

    def play(self, move: str) -> None:
        """Play the person's move, or say why it is refused."""
        if not self.session.person_may_move() or self.thinking:
            if self.session.game.outcome is not None:
                cubox_view.message("The game is over: start a new game or a rematch.")
            return
        try:
            self.session.play(move)
        except CuboxError as exc:
            cubox_view.message(str(exc))
            return
        cubox_view.message("")
        self.after_change(fresh_move=True)

    def show_ply(self, ply: int | None) -> None:
        """Review the position after ``ply`` turns, or (``None``) return to the live game."""
        self.session.live() if ply is None else self.session.review(ply)
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
        if self.session.review_key(key):
            self.after_change()

    def on_board_click(self, event: Any) -> None:
        target = event.target.closest(".target")
        if target is not None:
            self.play(str(target.getAttribute("data-name")))
        elif self.session.game.outcome is not None:
            cubox_view.message("The game is over: start a new game or a rematch.")

    def on_board_key(self, event: Any) -> None:
        if event.key in ("Enter", " "):
            target = event.target.closest(".target")
            if target is not None:
                event.preventDefault()
                self.play(str(target.getAttribute("data-name")))

    def on_undo(self, _event: Any) -> None:
        if self.session.undo():
            cubox_view.message("")
            self.after_change()

    def on_redo(self, _event: Any) -> None:
        if self.session.redo():
            self.after_change()

    def on_new(self, _event: Any) -> None:
        choice = frame.read_choice()
        if not frame.open_other(self.entry, choice) and self.start_choice(choice):
            self.started()

    def on_rematch(self, _event: Any) -> None:
        self.session.rematch()
        self.started()

    def started(self) -> None:
        """A new game is on the board: keep its settings, clear what was said, draw it."""
        frame.started(self.entry, self.session.choice())
        cubox_view.message("")
        self.after_change()

    def on_copy(self, _event: Any) -> None:
        url = str(window.location.href).split("#")[0] + "#" + self.session.to_fragment()
        copy_link(url, cubox_view.message, self.proxies)

    def on_import(self, _event: Any) -> None:
        text = str(by_id("record-input").value or "").strip()
        if frame.open_elsewhere(self.entry, text):
            return
        try:
            refused = self.session.load_start(text)
        except CuboxError as exc:
            cubox_view.message(str(exc))
            return
        cubox_view.message("" if refused is None else f"This record's {refused}, so the game opens just before it.")
        frame.show_choice(self.session.choice())
        self.after_change()

    def export(self, kind: str) -> None:
        """Download the position on the board as an SVG or a PNG picture."""
        from cubox.svg import size
        from web.shell.pictures import download_drawing

        game = self.session.shown()
        width, height = size(game.board)
        download_drawing(f"cubox-{game.size}-move-{game.turn_count}.{kind}", board_svg(game, marks=False),
                         width, height, kind, PAINT["paper"])

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
            answer = await self.computer.think(fragment, search_budget(level or DEFAULT_LEVEL), wanted)
        except ThinkError as exc:
            answer = None
            cubox_view.message(f"The computer could not think: {exc}")
        finally:
            self.thinking = False
            by_id("status").classList.toggle("thinking", False)
        if answer is not None and wanted() and self.session.computer_to_move():
            turn = self.session.play(answer.move)
            chance = answer.chances.get(self.session.settings.human, 0.5)
            played = (f"swapped: it took {self.entry.side_label(self.session.settings.human)}'s first cubox "
                      f"as its own" if turn.move.is_swap else f"played {answer.move}")
            by_id("ai-info").hidden = False
            by_id("ai-info").textContent = (f"The computer ({self.entry.side_label(turn.colour)}) {played} after "
                                            f"{answer.iterations} playouts. Its estimate of your winning chance: "
                                            f"{round(100 * chance)}%.")
            self.after_change(fresh_move=True)
            return
        self.after_change()
