"""The engine's side of ``gamekit.protocol``: what the computer's worker does with each request.

``Worker.handle`` takes a request's JSON text and returns the reply's. The
page's worker (``web/ai_worker.py``) exports it; ``bench.arena``'s ``page:*``
side calls it the same way, so the arena measures the search the page runs.

Three searchers, each with its own kept tree: the computer's (``PLAY``, the
book included), the analysis board's and the game graph's (plain settings,
smaller trees: they want every move's statistics, not a booked answer, and
never disturb the tree the computer keeps for its next move).

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
from cachex.errors import CachexError
from cachex.game import Game
from gamekit.protocol import (
    Analyse,
    ErrorReply,
    Evaluate,
    EvaluateReply,
    Message,
    ProtocolError,
    SearchReply,
    Think,
    decode,
    encode,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from cachex.engine.result import SearchResult

# The trees' bounds, in slots (about 100 bytes each): the computer's, the analysis
# board's and the game graph's.
COMPUTER_SLOTS = 1_000_000
ANALYSIS_SLOTS = 300_000
GRAPH_SLOTS = 100_000
# Red's result of a finished game by its winner (``None``: a draw).
FINISHED_RED = {"red": 1.0, "blue": 0.0, None: 0.5}


class Worker:
    """The searches behind the protocol, and the move's search kept between slices
    (``clock`` times them: wall time unless another is given)."""

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.computer = MCTS(PLAY, seed=seed, max_slots=COMPUTER_SLOTS)
        self.analysis = MCTS(seed=seed, max_slots=ANALYSIS_SLOTS)
        self.graph = MCTS(seed=seed, max_slots=GRAPH_SLOTS)
        self.thinking: Thinking | None = None
        self.thinking_about: tuple[str, int, float] | None = None

    def handle(self, text: str) -> str:
        """The reply (JSON text) to one request (JSON text)."""
        try:
            reply = self.answer(decode(text))
        except (CachexError, ValueError) as exc:
            reply = ErrorReply(str(exc))
        return encode(reply)

    def answer(self, request: Message) -> Message:
        """The reply to one request; ``ValueError`` (a ``CachexError`` for a bad game)
        if it cannot be answered."""
        if isinstance(request, Think):
            return self.think(request)
        if isinstance(request, Analyse):
            game = Game.from_fragment(request.fragment)
            return _reply(self.analysis.search(game, seconds=request.seconds, clock=self.clock), self.analysis, True)
        if isinstance(request, Evaluate):
            game = Game.from_fragment(request.fragment)
            if game.outcome is not None:
                return EvaluateReply(FINISHED_RED[game.outcome.winner])
            return EvaluateReply(self.graph.search(game, seconds=request.seconds, clock=self.clock).chance_for("red"))
        raise ProtocolError(f"the worker answers think, analyse and evaluate, not {request.KIND}")

    def think(self, request: Think) -> SearchReply:
        """One slice of the move's search: a new one if ``fresh`` or for another position
        or budget, else the kept one goes on."""
        key = (request.fragment, request.iterations, request.seconds)
        if request.fresh or self.thinking is None or self.thinking_about != key or self.thinking.finished:
            game = Game.from_fragment(request.fragment)
            self.thinking = self.computer.think(game, iterations=request.iterations, seconds=request.seconds,
                                                clock=self.clock)
            self.thinking_about = key
        result = self.thinking.step(request.slice_seconds)
        return _reply(result, self.computer, self.thinking.finished)


def _reply(result: SearchResult, search: MCTS, finished: bool) -> SearchReply:
    """A search's result as the protocol's reply, with the kept tree's playouts."""
    return SearchReply(str(result.move), colour_code(result.colour) - RED,
                       [result.chance_for(colour) for colour in COLOURS],
                       result.visits, result.iterations, result.seconds,
                       search.root.total if search.root is not None else 0,
                       result.proven, result.line, result.booked, finished)
