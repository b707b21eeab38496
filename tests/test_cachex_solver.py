import itertools
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from cachex import Game
from cachex.agent import Player, action_of, move_of
from cachex.colours import BLUE, EMPTY, RED, colour_name, opponent
from cachex.engine.proof import Prover
from cachex.engine.search import MCTS
from cachex.engine.settings import Settings
from cachex.engine.solver import CHILDREN, ORDER, Solver
from cachex.geometry import NO_CELL, Geometry
from cachex.notation import Move
from cachex.rules import place, won_by


def _forces_win(geo: Geometry, board: bytearray, mover: int, prover: int, depth: int,
                path: set[bytes]) -> bool:
    """Whether ``prover`` can force a win: every move tried, no pruning (the reference).

    A line that returns to a board on it counts as no win, as in the solver.
    """
    if depth == 0:
        return False
    key = bytes(board) + bytes((mover,))
    path.add(key)
    try:
        replies = []
        for m in range(geo.size):
            if board[m] != EMPTY:
                continue
            child = bytearray(board)
            place(child, geo, m, mover)
            if won_by(child, geo, m):
                return mover == prover  # whoever wins at once
            replies.append(child)
        if not replies:
            return False
        opp = opponent(mover)
        results = (bytes(c) + bytes((opp,)) not in path
                   and _forces_win(geo, c, opp, prover, depth - 1, path) for c in replies)
        return any(results) if mover == prover else all(results)
    finally:
        path.discard(key)


