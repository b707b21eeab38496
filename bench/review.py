"""Review the arena's games: at each move the measured agent made, what a longer search prefers.

A lost game says little by its result alone. This replays games of the
results file (``bench/arena_results.jsonl``) and, at every move the measured
agent made that the opening book did not, runs a fresh search with the
settings the computer plays with (``cachex.engine.settings.PLAY``) for ``--seconds`` of
CPU time, several times what a move gets in a game. Per game it prints a row
per move: the turn, the game's move, the longer search's move, that search's
winning chance for the agent and the share of its visits the game's move got;
then how often the two agreed and the game's turning point, the first move
from which the longer search's chance stays below one half. Moves where the
two differ before the turning point are where the game was likely lost; a
chance that stays high until a sudden zero is a position the search misjudged.
Run, for example::

    python -m bench.review --size 7 --opponent shortest-path --seconds 5
    python -m bench.review --size 9 --opponent chain-span --result win --games 2

The games are those of ``--same-code`` (default ``HEAD``: every commit whose
players' code is HEAD's, as ``bench.results`` takes them) or of ``--commit``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import NamedTuple

from bench.results import OUTCOMES, GameRecord, read, same_code
from cachex.agent import proof_entries
from cachex.engine.result import SearchResult
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY
from cachex.errors import CachexError
from cachex.game import Game
from cachex.geometry import check_size

# A search of a position: the game in it, to the move to review.
Searcher = Callable[[Game], SearchResult]


class Reviewed(NamedTuple):
    """One of the agent's moves beside a longer search's view of its position."""

    turn: int  # the move's number in the game, from 1
    played: str
    preferred: str
    chance: float  # the longer search's winning chance for the agent
    share: float  # the share of that search's visits the played move got


def searcher(seconds: float | None = None, iterations: int | None = None, seed: int = 0) -> Searcher:
    """A fresh search per position with the computer's settings, by CPU ``seconds``
    or by ``iterations`` (reproducible with ``seed``); ``ValueError`` without either."""
    if seconds is None and iterations is None:
        raise ValueError("give the review's search a budget: seconds or iterations")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"the review's search needs more than 0 seconds, not {seconds}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"the review's search needs at least 1 iteration, not {iterations}")

    def search(game: Game) -> SearchResult:
        tree = MCTS(PLAY, seed=seed, proof_entries=proof_entries(game.n))
        return tree.search(game, iterations=iterations, seconds=seconds, clock=time.process_time)

    return search


def review_game(record: GameRecord, search: Searcher) -> list[Reviewed]:
    """The measured agent's moves in ``record``'s game, each beside ``search``'s view
    of its position (the book's moves left out); ``ValueError`` if the game is not kept
    or does not replay."""
    if not record.game:
        raise ValueError(f"a game of commit {record.commit} was recorded before games were kept")
    try:
        moves = Game.from_fragment(record.game).moves  # the whole game first: a bad record costs no search
    except CachexError as exc:
        raise ValueError(f"the game {record.game!r} of commit {record.commit} does not replay: {exc}") from None
    game = Game(record.n)
    rows = []
    for turn, move in enumerate(moves, start=1):
        if game.to_move == record.first_colour:
            result = search(game)
            if not result.booked:
                played = str(move)
                total = sum(result.visits.values())
                rows.append(Reviewed(turn, played, str(result.move), result.chance_for(record.first_colour),
                                     result.visits.get(played, 0) / total if total else 0.0))
        game.play(move)
    return rows


def turning_point(rows: list[Reviewed]) -> int | None:
    """The turn from which the longer search's chance for the agent stays below one
    half to the end (``None``: it ends at one half or above, or there are no rows).

    >>> rows = [Reviewed(5, "a1", "a1", 0.6, 1.0), Reviewed(7, "b2", "c3", 0.4, 0.1),
    ...         Reviewed(9, "c3", "c3", 0.55, 0.9), Reviewed(11, "d4", "d4", 0.2, 0.8)]
    >>> turning_point(rows), turning_point(rows[:3]), turning_point([])
    (11, None, None)
    """
    point = None
    for row in reversed(rows):
        if row.chance >= 0.5:
            break
        point = row.turn
    return point


def report(record: GameRecord, rows: list[Reviewed]) -> str:
    """A Markdown table of one game's reviewed moves, with the agreement and the turning point."""
    head = (f"{record.first} ({record.first_colour}) against {record.second}, {record.n} x {record.n}, "
            f"{record.result} in {record.turns} turns, commit {record.commit}: {record.game}")
    lines = [head, "", "| turn | played | longer search | its chance | played's share |",
             "|---|---|---|---|---|"]
    for row in rows:
        mark = "" if row.played == row.preferred else " (differs)"
        lines.append(f"| {row.turn} | {row.played} | {row.preferred}{mark} | {row.chance:.3f} | {row.share:.0%} |")
    agreed = sum(row.played == row.preferred for row in rows)
    point = turning_point(rows)
    lines.append("")
    lines.append(f"agreed on {agreed} of {len(rows)} moves; turning point: "
                 f"{'none' if point is None else f'turn {point}'}")
    return "\n".join(lines)


def chosen_games(games: list[GameRecord], n: int, opponent: str, result: str, agent: str) -> list[GameRecord]:
    """The games of ``agent`` against ``opponent`` on the ``n`` board that ended in ``result``."""
    return [g for g in games if g.n == n and g.second == opponent and g.result == result and g.first == agent]


def main() -> None:
    """Print the review of the chosen games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, required=True, help="the board size")
    parser.add_argument("--opponent", required=True, help="the opponent, as the results file names it")
    parser.add_argument("--agent", default="agent", help="the measured agent (default: agent)")
    parser.add_argument("--result", choices=OUTCOMES, default="loss", help="the games' result for the agent")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--same-code", metavar="C", default="HEAD",
                       help="the games of every commit whose players' code is C's (default HEAD)")
    which.add_argument("--commit", help="only the games of this commit")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="CPU seconds of each longer search (default 5)")
    budget.add_argument("--iterations", type=int, help="iterations of each longer search instead")
    parser.add_argument("--games", type=int, help="review at most this many games")
    parser.add_argument("--seed", type=int, default=0, help="the longer searches' seed")
    args = parser.parse_args()
    try:
        check_size(args.size)
        seconds = 5.0 if args.seconds is None and args.iterations is None else args.seconds
        search = searcher(seconds, args.iterations, args.seed)
        games = read()
        if args.commit is None:
            games, _ = same_code(games, args.same_code)
        else:
            games = [g for g in games if g.commit == args.commit]
    except ValueError as exc:
        parser.error(str(exc))
    if args.games is not None and args.games < 1:
        parser.error(f"--games needs at least 1 game, not {args.games}")
    chosen = chosen_games(games, args.size, args.opponent, args.result, args.agent)[:args.games]
    if not chosen:
        parser.error(f"no {args.result} of {args.agent} against {args.opponent} on {args.size} x {args.size} "
                     f"among the games chosen")
    for record in chosen:
        try:
            print(report(record, review_game(record, search)), end="\n\n", flush=True)
        except ValueError as exc:
            parser.error(str(exc))


if __name__ == "__main__":
    main()
