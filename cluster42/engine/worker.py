"""The 42-cluster computer's side of the worker protocol (``gamekit.protocol``'s messages).

The page's worker hands a request whose record starts with ``cluster42.`` here.
A ``Think`` is one slice of the move's search, kept between slices; an
``Analyse`` a slice of the analysis's own search; an ``Evaluate`` the first
player's chance. The search sees only what the player to move knows
(``cluster42.engine.Situation``): the record's seed is never used to look ahead.
An expectimax search counts no visits: a reply's ``visits`` weigh each move by its
chance (one for each hundredth, one at least) and its ``total`` is the positions
played.

>>> from gamekit.protocol import Think, decode, encode
>>> worker = ClusterWorker(seed=1)
>>> reply = decode(worker.handle(encode(Think("cluster42.5.s7", 200, 5.0, 5.0, True))))
>>> reply.finished, reply.iterations >= 200
(True, True)
"""

from __future__ import annotations

from cluster42.engine.expectimax import WIN, Expectimax
from cluster42.engine.situation import Situation
from cluster42.game import Game
from gamekit.protocol import SearchReply
from gamekit.search_worker import Searching, SearchWorker


class ClusterWorker(SearchWorker[Game, Expectimax]):
    """The searches behind the protocol for 42-cluster (``clock`` times them)."""

    def load(self, fragment: str) -> Game:
        return Game.from_fragment(fragment)

    def start(self, key: object, game: Game) -> Searching[Game, Expectimax]:
        return Searching(key, game, Expectimax(Situation.of(game), self.clock))

    def reply(self, searching: Searching[Game, Expectimax], seconds: float, finished: bool) -> SearchReply:
        search = searching.search
        proven = None
        if abs(search.value) >= WIN:
            proven = "win" if search.value > 0 else "loss"
        return self.scored_reply(searching, seconds, finished, search.move_of, proven)