def _random_games(n: int, empties: int, count: int, seed: int) -> list[Game]:
    """Games of random placements (no steal), unfinished, with ``empties`` empty cells."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game(n)
        while game.outcome is None and game.board.count(EMPTY) > empties:
            game.play(rng.choice([m for m in game.legal_moves() if not m.is_swap]))
        if game.outcome is None:
            found.append(game)
    return found


def _random_positions(n: int, empties: int, count: int, seed: int) -> list[tuple[bytearray, int]]:
    """The boards and movers of ``_random_games``."""
    return [(bytearray(game.board), game.mover) for game in _random_games(n, empties, count, seed)]


@pytest.mark.parametrize(("n", "empties"), [(3, 5), (3, 6), (4, 5), (4, 6)])
def test_the_solver_agrees_with_a_search_of_every_move(n: int, empties: int) -> None:
    geo = Geometry.of(n)
    settled = 0
    for board, mover in _random_positions(n, empties, 12, seed=n * 10 + empties):
        for prover in (RED, BLUE):
            proof = Solver(geo).prove(board, mover, prover, nodes=100_000)
            assert proof.status != "unknown"  # small enough to settle
            truth = _forces_win(geo, bytearray(board), mover, prover, empties + 4, set())
            assert (proof.status == "proven") == truth, (bytes(board), mover, prover)
            settled += 1
    assert settled == 24


def test_the_proof_move_keeps_the_win() -> None:
    geo = Geometry.of(4)
    checked = 0
    for board, mover in _random_positions(4, 7, 20, seed=5):
        proof = Solver(geo).prove(board, mover, mover, nodes=100_000)
        if proof.status != "proven":
            continue
        assert proof.move != NO_CELL and board[proof.move] == EMPTY
        after = bytearray(board)
        place(after, geo, proof.move, mover)
        if not won_by(after, geo, proof.move):
            assert _forces_win(geo, after, opponent(mover), mover, 12, set())
        checked += 1
    assert checked >= 3


def test_the_proof_move_leads_to_a_position_proven_before_this_one() -> None:
    # The child the proof move leads to, and every reply from there, were proven
    # earlier than the position itself: following proof moves cannot go round.
    geo = Geometry.of(4)
    checked = 0
    for board, mover in _random_positions(4, 7, 20, seed=5):
        solver = Solver(geo)
        proof = solver.prove(board, mover, mover, nodes=100_000)
        table = solver.tables[mover]
        entry = table[bytes(board) + bytes((mover, mover))]
        if proof.status != "proven" or entry[CHILDREN] is None:
            continue
        child = dict(entry[CHILDREN])[proof.move]
        assert 0 < table[child][ORDER] < entry[ORDER]
        for _, grandchild in table[child][CHILDREN] or ():
            assert 0 < table[grandchild][ORDER] < table[child][ORDER]
        checked += 1
    assert checked >= 3


# A 5 x 5 arena game that the computer, as Blue, drew by repetition from turn 9
# on although it had a forced win throughout: it played one proven move after
# another, and they went round (e1 b4 d1 a3 c1 b1 a2 b2 a2 c1 c2, then c1 b3 d2
# d1 b2 c2 a3 a2 over and over).
_CYCLE_PREFIX = "v1.5.e4.e2.e3.c3.d4.b3.d3.a4.d2"
_CYCLE_LINE = "e1.b4.d1.a3.c1.b1.a2.b2.a2.c1.c2" + ".c1.b3.d2.d1.b2.c2.a3.a2" * 6


def test_the_computer_following_its_proofs_does_not_go_round_to_a_draw() -> None:
    # Red replays the game's moves while Blue keeps to them; Blue must leave the line.
    blue = Player("blue", 5, seed=1)
    game = Game(5)
    prefix = Game.from_fragment(_CYCLE_PREFIX).moves
    line = [Move.parse(text) for text in _CYCLE_LINE.split(".")]
    for k, recorded in enumerate([*prefix, *line]):
        move = recorded
        if k >= len(prefix) and colour_name(game.mover) == "blue":
            move = move_of(blue.action())
            if move != recorded:
                return  # Blue left the drawing line
        blue.turn(colour_name(game.mover), action_of(move))
        game.play(move)
    assert game.outcome is not None and game.outcome.reason == "repetition"  # the line is the game's
    pytest.fail("Blue followed the recorded line to the repetition draw")


def test_a_win_in_one_is_proven_with_its_cell() -> None:
    game = Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4")  # Red wins at a5
    proof = Solver(game.geometry).prove(game.board, RED, RED, nodes=10)
    assert (proof.status, proof.move, proof.winner) == ("proven", game.geometry.index(4, 0), RED)
    against = Solver(game.geometry).prove(game.board, RED, BLUE, nodes=10)
    assert against.status == "disproven" and against.winner is None


def test_two_threats_that_cannot_both_be_stopped_lose() -> None:
    # Red's b1 b2 b3 reach the top row at a4 or b4; Blue, to move, can stop only one.
    game = Game.from_fragment("v1.4.b1.d1.b2.d2.b3.d3")
    proof = Solver(game.geometry).prove(game.board, BLUE, RED, nodes=10)
    assert proof.status == "proven"


def test_the_budget_ends_the_search_unknown_and_the_table_stays_bounded() -> None:
    game = Game.from_fragment("v1.7.d2.swap")
    solver = Solver(game.geometry, max_entries=500)
    proof = solver.prove(game.board, RED, RED, nodes=300)
    assert proof.status == "unknown" and proof.nodes <= 301
    assert solver.prove(game.board, RED, RED, nodes=10_000).status == "unknown"
    assert solver.entries() <= 500


def test_the_table_bound_holds_for_both_provers_together() -> None:
    # A proof for Red leaves its entries; one for Blue may only fill the rest.
    game = Game.from_fragment("v1.7.d2.swap")
    solver = Solver(game.geometry, max_entries=500)
    solver.prove(game.board, RED, RED, nodes=300)
    kept = solver.entries()
    assert 0 < kept < 500
    solver.prove(game.board, RED, BLUE, nodes=10_000)
    assert kept < solver.entries() <= 500


def test_a_budget_in_seconds_is_kept() -> None:
    ticks = iter(range(10**9))
    game = Game.from_fragment("v1.9.e3.swap")
    proof = Solver(game.geometry).prove(game.board, RED, RED, seconds=640,
                                        clock=lambda: float(next(ticks)))
    # The clock is read once to set the deadline, then every 64 positions.
    assert proof.status == "unknown" and proof.nodes == 640 * 64


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"board": bytearray(9)}, "not an 4x4 board"),
    ({"to_move": 0}, "stone codes"),
    ({"prover": 3}, "stone codes"),
    ({"nodes": None}, "give a budget"),
    ({"nodes": 0}, "at least 1"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    call: dict[str, object] = {"board": bytearray(16), "to_move": RED, "prover": RED, "nodes": 10}
    call.update(kwargs)
    with pytest.raises(ValueError, match=message):
        Solver(Geometry.of(4)).prove(**call)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"max_entries": 0}, {"epsilon": 2.0}])
def test_bad_solver_settings_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Solver(Geometry.of(4), **kwargs)  # type: ignore[arg-type]


# --- the search's use of it ------------------------------------------------------------------

def _loses(game: Game, move: int) -> bool:
    """Whether the mover's ``move`` gives the opponent a forced win (solved in full)."""
    geo = game.geometry
    after = bytearray(game.board)
    place(after, geo, move, game.mover)
    opp = opponent(game.mover)
    return not won_by(after, geo, move) and Solver(geo).prove(
        after, opp, opp, nodes=200_000).status == "proven"


