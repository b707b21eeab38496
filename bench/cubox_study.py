"""Cubox's open problem and small boards, settled by computer.

Cameron Browne's help file conjectures that no deadlock (two passes in a row
with no winner) can occur. Three commands:

- ``python -m bench.cubox_study random --games 100000 --sizes 5 6 7 8``: plays
  uniformly random games (each legal move equally likely, the swap and passes
  included) and counts how each ended; prints one deadlocked record per size.
- ``python -m bench.cubox_study deadlocks --size 3``: visits every position
  reachable in play (from the empty board, swap included) and counts the
  reachable deadlocks, with one game that reaches one.
- ``python -m bench.cubox_study solve --size 4 [--no-swap]``: the value of the
  empty board with perfect play (a win for X, for O, or a draw), by a
  negamax over every reachable position with a transposition table.

And two that write the engine's opening data (``cubox.engine.opening``):

- ``python -m bench.cubox_study swaps --sizes 3 4 5``: solves each size
  without the swap and keeps the first cubox with which X wins.
- ``python -m bench.cubox_study openings --sizes 3 4 5 6 7 8``: rates every
  first cubox by the engine's own search from the position it makes, the swap
  not offered: X's mean result over the search's iterations.
- ``python -m bench.cubox_study replies --sizes 5``: for each first cubox X
  opens with that is proved to win, and each reply of O's, solves X's second
  cubox by the engine's exact search (``cubox.engine.proof``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from cubox.board import Board
from cubox.engine import CuboxState
from cubox.engine.opening import OPENINGS_FILE, REPLIES_FILE, SWAPS_FILE, first_moves, swaps
from cubox.engine.proof import CuboxProof
from cubox.game import Game
from cubox.rules import EMPTY, O, X, placements, winning_chain
from gamekit.mcts import MCTS

sys.setrecursionlimit(10_000)


def random_games(size: int, games: int, seed: int) -> tuple[Counter[str], str]:
    """How ``games`` random games on ``size`` ended, and a deadlocked record (or "")."""
    rng = random.Random(seed)
    ends: Counter[str] = Counter()
    example = ""
    for _ in range(games):
        game = Game(size)
        while game.outcome is None:
            game.play(rng.choice(game.legal_moves()))
        ends[game.outcome.winner or "deadlock"] += 1
        if game.outcome.winner is None and not example:
            example = game.to_fragment()
    return ends, example


# A searched position: its cells, the player to move, whether the last turn
# was a pass; the swap is searched only from the root's reply.
Key = tuple[bytes, int, bool]


class Explorer:
    """Depth-first visits of every reachable position of one board size."""

    def __init__(self, size: int, swap: bool = True) -> None:
        self.board = Board.of(size)
        self.cells = bytearray(self.board.size)
        self.swap = swap
        self.seen: set[Key] = set()
        self.deadlocks = 0
        self.example: list[str] = []
        self.path: list[str] = []
        self.values: dict[Key, int] = {}

    def moves(self, mover: int) -> list[int]:
        return placements(self.board, self.cells, mover)

    def explore(self, mover: int, passed: bool) -> None:
        """Visit the position and everything reachable from it."""
        key = (bytes(self.cells), mover, passed)
        if key in self.seen:
            return
        self.seen.add(key)
        moves = self.moves(mover)
        if not moves:
            if passed:
                self.deadlocks += 1
                if not self.example:
                    self.example = [*self.path, "pass"]  # the first pass is on the path
                return
            self.path.append("pass")
            self.explore(3 - mover, True)
            self.path.pop()
            return
        for p in moves:
            self.cells[p] = mover
            if winning_chain(self.board, self.cells, p) is None:
                self.path.append(self.board.name(p))
                self.explore(3 - mover, False)
                self.path.pop()
            self.cells[p] = EMPTY

    def explore_all(self) -> None:
        """From the empty board: X's first cubox, O's replies and O's swap."""
        for p in self.moves(X):
            self.cells[p] = X
            self.path = [self.board.name(p)]
            self.explore(O, False)
            if self.swap:
                self.cells[p] = O
                self.path = [self.board.name(p), "swap"]
                self.explore(X, False)
            self.cells[p] = EMPTY

    def value(self, mover: int, passed: bool) -> int:
        """Negamax value for ``mover``: 1 a win, 0 a deadlock, -1 a loss."""
        key = (bytes(self.cells), mover, passed)
        known = self.values.get(key)
        if known is not None:
            return known
        moves = self.moves(mover)
        if not moves:
            best = 0 if passed else -self.value(3 - mover, True)
        else:
            best = -2
            for p in moves:
                self.cells[p] = mover
                score = 1 if winning_chain(self.board, self.cells, p) is not None else -self.value(3 - mover, False)
                self.cells[p] = EMPTY
                if score > best:
                    best = score
                    if best == 1:
                        break
        self.values[key] = best
        return best

    def solve(self) -> tuple[int, list[str]]:
        """The value of the empty board for X, and X's winning (or best) first cubox."""
        best = -2
        firsts: list[str] = []
        for p in self.moves(X):
            self.cells[p] = X
            reply = self.value(O, False)
            if self.swap:
                self.cells[p] = O
                reply = max(reply, -self.value(X, False))  # O's swap, then X to move
            self.cells[p] = EMPTY
            score = -reply
            if score > best:
                best, firsts = score, []
            if score == best:
                firsts.append(self.board.name(p))
        return best, firsts


