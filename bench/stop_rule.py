"""Run an arena command and stop it at a rule's stop: the points its bar can spare.

A rule written before a candidate's games says when a step has failed: at
the loss that puts its bar out of reach. Polled by hand, a run went past that
stop (rule 59: three losses within one look, seven games too many). This
wrapper watches the results file (``bench.results``) instead, every
``--every`` seconds, counting only the lines appended after it started, and
ends the command's whole process group once the measured agent has given up
``--losses`` points in them: a loss counts one and a draw half, as in the
table's score (a bar of 36/40 stops at 4.5).
Games still being played then are not recorded; those already recorded stay.
Only one run should append to the file meanwhile: every new line counts. Run::

    python -m bench.stop_rule --losses 4.5 -- python -m bench.arena --gauntlet \
        agent shortest-path --sizes 9 --games 40 --time-scale 1 --workers 2 --seed 9301

Its exit status is the command's, or 3 when the rule stopped it.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench.results import POINTS, RESULTS

STOPPED = 3  # the exit status when the rule stopped the command


def _lines(path: Path) -> list[str]:
    """The file's complete lines (none if it does not exist yet)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return text.splitlines() if text.endswith("\n") else text.splitlines()[:-1]


def losses_since(path: Path, start: int) -> tuple[int, float]:
    """The games appended to ``path`` after its first ``start`` lines, and the points
    the measured (first) agent gave up in them: one per loss, half per draw."""
    new = _lines(path)[start:]
    lost = 0.0
    for line in new:
        try:
            result = json.loads(line).get("result")
            if result in POINTS:  # the table's score: a loss gives up one point, a draw half
                lost += 1.0 - POINTS[result]
        except (json.JSONDecodeError, AttributeError, TypeError):
            continue  # not a game: it cannot count against the agent
    return len(new), lost


def run(command: list[str], losses: float, path: Path = RESULTS, every: float = 10.0) -> int:
    """Run ``command`` until it ends or the new games in the results file have cost the
    measured agent ``losses`` points (a draw half); the command's exit status, or
    ``STOPPED``. ``ValueError`` for bad arguments."""
    if not command:
        raise ValueError("give the command to run after --")
    if not losses >= 0.5:  # NaN too
        raise ValueError(f"--losses counts points given up (a loss 1, a draw half): "
                         f"at least 0.5, not {losses}")
    if every <= 0:
        raise ValueError(f"--every is a number of seconds above 0, not {every}")
    start = len(_lines(path))
    child = subprocess.Popen(command, start_new_session=True)
    try:
        while True:
            try:
                status = child.wait(timeout=every)
            except subprocess.TimeoutExpired:
                games, lost = losses_since(path, start)
                if lost >= losses:
                    print(f"stop rule: {lost:g} points given up in {games} games; stopping the run "
                          f"at {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)
                    os.killpg(child.pid, signal.SIGTERM)
                    child.wait()
                    return STOPPED
                continue
            games, lost = losses_since(path, start)
            print(f"stop rule: the run ended by itself after {games} games, {lost:g} points given up",
                  flush=True)
            return status
    except BaseException:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)
        raise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--losses", type=float, required=True,
                        help="stop once the measured agent has given up this many points "
                             "(a loss counts 1, a draw 0.5)")
    parser.add_argument("--file", type=Path, default=RESULTS, help="the results file")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between looks")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="-- then the command to run (an arena run)")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    try:
        sys.exit(run(command, args.losses, args.file, args.every))
    except ValueError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    main()
