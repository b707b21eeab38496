import subprocess
import sys
from pathlib import Path

import pytest

from bench.decisions import decision, parse_position, report, search_settings
from bench.results import GameRecord, append
from cachex.engine.settings import PLAY
from cachex.errors import CachexError

ROOT = Path(__file__).resolve().parent.parent
# Red to move must block Blue's a3-b3-c3-d3 at e3 (e2 is Red's): the only move that does.
THREAT = "v1.5.e2.a3.a1.b3.e5.c3.b1.d3"


def test_a_decision_is_the_position_after_the_turns_and_the_move_played_next() -> None:
    item = decision(THREAT + ".c1", 8)
    assert item.game.turn_count == 8 and item.game.to_move == "red"
    assert str(item.played) == "c1"
    assert item.name == THREAT + ".c1@8"


@pytest.mark.parametrize("turn", [-1, 9, 40])
def test_a_turn_without_a_move_played_is_refused(turn: int) -> None:
    with pytest.raises(ValueError, match="choose from 0 to 8"):
        decision(THREAT + ".c1", turn)


def test_searches_report_how_often_they_choose_the_recorded_move() -> None:
    items = [parse_position(THREAT + ".e3@8"), parse_position(THREAT + ".c1@8")]
    lines = report(items, ["", "prior_weight=0"], seconds=0.05, seeds=2)
    assert lines[1] == "  PLAY: e3= e3="  # the block, as recorded
    assert lines[5] == "  prior_weight=0: e3 e3"  # the recorded c1 loses at once
    assert lines[-2:] == ["PLAY: the recorded move 2 of 4", "prior_weight=0: the recorded move 2 of 4"]


def test_a_position_may_name_a_lost_game_of_a_commits_code_by_its_index(tmp_path: Path) -> None:
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                          cwd=ROOT).stdout.strip()
    path = tmp_path / "results.jsonl"
    lost = GameRecord(head, "agent", "shortest-path", 5, "red", "loss", 10, 1.0, 1.0, 25.0, THREAT + ".c1.e3")
    won = GameRecord(head, "agent", "shortest-path", 5, "red", "win", 10, 1.0, 1.0, 25.0, THREAT + ".e3")
    append([won, lost], path)
    item = parse_position("0@8", "HEAD", 5, path)
    assert str(item.played) == "c1" and item.name == "HEAD lost game 0@8"
    with pytest.raises(ValueError, match="lost 1 games to the pool on 5 x 5: no game 1"):
        parse_position("1@8", "HEAD", 5, path)
    with pytest.raises(ValueError, match="give --same-code and --size"):
        parse_position("0@8")


@pytest.mark.parametrize("text", ["v1.5.a1", "v1.5.a1@", "@3", "v1.5.a1@x"])
def test_a_position_that_is_not_record_at_turn_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not FRAGMENT@TURN or INDEX@TURN"):
        parse_position(text)


def test_a_bad_record_is_refused_with_the_records_message() -> None:
    with pytest.raises(CachexError):
        parse_position("v1.5.c3.a1@1")


@pytest.mark.parametrize(("text", "message"), [
    ("colour=1", "unknown setting 'colour'"),
    ("exploration", "is not name=value"),
    ("expand_after=-1", "expand_after counts earlier visits"),
    ("exploration=x", "not a number"),
])
def test_bad_settings_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        search_settings(text)


def test_good_settings_are_taken_over_play() -> None:
    assert search_settings("") == PLAY
    assert search_settings("prior_weight=0,exploration=0.2") == PLAY.changed(prior_weight=0, exploration=0.2)


@pytest.mark.parametrize(("arguments", "message"), [
    (["--seconds", "0"], "--seconds must be above 0"),
    (["--seeds", "0"], "--seeds must be at least 1"),
    (["--settings", "colour=1"], "unknown setting"),
])
def test_the_command_refuses_bad_arguments(arguments: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "bench.decisions", THREAT + ".e3@8", *arguments],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and message in done.stderr
