"""The opening book's self-play games: how they are played, kept, counted and used."""

import dataclasses
import json
from pathlib import Path

import pytest

from bench import openings as generator
from bench.arena import play
from cachex import Game
from cachex.engine import book as openings
from cachex.engine.book import BOOK_DIR, Book
from cachex.engine.search import MCTS
from cachex.engine.settings import Settings
from cachex.notation import Move

VALUES = generator.read_tables()["VALUES"]


def test_self_play_starts_every_first_cell_from_the_steal_with_the_agent_on_both_sides() -> None:
    specs = generator.self_play_specs(5, 2)
    cells = generator.first_cells(5)
    assert len(specs) == 2 * len(cells) == 24
    assert {s.opening for s in specs} == {(str(Move.from_code(c, 5)), "swap") for c in cells}
    assert all(s.first == s.second == "agent" and s.seconds == 25.0 for s in specs)
    assert len({s.seed for s in specs}) == len(specs)  # no two games alike by their seeds


def test_a_later_run_of_self_play_gets_seeds_no_earlier_round_had() -> None:
    first = generator.self_play_specs(5, 8)
    later = generator.self_play_specs(5, 4, first_round=8)
    assert len(later) == 4 * len(generator.first_cells(5))
    assert not {s.seed for s in first} & {s.seed for s in later}


def test_a_game_from_an_opening_continues_after_it_and_keeps_it_in_its_record() -> None:
    spec = dataclasses.replace(generator.self_play_specs(3, 1)[0], first="random", second="random")
    result = play(spec)
    assert result.fragment.startswith(f"v1.3.{spec.opening[0]}.swap.")
    record = generator.self_play_record(result, "abc")
    assert record["cell"] == spec.opening[0] and record["n"] == 3
    outcome = Game.from_fragment(result.fragment).outcome
    assert outcome is not None and outcome.winner == result.winner
    assert record["outcome"] == {"blue": "owner", "red": "opponent", None: "draw"}[result.winner]


def test_self_play_counts_share_a_cell_with_its_half_turn_and_count_draws_as_games() -> None:
    records = [{"n": 5, "cell": "d1", "outcome": "owner"}, {"n": 5, "cell": "b5", "outcome": "owner"},
               {"n": 5, "cell": "d1", "outcome": "opponent"}, {"n": 5, "cell": "a1", "outcome": "draw"}]
    wins, games = generator.self_play_counts(records)
    d1, b5, a1, e5 = (Move.parse(c).code(5) for c in ("d1", "b5", "a1", "e5"))
    assert (wins[5][d1], games[5][d1]) == (wins[5][b5], games[5][b5]) == (2, 3)
    assert (wins[5][a1], games[5][a1]) == (wins[5][e5], games[5][e5]) == (0, 1)
    assert sum(games[5]) == 8


def test_a_bad_self_play_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    good = {"n": 5, "cell": "d1", "outcome": "owner"}
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "outcome": "won"}) + "\n")
    with pytest.raises(ValueError, match="line 2"):
        generator.read_self_play(path)
    path.write_text(json.dumps({**good, "cell": "z9"}) + "\n")
    with pytest.raises(ValueError, match="line 1"):
        generator.read_self_play(path)
    assert generator.read_self_play(tmp_path / "none.jsonl") == []


def with_games(monkeypatch: pytest.MonkeyPatch, n: int, played: dict[str, tuple[int, int]]) -> None:
    """The book as if ``played`` (cell: (owner's wins, games)) were its self-play games."""
    counts = {Move.parse(name).code(n): wins_games for name, wins_games in played.items()}
    real = Book.of(n)
    assert real is not None
    cells = tuple(None if entry is None else dataclasses.replace(
        entry, wins=counts.get(c, (0, 0))[0], games=counts.get(c, (0, 0))[1], replies=())
        for c, entry in enumerate(real.cells))
    monkeypatch.setitem(openings._BOOKS, n, dataclasses.replace(real, cells=cells, refuted=frozenset()))


