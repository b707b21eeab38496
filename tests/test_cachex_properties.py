"""Property-based checks over random legal games."""

import random
from collections.abc import Callable

import pytest
from helpers import connected, diamonds
from hypothesis import given, settings
from hypothesis import strategies as st

from cachex import Game, RecordError
from cachex.colours import BLUE, RED
from cachex.engine.tactics import defences, winning_cells
from cachex.geometry import Geometry
from cachex.rules import place, winning_group

sizes = st.integers(min_value=3, max_value=9)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)


def _play(n: int, picks: list[int], check: Callable[[Game], object] | None = None) -> Game:
    """A game of the picked legal moves, checked after each move if asked."""
    game = Game(n)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])
        if check is not None:
            check(game)
    return game


def _check_board(game: Game) -> None:
    n = game.n
    stones = game.stones()
    red = {(int(c[1:]) - 1, ord(c[0]) - 97) for c, s in stones.items() if s == "red"}
    blue = {(int(c[1:]) - 1, ord(c[0]) - 97) for c, s in stones.items() if s == "blue"}
    # No diamond is left with one colour on each diagonal: it would have been captured.
    for short, long_ in diamonds(n):
        assert not (short <= red and long_ <= blue), (short, long_)
        assert not (short <= blue and long_ <= red), (short, long_)
    if game.outcome is None:
        assert not connected(red, n, "red") and not connected(blue, n, "blue")
    elif game.outcome.reason == "connection":
        winner = red if game.outcome.winner == "red" else blue
        assert connected(winner, n, game.outcome.winner or "")


@settings(max_examples=150, deadline=None)
@given(sizes, choices)
def test_random_legal_games_never_leave_an_illegal_board(n: int, picks: list[int]) -> None:
    _play(n, picks, check=_check_board)


@settings(max_examples=150, deadline=None)
@given(sizes, choices, st.integers(min_value=0, max_value=10_000))
def test_undo_restores_the_exact_previous_state(n: int, picks: list[int], last: int) -> None:
    game = _play(n, picks)
    moves = game.legal_moves()
    if not moves:
        return
    before = game.copy()
    legal_before = game.legal_moves()
    game.play(moves[last % len(moves)])
    game.undo()
    assert game == before
    assert game.legal_moves() == legal_before
    assert game.repetition_count() == before.repetition_count()


@settings(max_examples=150, deadline=None)
@given(sizes, choices)
def test_fragment_round_trip_is_the_identity(n: int, picks: list[int]) -> None:
    game = _play(n, picks)
    assert Game.from_fragment(game.to_fragment()) == game


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=60),
    st.text(alphabet="v1.23456789abcdefghiswapSWAP#", max_size=60),
    st.builds(lambda n, tail: f"v1.{n}.{tail}", st.integers(-2, 20),
              st.text(alphabet="abcdefg1234567.swap", max_size=40)),
))
def test_from_fragment_on_any_text_returns_a_game_or_record_error(text: str) -> None:
    try:
        game = Game.from_fragment(text)
    except RecordError:
        return
    assert Game.from_fragment(game.to_fragment()) == game


def _connecting_cells(board: bytes, geo: Geometry, colour: int) -> list[int]:
    """The reference for ``winning_cells``: each empty cell where a stone of ``colour``
    completes a group joining its edges, found by a flood (``winning_group``)."""
    found = []
    for cell in range(geo.size):
        if not board[cell]:
            after = bytearray(board)
            after[cell] = colour
            if winning_group(after, geo, cell) is not None:
                found.append(cell)
    return found


@settings(max_examples=150, deadline=None)
@given(sizes, choices)
def test_the_winning_cells_are_exactly_the_empty_cells_that_connect(n: int, picks: list[int]) -> None:
    game = _play(n, picks)
    geo, board = game.geometry, game.board
    for colour in (RED, BLUE):
        assert winning_cells(board, geo, colour) == _connecting_cells(board, geo, colour)


def _check_defences(game: Game) -> bool:
    """``defences`` against the opponent's wins in one are exactly the empty cells
    after whose placement (captures made) the opponent has no win in one left;
    whether the position had such a threat to check."""
    if game.outcome is not None:
        return False
    geo, board, me = game.geometry, game.board, game.mover
    opp = BLUE if me == RED else RED
    threats = winning_cells(board, geo, opp)
    if not threats:
        return False
    expected = []
    for cell in range(geo.size):
        if not board[cell]:
            after = bytearray(board)
            place(after, geo, cell, me)
            if not winning_cells(after, geo, opp):
                expected.append(cell)
    assert defences(board, geo, me, threats) == expected
    return True


@settings(max_examples=150, deadline=None)
@given(sizes, choices)
def test_the_defences_are_exactly_the_moves_that_leave_no_win_in_one(n: int, picks: list[int]) -> None:
    _play(n, picks, check=_check_defences)


def test_seeded_random_games_meet_many_threats_and_every_defence_is_exact() -> None:
    # The property above checks only positions with a threat; these games make
    # sure that many such positions (captures among the defences too) are met.
    rng = random.Random(2)
    checked = capturing = 0
    for k in range(120):
        game = Game(3 + k % 7)
        while game.outcome is None:
            if _check_defences(game):
                checked += 1
                geo, board = game.geometry, game.board
                threats = winning_cells(board, geo, BLUE if game.mover == RED else RED)
                capturing += any(c not in threats for c in defences(board, geo, game.mover, threats))
            game.play(rng.choice(game.legal_moves()))
    assert checked >= 200 and capturing >= 5


@pytest.mark.parametrize("n", range(3, 16))
def test_winning_cells_match_a_flood_on_random_boards_of_every_size(n: int) -> None:
    # Random fillings (not game positions) of every size up to 15, where the
    # whole-board shifts of ``winning_cells`` reach the largest boards.
    rng = random.Random(n)
    geo = Geometry.of(n)
    for _ in range(100):
        fill = rng.random()
        board = bytes(rng.choice((RED, BLUE)) if rng.random() < fill else 0 for _ in range(geo.size))
        for colour in (RED, BLUE):
            assert winning_cells(board, geo, colour) == _connecting_cells(board, geo, colour)
