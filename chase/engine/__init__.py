"""The Chase computer: an alpha-beta search (``chase.engine.alphabeta``) over moves as small
integers (``chase.engine.moves``) on its own board (``chase.engine.position``), and the move a
level chooses.

The search knows the rules whole but for two that hardly arise: it does not
count repetitions, and it takes a side with no legal move to have lost, as the
rules do.

>>> from chase.game import Game
>>> game = Game.from_fragment("chase.a5-f8ne.i6-e4sw")
>>> str(choose_move(game, "easy"))
'a6xe4NW'
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from chase.engine.alphabeta import AlphaBeta, Table
from chase.levels import search_budget
from chase.notation import Move

if TYPE_CHECKING:
    from collections.abc import Callable

    from chase.game import Game


# Entries of a table kept between searches, beyond which it starts afresh (some 22 MB).
TABLE_LIMIT = 100_000


def search_of(game: Game, clock: Callable[[], float] = time.perf_counter,
              table: Table | None = None) -> AlphaBeta:
    """A new search of a running game's position, filling ``table`` (kept by the caller between
    moves, emptied once it holds ``TABLE_LIMIT`` entries) or a table of its own."""
    if table is not None and len(table) > TABLE_LIMIT:
        table.clear()
    return AlphaBeta(game.cells, game.side_index, clock, table)


def choose_move(game: Game, level: str, clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move the computer plays at ``level`` in a running game."""
    nodes, seconds = search_budget(level)
    search = search_of(game, clock)
    search.step(seconds, nodes)
    return search.best_text()
