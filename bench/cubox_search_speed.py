"""Cubox's search speed, this tree against another commit, in one run.

Run ``python -m bench.cubox_search_speed --against REV [--seconds 3] [--rounds 2]``.
The other commit is checked out into a temporary git worktree; from each
position, each round runs the search (``gamekit.mcts`` over
``cubox.engine.CuboxState``, as the computer plays) for ``--seconds`` in a
fresh process, the other commit's then this tree's, and prints both
iterations a second and their ratio. On a shared machine only the ratio
means much.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ("cubox.5.c3.swap", "cubox.6.e5.c3", "cubox.8.g5.swap.e7")

# Run in the tree being measured (its folder first on the path): iterations a second of one search.
SEARCH = """
import random, sys, time
from cubox.engine import CuboxState
from cubox.game import Game
from gamekit.mcts import MCTS
search = MCTS(CuboxState.of(Game.from_fragment(sys.argv[1])), random.Random(1))
started = time.perf_counter()
search.run(iterations=1 << 30, seconds=float(sys.argv[2]))
print(search.iterations / (time.perf_counter() - started))
"""


def rate(tree: Path, position: str, seconds: float) -> float:
    """Iterations a second of the search of ``tree``'s code from ``position``."""
    done = subprocess.run([sys.executable, "-c", SEARCH, position, str(seconds)], cwd=tree, capture_output=True,
                          text=True, check=True)
    return float(done.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cubox_search_speed", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the commit to compare with (any git revision)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--positions", nargs="+", default=list(POSITIONS))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "old"
        try:
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old), args.against], cwd=ROOT,
                           check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as error:
            parser.error(f"cannot check out {args.against!r}: {error.stderr.strip()}")
        try:
            print(f"{'position':<22} {args.against:>10}/s {'this tree/s':>12}  ratio")
            for position in args.positions:
                for _ in range(args.rounds):
                    before, after = rate(old, position, args.seconds), rate(ROOT, position, args.seconds)
                    print(f"{position:<22} {before:>12.0f} {after:>12.0f}  {after / before:.2f}", flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
