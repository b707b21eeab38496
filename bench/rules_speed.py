"""Speed of the rules hot path: random complete games and moves per second.

Run: ``python -m bench.rules_speed [--seconds S] [--sizes 5 9 11 15]``.
Each game is played from the empty board to its end under the exact rules
(centre ban, steal, captures, win, repetition and turn-limit draws) by
``cachex.engine.playout.random_playout``, the path the search uses; a second figure
times the same games through the public ``Game`` API for comparison.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from cachex.engine.playout import random_playout
from cachex.game import Game
from cachex.geometry import Geometry
from cachex.rules import BoardCounts


def playout_rate(n: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(games per second, moves per second) of random playouts on an n x n board."""
    geo = Geometry.of(n)
    rng = random.Random(seed)
    empty = bytes(geo.size)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        played: list[int] = []
        random_playout(geo, bytearray(empty), 0, BoardCounts({empty: 1}), rng.random, played)
        games += 1
        moves += len(played)
    return games / elapsed, moves / elapsed


def game_api_rate(n: int, seconds: float, seed: int = 1) -> float:
    """Moves per second through ``Game.play`` with random legal moves."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game = Game(n)
        while game.outcome is None:
            game.play(rng.choice(game.legal_moves()))
            moves += 1
    return moves / elapsed


def main() -> None:
    """Print one line per board size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 9, 11, 15])
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{args.seconds:g} s per figure")
    print(f"{'n':>3} {'playouts/s':>11} {'moves/s':>10} {'Game.play moves/s':>18}")
    for n in args.sizes:
        games, moves = playout_rate(n, args.seconds)
        api = game_api_rate(n, args.seconds)
        print(f"{n:>3} {games:>11.0f} {moves:>10.0f} {api:>18.0f}")


if __name__ == "__main__":
    main()
