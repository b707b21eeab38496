"""The referee agent, driven the way the course's referee drives it."""

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pytest

from cachex import Game, InvalidMoveError, Move
from cachex.agent import Player, TimePlan, action_of, move_of, move_time

T = TypeVar("T")


def referee_game(n: int, time_limit: float) -> tuple[Game, dict[str, Player], dict[str, float]]:
    """Play a game the way the referee does, timing each agent's CPU from outside."""
    cpu = {"red": 0.0, "blue": 0.0}

    def timed(colour: str, call: Callable[[], T]) -> T:
        start = time.process_time()
        try:
            return call()
        finally:
            cpu[colour] += time.process_time() - start

    agents = {c: timed(c, partial(Player, c, n, time_limit=time_limit))
              for c in ("red", "blue")}
    game = Game(n)
    while game.outcome is None:
        mover = game.to_move
        action = timed(mover, agents[mover].action)
        # The referee accepts exactly these shapes, with plain ints.
        assert isinstance(action, tuple)
        assert action == ("STEAL",) or (
            len(action) == 3 and action[0] == "PLACE" and all(type(v) is int for v in action[1:]))
        game.play(move_of(action))  # raises if illegal
        for colour, agent in agents.items():
            timed(colour, partial(agent.turn, mover, action))
    return game, agents, cpu


def test_two_agents_play_a_legal_game_within_their_time() -> None:
    game, agents, cpu = referee_game(5, time_limit=4.0)
    assert game.outcome is not None
    assert cpu["red"] <= 4.0 and cpu["blue"] <= 4.0
    # Each agent's own record of the game is the referee's game.
    for agent in agents.values():
        assert agent.game.to_fragment() == game.to_fragment()
        assert agent.game.outcome == game.outcome


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
    from cachex.engine.solver import Solver, entry_bytes

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


def test_a_move_gets_its_share_of_the_moves_to_come_and_never_more_than_a_third() -> None:
    game = Game.from_fragment("v1.5.b4.swap.e2.e1")  # 22 empty cells
    # 0.25 of 22 cells and two: 7.5 moves.
    assert move_time(20.0, game, TimePlan(tail=0.0)) == pytest.approx(20.0 / 7.5)
    # A pace that expects fewer than three moves meets the floor of three, and a third at most.
    assert move_time(20.0, game, TimePlan(pace=0.01, tail=0.0)) == pytest.approx(20.0 / 3)
    # The opening turns get a double share.
    assert move_time(20.0, Game(5), TimePlan(tail=0.0)) == pytest.approx(2 * 20.0 / (0.25 * 25 + 2))


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
        action = agent.action() if mover == "red" else action_of(rng.choice(game.legal_moves()))
        if mover == "red":
            cpu += time.process_time() - start
        game.play(move_of(action))
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
    from cachex.engine.search import MCTS

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
    from cachex.engine.search import MCTS
    from cachex.engine.solver import Solver

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


def test_moves_round_trip_through_referee_actions() -> None:
    assert move_of(("PLACE", 1, 3)) == Move.place(1, 3)
    assert move_of(("STEAL",)).is_swap
    assert action_of(Move.place(2, 0)) == ("PLACE", 2, 0)
    assert action_of(Move.swap()) == ("STEAL",)


@pytest.mark.parametrize("action", [("PLACE", 1), ("PLACE", 1.0, 2), ["PLACE", 1, 2], ("MOVE", 1, 2),
                                    ("PLACE", True, 2), "STEAL"])
def test_malformed_referee_actions_are_invalid(action: object) -> None:
    with pytest.raises(InvalidMoveError):
        move_of(action)
