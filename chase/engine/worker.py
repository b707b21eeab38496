"""The Chase computer's side of the worker protocol (``gamekit.protocol``'s messages).

The page's worker hands a request whose record starts with ``chase.`` here. A
``Think`` is one slice of the move's alpha-beta search, kept between slices;
an ``Analyse`` a slice of the analysis's own search; an ``Evaluate`` white's
chance. An alpha-beta search counts no visits: a reply's ``visits`` weigh each
move by its chance (one for each hundredth, one at least) and its ``total`` is
the positions searched.

>>> from gamekit.protocol import Think, decode, encode
>>> worker = ChaseWorker(seed=1)
>>> reply = decode(worker.handle(encode(Think("chase.a5-f8ne.i6-e4sw", 3000, 5.0, 5.0, True))))
>>> reply.move, reply.finished
('a6xe4NW', True)
"""

from __future__ import annotations

from chase.engine import search_of
from chase.engine.alphabeta import WIN, AlphaBeta, Table
from chase.engine.moves import to_move
from chase.game import Game
from gamekit.protocol import SearchReply
from gamekit.search_worker import Searching, SearchWorker


class ChaseWorker(SearchWorker[Game, AlphaBeta]):
    """The searches behind the protocol for Chase (``clock`` times them), sharing one table from
    move to move."""

    table: Table | None = None

    def load(self, fragment: str) -> Game:
        return Game.from_fragment(fragment)

    def start(self, key: object, game: Game) -> Searching[Game, AlphaBeta]:
        if self.table is None:
            self.table = {}
        return Searching(key, game, search_of(game, self.clock, self.table))

    def reply(self, searching: Searching[Game, AlphaBeta], seconds: float, finished: bool) -> SearchReply:
        search = searching.search
        proven = None
        if abs(search.value) > WIN - 1000:
            proven = "win" if search.value > 0 else "loss"
        return self.scored_reply(searching, seconds, finished, lambda move: to_move(search.cells, search.side, move),
                                 proven)