def winning_openings(size: int) -> list[str]:
    """The first cubox with which X wins without the swap: those O should swap (solved exactly)."""
    explorer = Explorer(size, swap=False)
    winners = []
    for p in explorer.moves(X):
        explorer.cells[p] = X
        if explorer.value(O, False) == -1:  # O to move, lost
            winners.append(explorer.board.name(p))
        explorer.cells[p] = EMPTY
    return winners


def update_table(path: Path, sizes: Sequence[int], entry: Callable[[int], object]) -> None:
    """Work out ``entry(size)`` for each size and keep it under the size in the JSON table at
    ``path``, the other sizes kept; written after each size, so a long run keeps what it finished."""
    table = json.loads(path.read_text()) if path.exists() else {}
    for size in sizes:
        table[str(size)] = entry(size)
        path.write_text(json.dumps(dict(sorted(table.items(), key=lambda kv: int(kv[0]))), indent=1) + "\n")


def write_swaps(sizes: Sequence[int]) -> None:
    """Solve each size without the swap and keep, per size, the first cubox O should swap."""
    def entry(size: int) -> list[str]:
        winners = winning_openings(size)
        print(f"size {size}: O swaps {' '.join(winners) or 'nothing'}", flush=True)
        return winners
    update_table(SWAPS_FILE, sizes, entry)


def opening_values(size: int, iterations: int, seed: int) -> dict[str, float]:
    """Each first cubox's rating: X's mean result over ``iterations`` of the engine's search
    from the position it makes, O to move and the swap not offered (a search that proves the
    position stops early; its mean so far stands)."""
    values = {}
    for p in range(Board.of(size).first_stack):
        game = Game(size)
        name = game.board.name(p)
        game.play(name)
        state = CuboxState.of(game)
        state.turn = 2  # past the swap
        search = MCTS(state, random.Random(seed + p)).run(iterations=iterations)
        values[name] = round(search.root.wins / search.root.visits, 3)  # the root's mover is X
    return values


def write_openings(sizes: Sequence[int], iterations: int, seed: int) -> None:
    """Rate every first cubox of each size and keep the ratings in ``OPENINGS_FILE``."""
    def entry(size: int) -> dict[str, float]:
        started = time.perf_counter()
        values = opening_values(size, iterations, seed)
        low, high = min(values, key=values.__getitem__), max(values, key=values.__getitem__)
        print(f"size {size}: {len(values)} first cubox rated from {values[low]} ({low}) to {values[high]} "
              f"({high}) in {time.perf_counter() - started:.0f} s", flush=True)
        return values
    update_table(OPENINGS_FILE, sizes, entry)