def with_refuted(monkeypatch: pytest.MonkeyPatch, n: int, pairs: set[tuple[int, int]]) -> None:
    """The book (as it stands, patched or not) as if the solver had refuted ``pairs``."""
    current = Book.of(n)
    assert current is not None
    monkeypatch.setitem(openings._BOOKS, n, dataclasses.replace(current, refuted=frozenset(pairs)))


def book_files(folder: Path) -> dict[str, str]:
    """The book's data files in ``folder``, by name."""
    return {path.name: path.read_text() for path in folder.glob("*.json")}


def copied_book(tmp_path: Path) -> Path:
    """A copy of the book's data files, for the generator to read and write."""
    folder = tmp_path / "book"
    folder.mkdir()
    for path in BOOK_DIR.glob("*.json"):
        (folder / path.name).write_text(path.read_text())
    return folder


def test_the_games_outweigh_the_estimate_as_they_accumulate(monkeypatch: pytest.MonkeyPatch) -> None:
    d1 = Move.parse("d1").code(5)
    estimate = VALUES[5][d1]
    with_games(monkeypatch, 5, {})
    assert openings.opening_value(5, d1) == pytest.approx(estimate)
    with_games(monkeypatch, 5, {"d1": (9, 10)})
    assert openings.opening_value(5, d1) == pytest.approx((9 + 2 * estimate) / 12)
    with_games(monkeypatch, 5, {"d1": (90, 100)})
    assert openings.opening_value(5, d1) == pytest.approx(0.9, abs=0.01)


def test_blue_steals_a_stone_whose_owner_won_most_self_play_games(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.from_fragment("v1.5.d1")
    with_games(monkeypatch, 5, {"d1": (1, 10)})
    assert MCTS(Settings(book=True), seed=1).search(game, iterations=50).move != Move.swap()
    with_games(monkeypatch, 5, {"d1": (9, 10)})
    result = MCTS(Settings(book=True), seed=1).search(game, iterations=50)
    assert result.move == Move.swap() and result.booked


def test_red_opens_where_the_games_say_the_stone_is_nearest_even(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cell but one shown lopsided for its owner by its games: Red opens on that one."""
    lopsided = {str(Move.from_code(c, 5)): (10, 10) for c in range(25) if c != 12}
    lopsided["c1"] = (5, 10)
    with_games(monkeypatch, 5, {**lopsided, "c5": (5, 10)})
    for seed in range(3):
        assert MCTS(Settings(book=True), seed=seed).search(Game(5), iterations=50).move in (Move.parse("c1"),
                                                                                   Move.parse("c5"))


def test_red_opens_off_the_rim_a_stone_the_games_show_weak_for_its_owner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Stones weak for their owner on the rim (a1) and off it (b3): two of the field's
    three steal rules take b3 and leave Red the strong side; only one takes a1."""
    even = {str(Move.from_code(c, 5)): (5, 10) for c in range(25) if c != 12}
    with_games(monkeypatch, 5, {**even, "a1": (0, 10), "b3": (0, 10)})
    b3, a1 = Move.parse("b3").code(5), Move.parse("a1").code(5)
    assert openings.steal_share(5, b3) == pytest.approx(2 / 3)
    assert openings.steal_share(5, a1) == pytest.approx(1 / 3)
    chance_b3, chance_a1 = openings.opening_chance(5, b3), openings.opening_chance(5, a1)
    assert chance_b3 is not None and chance_a1 is not None and chance_b3 > 0.6 > chance_a1
    for seed in range(3):
        result = MCTS(Settings(book=True), seed=seed).search(Game(5), iterations=50)
        assert result.move == Move.parse("b3") and result.booked
        assert result.win_chance == pytest.approx(chance_b3, abs=1e-4)


def test_every_steal_rule_of_the_field_takes_a_stone_strong_for_its_owner_off_the_rim(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with_games(monkeypatch, 5, {"b3": (10, 10), "a1": (10, 10)})
    assert openings.steal_share(5, Move.parse("b3").code(5)) == 1.0
    assert openings.steal_share(5, Move.parse("a1").code(5)) == pytest.approx(2 / 3)
    assert openings.steal_share(5, Move.parse("c3").code(5)) is None  # the centre: no first stone


def test_counting_the_kept_games_writes_a_table_with_their_wins_and_the_rest_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps({"n": 5, "cell": c, "outcome": o, "commit": "abc",
                                         "game": f"v1.5.{c}.swap.{r}"}) + "\n"
                             for c, o, r in (("d1", "owner", "b4"), ("d1", "owner", "b4"),
                                             ("a1", "opponent", "e1"))))
    table = copied_book(tmp_path)
    monkeypatch.setattr(generator, "SELF_PLAY", games)
    monkeypatch.setattr(generator, "BOOK", table)
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "5", "--self-play", "0", "--workers", "1"])
    generator.main()
    written = generator.read_tables(table)
    d1, a1 = Move.parse("d1").code(5), Move.parse("a1").code(5)
    assert (written["WINS"][5][d1], written["GAMES"][5][d1]) == (2, 2)
    assert (written["WINS"][5][a1], written["GAMES"][5][a1]) == (0, 1)
    assert set(written["GAMES"]) == {5}
    d2, a5 = Move.parse("d2").code(5), Move.parse("a5").code(5)  # the replies b4 and e1, mirrored
    assert written["REPLY_GAMES"][5][d1] == ((d2, 2, 2),) and written["REPLY_GAMES"][5][a1] == ((a5, 0, 1),)
    for name in ("VALUES", "PROVEN", "REPLIES"):
        assert written[name] == generator.read_tables()[name]
    assert "  2/2  " in capsys.readouterr().out


