"""The referee agent, driven the way the course's referee drives it."""

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pytest

from cachex import Game, Move
from cachex.agent import Player, TimePlan, contested, extension_time, move_time
from cachex.mcts import SearchResult

T = TypeVar("T")


def referee_game(n: int, time_limit: float, extension: float = 0.0,
                 ) -> tuple[Game, dict[str, Player], dict[str, float]]:
    """Play a game the way the referee does, timing each agent's CPU from outside."""
    cpu = {"red": 0.0, "blue": 0.0}

    def timed(colour: str, call: Callable[[], T]) -> T:
        start = time.process_time()
        try:
            return call()
        finally:
            cpu[colour] += time.process_time() - start

    agents = {c: timed(c, partial(Player, c, n, time_limit=time_limit, plan=TimePlan(extension=extension)))
              for c in ("red", "blue")}
    game = Game(n)
    while game.outcome is None:
        mover = game.to_move
        action = timed(mover, agents[mover].action)
        # The referee accepts exactly these shapes, with plain ints.
        assert isinstance(action, tuple)
        assert action == ("STEAL",) or (
            len(action) == 3 and action[0] == "PLACE" and all(type(v) is int for v in action[1:]))
        game.play(Move.from_action(action))  # raises if illegal
        for colour, agent in agents.items():
            timed(colour, partial(agent.turn, mover, action))
    return game, agents, cpu


@pytest.mark.parametrize("extension", [0.0, 2.0])
def test_two_agents_play_a_legal_game_within_their_time(extension: float) -> None:
    game, agents, cpu = referee_game(5, time_limit=4.0, extension=extension)
    assert game.outcome is not None
    assert cpu["red"] <= 4.0 and cpu["blue"] <= 4.0
    # Each agent's own record of the game is the referee's game.
    for agent in agents.values():
        assert agent.game.to_fragment() == game.to_fragment()
        assert agent.game.outcome == game.outcome
    extended = sum(agent.extended for agent in agents.values())
    assert extended > 0 if extension else extended == 0


def _result(visits: dict[str, int], booked: bool = False, proven: str | None = None,
            seconds: float = 0.0) -> SearchResult:
    return SearchResult(Move.parse("c3"), "red", 0.5, visits, booked=booked, seconds=seconds,
                        proven=proven)  # type: ignore[arg-type]


def test_a_search_is_contested_while_its_runner_up_is_close() -> None:
    assert contested(_result({"c3": 100, "b4": 50, "a1": 3}))
    assert not contested(_result({"c3": 100, "b4": 49}))
    assert not contested(_result({"c3": 100}))  # one move searched: nothing open
    assert not contested(_result({}))
    assert contested(_result({"c3": 100, "b4": 30}), share=0.3)
    # A booked or proven move is final, however the visits stand.
    assert not contested(_result({"c3": 100, "b4": 90}, booked=True))
    assert not contested(_result({"c3": 100, "b4": 90}, proven="win"))


def test_an_extension_never_takes_a_move_past_a_third_of_what_is_left() -> None:
    assert extension_time(2.0, 60.0, 1.0) == 2.0
    assert extension_time(2.0, 60.0, 0.5) == 1.0
    assert extension_time(2.0, 9.0, 1.0) == 1.0  # 3 s is a third of 9: 1 s more
    assert extension_time(2.0, 6.0, 1.0) == 0.0
    assert extension_time(2.0, 0.0, 1.0) == 0.0
    assert extension_time(2.0, 60.0, 0.0) == 0.0


@pytest.mark.parametrize("extension", [-0.5, 2.5])
def test_an_extension_out_of_range_is_refused(extension: float) -> None:
    with pytest.raises(ValueError, match="extension is a share"):
        TimePlan(extension=extension)


