"""The arena's results file and its table."""

import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from bench.arena import ROOT, AgentSide, GameSpec, PageSide, PoolSide, make_agent, play, record, version_tree
from bench.results import (
    GameRecord,
    append,
    current_commit,
    elo,
    opening_lines,
    players_code,
    read,
    same_code,
    table,
    totals,
)
from cachex.agent import SAFE_SHARE, Player
from cachex.engine.settings import PLAY
from cachex.game import Game
from gamekit.stats import wilson


def game(result: str, colour: str, n: int = 9, second: str = "alphabeta") -> GameRecord:
    return GameRecord("abc1234", "mcts", second, n, colour, result, 40, 10.0, 20.0, 81.0)


def test_games_add_up_in_the_file_and_make_a_table(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    append([game("win", "red"), game("loss", "blue")], path)
    append([game("draw", "blue"), game("win", "red", n=5)], path)
    games = read(path)
    assert len(games) == 4 and games[0] == game("win", "red")
    text = table(games)
    low, high = wilson(1.5, 3)
    assert f"| mcts | alphabeta | 9 | 3 | 1 | 50% ({100 * low:.0f}-{100 * high:.0f}%) | 1/1 | 0/2 | 1 |" in text
    assert "| mcts | alphabeta | 5 | 1 | 1 | 100%" in text
    assert text.splitlines()[2].endswith("| 10.0 / 20.0 | 81 | 40 |")  # CPU, budget, turns
    assert table(games, commit="other").count("\n") == 1  # the header only


def test_totals_sum_each_agent_over_opponents_and_sizes_per_time_scale() -> None:
    fast = GameRecord("abc1234", "mcts", "alphabeta", 5, "red", "win", 20, 2.0, 2.0, 2.5)
    games = [game("win", "red"), game("loss", "blue", second="random"), game("draw", "red"),
             fast, GameRecord("abc1234", "mcts", "random", 7, "blue", "loss", 30, 4.0, 4.0, 4.9)]
    lines = totals(games).splitlines()
    assert lines[2] == (f"| mcts | abc1234 | 0.1 | alphabeta, random | 5, 7 | 2 | 1 | 0 | "
                        f"50% ({100 * wilson(1, 2)[0]:.0f}-{100 * wilson(1, 2)[1]:.0f}%) |")
    assert lines[3] == (f"| mcts | abc1234 | 1 | alphabeta, random | 9 | 3 | 1 | 1 | "
                        f"50% ({100 * wilson(1.5, 3)[0]:.0f}-{100 * wilson(1.5, 3)[1]:.0f}%) |")
    assert len(lines) == 4


def test_opening_lines_split_the_results_by_how_the_games_began() -> None:
    def played(line: str, result: str, colour: str = "blue") -> GameRecord:
        return GameRecord("abc1234", "agent", "shortest-path", 5, colour, result, 30, 1.0, 1.0, 25.0,
                          f"v1.5.{line}")
    games = [played("a1.b2.c3.d4", "win"), played("a1.b2.c3.e5", "loss"), played("a1.b2.d4", "win"),
             played("b2.swap.a1", "win", "red"),
             GameRecord("abc1234", "agent", "shortest-path", 5, "blue", "loss", 30, 1.0, 1.0, 25.0)]
    rows = opening_lines(games, 3).splitlines()[2:]
    assert rows[0].startswith("| agent | shortest-path | 5 | blue | a1 b2 c3 | 2 | 1 | 50% (")
    assert rows[1].startswith("| agent | shortest-path | 5 | blue | a1 b2 d4 | 1 | 1 | 100% (")
    assert rows[2].startswith("| agent | shortest-path | 5 | red | b2 swap a1 | 1 | 1 |")
    assert len(rows) == 3  # the game recorded without its moves is left out
    assert "| a1 b2 c3 d4 | 1 | 1 |" in opening_lines(games, 4)
    with pytest.raises(ValueError, match="at least one move"):
        opening_lines(games, 0)
    with pytest.raises(ValueError, match="does not parse"):
        opening_lines([played("a1.zz", "win")], 2)


def test_the_results_command_refuses_a_bad_view(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    append([game("win", "red")], path)
    for args, message in ((["--lines", "0"], "at least 1 move"),
                          (["--lines", "3", "--totals"], "--totals: not allowed with argument --lines"),
                          (["--size", "2"], "--size:")):
        run = subprocess.run([sys.executable, "-m", "bench.results", "--file", str(path), *args],
                             capture_output=True, text=True, cwd=ROOT, check=False)
        assert run.returncode == 2 and message in run.stderr
    run = subprocess.run([sys.executable, "-m", "bench.results", "--file", str(path), "--size", "7"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    assert "no games" in run.stdout and "on 7 x 7" in run.stdout


def test_a_bad_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    append([game("win", "red")], path)
    with path.open("a") as file:
        file.write('{"commit": "x"}\n')
    with pytest.raises(ValueError, match="line 2 is not a game record"):
        read(path)


def test_an_arena_game_becomes_a_record() -> None:
    result = play(GameSpec(3, "random", "random", True, 5.0, seed=1))
    saved = record(result, "abc1234")
    assert saved.first_colour == "red" and saved.result in ("win", "loss", "draw")
    assert saved.turns == result.turns and saved.budget == 5.0
    assert saved.cpu_first >= 0 and saved.cpu_second >= 0
    replayed = Game.from_fragment(saved.game)  # the record keeps the whole game
    assert replayed.turn_count == result.turns and replayed.outcome is not None


def test_records_from_before_the_game_was_kept_still_read(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    old = asdict(game("win", "red"))
    del old["game"]
    path.write_text(json.dumps(old) + "\n")
    (saved,) = read(path)
    assert saved.game == "" and saved.result == "win"


def test_wilson_interval_holds_the_rate() -> None:
    low, high = wilson(18, 20)
    assert low < 0.9 < high and round(low, 3) == 0.699
    assert wilson(0, 0) == (0.0, 1.0)


def test_win_rates_become_elo_differences() -> None:
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(0.25) == pytest.approx(-elo(0.75))
    assert elo(1.0) == float("inf") and elo(0.0) == float("-inf")
    text = table([game("win", "red"), game("win", "blue")])
    assert "| +inf (-113 to +inf) |" in text  # 2 of 2: the lower end is 34%


def test_the_referee_agent_plays_arena_games_told_every_turn_within_its_budget() -> None:
    for first_is_red in (True, False):
        result = play(GameSpec(4, "agent", "random", first_is_red, 1.0, seed=3))
        assert result.turns >= 7 and result.first_time < 1.0  # told each turn, played to the end


def test_another_commits_agent_plays_head_to_head_in_a_child_process() -> None:
    head = subprocess.run(["git", "show", "HEAD:cachex/agent.py"], capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout
    assert (version_tree("HEAD") / "cachex" / "agent.py").read_text() == head  # that commit's code
    for first_is_red in (True, False):
        # 5 x 5: on 4 x 4 the agent's proof search can win in a few hundredths of a second.
        result = play(GameSpec(5, "agent@HEAD", "random", first_is_red, 1.0, seed=5))
        # Told each turn and played to the end; the child's CPU is counted, within its budget.
        assert result.turns >= 7 and 0.05 < result.first_time < 1.0  # this process alone: ~0.001
    with pytest.raises(ValueError, match="unknown revision 'no-such-commit'"):
        make_agent("agent@no-such-commit", 0)


def test_the_arena_names_an_unknown_agent_or_setting() -> None:
    with pytest.raises(ValueError, match="unknown agent 'queen'"):
        make_agent("queen", 0)
    with pytest.raises(ValueError, match="unknown setting 'colour'"):
        make_agent("agent:colour=1", 0)
    with pytest.raises(ValueError, match="unknown level 'hardest'"):
        make_agent("page:hardest", 0)
    with pytest.raises(ValueError, match="diamond_replies: 'maybe' is not a number, true or false"):
        make_agent("agent:diamond_replies=maybe", 0)
    with pytest.raises(ValueError, match="'prior_weight' is not name=value"):
        make_agent("agent:prior_weight", 0)


def test_an_agents_flag_setting_may_be_written_true_or_false() -> None:
    side = make_agent("agent:diamond_replies=false,tactics=True,prior_weight=4", 1)
    assert isinstance(side, AgentSide)
    assert side.settings == {"diamond_replies": 0.0, "tactics": 1.0, "prior_weight": 4.0}
    assert side.search_settings == PLAY.changed(diamond_replies=False, tactics=True, prior_weight=4)


def test_the_page_side_plays_within_its_levels_playouts() -> None:
    chooser = make_agent("page:beginner", 3)
    game = Game.from_fragment("v1.5.a1.e1.a2")
    move = chooser(game, 0.0)  # the game's budget is not the page's: it is ignored
    assert game.is_legal(move)
    assert isinstance(chooser, PageSide) and chooser.search.root is not None
    assert chooser.search.root.total <= 30 + 10 * len(game.legal_moves())  # playouts and the prior


def _git(root: Path, *args: str) -> str:
    """Run git in the repository at ``root``; its output."""
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root,
                          check=True, capture_output=True, text=True).stdout.strip()


def _commit(root: Path, path: str, text: str) -> str:
    """Write ``text`` to ``path`` in the repository at ``root`` (made if need be) and commit it; the short id."""
    if not (root / ".git").exists():
        _git(root, "init", "-q")
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text)
    _git(root, "add", ".")
    _git(root, "commit", "-qm", path)
    return _git(root, "rev-parse", "--short", "HEAD")


def test_a_tree_is_dirty_by_its_code_not_by_the_results_file(tmp_path: Path) -> None:
    _commit(tmp_path, "bench/arena_results.jsonl", "")
    _commit(tmp_path, "code.py", "x = 1\n")
    assert not current_commit(tmp_path).endswith("-dirty")
    (tmp_path / "bench" / "arena_results.jsonl").write_text("{}\n")
    assert not current_commit(tmp_path).endswith("-dirty")  # the arena's own appends
    (tmp_path / "code.py").write_text("x = 2\n")
    assert current_commit(tmp_path).endswith("-dirty")


def test_the_arena_agent_takes_its_pace_and_refuses_one_out_of_range() -> None:
    side = make_agent("agent:pace=0.15,max_slots=40000", 0)
    assert isinstance(side, AgentSide) and (side.plan.pace, side.max_slots) == (0.15, 40000)
    game = Game(5)
    move = side(game, 2.0)
    assert isinstance(side.player, Player) and side.player.plan.pace == 0.15 and game.is_legal(move)
    with pytest.raises(ValueError, match="pace is a share"):
        make_agent("agent:pace=2", 0)


def test_the_arena_agent_takes_its_tail_and_refuses_one_out_of_range() -> None:
    side = make_agent("agent:tail=0", 0)
    assert isinstance(side, AgentSide) and side.plan.tail == 0.0 and side.plan.pace == 0.25
    with pytest.raises(ValueError, match="tail is a count of moves"):
        make_agent("agent:tail=-1", 0)


def test_games_of_commits_with_the_same_players_code_count_together(tmp_path: Path) -> None:
    first = _commit(tmp_path, "cachex/agent.py", "x = 1\n")
    results_only = _commit(tmp_path, "bench/arena_results.jsonl", "{}\n")  # the arena's lines: same players
    tests_only = _commit(tmp_path, "tests/test_agent.py", "y = 1\n")
    new_agent = _commit(tmp_path, "cachex/agent.py", "x = 2\n")
    new_pool = _commit(tmp_path, "bench/pool/shortest.py", "z = 1\n")  # an opponent changed: other games
    games = [GameRecord(c, "agent", "pool", 5, "red", "win", 20, 1.0, 1.0, 25.0)
             for c in (first, results_only, first + "-dirty", tests_only, new_agent, new_pool, "0000000")]
    chosen, commits = same_code(games, results_only, root=tmp_path)
    assert commits == [first, results_only, tests_only] and len(chosen) == 3
    assert same_code(games, new_agent, root=tmp_path)[1] == [new_agent]
    assert players_code(first + "-dirty", tmp_path) is None  # its code was never committed
    with pytest.raises(ValueError, match="unknown commit 'nope'"):
        same_code(games, "nope", root=tmp_path)


def test_a_moving_name_is_looked_up_again_after_a_commit(tmp_path: Path) -> None:
    first = _commit(tmp_path, "cachex/agent.py", "x = 1\n")
    assert players_code("HEAD", tmp_path) == players_code(first, tmp_path)
    second = _commit(tmp_path, "cachex/agent.py", "x = 2\n")
    assert players_code("HEAD", tmp_path) == players_code(second, tmp_path) != players_code(first, tmp_path)
    assert players_code("no-such-branch", tmp_path) is None


def test_a_change_to_one_sizes_opening_rows_keeps_the_other_sizes_games_together(tmp_path: Path) -> None:
    book = "cachex/opening_values.py"
    rows = '"""Data."""\n\nPLAYOUTS = {}\nWINS: dict[int, tuple[int, ...]] = {{5: {}, 7: (3,)}}\n'
    old = _commit(tmp_path, book, rows.format(8, (1, 2)))
    new_five = _commit(tmp_path, book, rows.format(8, (0, 2)))
    new_all = _commit(tmp_path, book, rows.format(9, (0, 2)))
    games = [GameRecord(c, "agent", "pool", n, "red", "win", 20, 1.0, 1.0, n * n)
             for c in (old, new_five, new_all) for n in (5, 7)]
    chosen, commits = same_code(games, new_five, root=tmp_path)
    assert commits == [old, new_five] and [(g.commit, g.n) for g in chosen] == [(old, 7), (new_five, 5), (new_five, 7)]
    assert players_code(old, tmp_path, 7) == players_code(new_five, tmp_path, 7) != players_code(new_all, tmp_path, 7)
    assert players_code(old, tmp_path) != players_code(new_five, tmp_path)  # the whole code differs


def test_a_change_to_docstrings_or_comments_only_keeps_the_games_together(tmp_path: Path) -> None:
    agent = "cachex/agent.py"
    first = _commit(tmp_path, agent, '"""An agent."""\n\n\ndef move() -> int:\n    """The move."""\n    return 1\n')
    reworded = _commit(tmp_path, agent, '"""The agent."""\n\n\ndef move() -> int:  # the first cell\n    return 1\n')
    changed = _commit(tmp_path, agent, '"""The agent."""\n\n\ndef move() -> int:\n    return 2\n')
    assert players_code(first, tmp_path, 5) == players_code(reworded, tmp_path, 5) != players_code(changed, tmp_path, 5)
    games = [GameRecord(c, "agent", "pool", 5, "red", "win", 20, 1.0, 1.0, 25.0) for c in (first, reworded, changed)]
    assert same_code(games, reworded, root=tmp_path)[1] == [first, reworded]


def test_a_pool_style_plays_through_its_referee_agent_and_keeps_the_reserve() -> None:
    side = make_agent("chain-span", 2)
    assert isinstance(side, PoolSide)
    game = Game.from_fragment("v1.5.a1")
    move = side(game, 25.0)
    assert game.is_legal(move) and side.player is not None
    assert side.player.colour == "blue" and side.player.game.turn_count == 1
    assert side.player.budget == pytest.approx(SAFE_SHARE * 25.0)
    game.play(move)
    game.play(next(m for m in game.legal_moves() if str(m) != "swap"))
    assert game.is_legal(side(game, 24.0)) and side.player.game.turn_count == 3


def test_a_pool_style_refuses_settings() -> None:
    with pytest.raises(ValueError, match="the pool's resistance takes no settings"):
        make_agent("resistance:depth=3", 0)
