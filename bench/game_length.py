"""How many moves a player still makes, by the empty cells, in the arena's games.

``cachex.agent.move_time`` spreads what is left of the budget over the moves
it expects to come (``TimePlan.expected_moves``: the plan's ``pace`` of the
empty cells, plus two, plus its ``tail`` for every n turns played). In
Cachex captures empty cells again, so games can run long; this reads the
games of the results file (``bench/arena_results.jsonl``) at the official
limits and shows, per band of empty cells, how many moves the player to move
still made (mean, median, 80th and 95th percentile) beside what the plan
expects. Run::

    python -m bench.game_length --size 7 [--pace 0.25] [--tail 2] [--band 4]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from bench.results import GameRecord, read
from cachex.agent import PLAN, TimePlan
from cachex.game import Game
from cachex.record import decode


class Position(NamedTuple):
    """One position of a game: the moves its player to move still made (the
    game's move that ended it included), its empty cells and the turns before it."""

    left: int
    empties: int
    turns: int


def moves_left(games: Iterable[GameRecord], n: int, band: int = 4) -> dict[int, list[Position]]:
    """For each band of empty cells (its lowest count), the positions of ``games``
    on the ``n`` board at the official limits."""
    if band < 1:
        raise ValueError(f"band is a count of empty cells, at least 1, not {band}")
    found: dict[int, list[Position]] = defaultdict(list)
    for record in games:
        if record.n != n or record.budget != n * n or not record.game:
            continue
        moves = decode(record.game).moves
        game = Game(n)
        for turn, move in enumerate(moves):
            empties = game.empty_count
            found[empties // band * band].append(Position((len(moves) - turn + 1) // 2, empties, turn))
            game.play(move)
    return dict(found)


def report(found: dict[int, list[Position]], n: int, plan: TimePlan = PLAN) -> str:
    """A Markdown table of ``moves_left``'s bands on the ``n`` board beside
    ``plan``'s expectation (its mean over the band's positions)."""
    lines = ["| empty cells from | positions | mean | median | 80% | 95% | plan expects |",
             "|---|---|---|---|---|---|---|"]
    for low in sorted(found):
        left = sorted(position.left for position in found[low])
        expects = statistics.mean(plan.expected_moves(p.empties, n, p.turns) for p in found[low])
        lines.append(f"| {low} | {len(left)} | {statistics.mean(left):.1f} | {left[len(left) // 2]} | "
                     f"{left[int(len(left) * 0.8)]} | {left[int(len(left) * 0.95)]} | "
                     f"{expects:.1f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, required=True, help="the board size")
    parser.add_argument("--pace", type=float, default=PLAN.pace, help="the plan's pace to compare with")
    parser.add_argument("--tail", type=float, default=PLAN.tail, help="the plan's tail to compare with")
    parser.add_argument("--band", type=int, default=4, help="empty cells per row of the table")
    args = parser.parse_args()
    try:
        plan = TimePlan(pace=args.pace, tail=args.tail)
        found = moves_left(read(), args.size, args.band)
    except ValueError as exc:
        parser.error(str(exc))
    if not found:
        parser.error(f"no games on {args.size} x {args.size} at the official limits in the results file")
    print(report(found, args.size, plan))


if __name__ == "__main__":
    main()