def test_the_last_check_turns_the_search_from_moves_that_lose_by_force() -> None:
    """With the same playouts (same seed, same iterations), the search with the check
    chooses a move that loses by force only where the one without does too, and
    avoids it somewhere."""
    avoided = 0
    for game in _random_games(4, 11, 30, seed=3):
        plain = MCTS(seed=1).search(game, iterations=300).move.code(4)
        checked = MCTS(Settings(proof_share=0.9), seed=1).search(game, iterations=300).move.code(4)
        if plain == checked:
            continue
        assert not _loses(game, checked) or _loses(game, plain)
        avoided += _loses(game, plain) and not _loses(game, checked)
    assert avoided >= 1


def test_check_only_spends_the_proof_share_on_the_choice_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``check_only`` no forced win is looked for first; the check still turns
    the search from moves that lose by force, as above."""
    def no_search_first(*args: object) -> None:
        raise AssertionError("check_only looked for a forced win first")

    monkeypatch.setattr(Prover, "prove_win", no_search_first)
    avoided = 0
    for game in _random_games(4, 11, 30, seed=3):
        plain = MCTS(seed=1).search(game, iterations=300).move.code(4)
        checked = MCTS(Settings(proof_share=0.9, check_only=True), seed=1).search(game, iterations=300).move.code(4)
        if plain == checked:
            continue
        assert not _loses(game, checked) or _loses(game, plain)
        avoided += _loses(game, plain) and not _loses(game, checked)
    assert avoided >= 1


def test_the_search_plays_a_forced_win_found_by_proof_search() -> None:
    """Where the playouts alone prove nothing, proof search finds the forced win first."""
    found = 0
    for game in _random_games(4, 11, 20, seed=4):
        if MCTS(seed=1).search(game, iterations=300).proven:
            continue
        result = MCTS(Settings(proof_share=0.9), seed=1).search(game, iterations=300)
        if result.proven != "win":
            continue
        assert result.win_chance == 1.0
        move = result.move.code(4)
        after = bytearray(game.board)
        place(after, game.geometry, move, game.mover)
        assert won_by(after, game.geometry, move) or Solver(game.geometry).prove(
            after, opponent(game.mover), game.mover, nodes=200_000).status == "proven"
        found += 1
    assert found >= 1


def test_proof_share_out_of_range_is_refused() -> None:
    for share in (-0.1, 1.0):
        with pytest.raises(ValueError, match="proof_share"):
            MCTS(Settings(proof_share=share))


def test_on_small_boards_the_search_settles_a_won_position_by_proof() -> None:
    """After a stolen a2 on 4 x 4 (an arena game the search let go), Red has a forced
    win at turn 4; ``solve_up_to`` gives the proof search the budget to find it."""
    game = Game.from_fragment("v1.4.a2.swap.c1.d1")
    result = MCTS(Settings(solve_up_to=4), seed=1).search(game, iterations=10_000)
    assert result.proven == "win" and result.win_chance == 1.0
    after = bytearray(game.board)
    place(after, game.geometry, result.move.code(4), RED)
    assert Solver(game.geometry).prove(after, BLUE, RED, nodes=200_000).status == "proven"


def test_the_proof_search_is_left_out_on_boards_larger_than_solve_up_to() -> None:
    for n, proves in ((4, True), (5, False)):
        search = MCTS(Settings(solve_up_to=4), seed=1)
        search.search(Game.from_fragment(f"v1.{n}.a2.swap.c1.d1"), iterations=50)
        assert (search.prover.solver is not None) == proves


def test_solve_empties_brings_the_proof_search_in_once_few_cells_are_empty() -> None:
    game = Game.from_fragment("v1.5.b2.swap.c2.d3.b4.c4.d2.e2")  # 18 empty cells, nothing forced
    for empties, proves in ((17, False), (18, True)):
        search = MCTS(Settings(solve_empties=empties), seed=1)
        search.search(game, iterations=50)
        assert (search.prover.solver is not None) == proves


def test_solve_empties_waits_for_enough_stones_to_make_a_proof_likely() -> None:
    # On 5 x 5 with 22 empty cells (three stones) a proof is out of reach: no try.
    for fragment, proves in (("v1.5.b4.swap.e2.e1", False),              # 3 stones
                             ("v1.5.b4.swap.e2.e1.d1.e1.b2.c1.a2", True)):  # 6 stones
        search = MCTS(Settings(solve_empties=22), seed=1)
        search.search(Game.from_fragment(fragment), iterations=50)
        assert (search.prover.solver is not None) == proves


def test_solve_up_to_or_solve_empties_out_of_range_is_refused() -> None:
    for size in (-1, 16):
        with pytest.raises(ValueError, match="solve_up_to"):
            MCTS(Settings(solve_up_to=size))
    with pytest.raises(ValueError, match="solve_empties"):
        MCTS(Settings(solve_empties=-1))


def test_the_proofs_report_has_a_line_per_position_and_finds_the_last_win() -> None:
    from bench.proofs import position_proofs

    lines = position_proofs("v1.5.a1.e1.a2.e2.a3.e3.a4.e4", nodes=2_000)
    assert len(lines) == 7  # turns 2 to 8
    assert lines[-1].startswith("turn 8: red to move, played -; mover wins: proven (1 positions)")
    assert "played a2;" in lines[0]


def test_the_proofs_report_keeps_to_the_turns_and_the_table_room_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import bench.proofs

    rooms: list[int] = []

    class Recorded(Solver):
        def __init__(self, geo: Geometry, max_entries: int) -> None:
            rooms.append(max_entries)
            super().__init__(geo, max_entries=max_entries)

    monkeypatch.setattr(bench.proofs, "Solver", Recorded)
    lines = bench.proofs.position_proofs("v1.5.a1.e1.a2.e2.a3.e3.a4.e4", nodes=2_000, turns=(5, 6))
    assert [line.split(":")[0] for line in lines] == ["turn 5", "turn 6"] and rooms == [4_000, 4_000]
    bench.proofs.position_proofs("v1.5.a1.e1.a2.e2.a3.e3.a4.e4", nodes=2_000, entries=700, turns=(8, 8))
    assert rooms[2:] == [700]


@pytest.mark.parametrize(("arguments", "message"), [
    (["--turns", "6", "5"], "--turns: the first turn 6 is after the last 5"),
    (["--entries", "0"], "--entries must be at least 1, not 0"),
    (["--nodes", "0"], "--nodes must be at least 1, not 0"),
])
def test_the_proofs_report_refuses_bad_arguments(arguments: list[str], message: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import bench.proofs

    monkeypatch.setattr("sys.argv", ["proofs", "v1.5.a1.e1", *arguments])
    with pytest.raises(SystemExit):
        bench.proofs.main()
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("n", "cells"), [(3, ["a1", "b1", "c1", "a2", "c2"]), (4, ["a1", "d1"])])
def test_the_proven_opening_table_agrees_with_the_solver(n: int, cells: list[str]) -> None:
    from bench.openings import owner_proof
    from cachex.engine.book import proven_value
    from cachex.notation import Move
    for name in cells:
        cell = Move.parse(name).code(n)
        _, _, value, reply = owner_proof((n, cell, 100_000))
        assert value == proven_value(n, cell) is not None
        assert (reply >= 0) == (value == 0)  # a reply only where the stone's owner loses


def ticking() -> Callable[[], float]:
    """A clock a millisecond later at each reading (the solver reads it every 64
    positions): a proof's time budget is a count of positions, whatever the machine."""
    readings = itertools.count()
    return lambda: next(readings) / 1000