def test_the_table_leaves_out_the_games_of_a_commit_stale_for_their_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps({"n": 5, "cell": "d1", "outcome": o, "commit": commit,
                                         "game": "v1.5.d1.swap.b4"}) + "\n"
                             for o, commit in (("opponent", "old"), ("owner", "new"),
                                               ("opponent", "old"), ("opponent", "new"))))
    table = copied_book(tmp_path)
    monkeypatch.setattr(generator, "SELF_PLAY", games)
    monkeypatch.setattr(generator, "BOOK", table)
    monkeypatch.setattr(generator, "STALE", {5: frozenset({"old"}), 7: frozenset({"new"})})
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "5", "--self-play", "0", "--workers", "1"])
    generator.main()
    written = generator.read_tables(table)
    d1, d2 = Move.parse("d1").code(5), Move.parse("d2").code(5)
    assert (written["WINS"][5][d1], written["GAMES"][5][d1]) == (1, 2)  # the games of "new"
    assert written["REPLY_GAMES"][5][d1] == ((d2, 1, 2),)


def test_replies_without_self_play_is_refused(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "5", "--replies", "2"])
    with pytest.raises(SystemExit):
        generator.main()
    assert "--replies is a number of replies, with --self-play" in capsys.readouterr().err


def test_a_bad_games_file_stops_the_generator_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    games = tmp_path / "games.jsonl"
    games.write_text("not json\n")
    table = copied_book(tmp_path)
    monkeypatch.setattr(generator, "SELF_PLAY", games)
    monkeypatch.setattr(generator, "BOOK", table)
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "5", "--self-play", "0"])
    with pytest.raises(SystemExit):
        generator.main()
    assert "line 1: not a self-play game" in capsys.readouterr().err
    assert book_files(table) == book_files(BOOK_DIR)  # nothing written


def test_reply_games_force_the_reply_after_the_steal_until_enough_are_kept() -> None:
    b2, c2 = Move.parse("b2").code(5), Move.parse("c2").code(5)
    specs = generator.reply_specs(5, b2, c2, games=6, kept=2)
    assert len(specs) == 4
    assert {s.opening for s in specs} == {("b2", "swap", "c2")}
    assert all(s.first == s.second == "agent" and s.seconds == 25.0 for s in specs)
    seeds = {s.seed for s in specs}
    assert len(seeds) == 4 and not seeds & {s.seed for s in generator.self_play_specs(5, 12)}
    assert generator.reply_specs(5, b2, c2, games=6, kept=6) == []


