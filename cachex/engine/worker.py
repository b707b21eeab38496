"""The engine's side of ``gamekit.protocol``: what the computer's worker does with each request.

``Worker`` is the shared ``gamekit.search_worker.SearchWorker`` with Cachex's
searches behind it; ``handle`` takes a request's JSON text and returns the
reply's. The page's worker (``web/ai_worker.py``) exports it; ``bench.arena``'s
``page:*`` side calls it the same way, so the arena measures the search the page runs.

Two kept trees: the computer's (``PLAY``, the book included), whose move's
search runs in the page's slices to its budget, and the analysis' and the
game graph's (plain settings, a smaller tree: they want every move's
statistics, not a booked answer, and never disturb the tree the computer
keeps for its next move), where each slice is a search of its own on the
kept tree.

>>> from gamekit.protocol import Think, decode, encode
>>> worker = Worker(seed=1)
>>> reply = decode(worker.handle(encode(Think("v1.3.a1.c1.a2.c2", 50, 1.0, 0.15, True))))
>>> reply.move, reply.finished, reply.proven
('a3', True, 'win')
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from cachex.colours import COLOURS, RED, colour_code
from cachex.engine.search import MCTS, Thinking
from cachex.engine.settings import PLAY
from cachex.game import Game
from gamekit.protocol import SearchReply
from gamekit.search_worker import Searching, SearchWorker

if TYPE_CHECKING:
    from collections.abc import Callable

    from cachex.engine.result import SearchResult

# The trees' bounds, in slots (about 100 bytes each): the computer's, and the analysis
# board's and the game graph's.
COMPUTER_SLOTS = 1_000_000
ANALYSIS_SLOTS = 300_000


class Slices:
    """A Cachex search as the shared worker drives it (``gamekit.contract.Search``): the
    computer's move, one ``Thinking`` to its ``budget`` (iterations, seconds), or, without a
    budget, the analysis, each slice a search of its own on the kept ``tree``."""

    def __init__(self, tree: MCTS, game: Game, clock: Callable[[], float],
                 budget: tuple[int, float] | None = None) -> None:
        self.tree = tree
        self.game = game
        self.clock = clock
        self.thinking: Thinking | None = None if budget is None else tree.think(game, *budget, clock=clock)
        self.result: SearchResult | None = None if self.thinking is None else self.thinking.booked

    @property
    def iterations(self) -> int:
        """The playouts of the move's search so far (of the last slice, for the analysis)."""
        return 0 if self.result is None else self.result.iterations

    @property
    def finished(self) -> bool:
        """Whether the move's search is over (its budget spent, proven or booked)."""
        return self.thinking is not None and self.thinking.finished

    def step(self, seconds: float, iterations: int = 1 << 30) -> bool:
        """One slice of about ``seconds`` (the move's iterations are its budget's); whether the
        move's search is over."""
        if self.thinking is None:
            self.result = self.tree.search(self.game, seconds=seconds, clock=self.clock)
            return False
        self.result = self.thinking.step(seconds)
        return self.thinking.finished

    def chance(self) -> float:
        """The player to move's winning chance so far (even before any slice)."""
        return 0.5 if self.result is None else self.result.win_chance


class Worker(SearchWorker[Game, Slices]):
    """The searches behind the protocol for Cachex, on two kept trees (``clock`` times them:
    wall time unless another is given)."""

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seed, clock)
        self.computer = MCTS(PLAY, seed=seed, max_slots=COMPUTER_SLOTS)
        self.analysis_tree = MCTS(seed=seed, max_slots=ANALYSIS_SLOTS)

    def load(self, fragment: str) -> Game:
        return Game.from_fragment(fragment)

    def start(self, key: object, game: Game) -> Searching[Game, Slices]:
        """The computer's move for a think's key (the fragment, iterations and seconds), else
        the analysis (keyed by the fragment alone)."""
        if isinstance(key, tuple):
            _, iterations, seconds = key
            return Searching(key, game, Slices(self.computer, game, self.clock, (iterations, seconds)))
        return Searching(key, game, Slices(self.analysis_tree, game, self.clock))

    def settled(self, searching: Searching[Game, Slices]) -> bool:
        return searching.search.finished

    def reply(self, searching: Searching[Game, Slices], seconds: float, finished: bool) -> SearchReply:
        """The search's last result, with the kept tree's playouts."""
        search = searching.search
        result = search.result
        if result is None:
            raise ValueError("the search has not run yet: there is nothing to reply")
        root = search.tree.root
        return SearchReply(str(result.move), colour_code(result.colour) - RED,
                           [result.chance_for(colour) for colour in COLOURS],
                           result.visits, result.iterations, seconds, root.total if root is not None else 0,
                           result.proven, result.line, result.booked, finished)
