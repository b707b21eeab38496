"""The 42-cluster computer's side of the worker protocol (``gamekit.protocol``'s messages).

The page's worker hands a request whose record starts with ``cluster42.`` here.
A ``Think`` is one slice of the move's search, kept between slices; an
``Analyse`` a slice of the analysis's own search; an ``Evaluate`` the first
player's chance. The search sees only what the player to move knows
(``cluster42.engine.Situation``): the record's seed is never used to look ahead.

>>> from gamekit.protocol import Think, decode, encode
>>> worker = ClusterWorker(seed=1)
>>> reply = decode(worker.handle(encode(Think("cluster42.5.s7", 200, 5.0, 5.0, True))))
>>> reply.finished, reply.iterations
(True, 200)
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from cluster42.engine import Situation, immediate_win, move_of, search
from cluster42.errors import ClusterError
from cluster42.game import Game
from gamekit.protocol import Analyse, ErrorReply, Evaluate, EvaluateReply, Message, SearchReply, Think, decode, encode

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamekit.ismcts import OpenLoopMCTS


class _Searching:
    """One position's search kept between slices: the request it answers, the game, what the
    player to move knows, the search, a win at once (if any) and the seconds used."""

    __slots__ = ("key", "game", "situation", "search", "winning", "used")

    def __init__(self, key: object, game: Game, situation: Situation, search: OpenLoopMCTS,
                 winning: int | None) -> None:
        self.key = key
        self.game = game
        self.situation = situation
        self.search = search
        self.winning = winning
        self.used = 0.0


class ClusterWorker:
    """The searches behind the protocol for 42-cluster (``clock`` times them)."""

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.thinking: _Searching | None = None
        self.analysis: _Searching | None = None

    def handle(self, text: str) -> str:
        """The reply (JSON text) to one request (JSON text)."""
        try:
            reply = self.answer(decode(text))
        except (ClusterError, ValueError) as exc:
            reply = ErrorReply(str(exc))
        return encode(reply)

    def _start(self, key: object, game: Game) -> _Searching:
        situation = Situation.of(game)
        return _Searching(key, game, situation, search(situation, self.rng, clock=self.clock),
                          immediate_win(situation))

    def answer(self, request: Message) -> Message:
        if isinstance(request, Think):
            return self.think(request)
        if isinstance(request, (Analyse, Evaluate)):
            if self.analysis is None or self.analysis.key != request.fragment:
                game = Game.from_fragment(request.fragment)
                if game.outcome is not None:
                    return EvaluateReply(1.0 if game.outcome.winner_player == 0 else 0.0)
                self.analysis = self._start(request.fragment, game)
            analysis = self.analysis
            analysis.search.step(request.seconds)
            if isinstance(request, Evaluate):
                return EvaluateReply(_chances(analysis)[0])
            return _reply(analysis, request.seconds, True)
        raise ValueError(f"the worker answers think, analyse and evaluate, not {request.KIND}")

    def think(self, request: Think) -> SearchReply:
        """One slice of the move's search (a new one if ``fresh`` or for another request); a
        win at once is answered at once."""
        key = (request.fragment, request.iterations, request.seconds)
        move = self.thinking
        if request.fresh or move is None or move.key != key:
            game = Game.from_fragment(request.fragment)
            if game.outcome is not None:
                raise ValueError("the game is over: there is no move to think of")
            move = self.thinking = self._start(key, game)
        if move.winning is not None:
            return _reply(move, move.used, True)
        started = self.clock()
        left = max(0.0, request.seconds - move.used)
        settled = move.search.step(min(request.slice_seconds, left), request.iterations - move.search.iterations)
        move.used += self.clock() - started
        finished = settled or move.search.iterations >= request.iterations or move.used >= request.seconds
        return _reply(move, move.used, finished)


def _chances(searching: _Searching) -> list[float]:
    """The first and the second player's winning chances as the search sees them."""
    if searching.winning is not None:
        chance = 1.0
    else:
        chance = searching.search.chance()
    return [chance, 1.0 - chance] if searching.game.player_to_move == 0 else [1.0 - chance, chance]


def _reply(searching: _Searching, seconds: float, finished: bool) -> SearchReply:
    """A search's state as the protocol's reply."""
    found = searching.search
    situation = searching.situation
    visits = {str(move_of(situation, code)): count for code, count, _ in found.ranked()}
    best = searching.winning if searching.winning is not None else found.best_move()
    move = str(move_of(situation, best))
    proven = "win" if searching.winning is not None else None
    return SearchReply(move, searching.game.player_to_move, _chances(searching), visits, found.iterations, seconds,
                       found.root.visits, proven, [move], False, finished)
