"""42-cluster's computer, bots and referee: the search's states follow the rules, the bot speaks
the protocol, the referee judges every fault without stopping."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from test_cluster42 import TIE_RECORD

from bench.cluster42_pool import Plain, _opponent_wins_at_once, _winner_after
from cluster42 import Game, Move
from cluster42.__main__ import main
from cluster42.agent import play_protocol
from cluster42.engine import Situation, choose_move
from cluster42.engine.expectimax import Expectimax
from cluster42.referee import BotPlayer, fetch_answer, referee_game

PYTHON = sys.executable
OUR_BOT = f"{PYTHON} -m cluster42 bot"


def test_the_search_follows_a_tie_and_forgets_it_when_a_rotation_breaks_it() -> None:
    """Ties are rare in random games, so one is played through here: after the tie, every
    rotation and drop is checked against the game, whose judge looks at the whole board."""
    game = Game.from_fragment(TIE_RECORD)
    for _ in range(game.turn_count - 13):
        game.undo()
    rng = random.Random(1)
    for trial in range(200):
        here = game.copy()
        search = Expectimax(Situation.of(here))
        node = search.root
        node.bags = [[here.bag(p)[p * here.per_player + j] for j in range(here.per_player)] for p in (0, 1)]
        assert node.tie >= 3
        while here.outcome is None:
            player, drawn = here.player_to_move, here.draw
            code = rng.choice(search._moves(node, drawn))
            node, winner = search._play(node, player, drawn, code)
            here.play(search.move_of(code))
            assert winner == (-1 if here.outcome is None else here.outcome.winner_player), trial


def test_sampled_bags_hide_the_opponents_discards_but_keep_their_number() -> None:
    game = Game(5, seed=11)
    game.play("rotate 2")  # the first player discards two chips it knows, the second does not
    situation = Situation.of(game)
    assert situation.other_discarded == 2 and sum(situation.other_pool) == 30
    samples = {tuple(situation.sampled_bags(random.Random(s))[0]) for s in range(30)}
    assert all(sum(bag) == 28 for bag in samples) and len(samples) > 1
    assert situation.sampled_bags(random.Random(0))[1] == [15, 15]
    assert sum(Expectimax(situation).root.bags[0]) == 28  # the search shares the discards out


def test_the_computer_takes_a_win_at_once() -> None:
    game = Game.from_fragment("cluster42.4.k1.n3.dealt.00_0c0.11_0c1.00_1c0.11_-1c1")
    game.deal((0, 0))
    move = choose_move(game, "beginner")
    game.play(move)
    assert game.outcome is not None and game.outcome.winner == "1"


def test_the_bot_answers_init_with_its_colour_and_each_turn_with_a_legal_move() -> None:
    out = io.StringIO()
    script = "init 4 15 5 4 1.0 0\nchips 0 1\nrotate 5\nchips 1 1\n"

    def first_drop(situation: Situation, seconds: float) -> Move:
        assert 0 < seconds < 1.0
        return Move.drop(0, situation.drawn[0])

    assert play_protocol(first_drop, io.StringIO(script), out) == 0
    assert out.getvalue().split("\n")[:3] == ["color 0", "drop 0 0", "drop 0 1"]


@pytest.mark.parametrize("line, message", [
    ("chips 0 1", "before 'init'"), ("init 4 15 5", "should be 'init"), ("hello", "not a line"),
])
def test_the_bot_reports_a_line_it_cannot_follow_and_stops(line: str, message: str) -> None:
    err = io.StringIO()
    text = line if line.startswith(("chips", "init")) else "init 4 15 5 4 1.0 0\n" + line
    status = play_protocol(lambda s, t: Move.rotate(0), io.StringIO(text + "\n"), io.StringIO(), err)
    assert status == 1 and message in err.getvalue()


def test_fetch_lists_cells_by_q_then_r_and_chips_only_where_there_are_chips() -> None:
    game = Game(5, seed=7)
    game.play("drop 0 1")
    cells = fetch_answer(game, "cells")
    assert cells[0] == "cell_count 61" and cells[1] == "cell -4 0 4 -1" and len(cells) == 62
    assert fetch_answer(game, "chips") == ["cell_count 1", "cell 0 4 -4 1"]
    assert fetch_answer(game, "gravity") == ["gravity 3"] and fetch_answer(game, "walls") == ["wall_count 0"]


BOTS = {
    "fetcher": """
