"""The speed benchmarks' own behaviour (their figures are measured, never asserted)."""

from pathlib import Path

import pytest

from bench.agent_speed import positions
from bench.compare import run
from bench.game_length import moves_left, report
from bench.results import GameRecord
from cachex.agent import TimePlan
from cachex.rules import OPENING_TURNS


def test_the_agent_speed_positions_are_past_the_opening_book_and_in_a_middle_game() -> None:
    corners, middle = positions(9)
    assert corners.turn_count == OPENING_TURNS and corners.outcome is None
    assert middle.turn_count == 30 and middle.outcome is None
    assert [str(m) for m in positions(9)[1].moves] == [str(m) for m in middle.moves]  # seeded


def test_compare_runs_a_script_of_this_tree_under_each_trees_cachex(tmp_path: Path) -> None:
    tree = tmp_path / "old"
    (tree / "cachex").mkdir(parents=True)
    (tree / "cachex" / "__init__.py").write_text("VERSION = 7\n")
    script = tmp_path / "probe.py"
    script.write_text("import cachex\nprint('version', cachex.VERSION)\n")
    lines, numbers = run(tree, [str(script)])
    assert lines == ["version 7"] and numbers == [[7.0]]


def _record(fragment: str, n: int, budget: float) -> GameRecord:
    return GameRecord("abc1234", "agent", "random", n, "red", "win", 9, 1.0, 1.0, budget, fragment)


def test_moves_left_counts_each_positions_movers_moves_to_the_end() -> None:
    won = _record("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5", 5, 25.0)  # Red joins at a5
    found = moves_left([won, _record(won.game, 5, 2.5)], 5, band=1)  # not the official limit
    assert found[25] == [(5, 25, 0)] and found[24] == [(4, 24, 1)]  # Red plays five times, Blue four
    assert found[17] == [(1, 17, 8)] and sorted(found) == list(range(17, 26))
    assert "| 25 | 1 | 5.0 | 5 | 5 | 5 | 8.2 |" in report(found, 5)  # 0.25 x 25 + 2, no turns yet
    assert "| 17 | 1 | 1.0 | 1 | 1 | 1 | 9.4 |" in report(found, 5)  # 0.25 x 17 + 2 + 2 x 8 / 5
    assert "| 25 | 1 | 5.0 | 5 | 5 | 5 | 14.5 |" in report(found, 5, TimePlan(pace=0.5, tail=0.0))
    with pytest.raises(ValueError, match="band is a count"):
        moves_left([won], 5, band=0)