def test_reply_counts_mirror_the_reply_into_the_frame_where_the_stone_is_left() -> None:
    """b2 taken and answered by Red's c2 is, the steal undone, Red's b2 answered by Blue's
    b3; the half-turn (d4 answered by d3) shares the count, and a game without a reply does not count."""
    records = [{"n": 5, "cell": "b2", "outcome": "opponent", "game": "v1.5.b2.swap.c2.a1"},
               {"n": 5, "cell": "d4", "outcome": "owner", "game": "v1.5.d4.swap.c4"},
               {"n": 5, "cell": "b2", "outcome": "owner", "game": "v1.5.b2.swap"},
               {"n": 5, "cell": "b2", "outcome": "owner"}]
    counts = generator.reply_counts(records)[5]
    b2, b3, d4, d3 = (Move.parse(c).code(5) for c in ("b2", "b3", "d4", "d3"))
    assert counts[b2] == {b3: [1, 2]} and counts[d4] == {d3: [1, 2]}


def test_a_self_play_line_whose_game_is_on_another_board_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"n": 5, "cell": "b2", "outcome": "owner", "game": "v1.6.b2.swap"}) + "\n")
    with pytest.raises(ValueError, match=r"line 1: not a self-play game .*5 x 5"):
        generator.read_self_play(path)


def with_replies(monkeypatch: pytest.MonkeyPatch, n: int, cell: str,
                 replies: dict[str, tuple[int, int]]) -> None:
    """The book as if ``replies`` (reply: (owner's wins, games)) were the games from ``cell``."""
    code = Move.parse(cell).code(n)
    met = tuple((Move.parse(r).code(n), w, g) for r, (w, g) in replies.items())
    current = Book.of(n)
    assert current is not None
    cells = tuple(dataclasses.replace(entry, replies=met) if c == code and entry is not None else entry
                  for c, entry in enumerate(current.cells))
    monkeypatch.setitem(openings._BOOKS, n, dataclasses.replace(current, cells=cells))


def test_a_stone_is_worth_what_it_is_worth_against_the_reply_that_beats_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """b2 won 8 of 9 games against a5 but 1 of 4 against b3: Blue leaves it and answers b3."""
    b2 = Move.parse("b2").code(5)
    estimate = VALUES[5][b2]
    with_games(monkeypatch, 5, {"b2": (9, 13)})
    with_replies(monkeypatch, 5, "b2", {"a5": (8, 9), "b3": (1, 4)})
    assert openings.opening_value(5, b2) == pytest.approx((1 + 2 * estimate) / 6)
    assert openings.book_steals(5, b2) is False
    assert openings.book_reply(5, b2) == Move.parse("b3").code(5)
    result = MCTS(Settings(book=True), seed=1).search(Game.from_fragment("v1.5.b2"), iterations=50)
    assert result.move == Move.parse("b3") and result.booked and result.proven is None
    assert result.win_chance == pytest.approx(1 - (1 + 2 * estimate) / 6, abs=1e-4)


def test_a_reply_with_too_few_games_neither_values_the_stone_nor_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    b2 = Move.parse("b2").code(5)
    with_games(monkeypatch, 5, {"b2": (9, 12)})
    few = openings.REPLY_GAMES_MIN - 1
    with_replies(monkeypatch, 5, "b2", {"a5": (9, 9), "b3": (0, few)})
    assert openings.book_steals(5, b2) is True
    with_replies(monkeypatch, 5, "b2", {"a5": (2, 9), "b3": (0, few)})
    assert openings.book_steals(5, b2) is False
    assert openings.book_reply(5, b2) == Move.parse("a5").code(5)
    with_replies(monkeypatch, 5, "b2", {"b3": (0, few)})  # no reply counts: the stone's games do
    assert openings.book_steals(5, b2) is True and openings.book_reply(5, b2) is None


