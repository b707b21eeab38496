"""The speed benchmarks' own behaviour (their figures are measured, never asserted)."""

from pathlib import Path

from bench.agent_speed import positions
from bench.compare import run
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
