"""bench.stop_rule: an arena run ended at the rule's stop, and only then."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.stop_rule import STOPPED, losses_since, run

# A stand-in for an arena run: appends one game line per result given, a pause
# between them, then waits long before a last loss it should never get to write.
FAKE_RUN = """
import json, sys, time
path = sys.argv[1]
for result in sys.argv[2:]:
    with open(path, "a") as f:
        f.write(json.dumps({"first": "agent", "result": result}) + "\\n")
    time.sleep(0.05)
time.sleep(60)
with open(path, "a") as f:
    f.write(json.dumps({"first": "agent", "result": "loss"}) + "\\n")
"""


def _fake(path: Path, *results: str, wait: bool = True) -> list[str]:
    script = FAKE_RUN if wait else FAKE_RUN.split("time.sleep(60)")[0]
    return [sys.executable, "-c", script, str(path), *results]


def test_the_run_is_stopped_once_new_games_give_up_the_points_and_earlier_lines_do_not_count(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text('{"result": "loss"}\n{"result": "loss"}\n')  # a former run's
    began = time.monotonic()
    status = run(_fake(path, "win", "loss", "draw", "loss"), losses=2, path=path, every=0.1)
    assert status == STOPPED
    assert time.monotonic() - began < 30  # not after the fake run's minute
    assert losses_since(path, 2) == (4, 2.5)  # the last loss was never written


def test_a_draw_gives_up_half_a_point_towards_the_stop(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    status = run(_fake(path, "loss", "draw", "win", "draw"), losses=2, path=path, every=0.1)
    assert status == STOPPED  # one loss and two draws: the two points a bar of 38/40 spares
    assert losses_since(path, 0) == (4, 2.0)
    assert run(_fake(path, "draw", "win", wait=False), losses=1, path=path, every=0.1) == 0


def test_a_run_that_ends_by_itself_keeps_its_exit_status(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    assert run(_fake(path, "win", "loss", wait=False), losses=2, path=path, every=0.1) == 0
    assert losses_since(path, 0) == (2, 1.0)
    failing = [sys.executable, "-c", "import sys; sys.exit(5)"]
    assert run(failing, losses=1, path=path, every=0.1) == 5


def test_lines_that_are_not_games_or_not_yet_complete_do_not_count(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text('{"result": "loss"}\nnot json\n[1]\n{"result": []}\n{"result": "lo')
    assert losses_since(path, 0) == (4, 1.0)
    assert losses_since(tmp_path / "missing.jsonl", 0) == (0, 0)


@pytest.mark.parametrize(("command", "losses", "every", "message"), [
    ([], 5, 1.0, "give the command"),
    (["true"], 0.4, 1.0, "--losses"),
    (["true"], float("nan"), 1.0, "--losses"),
    (["true"], 5, 0.0, "--every"),
])
def test_bad_arguments_are_refused_before_anything_runs(tmp_path: Path, command: list[str], losses: float,
                                                         every: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run(command, losses=losses, path=tmp_path / "r.jsonl", every=every)


def test_the_command_line_refuses_a_missing_command_with_a_message() -> None:
    done = subprocess.run([sys.executable, "-m", "bench.stop_rule", "--losses", "3"],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 2 and "give the command to run" in done.stderr
