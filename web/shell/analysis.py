"""The analysis board, for every game: the search runs on over the shown position, and the
page shows it.

While it is on, the worker searches the position on the board (the live game
or a reviewed one, between two people or against the computer) in slices of
a fraction of a second on a tree of its own, and after each slice the page
shows where the search looks (a heat map of its visits), each side's
winning chance and the best line as numbered ghost stones. A slice whose
position is no longer shown is dropped, so the analysis follows the board
within a slice of any change, and stops within one when switched off.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from web.shell.dom import action_button, by_id
from web.shell.thinking import ThinkError

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from gamekit.contract import Game
    from gamekit.protocol import SearchReply
    from web.registry import GameEntry
    from web.shell.controls import Controls
    from web.shell.thinking import Computer
    from web.shell.view import BoardView

# How often a finished game's board is looked at again while analysis is on.
IDLE_SECONDS = 0.2


def line_sides(game: Game, line: list[str]) -> list[tuple[str, str]]:
    """The best line's placements as (move, side): who plays each, by the rules, from ``game``
    (up to a move the rules refuse)."""
    replay = game.beginning()  # a copy, played again turn by turn
    for turn in game.history:
        replay.play_turn(turn)
    found = []
    for move in line:
        side = replay.to_move
        try:
            replay.play(move)
        except ValueError:  # every game's errors are
            break
        if move not in ("swap", "pass"):
            found.append((move, side))
    return found


class Analysis:
    """The analysis toggle's loop and what it shows."""

    def __init__(self, entry: GameEntry, computer: Computer, board: BoardView, controls: Controls,
                 shown: Callable[[], Any]) -> None:
        self.entry = entry
        self.computer = computer
        self.board = board
        self.controls = controls
        self.shown = shown
        self.on = False
        self.task: asyncio.Task[None] | None = None
        self.fragment = ""  # the position the display shows
        self.best: SearchReply | None = None  # what the display shows of it

    def toggle(self) -> None:
        """Switch the analysis on or off."""
        self.on = not self.on
        action_button("analyse").setAttribute("aria-pressed", "true" if self.on else "false")
        by_id("analysis").hidden = not self.on
        if self.on and self.task is None:
            self.task = asyncio.create_task(self.run())
        self.clear()  # on: what it waits for; off: nothing

    def shown_answer(self, fragment: str) -> SearchReply | None:
        """The analysis's result for the position of ``fragment``, if it is the one shown."""
        return self.best if self.on and self.fragment == fragment else None

    def follow(self) -> None:
        """The shown position may have changed: drop a display of another position at once."""
        if self.on and self.shown().to_fragment() != self.fragment:
            self.clear()

    def clear(self) -> None:
        """Take the analysis off the board."""
        self.fragment = ""
        self.best = None
        self.board.clear_analysis()
        chance = by_id("win-chance")
        waiting = "Analysing…" if self.computer.ready else \
            "The computer is getting ready to analyse (a few seconds, only the first time)…"
        chance.textContent = waiting if self.on else ""
        chance.setAttribute("data-playouts", "0")
        by_id("best-line").textContent = ""

    async def run(self) -> None:
        """Search the shown position slice after slice while the analysis is on."""
        try:
            while self.on:
                game = self.shown()
                if game.outcome is not None:
                    self.clear()
                    by_id("win-chance").textContent = "The game is over: " + game.status() + "."
                    await asyncio.sleep(IDLE_SECONDS)
                    continue
                fragment = game.to_fragment()
                try:
                    answer = await self.computer.analyse(fragment)
                except ThinkError as exc:
                    self.controls.show_message(f"The analysis stopped: {exc}")
                    self.toggle()
                    break
                if self.on and self.shown().to_fragment() == fragment:
                    self.show(game, fragment, answer)
        finally:
            self.task = None

    def show(self, game: Game, fragment: str, answer: SearchReply) -> None:
        """Show one slice's result for ``game``."""
        self.fragment = fragment
        self.best = answer
        visits = answer.visits
        total = sum(visits.values()) or 1
        self.board.show_analysis({cell: count / total for cell, count in visits.items()},
                                 line_sides(game, answer.line))
        chance = by_id("win-chance")
        shown = []
        for player, side in enumerate(self.entry.sides):
            share = round(100 * answer.chances[player])
            shown.append(f"{side.label()} {share}%")
            chance.setAttribute("data-" + side.code, str(share))
        proven = " (proven)" if answer.proven else ""
        chance.textContent = f"Winning chance: {', '.join(shown)}{proven}, after {self.entry.counted(answer.total)}"
        chance.setAttribute("data-playouts", str(answer.total))
        moves = " ".join(f"{k}. {m}" for k, m in enumerate(answer.line, start=1))
        swap = f" Swap: {round(100 * visits.get('swap', 0) / total)}% of the search." \
            if "swap" in visits else ""
        by_id("best-line").textContent = f"Best line: {moves}.{swap}"
