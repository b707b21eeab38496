"""A fixed amount of work through the stable public API, for counting instructions.

Run: ``python -m bench.fixed_work {games,search} [--size 9] [--amount N] [--play]``.
``games`` plays N seeded random games through ``Game`` (legal moves and
play); ``search`` runs one seeded MCTS search of N iterations from the
empty board (mostly playouts), or with ``--position FRAGMENT`` from a game's
position, such as a middle game; with ``--play`` it searches by the
computer's settings (``cachex.engine.settings.PLAY``) instead of the
defaults. It prints a checksum of what was played, so
that two versions of the code can be seen to do the same work, and is meant
to be run under callgrind by ``bench.compare --instructions``: instruction
counts do not depend on what else the machine is doing, wall time does.
"""

from __future__ import annotations

import argparse
import random
import zlib

from cachex import Game

try:
    from bench.search_trace import searcher
except ImportError:  # run as a script under an older tree's code (bench.compare)
    from search_trace import searcher  # type: ignore[import-not-found,no-redef]


def random_games(n: int, games: int) -> str:
    """Play seeded random games; the checksum is the total number of turns."""
    rng = random.Random(1)
    turns = 0
    for _ in range(games):
        game = Game(n)
        while game.outcome is None:
            game.play(rng.choice(game.legal_moves()))
        turns += game.turn_count
    return f"{turns} turns"


def one_search(n: int, iterations: int, position: str | None = None, play: bool = False) -> str:
    """One seeded search (of the empty board, or of the game in the link
    fragment ``position``), with the default settings or with ``play`` the
    computer's (``PLAY``, without its book); the checksum is the move and the
    root's visit counts."""
    game = Game.from_fragment(position) if position else Game(n)
    result = searcher(play, seed=1, book=False).search(game, iterations=iterations)
    visits = sorted(result.visits.items())
    return f"{result.move} {sum(result.visits.values())} {zlib.crc32(repr(visits).encode())}"


def main() -> None:
    """Do the work and print its checksum."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("work", choices=["games", "search"])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--position", default=None,
                        help="search this game's position (a link fragment, e.g. v1.9.c3.e5) instead")
    parser.add_argument("--play", action="store_true",
                        help="search with the settings the computer plays with (cachex.engine.settings.PLAY)")
    parser.add_argument("--amount", type=int, default=None,
                        help="games or iterations (default 20 games, 300 iterations)")
    args = parser.parse_args()
    if args.work == "games":
        print(random_games(args.size, args.amount or 20))
    else:
        print(one_search(args.size, args.amount or 300, args.position, args.play))


if __name__ == "__main__":
    main()
