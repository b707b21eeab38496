"""A quick screen of a change to Chase's search: the shipped search with some of
``chase.engine.alphabeta``'s constants changed against the search as shipped, at equal time.

Run ``python -m bench.chase_screen '{"SPLIT": 0}' --games 30 --seconds 0.3``: the variant
takes white in even games and black in odd ones (white starts); each pair of games opens
with the same 4 random plies (``--seed``). It prints the variant's wins with the Wilson 95%
interval and per side. A screen only sorts out what is worth a match: a change is adopted on
matches against the pool (``bench.chase_match``), never on this head-to-head alone.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

import chase.engine.alphabeta as alphabeta
from bench.matches import score
from chase.engine import search_of
from chase.engine.alphabeta import Table
from chase.game import Game
from chase.notation import Move
from gamekit.stats import wilson

LIMIT = 300  # plies after which a game counts as a draw


class Player:
    """The shipped search with ``changes`` to the module's constants while it thinks."""

    def __init__(self, changes: dict[str, Any], seconds: float) -> None:
        self.changes = changes
        self.seconds = seconds
        self.table: Table = {}

    def choose(self, game: Game, shipped: dict[str, Any]) -> Move:
        for name, value in {**shipped, **self.changes}.items():
            setattr(alphabeta, name, value)
        search = search_of(game, table=self.table)
        search.step(self.seconds)
        return search.best_text()


def play(job: tuple[int, dict[str, Any], float, int]) -> dict[str, Any]:
    """One game: the variant's side, and its result (1, 0.5 or 0)."""
    number, changes, seconds, seed = job
    shipped = {name: getattr(alphabeta, name) for name in changes}
    mine = "white" if number % 2 == 0 else "black"
    players = {mine: Player(changes, seconds), ("black" if mine == "white" else "white"): Player({}, seconds)}
    game = Game()
    opening = random.Random(seed * 1000 + number // 2)
    for _ in range(4):
        game.play(opening.choice(game.legal_moves()))
    while game.outcome is None and game.turn_count < LIMIT:
        game.play(players[game.to_move].choose(game, shipped))
    winner = game.outcome.winner if game.outcome is not None else None
    result = "draw" if winner is None else "win" if winner == mine else "loss"
    return {"side": mine, "result": result}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.chase_screen", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("changes", help='the constants changed, as JSON: \'{"SPLIT": 0}\'')
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        changes = json.loads(args.changes)
    except ValueError as exc:
        parser.error(f"the changes are not JSON: {exc}")
    if not isinstance(changes, dict) or not all(isinstance(name, str) and name.isupper()
                                                 and hasattr(alphabeta, name) for name in changes):
        parser.error("the changes name constants of chase.engine.alphabeta, such as {\"SPLIT\": 0}")
    with Pool(args.jobs) as pool:
        rows = pool.map(play, [(n, changes, args.seconds, args.seed) for n in range(args.games)])
    total = score(rows)
    low, high = wilson(total, len(rows))
    sides = ", ".join(f"as {side} {score([r for r in rows if r['side'] == side]):g}" for side in ("white", "black"))
    print(f"{changes} against the shipped search, {args.seconds:g} s a move: {total:g}/{len(rows)} "
          f"(Wilson 95% {100 * low:.0f}-{100 * high:.0f}%), {sides}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
