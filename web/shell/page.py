"""The page for every game: wires the shell's events to the game's session and views.

Runs under PyScript's MicroPython on the main thread (it starts in a few
milliseconds; the search runs under Pyodide in a worker), started by
``web/shell/main.py`` through the page class the registry names, a subclass
in the game's page folder that gives its session, its board view
(``web.shell.view``) and its rules. Every rule question goes to the game's
package and every interaction rule to the session (``web.shell.game_session``);
the board view and the controls (``web.shell.controls``) only draw; the
computer's moves and hints are ``web.shell.opponent``'s (its worker calls
``web.shell.thinking``'s), and the address and links ``web.shell.links``'.
After anything changes, ``after_change`` renders everything, then lets the
computer move if it is its turn: rendering itself starts nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document
from pyscript.ffi import create_proxy

from web.shell import frame
from web.shell.clicks import BoardClicks
from web.shell.controls import Controls
from web.shell.display import Display
from web.shell.dom import action_button, breathe, by_id
from web.shell.game_session import REVIEW_KEYS
from web.shell.links import Links
from web.shell.opponent import Opponent

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamekit.contract import Game
    from gamekit.protocol import SearchReply
    from web.registry import GameEntry
    from web.shell.analysis import Analysis
    from web.shell.game_session import Choice, GameSession
    from web.shell.graph_view import GameGraph
    from web.shell.view import BoardView

class GamePage:
    """The live page: one session, the board, the controls and the computer."""

    def __init__(self, entry: GameEntry, session: GameSession, board: BoardView, rules_html: str) -> None:
        self.entry = entry  # the game's entry in web.registry
        self.session = session
        self.board = board
        self.rules_html = rules_html
        self.controls = Controls(entry, board)
        self.clicks = BoardClicks(session, board, self.controls, self.play)
        self.opponent = Opponent(entry, self.session, self.controls, self.render, self.after_change)
        self.computer = self.opponent.computer
        # Loaded on first use (the board comes up sooner without them).
        self.analysis: Analysis | None = None
        self.graph: GameGraph | None = None
        self.proxies: list[Any] = []
        self.links = Links(entry, self.session, self.controls, self.replaced)
        self.display = Display()

    # --- start-up ---------------------------------------------------------------

    async def start(self) -> None:
        """Restore the game from the link, draw it and start listening.

        Yields to the browser once, after the page is dressed (it paints the
        loading screen meanwhile); the board is then drawn, wired and shown in
        one task, as nothing of it shows until the page does.
        """
        frame.dress(self.entry, self.rules_html)
        address = frame.address_game(self.entry)
        if address == "other":
            return  # another game's link: the page starts afresh on it
        if address == "bare" or not self.links.restore():
            self.start_choice(frame.starting_choice(self.entry))
        self.face_the_person()
        await breathe()
        self.render()
        board = self.board.element
        self.listen(board, "click", self.clicks.on_click)
        self.listen(board, "keydown", self.clicks.on_key)
        self.listen(board, "focusin", self.clicks.on_focus)
        self.listen(document, "keydown", self.on_page_key)
        # MicroPython's proxy of ``window`` loses ``this`` on addEventListener;
        # the same object reached through the document keeps it.
        self.listen(document.defaultView, "hashchange", lambda _e: self.load_from_hash())
        self.actions: dict[str, Callable[[Any], object]] = {  # by data-action
            "swap": lambda _e: self.play("swap"), "pass": lambda _e: self.play("pass"), "undo": self.on_undo,
            "redo": self.on_redo, "new": self.on_new, "copy": lambda _e: self.links.copy(),
            "live": lambda _e: self.show_ply(None),
            "hint": lambda _e: self.opponent.ask_hint(self.analysed()),
            "import": lambda _e: self.links.open_pasted(), "analyse": lambda _e: self.toggle_analysis(),
            "graph": lambda _e: self.game_graph().toggle(), "export-svg": lambda _e: self.save_picture("svg"),
            "resign": self.on_resign, "rematch": self.on_rematch, "review-game": lambda _e: self.show_ply(0),
            "theme": lambda _e: self.display.toggle_theme(), "sound": lambda _e: self.display.toggle_sound(),
            "another-game": lambda _e: by_id("opt-size").focus(),
            "export-png": lambda _e: self.save_picture("png"), "more": lambda _e: frame.toggle_more(),
            "turn": lambda _e: self.turn_board(),
            "fold-result": lambda _e: by_id("result").setAttribute("data-folded", "1"),
        }
        self.listen(by_id("app"), "click", self.on_action)
        self.listen_more()
        self.listen(by_id("message"), "click", lambda _e: self.controls.dismiss_message())
        self.listen(by_id("moves"), "click", self.on_moves_click)
        self.listen(by_id("graph"), "click", self.on_moves_click)
        self.listen(by_id("opt-mode"), "change", frame.sync_form)
        self.listen(by_id("opt-game"), "change", lambda _e: frame.on_pick(self.entry, self.session.choice))
        self.listen(by_id("record-input"), "keydown", self.links.on_paste_key)
        frame.show_choice(self.session.choice())
        self.display.show()
        by_id("loading").hidden = True
        by_id("app").hidden = False
        self.controls.scroll_moves_to_end()
        root = document.documentElement
        # Against the computer its thread starts now (``follow_up``) and says how it loads; the
        # offline download (the service worker's, registered by index.html's script) waits for it.
        root.setAttribute("data-computer", "loading" if self.session.against_computer else "idle")
        root.setAttribute("data-ready", "1")
        self.follow_up()

    def on_action(self, event: Any) -> None:
        """A click on a ``data-action`` button: its handler (one listener serves every button)."""
        button = event.target.closest("[data-action]")
        handler = self.actions.get(str(button.getAttribute("data-action"))) if button is not None else None
        if handler is not None:
            handler(event)

    def listen(self, element: Any, kind: str, handler: Any) -> None:
        """addEventListener with a proxy kept alive for the page's lifetime."""
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    def listen_more(self) -> None:
        """The game's own events beyond the shell's (none by default)."""

    def sound_of(self, game: Game) -> str:
        """The sound of a fresh move in ``game``: "end", or "stone"."""
        return "end" if game.outcome else "stone"

    def load_from_hash(self) -> None:
        """Follow a changed address: its game, or for the game's bare name a new one (see ``frame``)."""
        address = frame.address_game(self.entry)
        if address == "bare" and self.start_choice(frame.starting_choice(self.entry)):
            self.started()
        elif address == "record" and self.links.restore():
            self.replaced()

    def start_choice(self, choice: Choice) -> bool:
        """A new game with these settings; whether they were valid (if not, the message says why)."""
        try:
            self.session.new_choice(choice)
        except ValueError as exc:
            self.controls.show_message(str(exc))
            return False
        return True

    def replaced(self) -> None:
        """Another game took the live one's place (a link, a pasted record): no hint stands."""
        self.opponent.hint_cell = ""
        self.face_the_person()
        self.after_change()

    # --- after every change -----------------------------------------------------------

    def after_change(self, fresh_move: bool = False) -> None:
        """Bring the page up to date with the session (a ``fresh_move`` sounds), then
        follow up on it."""
        self.board.mark_pending("")
        self.clicks.forget()  # the render below draws the board afresh
        had_focus = bool(self.board.element.contains(document.activeElement))
        self.render(fresh_move)
        if had_focus and fresh_move and self.session.game.outcome is not None:
            action_button("rematch").focus()  # the board's targets are gone: the focus goes to the result
        if fresh_move:
            self.display.play(self.sound_of(self.session.game))
        self.follow_up()

    def follow_up(self) -> None:
        """What follows a change once it is drawn: the address, the computer's thread loading
        against the computer, its move if due, and the game graph filling in what it lacks (once
        there is one, or the game is over)."""
        self.links.write()
        self.opponent.wake()
        self.opponent.maybe_move()
        if self.graph is not None or self.session.game.outcome is not None:
            self.game_graph().follow()

    def render(self, fresh_move: bool = False) -> None:
        """Draw the session's state: the board and every control. Starts nothing."""
        session = self.session
        game = session.shown()
        self.board.render(game, game.to_move if session.person_may_move() else None,
                          self.opponent.hint_cell, fresh_move)
        self.board.element.setAttribute("data-ply", str(session.shown_ply()))
        self.controls.render_status(session, game, self.computer.ready,
                                    self.opponent.refused == session.game.to_fragment())
        self.controls.render_buttons(session, self.opponent.thinking, self.opponent.hint_cell)
        self.controls.render_result(session)
        self.render_history()
        if self.analysis is not None:
            if self.analysis.on and not session.may_analyse():
                self.analysis.toggle()  # a game against the computer began: no analysis during it
            self.analysis.follow()

    def render_history(self) -> None:
        """The game graph and the move list, with the mistakes the graph found."""
        falls = {} if self.graph is None else self.graph.render()
        self.controls.render_moves(self.session, falls)

    def game_graph(self) -> GameGraph:
        """The game graph (made on first use)."""
        if self.graph is None:
            from web.shell.graph_view import GameGraph

            self.graph = GameGraph(self.entry, self.computer, self.session, self.render_history)
        return self.graph

    def analysed(self) -> SearchReply | None:
        """The analysis's answer for the live position, while it shows one."""
        if self.analysis is None or self.session.view is not None:
            return None
        return self.analysis.shown_answer(self.session.game.to_fragment())

    def toggle_analysis(self) -> None:
        """Switch the analysis board on or off (made on first use); against the computer,
        only once the game is over."""
        if not self.session.may_analyse():
            self.controls.show_message("The analysis is offered once the game against the computer is over.")
            return
        if self.analysis is None:
            from web.shell.analysis import Analysis

            self.analysis = Analysis(self.entry, self.computer, self.board, self.controls, self.session.shown)
        self.analysis.toggle()

    def save_picture(self, kind: str) -> None:
        """Download the position on the board as an SVG or a PNG picture."""
        self.board.save_picture(self.session.shown(), kind)

    # --- the person's moves -----------------------------------------------------------

    def play(self, move: str) -> None:
        """Play a person's move, reporting an illegal one without changing anything."""
        if not self.session.person_may_move():
            return
        try:
            self.session.play(move)
        except ValueError as exc:  # every game's errors are
            self.clicks.reset()
            self.controls.show_message(str(exc))
            return
        self.controls.show_message("")
        self.controls.show_info("")  # what was said of the move being built (or the tap before it)
        self.opponent.hint_cell = ""
        self.after_change(fresh_move=True)

    # --- events -------------------------------------------------------------------------

    def on_page_key(self, event: Any) -> None:
        tag = str(event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if key == "Escape":
            self.controls.dismiss_message()
        if key in REVIEW_KEYS:
            if self.board.element.contains(event.target):
                return  # on the board the arrow keys move between cells
            event.preventDefault()
            self.review_key(key)
        elif key == "u":
            self.on_undo(event)
        elif key == "r":
            self.on_redo(event)
        elif key == "a":
            self.toggle_analysis()
        elif key == "t":
            self.turn_board()

    def turn_board(self) -> None:
        """Turn the board round by hand, where the game offers it."""
        if "turn" in self.entry.offers:
            self.board.turned = not self.board.turned
            self.render()

    def face_the_person(self) -> None:
        """Against the computer, the person's home at the bottom: the board turned round for
        the second side, where the game offers it (a new game, or one a link brought)."""
        session = self.session
        self.board.turned = ("turn" in self.entry.offers and session.against_computer
                             and session.settings.human == self.entry.sides[1].code)

    def review_key(self, key: str) -> None:
        """Step through the game by one of ``REVIEW_KEYS`` (the session knows how)."""
        if self.session.review_key(key):
            self.after_change()

    def on_undo(self, _event: Any) -> None:
        if self.session.undo():
            self.controls.show_message("")
            self.opponent.hint_cell = ""
            self.after_change()

    def on_redo(self, _event: Any) -> None:
        if self.session.redo():
            self.after_change(fresh_move=True)

    def show_ply(self, ply: int | None) -> None:
        """Review the position after ``ply`` turns, or (``None``) return to the live game."""
        self.session.live() if ply is None else self.session.review(ply)
        self.after_change()

    def on_moves_click(self, event: Any) -> None:
        button = event.target.closest("[data-ply]")
        if button is not None:
            self.show_ply(int(button.getAttribute("data-ply")))

    def on_new(self, _event: Any) -> None:
        choice = frame.read_choice()
        if not frame.open_other(self.entry, choice) and self.start_choice(choice):
            self.started()

    def started(self) -> None:
        """A new game is on the board: remember its settings and clear what was said."""
        frame.started(self.entry, self.session.choice())
        self.face_the_person()
        self.controls.show_message("")
        self.controls.show_info("")
        self.opponent.hint_cell = ""
        self.after_change()

    def on_resign(self, _event: Any) -> None:
        """The first press asks again; the second resigns."""
        if self.controls.resign_confirmed() and self.session.resign():
            self.opponent.hint_cell = ""
            self.after_change()

    def on_rematch(self, _event: Any) -> None:
        self.session.rematch()
        self.started()

