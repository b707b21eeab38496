"""The 42-cluster computer: what the player to move knows, and the move a level chooses.

The player to move knows the board, gravity, its own bag and this turn's chips;
of the opponent's chips it knows those on the board and how many it discarded
by rotating, not which. ``Situation`` (``cluster42.engine.situation``) holds exactly that; the search
(``cluster42.engine.expectimax``) looks ahead from it, over every draw the
opponent may make.

>>> from cluster42.game import Game
>>> game = Game.from_fragment("cluster42.4.k1.n3.dealt.00_0c0.11_0c1.00_1c0.11_-1c1")
>>> game.deal((0, 0))
>>> str(choose_move(game, "beginner"))  # three in a row at once
'drop 2 0'
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from cluster42.engine.expectimax import Expectimax
from cluster42.engine.situation import Situation
from cluster42.levels import search_budget

if TYPE_CHECKING:
    from collections.abc import Callable

    from cluster42.game import Game
    from cluster42.notation import Move

__all__ = ["Situation", "choose_move", "choose_situation_move"]


def choose_situation_move(situation: Situation, iterations: int, seconds: float,
                          clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move for a situation: the search's choice within the budget (a win at once is
    found first)."""
    return Expectimax(situation, clock).run(seconds, iterations).best_text()


def choose_move(game: Game, level: str, clock: Callable[[], float] = time.perf_counter) -> Move:
    """The move the computer plays at ``level`` in a running game (its chips drawn)."""
    iterations, seconds = search_budget(level)
    return choose_situation_move(Situation.of(game), iterations, seconds, clock)