def test_reply_games_already_kept_count_towards_the_reply_they_forced() -> None:
    """Two kept games of b2 taken and answered by c2 (b3 in the book's frame, as d4's
    d3 is): four more are due for c2, in the rounds after the kept two, and six for e1."""
    records = [{"n": 5, "cell": "b2", "outcome": "owner", "game": "v1.5.b2.swap.c2"},
               {"n": 5, "cell": "d4", "outcome": "opponent", "game": "v1.5.d4.swap.c4"}]
    b2, c2, e1 = (Move.parse(c).code(5) for c in ("b2", "c2", "e1"))
    specs = generator.missing_reply_games(5, b2, [c2, e1], 6, generator.reply_counts(records))
    assert [s.opening[2] for s in specs] == ["c2"] * 4 + ["e1"] * 6
    assert {s.seed for s in specs[:4]} == {s.seed for s in generator.reply_specs(5, b2, c2, 6, 2)}


def test_self_play_from_named_cells_plays_each_once_with_its_half_turn_as_one() -> None:
    a7, i3 = Move.parse("a7").code(9), Move.parse("i3").code(9)
    assert generator.named_cells(9, ["a7", "i3", "a1"]) == [min(a7, i3), 0]
    specs = generator.self_play_specs(9, 2, cells=generator.named_cells(9, ["a7"]), first_round=3)
    assert [s.opening for s in specs] == [("i3", "swap")] * 2
    assert len({s.seed for s in specs}) == 2
    assert not {s.seed for s in specs} & {s.seed for s in generator.self_play_specs(9, 3)}


@pytest.mark.parametrize("name, reason", [("e5", "centre"), ("z1", "off the 9 x 9 board"),
                                          ("swap", "swap"), ("a7x", "")])
def test_a_cell_that_is_no_first_stone_is_refused_before_any_work(
        name: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    games, table = tmp_path / "games.jsonl", copied_book(tmp_path)
    monkeypatch.setattr(generator, "SELF_PLAY", games)
    monkeypatch.setattr(generator, "BOOK", table)
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "9", "--self-play", "1", "--cells", "a7", name])
    with pytest.raises(SystemExit):
        generator.main()
    error = capsys.readouterr().err
    assert f"{name!r} is not a first stone on 9 x 9" in error and reason in error
    assert not games.exists() and book_files(table) == book_files(BOOK_DIR)


def test_cells_without_self_play_is_refused(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "9", "--cells", "a7"])
    with pytest.raises(SystemExit):
        generator.main()
    assert "--cells names the first stones to play from, with --self-play" in capsys.readouterr().err


def test_a_reply_the_solver_refutes_neither_values_the_stone_nor_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """a5 won 1 of 6 games against e2, but after e2 its owner wins by force: it is worth
    what it won against e1 and a4, over half, so Blue steals it."""
    a5, e2 = Move.parse("a5").code(5), Move.parse("e2").code(5)
    with_games(monkeypatch, 5, {"a5": (15, 24)})
    with_replies(monkeypatch, 5, "a5", {"a4": (9, 12), "e1": (5, 6), "e2": (1, 6)})
    assert openings.book_reply(5, a5) == e2 and openings.book_steals(5, a5) is False
    with_refuted(monkeypatch, 5, {(a5, e2)})
    assert dict(openings.reply_shares(5, a5))[e2] == 1.0
    assert openings.book_steals(5, a5) is True and openings.book_reply(5, a5) is None
    result = MCTS(Settings(book=True), seed=1).search(Game.from_fragment("v1.5.a5"), iterations=50)
    assert result.move == Move.swap() and result.booked


def test_a_reply_proof_settles_who_wins_after_a_stone_and_its_reply() -> None:
    """On 4 x 4: a1 is proven lost with the reply the table keeps; d1 is proven won, so
    its owner wins after any reply (a2 here)."""
    REPLIES = generator.read_tables()["REPLIES"]
    a1, d1, a2 = (Move.parse(c).code(4) for c in ("a1", "d1", "a2"))
    assert generator.reply_proof((4, a1, REPLIES[4][a1], 200_000)) == (4, a1, REPLIES[4][a1], 0)
    assert generator.reply_proof((4, d1, a2, 200_000)) == (4, d1, a2, 1)
    assert generator.reply_proof((5, a1, a2, 5))[3] == -1  # five positions settle nothing on 5 x 5


