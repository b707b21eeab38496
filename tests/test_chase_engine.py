"""The Chase computer: its move codes agree with the rules, and its search finds what it must."""

from __future__ import annotations

import random

from test_chase import game_at

from chase import Game
from chase.engine import choose_move, search_of
from chase.engine.alphabeta import AlphaBeta
from chase.engine.moves import EXCHANGE, SHARE, apply, legal_codes, to_move
from chase.engine.position import Position, first_share, share_ways
from chase.rules import POINTS, dice, total


def test_the_engines_moves_are_the_games_legal_moves_and_play_the_same() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(first=rng.choice(("white", "black")))
        while game.outcome is None:
            side = game.side_index
            codes = legal_codes(game.cells, side)
            assert sorted(str(to_move(game.cells, side, c)) for c in codes) == \
                sorted(str(m) for m in game.legal_moves()), game.to_fragment()
            code = rng.choice(codes)
            after = apply(game.cells, side, code)
            game.play(to_move(game.cells, side, code))
            assert game.cells == after


def _check_captures(position: Position, side: int, takes: list[int], splits: list[int]) -> None:
    """``captures`` finds ``slides``' captures, and of its Chamber entries every one that may
    gain a die or take one (all but a whole die leaving onto an empty cell, and without
    ``splitting`` all but those leaving onto a die)."""
    for splitting in (True, False):
        found, gaining = position.captures(side, splitting)
        assert sorted(found) == sorted(takes)
        assert set(gaining) <= set(splits)
        own, enemies = len(position.where[side]), len(position.where[1 - side])
        for action in splits:
            if action in gaining or not position.slide(action // 6, action % 6):
                continue
            after = len(position.where[side]), len(position.where[1 - side])
            position.undo()
            assert after == (own, enemies) or (after[0] > own and not splitting), position.cells


def _position_codes(position: Position, side: int) -> list[int]:
    """Every move code the search's board plays in ``position``."""
    codes = []
    for index, gifts in enumerate(share_ways(position, side)):
        position.share(side, gifts)
        takes, splits, quiet = position.slides(side)
        _check_captures(position, side, takes, splits)
        for action in takes + splits + quiet + position.exchanges(side):
            assert position.may_act(side, action)
            if position.act(side, action):
                position.undo()
                codes.append(index * SHARE + action)
        position.undo()
    return codes


def test_the_search_board_plays_every_move_as_the_game_does_and_takes_it_back() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(first=rng.choice(("white", "black")))
        position = Position(game.cells)
        while game.outcome is None:
            side = game.side_index
            codes = legal_codes(game.cells, side)
            assert sorted(_position_codes(position, side)) == sorted(codes), game.to_fragment()
            assert first_share(position, side) == share_ways(position, side)[0]
            for code in codes:
                position.share(side, share_ways(position, side)[code // SHARE])
                assert position.act(side, code % SHARE)
                after = apply(game.cells, side, code)
                assert position.cells == after
                assert [sorted(position.where[0]), sorted(position.where[1])] == [dice(after, 0), dice(after, 1)]
                assert position.owed == [POINTS - total(after, 0), POINTS - total(after, 1)]
                assert position.key == Position(after).key
                position.undo()
                position.undo()
                assert position.cells == game.cells
            code = rng.choice(codes)
            position.share(side, share_ways(position, side)[code // SHARE])
            position.act(side, code % SHARE)
            game.play(to_move(game.cells, side, code))
            assert position.cells == game.cells


def test_the_search_board_refuses_a_remembered_move_that_is_not_the_movers() -> None:
    position = Position(Game().cells)  # white: a1-a9 hold 1 2 3 4 5 4 3 2 1
    a5, i5, e5 = 4, 76, 40
    assert position.may_act(0, a5 * 6 + 1) and not position.may_act(1, a5 * 6 + 1)
    assert not position.may_act(1, e5 * 6) and position.may_act(1, i5 * 6 + 4)
    a5_to_4_a6_to_5 = EXCHANGE + (a5 * 6 + 0) * 6 + 4 - 1
    assert position.may_act(0, a5_to_4_a6_to_5) and not position.may_act(1, a5_to_4_a6_to_5)
    assert not position.may_act(0, EXCHANGE + (a5 * 6 + 0) * 6 + 5 - 1)  # a5 keeps its 5: no change


def test_the_search_takes_the_die_that_leaves_the_opponent_four() -> None:
    game = game_at({"c3": 2, "a1": 6, "a3": 6, "a7": 6, "a9": 5}, {"c5": 5, "i1": 5, "i3": 5, "i5": 5, "i7": 5})
    search = AlphaBeta(game.cells, game.side_index).run(seconds=10, depth=3)
    assert str(search.best_text()) == "c3xc5E" and search.chance() == 1.0 and search.settled()


def test_the_search_takes_the_die_that_cannot_be_taken_back() -> None:
    # Two captures: the 3 on a4 takes a7 safely; the 4 on h5 takes f3 and is taken back.
    game = game_at({"i8": 6, "d6": 6, "f1": 6, "h5": 4, "a4": 3},
                   {"g6": 5, "d5": 5, "a7": 5, "c3": 4, "b6": 3, "f3": 3})
    search = AlphaBeta(game.cells, game.side_index).run(seconds=20, depth=3)
    assert str(search.best_text()) == "a4xa7E"
    unsafe = game.copy()
    unsafe.play("h5xf3NW")
    assert any(unsafe.copy().play(m).captured for m in unsafe.legal_moves())


def test_a_search_cut_into_slices_goes_on_where_it_stopped() -> None:
    game = Game.from_fragment("chase.a5-f8ne.i6-e4sw")
    ticks = iter(range(10**9))
    search = search_of(game, clock=lambda: next(ticks) * 0.001)
    search.step(0.05)
    first_depth, first_nodes = search.depth, search.iterations
    search.step(0.5)
    assert search.iterations > first_nodes and search.depth >= first_depth
    assert str(search.best_text()) == "a6xe4NW"


def test_every_level_plays_a_legal_move() -> None:
    game = Game.from_fragment("chase.a5-f8ne")
    assert game.is_legal(choose_move(game, "beginner"))
