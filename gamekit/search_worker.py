"""A game's side of the worker protocol (``gamekit.protocol``), written once for the searches that
run in slices: the computer's move (``Think``), the analysis (``Analyse``) and the graph's
chances (``Evaluate``).

A game's worker subclasses ``SearchWorker`` and says how to read a record (``load``), start
a search of a running game (``start``) and reply with its state (``reply``); a ``Think`` is
one slice of the move's search, kept between slices; an ``Analyse`` and an ``Evaluate`` a
slice of the analysis' own search.

>>> from gamekit.protocol import Evaluate, decode, encode
>>> class Nothing(SearchWorker):
...     def load(self, fragment): raise ValueError(f"no game reads {fragment!r}")
>>> decode(Nothing().handle(encode(Evaluate("x.1", 0.1)))).error
"no game reads 'x.1'"
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Generic, TypeVar

from gamekit.protocol import Analyse, ErrorReply, Evaluate, EvaluateReply, Message, SearchReply, Think, decode, encode

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamekit.contract import Game, ScoredSearch, Search

G = TypeVar("G", bound="Game")  # the game's class
S = TypeVar("S", bound="Search")  # its search's
Scored = TypeVar("Scored", bound="ScoredSearch")


class Searching(Generic[G, S]):
    """One position's search kept between slices: the request it answers, the game, the
    search, the seconds it has used, and what else the game's worker keeps (``extra``)."""

    __slots__ = ("key", "game", "search", "used", "extra")

    def __init__(self, key: object, game: G, search: S, extra: object = None) -> None:
        self.key = key
        self.game = game
        self.search = search
        self.used = 0.0
        self.extra = extra


class SearchWorker(Generic[G, S]):
    """The searches behind the protocol for one game (``clock`` times them), typed by the game's
    class and its search's (``gamekit.contract``)."""

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.thinking: Searching[G, S] | None = None  # the computer's move
        self.analysis: Searching[G, S] | None = None  # the analysis board's position

    # --- what each game says ------------------------------------------------------------

    def load(self, fragment: str) -> G:
        """The game of a record (its ``RecordError``, a ``ValueError``, if it is not one)."""
        raise NotImplementedError

    def start(self, key: object, game: G) -> Searching[G, S]:
        """A new search of a running game."""
        raise NotImplementedError

    def reply(self, searching: Searching[G, S], seconds: float, finished: bool) -> SearchReply:
        """A search's state as the protocol's reply."""
        raise NotImplementedError

    def chance_of_first(self, searching: Searching[G, S]) -> float:
        """The first player's winning chance as the search sees it."""
        return first_chance(searching.game, searching.search)

    def settled(self, searching: Searching[G, S]) -> bool:
        """Whether the move is known without searching (a win at once, say)."""
        return False

    def scored_reply(self, searching: Searching[G, Scored], seconds: float, finished: bool,
                     name: Callable[[int], object], proven: str | None) -> SearchReply:
        """The reply of a search that scores its root moves instead of counting visits (its
        ``ranked()``: move, depth, chance; ``best_text()``, ``iterations``): each move weighs one
        for each hundredth of its chance (one at least), named by ``name``; the total is the
        positions searched; ``proven`` is "win", "loss" or ``None``."""
        search = searching.search
        visits = {str(name(move)): 1 + round(100 * chance) for move, _, chance in search.ranked()}
        move = str(search.best_text())
        first = first_chance(searching.game, search)
        return SearchReply(move, searching.game.player_to_move, [first, 1.0 - first], visits, search.iterations,
                           seconds, search.iterations, proven, [move], False, finished)

    # --- the protocol ---------------------------------------------------------------------

    def handle(self, text: str) -> str:
        """The reply (JSON text) to one request (JSON text)."""
        try:
            reply = self.answer(decode(text))
        except ValueError as exc:  # every game's errors are
            reply = ErrorReply(str(exc))
        return encode(reply)

    def answer(self, request: Message) -> Message:
        if isinstance(request, Think):
            return self.think(request)
        if isinstance(request, (Analyse, Evaluate)):
            if self.analysis is None or self.analysis.key != request.fragment:
                game = self.load(request.fragment)
                if game.outcome is not None:
                    winner = game.outcome.winner_player
                    return EvaluateReply(0.5 if winner is None else 1.0 - winner)
                if isinstance(request, Analyse):
                    movable(game)
                self.analysis = self.start(request.fragment, game)
            analysis = self.analysis
            if not self.settled(analysis):
                analysis.search.step(request.seconds)
            if isinstance(request, Evaluate):
                return EvaluateReply(self.chance_of_first(analysis))
            return self.reply(analysis, request.seconds, True)
        raise ValueError(f"the worker answers think, analyse and evaluate, not {request.KIND}")

    def think(self, request: Think) -> SearchReply:
        """One slice of the move's search (a new one if ``fresh`` or for another request)."""
        key = (request.fragment, request.iterations, request.seconds)
        move = self.thinking
        if request.fresh or move is None or move.key != key:
            game = self.load(request.fragment)
            if game.outcome is not None:
                raise ValueError("the game is over: there is no move to think of")
            movable(game)
            move = self.thinking = self.start(key, game)
        if self.settled(move):
            return self.reply(move, move.used, True)
        started = self.clock()
        left = max(0.0, request.seconds - move.used)
        settled = move.search.step(min(request.slice_seconds, left), request.iterations - move.search.iterations)
        move.used += self.clock() - started
        finished = settled or move.search.iterations >= request.iterations or move.used >= request.seconds
        return self.reply(move, move.used, finished)


def first_chance(game: Game, search: Search) -> float:
    """The first player's winning chance in ``game`` as its ``search`` sees it."""
    chance = float(search.chance())
    return chance if game.player_to_move == 0 else 1.0 - chance


def movable(game: Game) -> None:
    """``ValueError`` saying why, unless the player to move of a running game has a move (a
    game told its chance outcomes from outside, such as a dealt draw, has none until then)."""
    if not game.legal_moves():
        raise ValueError(f"there is no move to search here ({game.status()})")
