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

from cubox.engine import CuboxState, move_text
from cubox.game import Game
from gamekit.mcts import LOST, MCTS, UNPROVEN
from gamekit.protocol import SearchReply
from gamekit.search_worker import Searching, SearchWorker


class CuboxWorker(SearchWorker[Game, MCTS]):
    """The searches behind the protocol for Cubox (``clock`` times them)."""

    def load(self, fragment: str) -> Game:
        return Game.from_fragment(fragment)

    def start(self, key: object, game: Game) -> Searching[Game, MCTS]:
        return Searching(key, game, MCTS(CuboxState.of(game), self.rng, clock=self.clock))

    def reply(self, searching: Searching[Game, MCTS], seconds: float, finished: bool) -> SearchReply:
        game, search = searching.game, searching.search
        visits = {str(move_text(game, move)): count for move, count, _ in search.ranked()}
        proven = None
        if search.root.proven != UNPROVEN:
            proven = "win" if search.root.proven == LOST else "loss"
        first = self.chance_of_first(searching)
        move = str(move_text(game, search.best_move()))
        return SearchReply(move, game.player_to_move, [first, 1.0 - first], visits, search.iterations, seconds,
                           search.root.visits, proven, [move], False, finished)