def second_moves(size: int) -> dict[str, dict[str, str]]:
    """For each first cubox X opens with (``first_moves``) that is proved to win, and each reply
    of O's but the swap: X's winning second cubox, by the exact search."""
    table: dict[str, dict[str, str]] = {}
    for first in sorted((first_moves(size) or frozenset()) & swaps().get(str(size), frozenset())):
        replies = table[first] = {}
        opened = Game(size)
        opened.play(first)
        for reply in opened.legal_moves():
            if reply.is_swap:
                continue
            game = opened.copy()
            game.play(reply)
            state = CuboxState.of(game)
            settled = CuboxProof(state.tables, state.cells, state.bits, state.mover, False).advance(math.inf)
            assert settled is not None  # given all the time it needs
            value, move = settled
            if value == 1:
                replies[str(reply)] = game.board.name(move)
        print(f"size {size}: {first} answered after {len(replies)} replies", flush=True)
    return table


def write_replies(sizes: Sequence[int]) -> None:
    """Solve X's second cubox for each size and keep them in ``REPLIES_FILE``."""
    update_table(REPLIES_FILE, sizes, second_moves)


OUTCOMES = {1: "X (the first player) wins", 0: "a draw by deadlock", -1: "O (the second player) wins"}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cubox_study", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    rand = commands.add_parser("random", help="count deadlocks in random games")
    rand.add_argument("--games", type=int, default=100_000)
    rand.add_argument("--sizes", type=int, nargs="+", default=[5, 6, 7, 8])
    rand.add_argument("--seed", type=int, default=1)
    for name in ("deadlocks", "solve"):
        command = commands.add_parser(name)
        command.add_argument("--size", type=int, required=True)
        command.add_argument("--no-swap", action="store_true", help="without the swap")
    swaps = commands.add_parser("swaps", help=f"write the proved swaps of these sizes into {SWAPS_FILE}")
    swaps.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 5])
    openings = commands.add_parser("openings", help=f"rate every first cubox of these sizes into {OPENINGS_FILE}")
    openings.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    openings.add_argument("--iterations", type=int, default=20_000)
    openings.add_argument("--seed", type=int, default=1)
    replies = commands.add_parser("replies", help=f"solve X's second cubox of these sizes into {REPLIES_FILE}")
    replies.add_argument("--sizes", type=int, nargs="+", default=[5])
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.command == "random":
        for size in args.sizes:
            ends, example = random_games(size, args.games, args.seed + size)
            print(f"size {size}: {args.games} random games: X won {ends['x']}, O won {ends['o']}, "
                  f"deadlocks {ends['deadlock']}" + (f" (e.g. {example})" if example else ""), flush=True)
    elif args.command == "swaps":
        write_swaps(args.sizes)
    elif args.command == "openings":
        write_openings(args.sizes, args.iterations, args.seed)
    elif args.command == "replies":
        write_replies(args.sizes)
    elif args.command == "deadlocks":
        explorer = Explorer(args.size, swap=not args.no_swap)
        explorer.explore_all()
        example = ".".join(["cubox", str(args.size), *explorer.example]) if explorer.example else "none"
        print(f"size {args.size}: {len(explorer.seen)} reachable positions, {explorer.deadlocks} deadlocks "
              f"(e.g. {example})")
    else:
        explorer = Explorer(args.size, swap=not args.no_swap)
        value, firsts = explorer.solve()
        print(f"size {args.size} {'without' if args.no_swap else 'with'} the swap: {OUTCOMES[value]} "
              f"with perfect play; X's best first cubox: {' '.join(firsts)} "
              f"({len(explorer.values)} positions solved)")
    print(f"({time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