def test_missed_wins_lists_the_positions_where_a_proven_win_was_passed_over() -> None:
    from bench.proofs import missed_wins

    # Red, to move at turn 8 with a1 to a4, plays c3 instead of the winning a5.
    lines = missed_wins("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.c3", "red", seconds=1.0, empties=20, clock=ticking())
    assert lines[-1] == "turn 8: 17 empty cells, played c3, a5 wins (1 positions)"
    assert all(line.startswith(("turn 6:", "turn 8:")) for line in lines)  # Red's turns only
    assert missed_wins("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.c3", "red", seconds=1.0, empties=16, clock=ticking()) == []
    with pytest.raises(ValueError, match="'red' or 'blue'"):
        missed_wins("v1.5.a1.e1", "green", seconds=1.0, clock=ticking())


def test_the_missed_report_counts_the_agents_lost_games_that_passed_over_a_win(tmp_path: Path) -> None:
    import subprocess

    from bench.proofs import missed_report
    from bench.results import GameRecord, append

    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent).stdout.strip()
    passed_over = "v1.5.a1.e1.a2.e2.a3.e3.a4.e4.c3"

    def record(first: str, second: str, result: str, game: str) -> GameRecord:
        return GameRecord(head, first, second, 5, "red", result, 9, 1.0, 1.0, 25.0, game)

    path = tmp_path / "results.jsonl"
    append([record("agent", "shortest-path", "loss", passed_over),
            record("agent", "chain-span", "loss", "v1.5.a1.e1.b1"),  # 23 empty cells: none looked at
            record("agent", "shortest-path", "win", passed_over),  # won: not looked at
            record("agent", "agent@abc1234", "loss", passed_over)], path)  # not the pool
    lines = missed_report("HEAD", 5, seconds=1.0, empties=22, path=path, clock=ticking())
    assert lines[-1] == "1 of 2 lost games passed over a win the solver proves within 1 s (from 22 empty cells down)"
    assert sum(line.startswith(head) for line in lines) == 2
    assert "  turn 8: 17 empty cells, played c3, a5 wins (1 positions)" in lines


