"""Cubox's random playouts: the engine's against a plain reference, from the same positions, in one run.

Run ``python -m bench.cubox_playouts --sizes 5 6 8 --seconds 2``. The plain
playout is what a straightforward program over the rules library does: each
turn it asks ``cubox.rules.placements`` for the legal moves, picks one at
random (a pass when there is none; two passes in a row end the game drawn)
and asks ``cubox.rules.winning_chain`` whether the new cubox won. The engine's
random playout is ``cubox.engine.playout.random_playout`` with every move
equally likely; the search's is ``cubox.engine.CuboxState.playout``, the same
with its policy (``STACK_FIRST``: the chance of a stack first whenever the
mover has one open), whose games run longer. All three start from the empty board and from positions a few
random moves in, take turns in short rounds so that the machine's load falls
on each alike, and the run prints each one's playouts a second and the ratio
engine / plain.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from cubox.board import Board
from cubox.engine import CuboxState
from cubox.engine.playout import random_playout
from cubox.game import Game
from cubox.rules import EMPTY, placements, winning_chain


def plain_playout(board: Board, cells: bytearray, mover: int, rng: random.Random) -> int:
    """Random legal moves to the end, on the rules library alone: the winner's code, 0 for a deadlock."""
    passed = False
    while True:
        moves = placements(board, cells, mover)
        if not moves:
            if passed:
                return EMPTY
            passed = True
        else:
            passed = False
            p = rng.choice(moves)
            cells[p] = mover
            if winning_chain(board, cells, p) is not None:
                return mover
        mover = 3 - mover


def start_positions(size: int, count: int, seed: int = 1) -> list[Game]:
    """The empty board and ``count - 1`` positions 2 to 8 random moves in (none of them over)."""
    rng = random.Random(seed)
    games = [Game(size)]
    while len(games) < count:
        game = Game(size)
        for _ in range(rng.randrange(2, 9)):
            moves = [m for m in game.legal_moves() if not m.is_swap]
            game.play(rng.choice(moves))
            if game.outcome is not None:
                break
        if game.outcome is None:
            games.append(game)
    return games


def rate(kind: str, games: list[Game], seconds: float, rng: random.Random) -> tuple[int, float]:
    """(playouts, seconds) of ``kind`` ("engine", "search" or "plain") cycling through ``games`` for
    about ``seconds``."""
    states = [CuboxState.of(game) for game in games]
    done, started = 0, time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for state in states:
            if kind == "engine":
                random_playout(state.board, state.cells, state.mover, state.passes == 1, rng)
            elif kind == "search":
                state.playout(rng)
            else:
                plain_playout(state.board, bytearray(state.cells), state.mover, rng)
            done += 1
    return done, time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cubox_playouts", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 6, 8])
    parser.add_argument("--seconds", type=float, default=2.0, help="each kind's time per size, in rounds")
    parser.add_argument("--positions", type=int, default=8, help="the empty board and random openings")
    args = parser.parse_args(argv)
    rng = random.Random(7)
    print(f"{'size':>4} {'from':>6} {'engine/s':>10} {'plain/s':>10} {'ratio':>6} {'search/s':>10}")
    for size in args.sizes:
        for label, games in (("empty", [Game(size)]), ("mixed", start_positions(size, args.positions))):
            totals = {"engine": [0, 0.0], "plain": [0, 0.0], "search": [0, 0.0]}
            for _ in range(8):  # rounds, alternating, so that load falls on each alike
                for kind in totals:
                    done, spent = rate(kind, games, args.seconds / 8, rng)
                    totals[kind][0] += done
                    totals[kind][1] += spent
            engine = totals["engine"][0] / totals["engine"][1]
            plain = totals["plain"][0] / totals["plain"][1]
            search = totals["search"][0] / totals["search"][1]
            print(f"{size:>4} {label:>6} {engine:>10.0f} {plain:>10.0f} {engine / plain:>6.2f} {search:>10.0f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
