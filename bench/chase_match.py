"""Strength matches of the Chase computer against the sparring pool (``bench.chase_pool``).

Run ``python -m bench.chase_match --opponent uct --level hard --games 40``: the
computer plays a page level's budget (or ``--seconds`` a move), the timed
opponents (``uct``, ``mcts``, ``rival``: ``bench.chase_rival``) get the same time a move, and the computer
takes white in even games and black in odd ones (white always starts);
``--opponent level --opponent-level medium`` plays the computer at another page level. Each
pair of games opens with ``--opening`` random plies (4 by default), the same for both games
of the pair, so that two programs that choose alike still play different games. A
game still running after ``--limit`` plies is stopped and counted a draw.
Each game is appended to ``bench/chase_results.jsonl`` (commit, opponent,
the computer's level or seconds, side, result, plies, each side's CPU
seconds, the record), and the run ends with games, wins, the Wilson 95%
interval and the wins per side.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from bench.chase_pool import AlphaBetaTwo, Greedy, PlainUCT, TreeSearch
from bench.chase_rival import RivalAlphaBeta
from bench.matches import play_all, summary
from bench.plain_uct import RandomPlayer
from chase.engine import search_of
from chase.engine.alphabeta import Table
from chase.game import Game
from chase.levels import search_budget
from chase.notation import Move

RESULTS = Path(__file__).resolve().parent / "chase_results.jsonl"
OPPONENTS = ("random", "greedy", "alphabeta", "uct", "mcts", "rival", "level")


class Player(Protocol):
    def choose(self, game: Game) -> Move: ...


class Computer:
    """The shipped search at a level's budget, or for ``seconds`` a move."""

    def __init__(self, seconds: float, level: str | None) -> None:
        self.seconds, self.level = seconds, level
        self.table: Table = {}  # kept between moves, as the worker does

    def choose(self, game: Game) -> Move:
        nodes, seconds = (1 << 30, self.seconds) if self.level is None else search_budget(self.level)
        search = search_of(game, table=self.table)
        search.step(seconds, nodes)
        return search.best_text()


def opponent_of(name: str, seconds: float, seed: int, level: str | None = None) -> Player:
    if name == "level":
        return Computer(seconds, level)
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return Greedy(seed)
    if name == "alphabeta":
        return AlphaBetaTwo(seed)
    if name == "uct":
        return PlainUCT(seconds, seed=seed)
    if name == "rival":
        return RivalAlphaBeta(seconds, seed=seed)
    return TreeSearch(seconds, seed=seed)


def play_game(job: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    """One game of the match (``job``: its number and the match's options)."""
    number, options = job
    seed = options["seed"] * 1000 + number
    random.seed(seed)
    mine = "white" if number % 2 == 0 else "black"
    theirs = "black" if mine == "white" else "white"
    players: dict[str, Player] = {mine: Computer(options["seconds"], options["level"]),
                                  theirs: opponent_of(options["opponent"], options["seconds"], seed,
                                                      options["opponent_level"])}
    game = Game()
    opening = random.Random(options["seed"] * 1000 + number // 2)  # a pair of games, sides swapped, shares it
    for _ in range(options["opening"]):
        game.play(opening.choice(game.legal_moves()))
    cpu = {"white": 0.0, "black": 0.0}
    while game.outcome is None and game.turn_count < options["limit"]:
        started = time.process_time()
        side = game.to_move
        game.play(players[side].choose(game))
        cpu[side] += time.process_time() - started
    winner = game.outcome.winner if game.outcome is not None else None
    result = "draw" if winner is None else "win" if winner == mine else "loss"
    return {"level": options["level"] or f"{options['seconds']:g}s",
            "opponent": options["opponent"] if options["opponent"] != "level" else f"level {options['opponent_level']}",
            "opponent_seconds": (search_budget(options["opponent_level"])[1] if options["opponent"] == "level"
                                 else options["seconds"] if options["opponent"] in ("uct", "mcts", "rival") else 0),
            "side": mine, "result": result, "reason": game.outcome.reason if game.outcome else "limit",
            "opening": options["opening"], "plies": game.turn_count, "cpu_computer": round(cpu[mine], 2),
            "cpu_opponent": round(cpu[theirs], 2),
            "record": game.to_fragment()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.chase_match", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", choices=OPPONENTS, default="uct")
    parser.add_argument("--level", default=None, help="the computer at a page level's budget")
    parser.add_argument("--seconds", type=float, default=None,
                        help="each side's time a move (default: the level's time)")
    parser.add_argument("--opponent-level", default=None,
                        help="with --opponent level: the page level the computer plays against")
    parser.add_argument("--limit", type=int, default=400, help="plies after which a game is a draw")
    parser.add_argument("--jobs", type=int, default=2, help="games at once (at most one a core)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=4,
                        help="random plies that open each pair of games (the same for both games of a pair)")
    args = parser.parse_args(argv)
    if args.level is None and args.seconds is None:
        parser.error("give --level or --seconds")
    if (args.opponent == "level") != (args.opponent_level is not None):
        parser.error("--opponent level goes with --opponent-level NAME")
    if args.opponent_level is not None:
        search_budget(args.opponent_level)  # an unknown level's ValueError, before any game
    seconds = args.seconds if args.seconds is not None else search_budget(args.level)[1]
    options = {"opponent": args.opponent, "seconds": seconds, "level": args.level if args.seconds is None else None,
               "seed": args.seed, "limit": args.limit, "opening": args.opening,
               "opponent_level": args.opponent_level}
    rows = play_all(play_game, [(n, options) for n in range(args.games)], args.jobs, RESULTS, {},
                    lambda row: f"computer {row['side']} {row['result']} ({row['reason']}) in {row['plies']} plies "
                                f"(cpu {row['cpu_computer']} s vs {row['cpu_opponent']} s)")
    who = options["level"] or f"{seconds:g} s a move"
    them = (f"level {args.opponent_level}" if args.opponent_level else f"{args.opponent} ({seconds:g} s)")
    print(f"computer ({who}) vs {them}: "
          + summary(rows, "side", ("white", "black"), ("as white", "as black")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
