"""Strength matches of the 42-cluster computer against the sparring pool, as bots under the referee.

Run ``python -m bench.cluster42_match --opponent plain --size 5 --games 40``: our bot
(``python -m cluster42 bot``, or ``--ours CMD``) plays a pool bot
(``bench.cluster42_pool``) under ``cluster42.referee`` with its timeout (1.0 s a move
by default), seats alternating, each game's draws from ``--seed``. Each game is
appended to ``bench/cluster42_results.jsonl`` (commit, size, opponent, timeout, our
seat, result, the reason, turns, the record) and the run ends with games, wins,
the Wilson 95% interval, wins per seat and any losses by a fault of ours.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.cluster42_pool import STYLES
from bench.matches import play_all, summary
from cluster42.game import Game
from cluster42.referee import BotPlayer, referee_game

RESULTS = Path(__file__).resolve().parent / "cluster42_results.jsonl"
OURS = f"{sys.executable} -m cluster42 bot"
FAULTS = ("malformed", "illegal", "longer than the timeout", "closed", "could not be started", "answered")


def play_one(job: tuple[int, str, str, int, float, int]) -> dict[str, Any]:
    """One game: ours in seat ``number % 2`` (0 moves first)."""
    number, ours, opponent, size, timeout, seed = job
    our_seat = number % 2
    bots = [BotPlayer(ours, "ours"), BotPlayer(f"{sys.executable} -m bench.cluster42_pool {opponent}", opponent)]
    seats = (bots[0], bots[1]) if our_seat == 0 else (bots[1], bots[0])
    result = referee_game(seats, Game(size, seed=seed), timeout)
    return {"size": size, "opponent": opponent, "timeout": timeout, "seat": our_seat,
            "result": "win" if result.winner == our_seat else "loss", "reason": result.reason,
            "turns": Game.from_fragment(result.record).turn_count, "record": result.record}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cluster42_match", description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", choices=STYLES, required=True)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ours", default=OURS, help="our bot's command")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--label", default="", help="a note kept with each game (what was measured)")
    args = parser.parse_args(argv)
    master = random.Random(args.seed)
    jobs = [(n, args.ours, args.opponent, args.size, args.timeout, master.getrandbits(32)) for n in range(args.games)]
    games = play_all(play_one, jobs, args.jobs, RESULTS, {"label": args.label},
                     lambda g: f"ours seat {g['seat']}: {g['result']} in {g['turns']} turns ({g['reason']})")
    faults = [g["reason"] for g in games if g["result"] == "loss" and g["reason"].startswith("ours")
              and any(f in g["reason"] for f in FAULTS)]
    print(f"size {args.size}, {args.opponent}, {args.timeout} s a move: "
          + summary(games, "seat", (0, 1), ("first seat", "second seat"))
          + f"; our faults: {len(faults)} {faults[:3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
