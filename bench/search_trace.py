"""Seeded searches on fixed positions, for checking that two versions search alike.

Run: ``python bench/search_trace.py [--iterations N]``, or side by side with an
older tree: ``python -m bench.compare OLD . -- bench/search_trace.py`` (every figure should
have the ratio 1). Each line is one seeded search with an iteration budget
(so no clock decides anything): the position, the settings (``play``, the
computer's; ``plain``, the defaults), the move, its winning chance, the
iterations and a checksum of the root's visits.

The positions are the empty board (the book answers with ``play``), the
position after a first stone (the book's steal decision), and seeded random
middle games on 4 x 4 (where the proof search settles the game), 5 x 5,
7 x 7, 9 x 9 and 11 x 11 (where ``play`` checks its choice by proof search).
It runs on this tree's code and on trees from before the engine had its own
package (``cachex.mcts``), as ``searcher`` does for ``bench/fixed_work.py``.
"""

from __future__ import annotations

import argparse
import random
import zlib
from typing import Any

from cachex import Game

try:
    from cachex.engine.search import MCTS
    from cachex.engine.settings import PLAY, Settings

    def searcher(play: bool, seed: int, book: bool = True) -> Any:
        """A search with the computer's settings (its book only with ``book``) or the plain ones."""
        return MCTS(PLAY.changed(book=book) if play else Settings(), seed=seed)
except ImportError:  # a tree from before cachex.engine
    from cachex.mcts import MCTS, PLAY  # type: ignore[import-not-found,no-redef]

    def searcher(play: bool, seed: int, book: bool = True) -> Any:
        """A search with the computer's settings (its book only with ``book``) or the plain ones."""
        return MCTS(seed=seed, **({**PLAY, "book": book} if play else {}))  # type: ignore[arg-type,dict-item]


def random_game(n: int, turns: int, seed: int) -> Game:
    """A seeded random game of ``n`` that has run ``turns`` turns (or ended sooner, then
    the last running position)."""
    rng = random.Random(seed)
    game = Game(n)
    while game.turn_count < turns:
        move = rng.choice(game.legal_moves())
        game.play(move)
        if game.outcome is not None:
            game.undo()
            break
    return game


POSITIONS: tuple[tuple[str, int, int, int], ...] = (
    # (name, size, turns, seed)
    ("empty 9", 9, 0, 0),
    ("first stone 5", 5, 1, 3),
    ("middle 4", 4, 6, 5),
    ("middle 5", 5, 12, 7),
    ("middle 7", 7, 20, 11),
    ("middle 9", 9, 30, 13),
    ("middle 11", 11, 40, 17),
)


def main() -> None:
    """Print one line per search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=600)
    args = parser.parse_args()
    for name, n, turns, seed in POSITIONS:
        game = random_game(n, turns, seed)
        for play in (True, False):
            result = searcher(play, seed).search(game, iterations=args.iterations)
            visits = zlib.crc32(repr(sorted(result.visits.items())).encode())
            print(f"{name} turn {game.turn_count} {'play' if play else 'plain'}: {result.move} "
                  f"chance {result.win_chance} iterations {result.iterations} visits {visits}")


if __name__ == "__main__":
    main()
