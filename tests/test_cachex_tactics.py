import json
import sys
from pathlib import Path

import pytest

from bench import tactics
from bench.tactics import Position, label, read_positions, score, settings_of
from cachex import Game
from cachex.engine.settings import PLAY

# Red's a1-a4 run from its first edge to the row before its last; Blue's e1-e3 touch one edge.
RED_THREATENS = "v1.5.a1.e1.a2.e2.a3.e3.a4"
RED_WINS_AT_A5 = "v1.5.a1.e1.a2.e2.a3.e3.a4.e4"


def test_every_move_but_the_block_is_labelled_a_loss() -> None:
    position = label(Game.from_fragment(RED_THREATENS), nodes=200)
    assert position.turn == 7 and position.n == 5 and position.nodes == 200
    assert set(position.labels) == {str(m) for m in Game.from_fragment(RED_THREATENS).legal_moves()}
    assert {move for move, verdict in position.labels.items() if verdict != "loss"} == {"a5"}
    assert position.telling


def test_a_move_that_wins_at_once_is_labelled_safe() -> None:
    assert label(Game.from_fragment(RED_WINS_AT_A5), nodes=200).labels["a5"] == "safe"


def test_positions_round_trip_and_a_bad_line_is_named(tmp_path: Path) -> None:
    kept = tmp_path / "positions.jsonl"
    position = label(Game.from_fragment(RED_THREATENS), nodes=200)
    kept.write_text(position.to_json() + "\n")
    assert read_positions(kept) == [position]
    wrong = json.loads(position.to_json())
    del wrong["labels"]["a5"]  # a legal move left out
    kept.write_text(position.to_json() + "\n" + json.dumps(wrong) + "\n")
    with pytest.raises(ValueError, match=r"positions\.jsonl line 2 is not a solved position"):
        read_positions(kept)


def test_a_position_tells_only_with_a_lost_move_and_another() -> None:
    assert not Position(5, RED_THREATENS, 7, 1, {"a5": "loss", "b5": "loss"}).telling
    assert not Position(5, RED_THREATENS, 7, 1, {"a5": "safe", "b5": "unknown"}).telling
    assert Position(5, RED_THREATENS, 7, 1, {"a5": "loss", "b5": "unknown"}).telling


def test_the_score_counts_a_choice_proven_to_lose() -> None:
    honest = label(Game.from_fragment(RED_THREATENS), nodes=200)
    assert score("play", [honest], None, 50).losses == 0  # the search blocks at a5
    # The same choice, were a5 the lost move: counted.
    flipped = Position(5, RED_THREATENS, 7, 200,
                       {move: "loss" if move == "a5" else "safe" for move in honest.labels})
    result = score("play", [flipped], None, 50)
    assert (result.positions, result.losses, result.safe) == (1, 1, 0)


def test_an_agent_is_the_computers_settings_with_some_changed() -> None:
    assert settings_of("play") == PLAY
    assert settings_of("play:prior_weight=4,diamond_replies=false") == PLAY.changed(
        prior_weight=4, diamond_replies=False)
    with pytest.raises(ValueError, match="unknown agent 'mcts'"):
        settings_of("mcts")
    with pytest.raises(ValueError, match="unknown setting 'colour'"):
        settings_of("play:colour=1")


def test_labelling_adds_only_new_positions_of_kept_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"n": 5, "game": RED_WINS_AT_A5 + ".a5"}) + "\n"
                     + json.dumps({"n": 7, "game": "v1.7.a1.b1"}) + "\n")
    monkeypatch.setattr(tactics, "RESULTS", games)
    monkeypatch.setattr(tactics, "SELF_PLAY", tmp_path / "none.jsonl")
    monkeypatch.setattr(tactics, "POSITIONS", tmp_path / "positions.jsonl")
    monkeypatch.setattr(sys, "argv", ["tactics", "label", "--size", "5", "--turns", "6", "8",
                                      "--nodes", "100"])
    tactics.main()
    first = read_positions(tmp_path / "positions.jsonl")
    assert [p.turn for p in first] == [6, 7, 8]
    tactics.main()  # again: nothing new
    assert read_positions(tmp_path / "positions.jsonl") == first


@pytest.mark.parametrize(("argv", "message"), [
    (["label", "--size", "5", "--turns", "9", "3"], "--turns 9 3"),
    (["label", "--size", "6"], "no kept game of size 6"),
    (["score", "play:nonsense=1", "--size", "5", "--seconds", "1"], "nonsense"),
    (["score", "play", "--size", "5", "--iterations", "0"], "a budget above 0"),
])
def test_bad_arguments_are_refused_with_a_reason(
        argv: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"n": 5, "game": RED_WINS_AT_A5}) + "\n")
    monkeypatch.setattr(tactics, "RESULTS", games)
    monkeypatch.setattr(tactics, "SELF_PLAY", tmp_path / "none.jsonl")
    monkeypatch.setattr(tactics, "POSITIONS", tmp_path / "positions.jsonl")
    monkeypatch.setattr(sys, "argv", ["tactics", *argv])
    with pytest.raises(SystemExit):
        tactics.main()
    assert message in capsys.readouterr().err
    assert not (tmp_path / "positions.jsonl").exists()
