"""The speed benchmarks' own behaviour (their figures are measured, never asserted)."""

from pathlib import Path

import pytest

from bench.agent_speed import positions
from bench.compare import run
from bench.game_length import moves_left, report, spending, spending_report
from bench.results import GameRecord
from bench.review import Reviewed, chosen_games, review_game, searcher, turning_point
from bench.search_speed import FIRST_STONE, cpython_rate
from bench.site import RUNTIMES, serve_site
from cachex.agent import TimePlan
from cachex.engine.book import book_reply, book_steals
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


def test_spending_replays_the_agents_moves_through_the_time_plan() -> None:
    won = _record("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5", 5, 25.0)  # the agent is Red: turns 0, 2, ... 8
    spent = spending(won)
    assert [turn for turn, _ in spent.seconds] == [0, 2, 4, 6, 8]
    budget = 0.95 * 25
    assert spent.seconds[0][1] == pytest.approx(budget * 2 / (0.25 * 25 + 2))  # the first move's double share
    assert spent.share == pytest.approx(sum(t for _, t in spent.seconds) / budget)
    assert spending(won, TimePlan(pace=0.5)).share < spent.share  # a slower pace spends less now
    assert "| 0 | 1 | " in spending_report([won, _record(won.game, 5, 2.5)], 5)  # one game at the limits
    assert spending_report([won], 7).count("\n") == 1  # no games on 7 x 7: the header only


def test_review_sets_each_searched_move_of_the_agent_beside_a_longer_searchs_choice() -> None:
    # Blue answers Red's column with e1..e4; at turn 8 Red threatens a5, which Blue must take.
    lost = GameRecord("abc1234", "agent", "random", 5, "blue", "loss", 9, 1.0, 1.0, 25.0,
                      "v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5")
    rows = review_game(lost, searcher(iterations=40, seed=1))
    answered_by_book = book_steals(5, 0) or book_reply(5, 0) is not None  # a1's code is 0
    assert [row.turn for row in rows] == ([4, 6, 8] if answered_by_book else [2, 4, 6, 8])
    assert all(row.played == "e" + str(row.turn // 2) for row in rows)
    assert all(0.0 <= row.chance <= 1.0 and 0.0 <= row.share <= 1.0 for row in rows)
    last = rows[-1]
    assert last.turn == 8 and last.preferred == "a5" and last.share == 0.0
    assert rows == review_game(lost, searcher(iterations=40, seed=1))  # seeded


def test_review_refuses_a_game_that_was_not_kept_and_a_search_without_a_budget() -> None:
    with pytest.raises(ValueError, match="before games were kept"):
        review_game(_record("", 5, 25.0), searcher(iterations=5))
    with pytest.raises(ValueError, match="does not replay"):
        review_game(_record("v1.5.a1.a1", 5, 25.0), searcher(iterations=5))
    with pytest.raises(ValueError, match="seconds or iterations"):
        searcher()
    with pytest.raises(ValueError, match="at least 1 iteration"):
        searcher(iterations=0)


def test_the_turning_point_is_where_the_chance_stays_below_one_half() -> None:
    def row(turn: int, chance: float) -> Reviewed:
        return Reviewed(turn, "a1", "a1", chance, 1.0)

    assert turning_point([row(5, 0.6), row(7, 0.4), row(9, 0.55), row(11, 0.2), row(13, 0.0)]) == 11
    assert turning_point([row(5, 0.4), row(7, 0.3)]) == 5
    assert turning_point([row(5, 0.4), row(7, 0.5)]) is None
    assert turning_point([]) is None


def test_the_review_chooses_the_agents_games_by_size_opponent_and_result() -> None:
    games = [_record("v1.5.a1", 5, 25.0), _record("v1.7.a1", 7, 49.0),
             GameRecord("abc1234", "agent", "chain-span", 5, "red", "loss", 9, 1.0, 1.0, 25.0, "v1.5.b2")]
    assert chosen_games(games, 5, "random", "win", "agent") == games[:1]
    assert chosen_games(games, 5, "chain-span", "loss", "agent") == games[2:]
    assert chosen_games(games, 5, "chain-span", "win", "agent") == []


def test_serving_a_site_without_its_runtimes_names_the_setup_step_instead_of_timing_out(tmp_path: Path) -> None:
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "vendor" / "pyodide" / "pyodide.mjs").write_text("")  # one runtime of three
    (tmp_path / "vendor" / "micropython").mkdir()  # a folder without its runtime counts as missing
    missing = r"vendor/pyscript/core.js, vendor/micropython/micropython.mjs: run bash scripts/setup.sh"
    with pytest.raises(FileNotFoundError, match=missing), serve_site(tmp_path):
        pass
    for name in RUNTIMES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    with serve_site(tmp_path) as url:
        assert url.startswith("http://127.0.0.1:")


def test_cpython_search_speed_times_the_computers_searched_answer_to_the_corner() -> None:
    assert FIRST_STONE == "a1"  # the stone the page's measure clicks too
    assert cpython_rate(7, 0.2) > 0
    with pytest.raises(RuntimeError, match="did not search its answer to a1 on 5 x 5"):
        cpython_rate(5, 0.2)  # the book answers a1 there: no search to time
