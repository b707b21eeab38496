"""Positions a second that Chase's shipped search visits, on fixed positions of random games.

Run: ``python bench/chase_speed.py --seconds 2`` (or under ``bench.compare`` as a script file,
``python -m bench.compare /tmp/old . --rounds 3 -- bench/chase_speed.py --seconds 2``, to
compare two trees' ``chase`` in one run). Each position is searched afresh for ``--seconds``;
it prints each position's rate and the median, in positions (nodes) a second.

Uses only what every version of ``chase.engine`` has: ``search_of(game)``, ``step(seconds)``
and ``iterations``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from chase.engine import search_of
from chase.game import Game


def positions(count: int, seed: int = 7) -> list[Game]:
    """Games of random moves, stopped after 4 to 40 plies, still running."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game()
        for _ in range(rng.randrange(4, 40)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            found.append(game)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for game in positions(args.positions):
        search = search_of(game)
        started = time.perf_counter()
        search.step(args.seconds)
        rate = search.iterations / (time.perf_counter() - started)
        rates.append(rate)
        print(f"{game.turn_count:3d} plies: {rate:9.0f} positions/s")
    print(f"median: {statistics.median(rates):9.0f} positions/s")


if __name__ == "__main__":
    main()
