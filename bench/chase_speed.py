"""Positions a second that Chase's shipped search visits, on fixed positions of random games, in
CPython or under Pyodide (the page worker's Python, run by Node here).

Run: ``python bench/chase_speed.py --seconds 2`` (or under ``bench.compare`` as a script file,
``python -m bench.compare /tmp/old . --rounds 3 -- bench/chase_speed.py --seconds 2``, to
compare two trees' ``chase`` in one run). ``--pyodide`` runs the same measure under the
Pyodide that ``scripts/setup.sh`` copies into ``vendor/`` (Node 18 or later), on the
``chase`` of ``--root`` (this tree by default). Each position is searched afresh for
``--seconds``; it prints each position's rate and the median, in positions (nodes) a second.

Uses only what every version of ``chase.engine`` has: ``search_of(game)``, ``step(seconds)``
and ``iterations``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import time
from pathlib import Path

from chase.engine import search_of
from chase.game import Game

HERE = Path(__file__).resolve().parent.parent
# Run in Node: load the vendored Pyodide, mount the tree and this file, measure there.
NODE_SCRIPT = """
import {{ loadPyodide }} from {module};
const py = await loadPyodide({{ indexURL: {index} }});
py.mountNodeFS("/tree", {tree});
py.mountNodeFS("/bench", {bench});
py.runPython("import sys; sys.path[:0] = ['/tree', '/bench']");
const rates = py.runPython("import chase_speed; chase_speed.measure({count}, {seconds})").toJs();
console.log(JSON.stringify(Array.from(rates)));
"""


def positions(count: int, seed: int = 7) -> list[Game]:
    """Games of random moves, stopped after 4 to 40 plies, still running."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game()
        for _ in range(rng.randrange(4, 40)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            found.append(game)
    return found


def measure(count: int, seconds: float) -> list[float]:
    """Positions a second of a fresh search of each of ``count`` positions for ``seconds``."""
    rates = []
    for game in positions(count):
        search = search_of(game)
        started = time.perf_counter()
        search.step(seconds)
        rates.append(search.iterations / (time.perf_counter() - started))
    return rates


def pyodide_rates(root: Path, count: int, seconds: float) -> list[float]:
    """``measure`` run by the vendored Pyodide in Node on ``root``'s ``chase``."""
    pyodide = HERE / "vendor" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        raise SystemExit("no vendor/pyodide here: run scripts/setup.sh first")
    script = NODE_SCRIPT.format(module=json.dumps(str(pyodide / "pyodide.mjs")),
                                index=json.dumps(str(pyodide) + "/"), tree=json.dumps(str(root.resolve())),
                                bench=json.dumps(str(Path(__file__).resolve().parent)), count=count,
                                seconds=seconds)
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise SystemExit(f"Pyodide in Node failed:\n{done.stderr[-2000:]}")
    return [float(rate) for rate in json.loads(done.stdout.strip().splitlines()[-1])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--pyodide", action="store_true", help="measure under Pyodide in Node")
    parser.add_argument("--root", type=Path, default=HERE, help="the tree whose chase --pyodide measures")
    args = parser.parse_args()
    if args.pyodide:
        rates = pyodide_rates(args.root, args.positions, args.seconds)
    else:
        rates = measure(args.positions, args.seconds)
    for rate in rates:
        print(f"{rate:9.0f} positions/s")
    where = "Pyodide" if args.pyodide else "CPython"
    print(f"median ({where}): {statistics.median(rates):9.0f} positions/s")


if __name__ == "__main__":
    main()
