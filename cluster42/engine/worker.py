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

from cluster42.engine import Situation, immediate_win, move_of, search
from cluster42.game import Game
from gamekit.protocol import SearchReply
from gamekit.search_worker import Searching, SearchWorker


class ClusterWorker(SearchWorker):
    """The searches behind the protocol for 42-cluster (``clock`` times them); each keeps what
    the player to move knows and a win at once, if there is one (``extra``)."""

    def load(self, fragment: str) -> Game:
        return Game.from_fragment(fragment)

    def start(self, key: object, game: Game) -> Searching:
        situation = Situation.of(game)
        return Searching(key, game, search(situation, self.rng, clock=self.clock),
                         (situation, immediate_win(situation)))

    def settled(self, searching: Searching) -> bool:
        return searching.extra[1] is not None

    def chance_of_first(self, searching: Searching) -> float:
        if self.settled(searching):
            return 1.0 if searching.game.player_to_move == 0 else 0.0
        return super().chance_of_first(searching)

    def reply(self, searching: Searching, seconds: float, finished: bool) -> SearchReply:
        found = searching.search
        situation, winning = searching.extra
        visits = {str(move_of(situation, code)): count for code, count, _ in found.ranked()}
        move = str(move_of(situation, winning if winning is not None else found.best_move()))
        first = self.chance_of_first(searching)
        return SearchReply(move, searching.game.player_to_move, [first, 1.0 - first], visits, found.iterations,
                           seconds, found.root.visits, "win" if winning is not None else None, [move], False,
                           finished)
