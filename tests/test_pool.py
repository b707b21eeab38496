"""The sparring pool: legal, reproducible, tactically sound, stealing by rule, on time."""

from __future__ import annotations

import random
import time

import pytest

from bench.pool import STYLES, AlphaBeta, Style
from bench.pool.chain_span import longest_span
from bench.pool.engine import TimeUp
from bench.pool.resistance import circuit
from bench.pool.two_distance import Player as TwoDistancePlayer
from bench.pool.two_distance import potentials
from cachex import Game, Move
from cachex.agent import Player as MCTSPlayer
from cachex.agent import move_of
from cachex.colours import BLUE, RED
from cachex.engine.paths import distance
from cachex.geometry import STEAL, Geometry

NAMES = sorted(STYLES)


def random_positions(n: int, count: int, seed: int) -> list[Game]:
    """Positions from random games (captures and steals among them), each still running."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game(n)
        for _ in range(rng.randrange(1, n * n)):
            game.play(rng.choice(game.legal_moves()))
            if game.outcome is not None:
                break
        if game.outcome is None:
            found.append(game)
    return found


@pytest.mark.parametrize("name", NAMES)
def test_a_style_plays_only_legal_moves(name: str) -> None:
    engine = AlphaBeta(STYLES[name], seed=1)
    for game in random_positions(5, 12, seed=2):
        assert game.is_legal(engine.choose(game, depth=2))
    rng = random.Random(3)
    game = Game(4)
    while game.outcome is None:  # a whole game against random moves, steal included
        game.play(engine.choose(game, depth=2) if game.turn_count % 2 == 0 else rng.choice(game.legal_moves()))


@pytest.mark.parametrize("name", NAMES)
def test_a_style_is_reproducible_under_a_seed(name: str) -> None:
    for game in random_positions(6, 4, seed=5):
        first = AlphaBeta(STYLES[name], seed=7).choose(game, depth=2)
        again = AlphaBeta(STYLES[name], seed=7).choose(game, depth=2)
        assert first == again


@pytest.mark.parametrize("name", NAMES)
def test_a_style_takes_a_win_in_one(name: str) -> None:
    # Red's a1-a4 reach a5; Blue's e-column stones lie on one edge only.
    game = Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4")
    game.play(AlphaBeta(STYLES[name], seed=1).choose(game, depth=3))
    assert game.outcome is not None and game.outcome.winner == "red"


@pytest.mark.parametrize("name", NAMES)
def test_a_style_blocks_a_win_in_one(name: str) -> None:
    # Blue's a1-d1 join at e1 (its only winning cell); Red's row 5 threatens nothing.
    game = Game.from_fragment("v1.5.a5.a1.b5.b1.c5.c1.d5.d1")
    assert str(AlphaBeta(STYLES[name], seed=1).choose(game, depth=3)) == "e1"


@pytest.mark.parametrize("name", NAMES)
def test_a_style_steals_by_its_rule(name: str) -> None:
    engine = AlphaBeta(STYLES[name], seed=1)
    corner = engine.choose(Game.from_fragment("v1.7.a1"), depth=1)
    inner = engine.choose(Game.from_fragment("v1.7.c3"), depth=1)
    assert inner == Move.swap()
    assert (corner == Move.swap()) is (name == "chain-span")  # it always steals; the rest only inside the rim


class StepClock:
    """A CPU clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("name", NAMES)
def test_a_style_keeps_to_its_time(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each read of the clock stands for 8 positions searched: the search must stop at the
    # first read past its time, with a legal move from a finished depth.
    clock = StepClock(0.001)
    monkeypatch.setattr(time, "process_time", clock)  # as bench.pool.engine reads it
    game = Game.from_fragment("v1.11.e5.f6.g4")
    engine = AlphaBeta(STYLES[name], seed=1)
    move = engine.choose(game, seconds=0.1)
    assert game.is_legal(move)
    assert 0.1 < clock.now <= 0.1 + 2 * clock.step
    assert engine.depth >= 1


def test_keys_updated_move_by_move_equal_keys_from_scratch() -> None:
    engine = AlphaBeta(STYLES["shortest-path"], seed=1)
    geo = Geometry.of(5)
    captures = 0
    for game in random_positions(5, 30, seed=11):
        board = bytearray(game.board)
        key = engine._key(geo, board, game.turn_count)
        for move in game.legal_moves():
            code = move.code(5)
            child, child_key = engine._play(geo, board, key, game.turn_count, code, game.mover)
            assert child_key == engine._key(geo, child, game.turn_count + 1)
            captures += code != STEAL and child.count(0) > board.count(0) - 1
    assert captures > 0  # the positions include captures


def test_the_search_stops_when_its_time_is_up() -> None:
    engine = AlphaBeta(STYLES["two-distance"], seed=1)
    engine.deadline = 0.0
    with pytest.raises(TimeUp):
        geo = Geometry.of(5)
        for _ in range(64):
            engine._negamax(geo, bytearray(25), 0, 2, RED, 2, -1e9, 1e9, 0)


def test_evaluations_see_the_empty_board_as_even_and_a_chain_as_ahead() -> None:
    geo = Geometry.of(5)
    empty = bytearray(25)
    chain = bytearray(Game.from_fragment("v1.5.c1.a1.c2.a5.c4").board)  # Red's c1, c2, c4
    for name in NAMES:
        style: Style = STYLES[name]
        assert style.evaluate(empty, geo, RED) == pytest.approx(style.evaluate(empty, geo, BLUE))
        assert style.evaluate(chain, geo, RED) > style.evaluate(chain, geo, BLUE)
    assert distance(chain, geo, RED) == 2 and distance(chain, geo, BLUE) == 4
    assert longest_span(chain, geo, RED) == 2 and longest_span(chain, geo, BLUE) == 1
    # Two-distance: c3 joins c2 (1 from the first edge through c1) and c4, whose
    # b5 and c5 are both 1 from the second edge: 1 + 2, the lowest potential.
    red = potentials(chain, geo, RED)
    assert red[geo.index(2, 2)] == 3 == min(red)
    red_resistance, flow = circuit(chain, geo, RED)
    blue_resistance, _ = circuit(chain, geo, BLUE)
    assert red_resistance < blue_resistance
    assert flow[geo.index(2, 2)] == max(flow[c] for c in range(25) if chain[c] == 0)


def test_a_pool_player_plays_a_referee_game_within_its_time() -> None:
    cpu = {"red": 0.0, "blue": 0.0}
    agents = {"red": TwoDistancePlayer("red", 4, time_limit=2.0), "blue": MCTSPlayer("blue", 4, time_limit=2.0)}
    game = Game(4)
    while game.outcome is None:
        mover = game.to_move
        start = time.process_time()
        action = agents[mover].action()
        cpu[mover] += time.process_time() - start
        game.play(move_of(action))
        for colour, agent in agents.items():
            start = time.process_time()
            agent.turn(mover, action)
            cpu[colour] += time.process_time() - start
    assert cpu["red"] <= 2.0 and cpu["blue"] <= 2.0
    assert agents["red"].game.to_fragment() == game.to_fragment()
