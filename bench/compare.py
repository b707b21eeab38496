"""Compare the speed of two versions of the code in one run, as ratios.

Run, for example::

    git worktree add /tmp/old HEAD~1
    python -m bench.compare /tmp/old . -- bench.rules_speed --seconds 2 --sizes 9 15
    python -m bench.compare /tmp/old . --rounds 5 -- bench.search_speed --seconds 3

The benchmark module (with its arguments) runs alternately under each tree's
own code (``PYTHONPATH`` set to the tree, each tree's own copy of the
module), ``--rounds`` times each. Every number it prints is collected by its
position in the output, and the medians are printed side by side with the
ratio new / old. Alternating the two in one run keeps the comparison fair on
a shared, noisy machine; absolute figures from different runs are not.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def run(tree: Path, module: list[str]) -> tuple[list[str], list[list[float]]]:
    """The benchmark's output lines under ``tree``, and the numbers on each line."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-m", *module], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    lines = out.splitlines()
    return lines, [[float(x) for x in NUMBER.findall(line)] for line in lines]


def main() -> None:
    """Print each output line of the benchmark with median old, median new and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the tree of the old version")
    parser.add_argument("new", type=Path, help="the tree of the new version")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each version")
    parser.usage = "%(prog)s OLD NEW [--rounds N] -- MODULE [ARGS...]"
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    module = argv[cut + 1:]
    if not module:
        parser.error("name the benchmark module after --, e.g. -- bench.rules_speed")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    samples: dict[str, list[list[list[float]]]] = {"old": [], "new": []}
    labels: list[str] = []
    for _ in range(args.rounds):
        for name, tree in (("old", args.old), ("new", args.new)):
            lines, numbers = run(tree.resolve(), module)
            labels = lines
            samples[name].append(numbers)
    print(f"{' '.join(module)}: medians of {args.rounds} alternating runs, old = {args.old}, "
          f"new = {args.new}")
    for row, label in enumerate(labels):
        old_rows = [run_[row] for run_ in samples["old"] if row < len(run_)]
        new_rows = [run_[row] for run_ in samples["new"] if row < len(run_)]
        if not old_rows or not new_rows or len(old_rows[0]) != len(new_rows[0]) or not new_rows[0]:
            print(f"  {label}")
            continue
        cells = []
        for k in range(len(new_rows[0])):
            old = statistics.median(r[k] for r in old_rows)
            new = statistics.median(r[k] for r in new_rows)
            cells.append(f"{old:g} -> {new:g}" + (f" (x{new / old:.3f})" if old else ""))
        print(f"  {label.split(':')[0][:30]:<30} " + "; ".join(cells))


if __name__ == "__main__":
    main()
