"""How many moves a player still makes, by the empty cells, in the arena's games.

``cachex.agent.move_time`` spreads what is left of the budget over the moves
it expects to come (``TimePlan.expected_moves``: the plan's ``pace`` of the
empty cells, plus two, plus its ``tail`` for every n turns played). In
Cachex captures empty cells again, so games can run long; this reads the
games of the results file (``bench/arena_results.jsonl``) at the official
limits and shows, per band of empty cells, how many moves the player to move
still made (mean, median, 80th and 95th percentile) beside what the plan
expects. With ``--spending`` it shows instead, for the agent's own games by
their length, what the plan would spend: the share of the budget, the
seconds a move in the middle game (turns 20 to 69) and the last move's. Run::

    python -m bench.game_length --size 7 [--pace 0.25] [--tail 2] [--band 4] [--spending]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from bench.results import GameRecord, read
from cachex.agent import PLAN, SAFE_SHARE, TimePlan, move_time
from cachex.colours import colour_code
from cachex.game import Game
from cachex.record import decode


class Position(NamedTuple):
    """One position of a game: the moves its player to move still made (the
    game's move that ended it included), its empty cells and the turns before it."""

    left: int
    empties: int
    turns: int


def official_games(games: Iterable[GameRecord], n: int) -> list[GameRecord]:
    """The games on the ``n`` board at the official limits that kept their record."""
    return [g for g in games if g.n == n and g.budget == n * n and g.game]


def agent_games(games: Iterable[GameRecord], n: int) -> list[GameRecord]:
    """``official_games`` with the agent as the first player, the side ``spending`` replays."""
    return [g for g in official_games(games, n) if g.first == "agent"]


def moves_left(games: Iterable[GameRecord], n: int, band: int = 4) -> dict[int, list[Position]]:
    """For each band of empty cells (its lowest count), the positions of ``games``
    on the ``n`` board at the official limits."""
    if band < 1:
        raise ValueError(f"band is a count of empty cells, at least 1, not {band}")
    found: dict[int, list[Position]] = defaultdict(list)
    for record in official_games(games, n):
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


# The middle game's turns, for ``spending_report``.
MIDDLE = range(20, 70)


class Spending(NamedTuple):
    """What a plan would spend over one recorded game: its turns, the share of the
    budget used, and the seconds given to each of the player's moves, by turn."""

    turns: int
    share: float
    seconds: list[tuple[int, float]]


def spending(record: GameRecord, plan: TimePlan = PLAN) -> Spending:
    """Replay the agent's side of ``record`` (its ``first`` player) through
    ``move_time``, each move taking its planned seconds from the budget (the
    book's moves too, so the share is an upper bound)."""
    n = record.n
    moves = decode(record.game).moves
    me = colour_code(record.first_colour)
    budget = left = SAFE_SHARE * n * n
    game = Game(n)
    seconds = []
    for move in moves:
        if game.mover == me and len(game.legal_moves()) > 1:
            planned = move_time(left, game, plan)
            left -= planned
            seconds.append((game.turn_count, planned))
        game.play(move)
    return Spending(len(moves), 1.0 - left / budget, seconds)


def spending_report(games: Iterable[GameRecord], n: int, plan: TimePlan = PLAN, band: int = 40) -> str:
    """A Markdown table of ``spending`` over the agent's games on the ``n`` board at the
    official limits, by bands of ``band`` turns: the mean share of the budget, the
    median seconds of a move in the middle game (``MIDDLE``), the median last move's."""
    rows: dict[int, list[Spending]] = defaultdict(list)
    for record in agent_games(games, n):
        spent = spending(record, plan)
        rows[spent.turns // band * band].append(spent)
    lines = ["| turns from | games | budget share | seconds a middle move | last move's seconds |",
             "|---|---|---|---|---|"]
    for low in sorted(rows):
        found = rows[low]
        middle = [t for s in found for turn, t in s.seconds if turn in MIDDLE]
        last = [s.seconds[-1][1] for s in found if s.seconds]
        lines.append(f"| {low} | {len(found)} | {statistics.mean(s.share for s in found):.0%} | "
                     f"{statistics.median(middle) if middle else 0.0:.2f} | "
                     f"{statistics.median(last) if last else 0.0:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, required=True, help="the board size")
    parser.add_argument("--pace", type=float, default=PLAN.pace, help="the plan's pace to compare with")
    parser.add_argument("--tail", type=float, default=PLAN.tail, help="the plan's tail to compare with")
    parser.add_argument("--band", type=int, default=4, help="empty cells per row of the table")
    parser.add_argument("--spending", action="store_true",
                        help="what the plan would spend over the agent's games, by their length")
    args = parser.parse_args()
    try:
        plan = TimePlan(pace=args.pace, tail=args.tail)
        if args.spending:
            games = read()
            if not agent_games(games, args.size):
                parser.error(f"no agent games on {args.size} x {args.size} at the official limits")
            print(spending_report(games, args.size, plan))
            return
        found = moves_left(read(), args.size, args.band)
    except ValueError as exc:
        parser.error(str(exc))
    if not found:
        parser.error(f"no games on {args.size} x {args.size} at the official limits in the results file")
    print(report(found, args.size, plan))


if __name__ == "__main__":
    main()
