"""The Cubox engine's fast playouts follow the rules exactly: each playout replayed move by move
on ``cubox.Game`` is legal throughout and ends where the game ends, with the same result."""

from __future__ import annotations

import random

import pytest

from bench.cubox_pool import PlainState
from cubox.board import Board
from cubox.engine import STACK_FIRST, SWAP, CuboxState
from cubox.engine.playout import PASS, random_playout
from cubox.game import Game
from cubox.notation import Move


def replay(game: Game, played: list[int], winner: int) -> None:
    """Play the playout's moves on ``game``, each checked legal before it is played, and
    for a deadlock the second pass, which ends the game and the playout does not list."""
    for i, p in enumerate(played):
        assert game.outcome is None, f"the game ended before move {i} of the playout"
        if p == PASS:
            assert game.legal_moves() == [Move.pass_()]
            game.play(Move.pass_())
        else:
            assert p in game.legal_positions()
            game.play(game.move_of(p))
    if winner == 0 and game.outcome is None:
        assert game.legal_moves() == [Move.pass_()] and game.history[-1].move.is_pass
        game.play(Move.pass_())


def random_start(size: int, rng: random.Random) -> Game:
    """A game a few random moves in (possibly with a swap or passes), not over."""
    while True:
        game = Game(size)
        for _ in range(rng.randrange(0, 3 * size)):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            return game


@pytest.mark.parametrize("stack_first", [0.0, 0.5, 1.0])
@pytest.mark.parametrize("size", [3, 4, 5, 6, 8])
def test_every_playout_is_a_legal_game_ending_exactly_where_the_rules_end_it(size: int, stack_first: float) -> None:
    rng = random.Random(size)
    for _ in range(300):
        game = random_start(size, rng)
        state = CuboxState.of(game)
        before = bytes(state.cells)
        winner, played = random_playout(state.board, state.cells, state.mover, state.passes == 1, rng, stack_first)
        assert bytes(state.cells) == before  # the state is left as it was
        replay(game, played, winner)
        assert game.outcome is not None, "the playout stopped before the game ended"
        expected = {None: 0, "x": 1, "o": 2}[game.outcome.winner]
        assert winner == expected


@pytest.mark.parametrize("size", [4, 6, 8])
def test_playouts_that_stack_first_stack_whenever_the_mover_may(size: int) -> None:
    rng = random.Random(size)
    stacked = 0
    for _ in range(100):
        game = random_start(size, rng)
        state = CuboxState.of(game)
        _, played = random_playout(state.board, state.cells, state.mover, state.passes == 1, rng, stack_first=1.0)
        for p in played:
            if game.outcome is not None:
                break
            if p == PASS:
                game.play(Move.pass_())
                continue
            open_stacks = [q for q in game.legal_positions() if q >= game.board.first_stack]
            if open_stacks:
                assert p in open_stacks
                stacked += 1
            game.play(game.move_of(p))
    assert stacked > 100


def test_the_search_playouts_stack_first_at_their_chance_and_the_plain_uct_playouts_do_not() -> None:
    game = Game.from_fragment("cubox.4.a1.c1.e1.g1.a3")  # O may stack on a1-c1-a3 at once
    first_stack = game.board.first_stack
    moves = game.legal_positions()
    share = sum(p >= first_stack for p in moves) / len(moves)  # a stack's share of uniform first moves
    assert 0 < share < 0.5
    rng = random.Random(1)
    searched = sum(CuboxState.of(game).playout(rng)[1][0] >= first_stack for _ in range(2000)) / 2000
    expected = STACK_FIRST + (1 - STACK_FIRST) * share
    assert abs(searched - expected) < 0.05
    plain = sum(PlainState.of(game).playout(rng)[1][0] >= first_stack for _ in range(2000)) / 2000
    assert abs(plain - share) < 0.05