def test_first_refuted_names_the_move_after_which_the_opponent_wins_by_force() -> None:
    from bench.proofs import first_refuted

    # Red's b5 at turn 6 leaves Blue's a3-b3-c3 two free cells from the right edge.
    game = "v1.5.e5.a3.e1.b3.a5.c3.b5.d3.c5"
    line = first_refuted(game, "red", seconds=0.5, alternatives=1_000, clock=ticking())
    assert line == ("turn 6: played b5, 18 empty cells after it, refuted in 19 positions; "
                    "14 of 19 moves there refuted within 1000 positions each")
    # The alternatives' budget bounds each of their proofs: at 10 positions none is refuted.
    assert first_refuted(game, "red", seconds=0.5, alternatives=10, clock=ticking()) == (
        "turn 6: played b5, 18 empty cells after it, refuted in 19 positions; "
        "0 of 19 moves there refuted within 10 positions each")
    assert first_refuted(game, "blue", seconds=0.5, clock=ticking()) is None  # the winner's moves are not refuted
    with pytest.raises(ValueError, match="'red' or 'blue'"):
        first_refuted(game, "green", seconds=0.5, clock=ticking())


def test_the_refuted_report_counts_the_agents_lost_games_with_a_refuted_move(tmp_path: Path) -> None:
    import subprocess

    from bench.proofs import refuted_report
    from bench.results import GameRecord, append

    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent).stdout.strip()
    refuted = "v1.5.e5.a3.e1.b3.a5.c3.b5.d3.c5"

    def record(first: str, second: str, colour: str, result: str) -> GameRecord:
        return GameRecord(head, first, second, 5, colour, result, 9, 1.0, 1.0, 25.0, refuted)

    path = tmp_path / "results.jsonl"
    append([record("agent", "shortest-path", "red", "loss"),
            record("agent", "chain-span", "red", "win"),  # won: not looked at
            record("agent", "agent@abc1234", "red", "loss")], path)  # not the pool
    lines = refuted_report("HEAD", 5, seconds=0.5, alternatives=100, path=path, clock=ticking())
    assert lines == [f"{head} against shortest-path as red, 9 turns: turn 6: played b5, 18 empty cells "
                     "after it, refuted in 19 positions; 14 of 19 moves there refuted within 100 "
                     "positions each",
                     "1 of 1 lost games had a move of the agent's after which the solver proves "
                     "the opponent's win within 0.5 s"]
    # With ``back`` each such move's position is looked at too: this one held.
    walked = refuted_report("HEAD", 5, seconds=0.5, alternatives=100, path=path, back=0.5, clock=ticking())
    assert walked[1] == "  its position (turn 6) was not proven lost within 0.5 s"
    assert [walked[0], walked[2]] == lines