def _scripted(player: Player, results: list[SearchResult]) -> list[float]:
    """Make ``player``'s search hand out ``results`` in turn; the seconds each call got."""
    asked: list[float] = []

    def search(game: Game, iterations: int | None = None, seconds: float | None = None,
               clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        assert seconds is not None
        asked.append(seconds)
        return results[len(asked) - 1]

    player.search.search = search  # type: ignore[method-assign]
    return asked


def test_a_contested_move_searches_on_in_the_same_tree_within_the_cap() -> None:
    player = Player("red", 9, time_limit=100.0, plan=TimePlan(extension=1.0))
    player.used = player.budget - 60.0
    asked = _scripted(player, [_result({"c3": 100, "b4": 90}), _result({"b4": 200, "c3": 120})])
    assert player.choose(2.0) == Move.parse("c3")  # the second search's move
    assert asked == [2.0, 2.0] and player.extended == 1
    player.used = player.budget - 9.0  # a third of what is left leaves 1 s more
    asked = _scripted(player, [_result({"c3": 100, "b4": 90}), _result({"c3": 150, "b4": 90})])
    player.choose(2.0)
    assert asked == [2.0, 1.0] and player.extended == 2
    player.used = player.budget - 6.0  # no room for more
    asked = _scripted(player, [_result({"c3": 100, "b4": 90})])
    player.choose(2.0)
    assert asked == [2.0] and player.extended == 2
    player.used = player.budget - 9.0  # the first search ran past its time: no room left
    asked = _scripted(player, [_result({"c3": 100, "b4": 90}, seconds=3.5)])
    player.choose(2.0)
    assert asked == [2.0] and player.extended == 2


def test_a_clear_or_booked_move_is_not_searched_on() -> None:
    player = Player("red", 9, time_limit=100.0, plan=TimePlan(extension=1.0))
    clear = _scripted(player, [_result({"c3": 100, "b4": 20})])
    player.choose(2.0)
    booked = _scripted(player, [_result({"c3": 100, "b4": 90}, booked=True)])
    player.choose(2.0)
    assert clear == booked == [2.0] and player.extended == 0
    off = Player("red", 9, time_limit=100.0)  # no extension by default
    asked = _scripted(off, [_result({"c3": 100, "b4": 90})])
    off.choose(2.0)
    assert asked == [2.0] and off.extended == 0


def test_agent_reports_an_illegal_referee_move() -> None:
    player = Player("blue", 5)
    player.turn("red", ("PLACE", 1, 1))
    with pytest.raises(ValueError, match="illegal"):
        player.turn("blue", ("PLACE", 1, 1))
    with pytest.raises(ValueError, match="not an action"):
        player.turn("blue", ("PLACE", 1.0, 2))


def test_agent_rejects_a_bad_colour() -> None:
    with pytest.raises(ValueError, match="'red' or 'blue'"):
        Player("green", 5)


def test_move_time_spreads_what_is_left_over_the_moves_to_come() -> None:
    plain = TimePlan(tail=0.0)  # the tail's share is tested on its own below
    early = move_time(60.0, Game.from_fragment("v1.9.a1.b1"), plain)
    late = move_time(60.0, Game.from_fragment("v1.9." + ".".join(f"{c}{r}" for r in (1, 2, 3, 4)
                                                                  for c in "abcdefghi")), plain)
    assert 0 < early < late <= 60.0 / 3  # fewer empty cells: more for each move
    assert early < 60.0 / 10
    assert move_time(0.0, Game(9)) == 0.0
    # The opening and the swap decision get a double share.
    assert move_time(60.0, Game(9)) > 1.9 * move_time(60.0, Game.from_fragment("v1.9.a1.b1"))


def test_a_smaller_pace_spends_more_of_the_time_now() -> None:
    game = Game.from_fragment("v1.9.a1.b1")
    assert (move_time(60.0, game, TimePlan(pace=0.15)) > move_time(60.0, game)
            > move_time(60.0, game, TimePlan(pace=0.5)))
    # Never more than a third of what is left.
    assert move_time(60.0, game, TimePlan(pace=0.01, tail=0.0)) == 60.0 / 3


@pytest.mark.parametrize("pace", [0.0, -0.1, 1.5])
def test_a_pace_out_of_range_is_refused(pace: float) -> None:
    with pytest.raises(ValueError, match="pace is a share"):
        TimePlan(pace=pace)


@pytest.mark.parametrize("fragment", ["v1.5.b4.swap.e2.e1", "v1.9.d3.swap.e5", "v1.15.d3.i8.e5.f6"])
def test_the_proof_tables_bound_in_bytes_holds_at_the_measured_size_of_an_entry(fragment: str) -> None:
    import tracemalloc

    from cachex.agent import AGENT_PROOF_BYTES, proof_entries
    from cachex.solver import Solver, entry_bytes

    game = Game.from_fragment(fragment)
    solver = Solver(game.geometry, max_entries=3_000)
    tracemalloc.start()
    try:
        solver.prove(game.board, game.mover, game.mover, nodes=100_000)
        table = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert solver.entries() >= 2_990  # the bound stopped it
    assert table / solver.entries() <= entry_bytes(game.n)
    assert table / solver.entries() * proof_entries(game.n) <= AGENT_PROOF_BYTES


def test_cells_left_to_the_proof_search_are_not_counted_as_moves_to_come() -> None:
    game = Game.from_fragment("v1.5.b4.swap.e2.e1")  # 22 empty cells
    # 0.25 of 22 cells and two: 7.5 moves; with 12 settled, 0.25 of 10 and two: 4.5.
    assert move_time(20.0, game, TimePlan(tail=0.0)) == pytest.approx(20.0 / 7.5)
    assert move_time(20.0, game, TimePlan(settled=12, tail=0.0)) == pytest.approx(20.0 / 4.5)
    # Below the settled cells the floor of three moves holds, and a third at most.
    assert move_time(20.0, game, TimePlan(settled=25, tail=0.0)) == pytest.approx(20.0 / 3)


def test_the_tail_expects_a_game_that_has_run_long_to_run_on() -> None:
    game = Game.from_fragment("v1.7.b4.swap.e2.e1")  # 46 empty cells after 4 turns
    # 0.25 of 46 cells and two: 13.5 moves; the tail adds 2 x 4 turns / 7.
    assert move_time(41.0, game) == pytest.approx(41.0 / (13.5 + 8 / 7))
    assert move_time(41.0, game, TimePlan(tail=0.0)) == pytest.approx(41.0 / 13.5)
    # The opening is as without the tail; after n^2 turns the tail stops growing at tail x n.
    assert TimePlan().expected_moves(49, 7, 0) == TimePlan(tail=0.0).expected_moves(49, 7, 0)
    assert TimePlan().expected_moves(4, 7, 49) == TimePlan().expected_moves(4, 7, 120) == pytest.approx(17.0)
    assert TimePlan(tail=0.0).expected_moves(4, 7, 120) == 3.0


@pytest.mark.parametrize("tail", [-0.5, 4.5])
def test_a_tail_out_of_range_is_refused(tail: float) -> None:
    with pytest.raises(ValueError, match="tail is a count of moves"):
        TimePlan(tail=tail)


@pytest.mark.parametrize("settled", [-1, 226, 2.5])
def test_a_count_of_settled_cells_out_of_range_is_refused(settled: float) -> None:
    with pytest.raises(ValueError, match="settled is a count"):
        TimePlan(settled=settled)  # type: ignore[arg-type]


def test_agent_keeps_to_its_time_on_the_largest_board() -> None:
    import random

    limit = 5.0
    agent = Player("red", 15, seed=1, time_limit=limit)
    rng = random.Random(2)
    game = Game(15)
    cpu = 0.0
    while game.outcome is None:
        mover = game.to_move
        start = time.process_time()
        action = agent.action() if mover == "red" else rng.choice(game.legal_moves()).to_action()
        if mover == "red":
            cpu += time.process_time() - start
        game.play(Move.from_action(action))
        start = time.process_time()
        agent.turn(mover, action)
        cpu += time.process_time() - start
    assert cpu <= limit, (agent.used, agent.budget, game.turn_count)
    assert agent.game.to_fragment() == game.to_fragment()


def test_agent_tree_bound_keeps_it_under_100_mb_on_the_largest_board() -> None:
    """The agent's slot bound times the measured bytes per slot stays under 100 MB.

    Filling the agent's own 400,000 slots under tracemalloc takes most of a
    minute, so the bytes per slot are measured on a tree stopped by the same
    guard at 20,000 slots, and the agent's bound is checked with them.
    """
    import tracemalloc

    from cachex.agent import AGENT_MAX_SLOTS
    from cachex.mcts import MCTS

    game = Game.from_fragment("v1.15.d3.i8")
    search = MCTS(seed=1, max_slots=20_000)
    tracemalloc.start()
    try:
        search.search(game, iterations=300)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert 20_000 <= search.slots <= 20_000 + 15 * 15  # the guard stopped the growth
    assert peak / search.slots * AGENT_MAX_SLOTS < 100 * 1024 * 1024


@pytest.mark.parametrize(("fragment", "iterations"), [("v1.15.d3.i8.e5.f6", 300), ("v1.5.b4.swap.e2.e1", 2_000)])
def test_agent_tree_and_proof_table_together_stay_under_100_mb(fragment: str, iterations: int) -> None:
    """Both bounds at the bytes measured per slot and per proof-table entry, on the
    largest board and on 5 x 5 (where a slot takes the most: small nodes)."""
    import tracemalloc

    from cachex.agent import AGENT_MAX_SLOTS, proof_entries
    from cachex.mcts import MCTS
    from cachex.solver import Solver

    game = Game.from_fragment(fragment)
    search = MCTS(seed=1, max_slots=20_000)
    solver = Solver(game.geometry, max_entries=3_000)
    tracemalloc.start()
    try:
        search.search(game, iterations=iterations)
        tree = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        solver.prove(game.board, game.mover, game.mover, nodes=100_000)
        table = tracemalloc.get_traced_memory()[0] - tree
    finally:
        tracemalloc.stop()
    assert search.slots >= 20_000 and solver.entries() >= 2_990  # the bounds stopped both
    total = tree / search.slots * AGENT_MAX_SLOTS + table / solver.entries() * proof_entries(game.n)
    assert total < 90 * 1024 * 1024  # with room for the interpreter itself


def test_a_weight_multiplies_a_moves_share_within_the_cap_of_a_third() -> None:
    game = Game.from_fragment("v1.7.b4.swap.e2.e1")
    assert move_time(41.0, game, weight=2.0) == pytest.approx(2 * move_time(41.0, game))
    assert move_time(41.0, game, TimePlan(pace=0.01, tail=0.0), weight=4.0) == pytest.approx(41.0 / 3)


def test_the_agents_first_searched_move_gets_the_first_search_weight() -> None:
    player = Player("blue", 7, seed=1, time_limit=49.0)
    player.turn("red", ("PLACE", 6, 2))  # c7
    assert player.time_weight() == 1.0  # the opening turn keeps its own double share
    player.action()  # the book's reply: no search
    assert player.searched == 0
    player.turn("red", ("PLACE", 3, 3))  # d4
    assert player.time_weight() == TimePlan().first_search == 2.0
    player.turn("blue", player.action())
    assert player.searched == 1
    player.turn("red", ("PLACE", 0, 6))
    assert player.time_weight() == 1.0
    assert Player("blue", 7, plan=TimePlan(first_search=1.0)).time_weight() == 1.0


def test_a_move_whose_search_runs_the_proof_search_gets_the_proving_weight() -> None:
    open_board = Player("red", 7, seed=1)
    for action in (("PLACE", 1, 1), ("STEAL",)):
        open_board.turn("red" if action[0] == "PLACE" else "blue", action)
    open_board.searched = 1  # past its first search
    assert not open_board.search.proves(open_board.game)
    assert open_board.time_weight() == 1.0
    # Turn 48 of an arena game lost at 9918215's code: 16 empty cells, where the proof
    # search runs (it proves a win for Red within a second; the plan gave 0.55 s).
    late = Game.from_fragment("v1.7.b4.swap.e2.d3.c5.c3.f2.c6.a7.g3.e3.b7.a6.b6.e4.e5.d5.d4.f4.c4.a4"
                              ".a3.b4.c1.b3.a5.b5.a5.d6.c4.f6.b4.g5.e7.f1.g2.g7.e1.g6.d5.g1.d1.c5.b5"
                              ".b6.c6.b6.d5")
    full = Player("red", 7, seed=1, plan=TimePlan(proving=3.0))
    for turn in late.history:
        full.turn(turn.colour, turn.move.to_action())
    full.searched = 1
    assert full.game.to_move == "red" and sum(1 for s in full.game.board if not s) == 16
    assert full.search.proves(full.game)
    assert full.time_weight() == 3.0


@pytest.mark.parametrize("name", ["first_search", "proving"])
@pytest.mark.parametrize("weight", [0.5, 4.5])
def test_a_move_weight_out_of_range_is_refused(name: str, weight: float) -> None:
    with pytest.raises(ValueError, match=f"{name} is a weight"):
        TimePlan(**{name: weight})  # type: ignore[arg-type]


def test_the_pools_agents_weigh_every_move_alike() -> None:
    from bench.pool import PLAYERS

    assert all(kind("red", 7).time_weight() == 1.0 for kind in PLAYERS.values())
