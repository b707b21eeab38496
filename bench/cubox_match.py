"""Strength matches of the Cubox computer against the sparring pool (``bench.cubox_pool``).

Run ``python -m bench.cubox_match --size 6 --games 40 --opponent uct --seconds 1``:
the computer's search (``gamekit.mcts`` over ``cubox.engine``) and the opponent
each get ``--seconds`` a move (wall clock; ``--jobs`` games run at once, one a
core), or with ``--level`` the computer plays a page level's own budget (and the
opponent, unless ``--seconds`` says otherwise, the level's time). The
computer takes X in even games and O in odd ones. ``--settings`` changes the
computer's search (``rave_equivalence=0`` turns RAVE off, ``exploration=0.3``).
Each game is appended to ``bench/cubox_results.jsonl`` (commit, size,
opponent, its seconds, the computer's level or seconds and settings, colour,
result, turns, each side's CPU seconds, the record), and the run ends with
games, wins, the Wilson 95% interval and the wins per colour.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.cubox_pool import AlphaBeta, PlainUCT
from bench.matches import play_all, summary
from bench.plain_uct import RandomPlayer
from cubox.engine import CuboxState, choose_move, move_text
from cubox.game import Game
from cubox.levels import LEVEL_NAMES, search_budget
from cubox.notation import Move
from gamekit.mcts import MCTS

RESULTS = Path(__file__).resolve().parent / "cubox_results.jsonl"
OPPONENTS = ("random", "uct", "alphabeta")


def parse_settings(text: str) -> dict[str, float]:
    """``"a=1,b=0.5"`` as ``{"a": 1.0, "b": 0.5}``; ``ValueError`` naming a bad part."""
    settings: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        name, sep, value = part.partition("=")
        if not sep or name.strip() not in ("exploration", "rave_equivalence"):
            raise ValueError(f"{part!r} is not a setting such as rave_equivalence=0 or exploration=0.3")
        settings[name.strip()] = float(value)
    return settings


class Computer:
    """The computer's search for ``seconds`` a move (or a page level's budget), with settings."""

    def __init__(self, seconds: float, level: str | None, settings: dict[str, float], seed: int) -> None:
        self.seconds, self.level, self.settings = seconds, level, settings
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        if self.level is not None:
            return choose_move(game, self.level, seed=self.rng.randrange(1 << 30))
        search = MCTS(CuboxState.of(game), self.rng, **self.settings)  # type: ignore[arg-type]
        search.run(iterations=1 << 30, seconds=self.seconds)
        return move_text(game, search.best_move())


def opponent_of(name: str, seconds: float, seed: int) -> RandomPlayer | PlainUCT | AlphaBeta:
    if name == "random":
        return RandomPlayer(seed)
    if name == "uct":
        return PlainUCT(seconds, seed=seed)
    return AlphaBeta(seconds)


def play_game(job: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    """One game of the match (``job``: its number and the match's options)."""
    number, options = job
    seed = options["seed"] * 1000 + number
    computer_side = "x" if number % 2 == 0 else "o"
    players = {computer_side: Computer(options["seconds"], options["level"], options["settings"], seed),
               ("o" if computer_side == "x" else "x"): opponent_of(options["opponent"], options["seconds"], seed)}
    game = Game(options["size"])
    cpu = {"x": 0.0, "o": 0.0}
    while game.outcome is None:
        started = time.process_time()
        side = game.to_move
        game.play(players[side].choose(game))
        cpu[side] += time.process_time() - started
    winner = game.outcome.winner
    result = "draw" if winner is None else "win" if winner == computer_side else "loss"
    other = "o" if computer_side == "x" else "x"
    return {"size": options["size"], "level": options["level"] or f"{options['seconds']:g}s",
            "settings": options["settings"], "opponent": options["opponent"],
            "opponent_seconds": options["seconds"] if options["opponent"] != "random" else 0,
            "colour": computer_side, "result": result, "turns": game.turn_count,
            "cpu_computer": round(cpu[computer_side], 2), "cpu_opponent": round(cpu[other], 2),
            "record": game.to_fragment()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cubox_match", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", choices=OPPONENTS, default="uct")
    parser.add_argument("--seconds", type=float, default=None,
                        help="each side's time a move (default: the level's time with --level, else 1)")
    parser.add_argument("--level", default=None, choices=LEVEL_NAMES,
                        help="the computer at a page level's budget instead")
    parser.add_argument("--settings", type=parse_settings, default={}, help="the computer's search settings")
    parser.add_argument("--jobs", type=int, default=2, help="games at once (at most one a core)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.seconds is None:
        args.seconds = search_budget(args.level)[1] if args.level else 1.0
    options = {"size": args.size, "opponent": args.opponent, "seconds": args.seconds, "level": args.level,
               "settings": args.settings, "seed": args.seed}
    rows = play_all(play_game, [(n, options) for n in range(args.games)], args.jobs, RESULTS, {},
                    lambda row: f"computer {row['colour']} {row['result']} in {row['turns']} turns "
                                f"(cpu {row['cpu_computer']} s vs {row['cpu_opponent']} s)")
    who = args.level or f"{args.seconds:g} s a move {args.settings or ''}".strip()
    print(f"size {args.size}, computer ({who}) vs {args.opponent} ({args.seconds:g} s): "
          + summary(rows, "colour", ("x", "o"), ("as X", "as O")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