def test_playouts_from_positions_just_after_a_pass_know_a_second_pass_ends_the_game() -> None:
    rng = random.Random(5)
    found = 0
    while found < 30:
        game = Game(4)
        while game.outcome is None and not (game.history and game.history[-1].move.is_pass):
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is not None:
            continue
        found += 1
        state = CuboxState.of(game)
        assert state.passes == 1
        winner, played = random_playout(state.board, state.cells, state.mover, True, rng)
        replay(game, played, winner)
        assert game.outcome is not None and winner == {None: 0, "x": 1, "o": 2}[game.outcome.winner]


def test_the_computer_plays_the_pass_that_ends_a_deadlock() -> None:
    from cubox.engine import choose_move

    game = Game.from_fragment("cubox.4.a1.c1.e1.g1.c3.a3.a5.a7.b2.d2.c5.b4.c3.b6.e3.f2.pass")  # O can only pass
    assert game.legal_moves() == [Move.pass_()] and game.outcome is None
    assert CuboxState.of(game).moves() == [PASS]
    assert choose_move(game, "beginner", seed=1) == Move.pass_()


def test_the_computer_swaps_exactly_the_first_cubox_proved_to_win() -> None:
    from cubox.engine import choose_move
    from cubox.engine.opening import should_swap

    assert all(should_swap(5, name) for name in ("a1", "e5", "a9"))  # size 5: X wins with any first cubox
    assert should_swap(4, "c3") and not should_swap(4, "a1")  # size 4: only with c3
    assert choose_move(Game.from_fragment("cubox.5.a9"), "beginner", seed=1) == Move.swap()
    assert choose_move(Game.from_fragment("cubox.4.a1"), "beginner", seed=1) != Move.swap()
    assert CuboxState.of(Game.from_fragment("cubox.9.a1")).moves()[-1] == -2  # unrated: the search weighs it


def test_at_a_rated_unsolved_size_o_swaps_a_first_cubox_rated_above_even_and_images_rate_alike() -> None:
    from cubox.engine.opening import ratings, should_swap

    board = Board.of(6)
    rated = ratings(6)
    for p in range(board.first_stack):
        name = board.name(p)
        assert {rated[board.name(q)] for q in board.images(p)} == {rated[name]}
        assert should_swap(6, name) == (rated[name] > 0.5)
        moves = CuboxState.of(Game.from_fragment(f"cubox.6.{name}")).moves()
        assert moves == [SWAP] if rated[name] > 0.5 else SWAP not in moves
    assert should_swap(6, "g5") and not should_swap(6, "a1")  # in an edge's middle; a corner


@pytest.mark.parametrize("size", [3, 5, 8])
def test_the_search_state_moves_and_wins_as_the_game_does(size: int) -> None:
    """Past the first three turns (where the opening tables narrow the choice), the state offers
    the game's legal positions, and it reports a win exactly where the game ends in one."""
    rng = random.Random(size + 40)
    for _ in range(40):
        game = Game(size)
        state = CuboxState.of(game)
        while game.outcome is None:
            move = rng.choice(game.legal_moves())
            if game.turn_count > 2:
                assert sorted(p for p in state.moves() if p >= 0) == sorted(game.legal_positions())
            winner = state.play(SWAP if move.is_swap else PASS if move.is_pass else game.position_of(move))
            game.play(move)
            assert winner == {None: 0, "x": 1, "o": 2}[game.outcome.winner if game.outcome else None]
            copied = state.copy()
            assert bytes(copied.cells) == bytes(state.cells) and copied.bits == state.bits


def test_x_opens_only_where_the_opening_table_says() -> None:
    from cubox.engine import choose_move
    from cubox.engine.opening import first_moves

    for size in (5, 6, 8):
        firsts = first_moves(size)
        assert firsts
        assert {Game(size).board.name(p) for p in CuboxState.of(Game(size)).moves()} == firsts
        assert str(choose_move(Game(size), "beginner", seed=size)) in firsts
    assert first_moves(16) is None and len(CuboxState.of(Game(16)).moves()) == Game(16).board.first_stack