import sys
for line in sys.stdin:
    w = line.split()
    if w[0] == "init": print("color", 0, flush=True)
    elif w[0] == "chips":
        print("fetch gravity", flush=True); sys.stdin.readline()
        print("fetch cells", flush=True)
        n = int(sys.stdin.readline().split()[1])
        free = {}
        for _ in range(n):
            _, q, r, s, v = sys.stdin.readline().split()
            if v == "-1": free[int(q)] = True
        print("drop", min(free), w[1], flush=True)
""",
    "malformed": "import sys\nfor line in sys.stdin:\n"
                 "    print('color 1' if line.startswith('init') else 'hello', flush=True)\n",
    "illegal": "import sys\nfor line in sys.stdin:\n"
               "    print('color 1' if line.startswith('init') else 'drop 9 0', flush=True)\n",
    "late": "import sys, time\nfor line in sys.stdin:\n    time.sleep(0 if line.startswith('init') else 3)\n"
            "    print('color 1' if line.startswith('init') else 'rotate 1', flush=True)\n",
    "quitter": "import sys\nfor line in sys.stdin:\n    if line.startswith('chips'): break\n"
               "    if line.startswith('init'): print('color 1', flush=True)\n",
    "mute": "import sys\nfor line in sys.stdin:\n    print('colour 1', flush=True)\n",
}


def bot(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(BOTS[name])
    return f"{PYTHON} {path}"


@pytest.mark.parametrize("name, reason", [
    ("malformed", "sent a malformed line, 'hello'"),
    ("illegal", "sent an illegal move, 'drop 9 0': line 9 is off the board"),
    ("late", "took longer than the timeout"),
    ("quitter", "closed its output"),
    ("mute", "answered 'colour 1' to init"),
])
def test_a_bots_fault_loses_it_the_game_with_the_reason_and_the_referee_goes_on(
        tmp_path: Path, name: str, reason: str) -> None:
    players = (BotPlayer(bot(tmp_path, "fetcher"), "good"), BotPlayer(bot(tmp_path, name), "bad"))
    result = referee_game(players, Game(5, seed=3), 0.5)
    assert result.winner == 0
    assert result.reason.startswith("bad " + reason)
    Game.from_fragment(result.record)  # what was played is a game


def test_the_referee_command_alternates_seats_and_sums_up_with_an_interval(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["referee", bot(tmp_path, "fetcher"), bot(tmp_path, "illegal"), "--games", "2",
                   "--timeout", "0.5", "--seed", "4"])
    out = capsys.readouterr().out
    assert status == 0
    assert "game 1: bot 1 first; bot 1 wins" in out and "game 2: bot 2 first; bot 1 wins" in out
    assert "bot 1 won 100% (Wilson 95%: 34% to 100%)" in out


def test_the_referee_refuses_bad_options_and_a_bot_that_cannot_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", "a", "b", "--size", "40"]) == 1
    assert "board size" in capsys.readouterr().err
    players = (BotPlayer(str(tmp_path / "nothing-here"), "ghost"), BotPlayer(bot(tmp_path, "fetcher"), "ok"))
    result = referee_game(players, Game(5, seed=1), 0.5)
    assert result.winner == 1 and result.reason.startswith("ghost could not be started")


def test_our_bot_plays_whole_games_under_the_referee_without_a_fault(tmp_path: Path) -> None:
    for seed in (1, 2):
        players = (BotPlayer(OUR_BOT, "ours"), BotPlayer(bot(tmp_path, "fetcher"), "fetcher"))
        if seed == 2:
            players = (players[1], players[0])
        result = referee_game(players, Game(5, seed=seed), 1.0)
        assert players[result.winner].name == "ours", result.reason
        assert "holds the longest run" in result.reason or "bag" in result.reason


def test_a_person_plays_a_bot_at_the_terminal_and_bad_input_is_explained(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    moves = "drop 9 0\nfly\n" + "".join(f"drop {p} 0\ndrop {p} 1\n" for p in range(-4, 5)) * 3
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    assert main(["play", bot(tmp_path, "fetcher"), "--first", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "line 9 is off the board" in out and "'fly' is not a move" in out
    assert "The game's record: cluster42.5." in out


def test_show_prints_the_position_and_a_bad_record_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "cluster42.5.s7.0c1"]) == 0
    assert "Player 2 to move" in capsys.readouterr().out
    assert main(["show", "cluster42.5.s7.0c9"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "chip 9 was not drawn" in err


def test_the_ten_line_bot_of_the_readme_plays_whole_games_legally(tmp_path: Path) -> None:
    docs = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    code = docs.split("```python\nimport random, sys\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) == 9  # with its first line, ten
    path = tmp_path / "docs_bot.py"
    path.write_text("import random, sys\n" + code)
    for seed in (3, 4):
        players = (BotPlayer(f"{PYTHON} {path}", "docs"), BotPlayer(bot(tmp_path, "fetcher"), "fetcher"))
        result = referee_game(players if seed == 3 else (players[1], players[0]), Game(6, seed=seed), 1.0)
        assert "holds the longest run" in result.reason or "bag is empty" in result.reason, result.reason


def test_the_expectimax_plays_every_move_as_the_game_does() -> None:
    """Random games replayed move by move through the expectimax's nodes: the same cells,
    gravity, heights and winner, and the windows' worth kept as a recount window by window
    finds it; each move read again from what its position found the first time."""
    rng = random.Random(5)
    for seed in range(30):
        game = Game(rng.choice([3, 4, 5, 6]), colours_per_player=rng.choice([1, 2, 3]), n=rng.choice([3, 4]),
                    seed=seed)
        search = Expectimax(Situation.of(game))
        node = search.root
        node.bags = [[game.bag(p)[p * game.per_player + j] for j in range(game.per_player)] for p in (0, 1)]
        while game.outcome is None:
            player, drawn = game.player_to_move, game.draw
            codes = search._moves(node, drawn)
            assert sorted(str(search.move_of(c)) for c in codes) == sorted(str(m) for m in game.legal_moves())
            for other in codes:
                search._play(node, player, drawn, other)
            code = rng.choice(codes)
            node, winner = search._play(node, player, drawn, code)
            game.play(search.move_of(code))
            assert node.cells == game.cells and node.gravity == game.gravity
            assert node.heights == search._heights(node.cells, node.gravity)
            recount = sum(search._window(node.cells, window) for window in search.windows.cells)
            assert abs(node.worth - recount) < 1e-6 and abs(search._worth(node.cells) - recount) < 1e-6
            assert winner == (-1 if game.outcome is None else game.outcome.winner_player)


def _safe(state: Plain, move: Move, rng: random.Random) -> bool:
    """Whether ``move`` wins at once or leaves the opponent no win at once with any draw."""
    winner, after = _winner_after(state, move, rng)
    return winner == state.player or (winner == -1 and not _opponent_wins_at_once(after, 1 - state.player))


def test_the_expectimax_never_leaves_the_opponent_a_win_at_once_when_it_need_not() -> None:
    """In positions of random games, whenever some move leaves the opponent no win at once with
    any draw (as the pool's greedy, written apart, judges it), the two-ply search's move does
    too, or wins at once."""
    rng = random.Random(8)
    checked = 0
    for seed in range(60):
        game = Game(rng.choice([4, 5]), n=3, seed=seed)
        for _ in range(rng.randrange(4, 16)):
            if game.outcome is not None:
                break
            game.play(rng.choice([m for m in game.legal_moves() if not m.is_rotation]))
        situation = Situation.of(game)
        if game.outcome is not None or situation.other_discarded:
            continue
        state = Plain(situation, rng)
        if not any(_safe(state, m, rng) for m in game.legal_moves()):
            continue
        search = Expectimax(situation)
        search._root(1)
        search._root(2)
        assert _safe(state, search.best_text(), rng), game.to_fragment()
        checked += 1
    assert checked >= 20


def test_the_expectimax_values_lie_between_a_loss_and_a_win_and_give_the_chance_of_winning() -> None:
    """Every root move's value lies between a loss (-1) and a win (1), both ends and values
    between them found in positions of random games; the chance of winning is half of one
    more than the value, certain at the ends."""
    rng = random.Random(12)
    found = set()
    for seed in range(40):
        game = Game(rng.choice([4, 5]), n=3, seed=seed)
        for _ in range(rng.randrange(2, 20)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is not None:
            continue
        search = Expectimax(Situation.of(game))
        search._root(1)
        search._root(2)
        for value in search.scores.values():
            assert -1.0 <= value <= 1.0
            found.add(abs(value) == 1.0)
        assert search.chance() == ((1.0 + search.value) / 2.0 if abs(search.value) < 1.0 else float(search.value > 0))
    assert found == {True, False}
