"""The game graph on the page: filled in by the worker in the background.

Once a game ends, or when asked (the Graph button), the worker evaluates the
position after every move of the live game, in order, and the chart beside
the move list grows point by point; clicking a point reviews that move.
Evaluations are kept by the record of the moves that led there, so undo,
redo and new moves only ever add the positions not seen before.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from web.shell.dom import action_button, by_id
from web.shell.graph import graph_svg, mistakes
from web.shell.thinking import ThinkError

if TYPE_CHECKING:
    from collections.abc import Callable

    from web.registry import GameEntry
    from web.shell.game_session import GameSession
    from web.shell.thinking import Computer

# Slices of search per position: one is noisy enough to flag false mistakes;
# each is short, so the computer's own thinking waits at most one.
SLICES_PER_POSITION = 2


class GameGraph:
    """The chart of the first player's chance after each move of the live game, and its mistakes."""

    def __init__(self, entry: GameEntry, computer: Computer, session: GameSession,
                 on_update: Callable[[], None]) -> None:
        self.entry = entry
        self.computer = computer
        self.session = session
        self.on_update = on_update  # redraw what shows the graph (the chart, the move list)
        self.chances: dict[str, float] = {}  # record of the first moves -> the first player's chance
        self.wanted_game = -1  # the game (its id) the graph is wanted for
        self.closed_game = -1  # the game whose graph the player closed
        self.task: asyncio.Task[None] | None = None
        self.known_moves: list[str] = []  # the moves whose prefixes are known_prefixes
        self.known_prefixes: list[str] = []

    def _prefixes(self) -> list[str]:
        """The record of the live game's first ``k`` moves, for every ``k`` (kept while the
        game's moves are the same)."""
        moves = [str(move) for move in self.session.game.moves]
        if moves != self.known_moves:
            self.known_prefixes = [game.to_fragment() for game in self.session.replayed()]
            self.known_moves = moves
        return self.known_prefixes

    def first_chances(self) -> list[float | None]:
        """The first player's chance after each number of moves of the live game (``None`` if
        not known yet)."""
        return [self.chances.get(prefix) for prefix in self._prefixes()]

    def toggle(self) -> None:
        """The Graph button: show the live game's graph (filled in, and brought into view),
        or close it if it shows."""
        game = self.session.game
        if self.wanted_game == id(game):
            self.wanted_game, self.closed_game = -1, id(game)
            self.render()
            return
        self.wanted_game, self.closed_game = id(game), -1
        self.follow()
        by_id("graph").scrollIntoView({"block": "center"})  # wholly in view, whatever its subpixel offset

    def follow(self) -> None:
        """After a change: want the graph once the game is over (unless the player closed
        it), and fill in what is missing."""
        game = self.session.game
        if game.outcome is not None and self.closed_game != id(game):
            self.wanted_game = id(game)
        if self.wanted_game == id(game) and self.task is None and None in self.first_chances():
            self.task = asyncio.create_task(self.fill())
        self.render()

    async def fill(self) -> None:
        """Evaluate the live game's positions in order, until all are known or not wanted."""
        try:
            while self.wanted_game == id(self.session.game):
                missing = [prefix for prefix in self._prefixes() if prefix not in self.chances]
                if not missing:
                    break
                prefix = missing[0]
                try:
                    for _ in range(SLICES_PER_POSITION):
                        chance = await self.computer.evaluate(prefix)
                    self.chances[prefix] = chance
                except ThinkError as exc:
                    by_id("graph-status").textContent = f"The graph stopped: {exc}"
                    break
                self.on_update()
        finally:
            self.task = None

    def render(self) -> dict[int, float]:
        """Draw the chart (hidden until it is wanted); returns the live game's mistakes
        (move number -> how far its player's chance fell), for the move list."""
        chart = by_id("graph")
        game = self.session.game
        chances = self.first_chances()
        falls = mistakes(chances, [self.entry.player(t.side) for t in game.history])
        shown = self.wanted_game == id(game) and bool(game.turn_count)
        action_button("graph").setAttribute("aria-pressed", "true" if shown else "false")
        if not shown:
            chart.hidden = True
            by_id("graph-status").textContent = ""
            return falls
        current = self.session.shown_ply()
        chart.hidden = False
        chart.innerHTML = graph_svg(chances, falls, current, self.entry.sides[0].label())
        known = sum(1 for c in chances[1:] if c is not None)  # the start aside
        by_id("graph-status").textContent = (
            "" if known == game.turn_count else f"Working out the graph: {known} of "
                                                f"{game.turn_count} moves…")
        return falls
