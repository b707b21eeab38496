"""The referee agent's search speed: iterations per second of its own search, for comparing versions.

Run: ``python bench/agent_speed.py [--seconds 3] [--sizes 9 11]``, or across
two versions in one run (this script under each tree's ``cachex``)::

    git worktree add /tmp/old 580c2a5
    python -m bench.compare /tmp/old . --rounds 5 -- bench/agent_speed.py --seconds 3

It times ``cachex.agent.Player(...).search``, the search with whatever
settings that version's agent plays with (``bench.search_speed`` times the
search's defaults), on turn 3 (after two corner stones: past the opening
book) and in a middle game of seeded random moves (30 turns). It uses only
what every version has, so that old trees can run it.
"""

from __future__ import annotations

import argparse
import random

from cachex.agent import Player
from cachex.game import Game


def positions(n: int) -> list[Game]:
    """Turn 3 after two opposite corners, and a middle game of 30 seeded random turns."""
    corners = Game(n)
    for move in corners.legal_moves()[:1] + corners.legal_moves()[-1:]:
        corners.play(move)
    middle = Game(n)
    rng = random.Random(n)
    while middle.turn_count < 30 and middle.outcome is None:
        middle.play(rng.choice(middle.legal_moves()))
    return [corners, middle]


def main() -> None:
    """Print the agent's iterations per second per size and position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--sizes", type=int, nargs="+", default=[9])
    args = parser.parse_args()
    for n in args.sizes:
        for name, game in zip(("turn 3", "middle game"), positions(n), strict=True):
            result = Player("red", n, seed=1).search.search(game, seconds=args.seconds)
            print(f"{n} x {n}, {name}: {result.iterations / result.seconds:.0f} iterations/s")


if __name__ == "__main__":
    main()
