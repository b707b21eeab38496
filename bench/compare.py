"""Compare the speed of two versions of the code in one run, as ratios.

Run, for example::

    git worktree add /tmp/old HEAD~1
    python -m bench.compare /tmp/old . -- bench.rules_speed --seconds 2 --sizes 9 15
    python -m bench.compare /tmp/old . --rounds 5 -- bench.search_speed --seconds 3
    python -m bench.compare /tmp/old . --rounds 5 -- bench/agent_speed.py --seconds 3
    python -m bench.compare /tmp/old . --instructions -- bench/fixed_work.py search

The benchmark (a module, with its arguments) runs alternately under each
tree's own code (``PYTHONPATH`` set to the tree, each tree's own copy of the
module), ``--rounds`` times each; a script file (``bench/agent_speed.py``)
is this tree's copy, run under each tree's ``cachex``. Every number it prints is collected by its
position in the output; per figure the medians are printed with the ratio
new / old, taken within each round (the two runs side by side) and
summarised by its median and range. Alternating the two in one run keeps
the comparison fair on a shared, noisy machine; absolute figures from
different runs are not.

With ``--instructions`` the benchmark is a script file (run from this tree,
with each tree's ``cachex``) that does a fixed amount of work, such as
``bench/fixed_work.py``; it runs once per tree under callgrind, and the
figure is the instructions it executed beyond importing ``cachex``, which
does not depend on the machine's load at all.
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
    """The benchmark's output lines under ``tree``, and the numbers on each line.

    A module runs as ``tree``'s own copy; a script file (``.py``) is this
    tree's, run with ``tree``'s ``cachex``, for benchmarks old trees lack.
    """
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [str(Path(module[0]).resolve()), *module[1:]] if module[0].endswith(".py") else ["-m", *module]
    out = subprocess.run([sys.executable, *command], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    lines = out.splitlines()
    return lines, [[float(x) for x in NUMBER.findall(line)] for line in lines]


# Imports the engine of this tree or of a tree from before ``cachex.engine``.
ENGINE_IMPORT = "import cachex\ntry:\n    import cachex.engine.search\nexcept ImportError:\n    import cachex.mcts"
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(tree: Path, command: list[str]) -> tuple[int, str]:
    """Instructions executed by ``python COMMAND`` with ``tree``'s code (callgrind), and its output."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, *command], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    match = COLLECTED.search(done.stderr)
    if match is None:
        raise RuntimeError(f"callgrind reported no count: {done.stderr[-500:]}")
    return int(match.group(1)), done.stdout.strip()


def compare_instructions(old: Path, new: Path, script: list[str]) -> None:
    """Print the instructions of a fixed-work script under both trees, imports left out."""
    path = str(Path(script[0]).resolve())
    counts, outputs = {}, {}
    for name, tree in (("old", old), ("new", new)):
        base, _ = instructions(tree, ["-c", ENGINE_IMPORT])
        total, outputs[name] = instructions(tree, [path, *script[1:]])
        counts[name] = total - base
    print(f"{' '.join(script)}: instructions beyond the imports, old = {old}, new = {new}")
    print(f"  {counts['old']:,} -> {counts['new']:,} (x{counts['new'] / counts['old']:.3f})")
    same = "the same" if outputs["old"] == outputs["new"] else "DIFFERENT"
    print(f"  work done: {same} (old: {outputs['old']!r}, new: {outputs['new']!r})")


def main() -> None:
    """Print each output line of the benchmark with median old, median new and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the tree of the old version")
    parser.add_argument("new", type=Path, help="the tree of the new version")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each version")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions of a fixed-work script under callgrind instead")
    parser.usage = "%(prog)s OLD NEW [--rounds N] -- MODULE [ARGS...]"
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    module = argv[cut + 1:]
    if not module:
        parser.error("name the benchmark module after --, e.g. -- bench.rules_speed")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.instructions:
        if not module[0].endswith(".py"):
            parser.error("--instructions takes a script file, e.g. -- bench/fixed_work.py search")
        compare_instructions(args.old.resolve(), args.new.resolve(), module)
        return
    samples: dict[str, list[list[list[float]]]] = {"old": [], "new": []}
    labels: list[str] = []
    for _ in range(args.rounds):
        for name, tree in (("old", args.old), ("new", args.new)):
            lines, numbers = run(tree.resolve(), module)
            labels = lines
            samples[name].append(numbers)
    print(f"{' '.join(module)}: {args.rounds} alternating rounds, old = {args.old}, "
          f"new = {args.new}; per figure: median old -> median new, then the median and range "
          "of the ratio new / old within each round")
    for row, label in enumerate(labels):
        old_rows = [run_[row] for run_ in samples["old"] if row < len(run_)]
        new_rows = [run_[row] for run_ in samples["new"] if row < len(run_)]
        widths = {len(r) for r in old_rows + new_rows}
        if len(widths) != 1 or not new_rows[0] or old_rows[0] == new_rows[0]:
            print(f"  {label}")  # a heading, or figures that are the same in both (a size)
            continue
        cells = []
        for k in range(len(new_rows[0])):
            olds, news = [r[k] for r in old_rows], [r[k] for r in new_rows]
            if olds == news:
                cells.append(f"{olds[0]:g}")
                continue
            ratios = sorted(n / o for o, n in zip(olds, news, strict=True) if o)
            cells.append(f"{statistics.median(olds):g} -> {statistics.median(news):g} "
                         f"(x{statistics.median(ratios):.3f}, {ratios[0]:.3f}-{ratios[-1]:.3f})")
        print("  " + "; ".join(cells))


if __name__ == "__main__":
    main()