@pytest.mark.parametrize(("arguments", "message"), [
    (["--missed"], "--missed needs --size N"),
    (["--refuted"], "--refuted needs --size N"),
    (["v1.5.a1.e1", "--refuted", "--size", "5"], "give a game record or --refuted, not both"),
    (["--refuted", "--size", "5", "--alternatives", "0"], "--alternatives must be at least 1, not 0"),
    (["--refuted", "--size", "5", "--back", "-1"], "--back is CPU seconds, at least 0, not -1.0"),
    (["--missed", "--refuted", "--size", "5"], "not allowed with argument --missed"),
    (["v1.5.a1.e1", "--missed", "--size", "5"], "give a game record or --missed, not both"),
    (["--missed", "--size", "2"], "board size must be from 3 to 15, not 2"),
    (["--missed", "--size", "5", "--seconds", "0"], "--seconds must be above 0, not 0.0"),
    (["--missed", "--size", "5", "--empties", "-1"], "--empties counts empty cells: at least 0, not -1"),
    ([], "give a game record, or --missed or --refuted"),
])
def test_the_missed_wins_report_refuses_bad_arguments(arguments: list[str], message: str,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import bench.proofs

    monkeypatch.setattr("sys.argv", ["proofs", *arguments])
    with pytest.raises(SystemExit):
        bench.proofs.main()
    assert message in capsys.readouterr().err


def test_lost_before_walks_back_to_the_earliest_position_proven_lost() -> None:
    from bench.proofs import lost_before

    # An arena game on 5 x 5 the agent lost as Red: its position at turn 18 is lost
    # in a few positions, at turn 14 in 2,936, at turn 12 only in about 217,000.
    game = "v1.5.c1.c2.b4.b3.d3.d2.b2.c3.e2.e3.e2.b1.e1.a3.d3.e3.a4.b2.a1.c4.d3.d4"
    assert lost_before(game, "red", 18, None, nodes=20_000) == (
        "already lost at turn 14, 4 turns earlier (proven in 2936 positions; not proven before it "
        "within 20000 positions); the move before it: e1 at turn 12")
    assert lost_before(game, "red", 14, None, nodes=20_000).startswith(
        "already lost at turn 14, its own position")
    # The first refuted move of the test above was a mistake: its position held.
    assert lost_before("v1.5.e5.a3.e1.b3.a5.c3.b5.d3.c5", "red", 6, 0.5) == (
        "its position (turn 6) was not proven lost within 0.5 s")
    with pytest.raises(ValueError, match="not red's to play"):
        lost_before(game, "red", 17, None, nodes=100)
    for turn in (0, 22):  # before the solver's positions, and past the last move
        with pytest.raises(ValueError, match=f"turn {turn} is not a position of this game"):
            lost_before(game, "red", turn, None, nodes=100)
