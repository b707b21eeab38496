"""Strength matches of the Cubox computer against the sparring pool (``bench.cubox_pool``).

Run ``python -m bench.cubox_match --size 5 --games 20 --opponent alphabeta
--level medium``: the computer takes X in even games and O in odd ones; each
game is appended to ``bench/cubox_results.jsonl`` (commit, size, opponent,
level, colour, result, turns, each side's CPU seconds, the record), and the
run ends with games, wins, the Wilson 95% interval and the wins per colour.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from bench.cubox_pool import AlphaBeta, RandomPlayer
from bench.results import wilson
from cubox.engine import choose_move
from cubox.game import Game

RESULTS = Path(__file__).resolve().parent / "cubox_results.jsonl"


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True, cwd=RESULTS.parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def play_game(size: int, level: str, opponent: RandomPlayer | AlphaBeta, computer: str, seed: int) -> dict[str, object]:
    """One game; the computer plays ``computer`` ('x' or 'o')."""
    game = Game(size)
    cpu = {"computer": 0.0, "opponent": 0.0}
    while game.outcome is None:
        started = time.process_time()
        if game.to_move == computer:
            game.play(choose_move(game, level, seed=seed * 1000 + game.turn_count))
            cpu["computer"] += time.process_time() - started
        else:
            game.play(opponent.choose(game))
            cpu["opponent"] += time.process_time() - started
    winner = game.outcome.winner
    result = "draw" if winner is None else "win" if winner == computer else "loss"
    return {"size": size, "level": level, "opponent": opponent.name, "colour": computer, "result": result,
            "turns": game.turn_count, "cpu_computer": round(cpu["computer"], 2),
            "cpu_opponent": round(cpu["opponent"], 2), "record": game.to_fragment()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cubox_match", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", choices=("random", "alphabeta"), default="alphabeta")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seconds", type=float, default=1.0, help="the alpha-beta's time a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    head = commit()
    wins = {"x": 0.0, "o": 0.0}
    for number in range(args.games):
        computer = "x" if number % 2 == 0 else "o"
        opponent = RandomPlayer(args.seed + number) if args.opponent == "random" else AlphaBeta(args.seconds)
        row = play_game(args.size, args.level, opponent, computer, args.seed + number)
        row["commit"] = head
        row["opponent_seconds"] = args.seconds if args.opponent == "alphabeta" else 0
        with RESULTS.open("a") as out:
            out.write(json.dumps(row, sort_keys=True) + "\n")
        wins[computer] += 1.0 if row["result"] == "win" else 0.5 if row["result"] == "draw" else 0.0
        print(f"game {number + 1}: computer {computer} {row['result']} in {row['turns']} turns "
              f"(cpu {row['cpu_computer']} s vs {row['cpu_opponent']} s)", flush=True)
    total = sum(wins.values())
    low, high = wilson(total, args.games)
    print(f"size {args.size}, level {args.level} vs {args.opponent}: {total:g}/{args.games} "
          f"({100 * total / args.games:.0f}%, Wilson 95% {100 * low:.0f}-{100 * high:.0f}%), "
          f"as X {wins['x']:g}/{(args.games + 1) // 2}, as O {wins['o']:g}/{args.games // 2}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
