"""The computer's part in a game on the page, for every game: its moves and the person's hints.

The page asks ``maybe_move`` after every change and ``ask_hint`` on the Hint
button; the thinking itself runs in the worker (``web.shell.thinking``), and the
answer is played through the session, after which the page's
``after_change`` redraws everything.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from web.shell.thinking import Computer, ThinkError

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamekit.protocol import SearchReply
    from web.registry import GameEntry
    from web.shell.controls import Controls
    from web.shell.game_session import GameSession


class Opponent:
    """The computer's moves and hints for one page: at most one think at a time."""

    def __init__(self, entry: GameEntry, session: GameSession, controls: Controls, render: Callable[[], None],
                 after_change: Callable[..., None]) -> None:
        self.entry = entry
        self.session = session
        self.controls = controls
        self.render = render
        self.after_change = after_change
        self.computer = Computer(entry.name)
        self.thinking = False
        self.task: asyncio.Task[None] | None = None
        self.hint_cell = ""  # the move (a position, "swap") the last hint named
        self.refused = ""  # the record of the last position the computer could not think about
        self.waking: asyncio.Task[bool] | None = None  # the computer's thread starting (``wake``)

    def wake(self) -> None:
        """Against the computer, start its thread in the background as soon as such a game is
        on; between two people it starts when first asked (a hint, the analysis, the graph),
        and the page comes up without its seconds of loading."""
        if self.session.against_computer and self.waking is None and not self.computer.started:
            self.waking = asyncio.create_task(self.start())

    async def start(self) -> bool:
        """Start the computer's thread and its engine; whether it can play (if not, the page says why)."""
        try:
            await self.computer.start()
        except ThinkError as exc:
            self.controls.show_message(f"The computer cannot play: {exc}")
            return False
        return True

    def maybe_move(self) -> None:
        """Start the computer's think when it is its turn."""
        if self.session.computer_to_move() and not self.thinking \
                and self.refused != self.session.game.to_fragment():  # asked once, told why
            self.thinking = True  # at once, so that a second call starts no second think
            self.task = asyncio.create_task(self.move())

    def ask_hint(self, known: SearchReply | None = None) -> None:
        """The person's hint, if the person is to move and nothing thinks: ``known`` (the
        analysis's answer for the position, so that the two agree) or a think's."""
        if not self.session.person_may_move() or self.thinking:
            return
        if known is not None:
            self.show_hint(known, self.session.game.to_move)
            self.after_change()
            return
        self.thinking = True
        self.task = asyncio.create_task(self.hint())

    def show_hint(self, answer: SearchReply, mover: str) -> None:
        """Mark the answer's move for ``mover`` and say its chance."""
        self.hint_cell = answer.move  # a cell name, or "swap" (then the swap button is marked)
        self.controls.show_info(f"Hint: {answer.move} (estimated winning chance "
                                f"{round(100 * answer.chances[self.entry.player(mover)])}%).")

    async def ask(self, level: str) -> SearchReply | None:
        """The computer's answer for the live position; ``None`` if the game moved on meanwhile.

        The think stops within a slice when the position changes (a move,
        undo, a new game) or a past position is reviewed.
        """
        fragment = self.session.game.to_fragment()

        def wanted() -> bool:
            return self.session.game.to_fragment() == fragment and self.session.view is None

        try:
            if not self.computer.ready:
                await self.computer.start()
                self.render()  # the status line: from getting ready to thinking
            return await self.computer.think(fragment, self.session.budget(level), wanted)
        except ThinkError as exc:
            self.refused = fragment
            self.controls.show_message(f"The computer could not think: {exc}")
            return None

    async def move(self) -> None:
        """Think, then play the computer's move if the position is still the same."""
        self.controls.render_buttons(self.session, self.thinking, self.hint_cell)
        self.controls.show_thinking(True)
        try:
            answer = await self.ask(self.session.settings.level)
        finally:
            self.thinking = False
            self.controls.show_thinking(False)
        fresh = False
        if answer is not None and self.session.computer_to_move():
            turn = self.session.play(answer.move)
            chance = answer.chances[self.entry.player(self.session.settings.human)]
            how = ("from the opening book" if answer.booked
                   else f"after {self.entry.counted(answer.iterations)} in {answer.seconds:.1f} s")
            played = (f"swapped: it took {self.entry.side_word(self.session.settings.human)}'s first "
                      f"{self.controls.view.piece} as its own" if answer.move == "swap"
                      else f"played {self.controls.view.move_text(self.session.game, turn)}")
            self.controls.show_info(
                f"The computer, {self.entry.side_word(turn.side)}, {played} {how}. "
                f"Its estimate of your winning chance: {round(100 * chance)}%.")
            self.hint_cell = ""
            fresh = True
        self.after_change(fresh_move=fresh)

    async def hint(self) -> None:
        """Ask the computer for a move for the person, and mark it."""
        self.controls.render_buttons(self.session, self.thinking, self.hint_cell)
        self.controls.show_info("Thinking of a hint…")
        mover = self.session.game.to_move
        try:
            answer = await self.ask(self.entry.default_level)
        finally:
            self.thinking = False
        if answer is None:
            self.controls.show_info("")
        else:
            self.show_hint(answer, mover)
        self.after_change()
