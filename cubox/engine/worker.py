"""The Cubox computer's side of the worker protocol (``gamekit.protocol``'s messages).

The page's worker hands a request whose record starts with ``cubox.`` here.
A ``Think`` is one slice of the move's search, kept between slices; an
``Analyse`` a slice of the analysis's own search; an ``Evaluate`` X's
chance. Chances are keyed ``x`` and ``o``.

>>> from gamekit.protocol import Think, decode, encode
>>> worker = CuboxWorker(seed=1)
>>> reply = decode(worker.handle(encode(Think("cubox.3.a1.e1.a3.c3", 100, 1.0, 0.15, True))))
>>> reply.move, reply.finished, reply.proven
('a5', True, 'win')
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from cubox.engine import CuboxState, move_text
from cubox.errors import CuboxError
from cubox.game import Game
from gamekit.mcts import LOST, MCTS, UNPROVEN
from gamekit.protocol import Analyse, ErrorReply, Evaluate, EvaluateReply, Message, SearchReply, Think, decode, encode

if TYPE_CHECKING:
    from collections.abc import Callable


class _Searching:
    """One position's search kept between slices: the request it answers, the game, the
    search and the seconds it has used."""

    __slots__ = ("key", "game", "search", "used")

    def __init__(self, key: object, game: Game, search: MCTS) -> None:
        self.key = key
        self.game = game
        self.search = search
        self.used = 0.0


class CuboxWorker:
    """The searches behind the protocol for Cubox (``clock`` times them)."""

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.thinking: _Searching | None = None  # the computer's move
        self.analysis: _Searching | None = None  # the analysis board's position

    def handle(self, text: str) -> str:
        """The reply (JSON text) to one request (JSON text)."""
        try:
            reply = self.answer(decode(text))
        except (CuboxError, ValueError) as exc:
            reply = ErrorReply(str(exc))
        return encode(reply)

    def answer(self, request: Message) -> Message:
        if isinstance(request, Think):
            return self.think(request)
        if isinstance(request, (Analyse, Evaluate)):
            if self.analysis is None or self.analysis.key != request.fragment:
                game = Game.from_fragment(request.fragment)
                if game.outcome is not None:
                    winner = game.outcome.winner
                    return EvaluateReply(1.0 if winner == "x" else 0.0 if winner == "o" else 0.5)
                self.analysis = _Searching(request.fragment, game, self._search(game))
            analysis = self.analysis
            analysis.search.step(request.seconds)
            if isinstance(request, Evaluate):
                return EvaluateReply(_chance_for(analysis.game, analysis.search, "x"))
            return _reply(analysis.game, analysis.search, request.seconds, True)
        raise ValueError(f"the worker answers think, analyse and evaluate, not {request.KIND}")

    def think(self, request: Think) -> SearchReply:
        """One slice of the move's search (a new one if ``fresh`` or for another request)."""
        key = (request.fragment, request.iterations, request.seconds)
        move = self.thinking
        if request.fresh or move is None or move.key != key:
            game = Game.from_fragment(request.fragment)
            if game.outcome is not None:
                raise ValueError("the game is over: there is no move to think of")
            move = self.thinking = _Searching(key, game, self._search(game))
        started = self.clock()
        left = max(0.0, request.seconds - move.used)
        settled = move.search.step(min(request.slice_seconds, left), request.iterations - move.search.iterations)
        move.used += self.clock() - started
        finished = settled or move.search.iterations >= request.iterations or move.used >= request.seconds
        return _reply(move.game, move.search, move.used, finished)

    def _search(self, game: Game) -> MCTS:
        return MCTS(CuboxState.of(game), self.rng, clock=self.clock)


def _chance_for(game: Game, search: MCTS, side: str) -> float:
    chance = search.chance()
    return chance if game.to_move == side else 1.0 - chance


def _reply(game: Game, search: MCTS, seconds: float, finished: bool) -> SearchReply:
    """A search's state as the protocol's reply."""
    ranked = search.ranked()
    visits = {str(move_text(game, move)): count for move, count, _ in ranked}
    proven = None
    if search.root.proven != UNPROVEN:
        proven = "win" if search.root.proven == LOST else "loss"
    chances = [_chance_for(game, search, side) for side in ("x", "o")]
    move = str(move_text(game, search.best_move()))
    return SearchReply(move, game.player_to_move, chances, visits, search.iterations, seconds,
                       search.root.visits, proven, [move], False, finished)