def test_the_replies_checked_are_those_the_book_weighs_to_stones_not_proven() -> None:
    b2, d4 = Move.parse("b2").code(5), Move.parse("d4").code(5)
    counts = {5: {b2: {1: [2, 6], 7: [1, 4], 11: [0, 3]}, d4: {23: [2, 6]}}}
    assert generator.replies_to_check(5, None, counts) == [(b2, 1), (b2, 7)]  # 11: too few games
    proven = [-1] * 25
    proven[b2] = 0
    assert generator.replies_to_check(5, proven, counts) == []  # d4 is not a first_cells cell


# What ``fake_reply_proof`` answers for each (cell, reply): set by the test that uses it.
VERDICTS: dict[tuple[int, int], int] = {}


def fake_reply_proof(job: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """``reply_proof`` as if the solver had settled ``VERDICTS`` (a KeyError for any other pair)."""
    n, cell, reply, _ = job
    return n, cell, reply, VERDICTS[cell, reply]


def test_checking_replies_writes_the_refuted_ones_and_a_stone_lost_with_its_reply(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    games = tmp_path / "games.jsonl"
    played = [("d1", "b4")] * 4 + [("d1", "a3")] * 4 + [("d1", "c2")] + [("a1", "e1")] * 4
    games.write_text("".join(json.dumps({"n": 5, "cell": c, "outcome": "owner", "commit": "abc",
                                         "game": f"v1.5.{c}.swap.{r}"}) + "\n" for c, r in played))
    table = copied_book(tmp_path)
    counts = generator.reply_counts(generator.read_self_play(games))
    d1, a1 = Move.parse("d1").code(5), Move.parse("a1").code(5)
    d1_replies = [r for r, (_, g) in sorted(counts[5][d1].items(), key=lambda i: (-i[1][1], i[0])) if g == 4]
    (a1_reply,) = counts[5][a1]
    monkeypatch.setattr(sys.modules[__name__], "VERDICTS",
                        {(d1, d1_replies[0]): 1, (d1, d1_replies[1]): -1, (a1, a1_reply): 0})
    monkeypatch.setattr(generator, "SELF_PLAY", games)
    monkeypatch.setattr(generator, "BOOK", table)
    monkeypatch.setattr(generator, "reply_proof", fake_reply_proof)  # the forked workers inherit it
    monkeypatch.setattr(sys, "argv", ["openings", "--sizes", "5", "--check-replies", "10", "--workers", "1"])
    generator.main()
    written = generator.read_tables(table)
    half = generator.half_turn
    assert written["REFUTED"][5] == tuple(sorted({(d1, d1_replies[0]), (half(5, d1), half(5, d1_replies[0]))}))
    assert written["PROVEN"][5][a1] == written["PROVEN"][5][half(5, a1)] == 0
    assert written["REPLIES"][5][a1] == a1_reply and written["REPLIES"][5][half(5, a1)] == half(5, a1_reply)
    assert sum(v >= 0 for v in written["PROVEN"][5]) == 2
    assert written["VALUES"] == VALUES and written["PROVEN"][4] == generator.read_tables()["PROVEN"][4]
    out = capsys.readouterr().out
    assert "d1 answered" in out and "the owner wins" in out and "the stone loses" in out


@pytest.mark.parametrize("extra", [["--self-play", "2"], ["--prove", "100"], ["--check-replies", "-1"]])
def test_check_replies_is_refused_with_another_mode_or_a_negative_count(
        extra: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    args = ["openings", "--sizes", "5", *extra] + ([] if "-1" in extra else ["--check-replies", "10"])
    monkeypatch.setattr(sys, "argv", args)
    with pytest.raises(SystemExit):
        generator.main()
    assert "--check-replies" in capsys.readouterr().err
