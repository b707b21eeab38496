"""The Cubox engine's exact search (``cubox.engine.proof``) agrees with an independent exhaustive
solver over the rules library (``bench.cubox_study``), settles in slices as it does whole, and is
offered to the search only where it can settle; the opening's table of X's second cubox, which it
solved, answers every reply and is what the search plays."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from bench.cubox_study import Explorer, update_table
from cubox.engine import PROOF_EMPTIES, CuboxState, choose_move
from cubox.engine.opening import REPLIES_FILE, first_moves, second_move
from cubox.engine.playout import PASS
from cubox.engine.proof import _KNOWN, CuboxProof
from cubox.game import Game


def random_position(size: int, moves: int, rng: random.Random) -> Game:
    """A game ``moves`` random turns in (the swap and passes possible), not over."""
    while True:
        game = Game(size)
        for _ in range(moves):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None and game.turn_count >= 2:
            return game


def proof_of(game: Game) -> CuboxProof:
    """The exact search of a game's position."""
    state = CuboxState.of(game)
    return CuboxProof(state.tables, state.cells, state.bits, state.mover, state.passes == 1)


def exhaustive_value(game: Game) -> int:
    """The value for the player to move by the rules library's exhaustive negamax."""
    explorer = Explorer(game.board.side, swap=False)
    explorer.cells[:] = bytes(game.cells)
    passed = bool(game.history) and game.history[-1].move.is_pass
    return explorer.value(game.mover, passed)


@pytest.mark.parametrize(("size", "moves", "count"), [(3, 2, 30), (4, 3, 30), (5, 8, 10)])
def test_values_and_winning_moves_agree_with_the_exhaustive_solver(size: int, moves: int, count: int) -> None:
    rng = random.Random(size)
    for _ in range(count):
        game = random_position(size, moves, rng)
        _KNOWN.clear()
        settled = proof_of(game).advance(60.0)
        assert settled is not None
        value, move = settled
        assert value == exhaustive_value(game), game.to_fragment()
        if value == 1:  # the move it names wins: at once, or the opponent is then lost
            game.play(game.move_of(move))
            assert game.outcome is not None or exhaustive_value(game) == -1, game.to_fragment()


def test_a_search_in_slices_settles_as_one_search_does() -> None:
    game = Game.from_fragment("cubox.5.a1.c3.c5.e3.d4")
    _KNOWN.clear()
    whole = proof_of(game).advance(60.0)
    _KNOWN.clear()
    proof = proof_of(game)
    slices = 1
    while proof.advance(0.002) is None:
        slices += 1
    assert slices > 1 and proof.result == whole


def test_the_search_offers_the_exact_search_after_the_swap_and_with_few_positions_empty() -> None:
    assert CuboxState.of(Game.from_fragment("cubox.5.a1")).proof(time.perf_counter) is None
    assert CuboxState.of(Game.from_fragment("cubox.5.a1.c3")).proof(time.perf_counter) is not None
    big = Game.from_fragment("cubox.8.a1.c3")
    assert big.board.size - 2 > PROOF_EMPTIES
    assert CuboxState.of(big).proof(time.perf_counter) is None


def test_a_player_without_a_placement_passes_in_the_exact_search_too() -> None:
    game = Game.from_fragment("cubox.4.e3.e1.g1.a1.c1.c5.c3.d4.a7.a3.b2.d2.a5.f2")
    assert [str(move) for move in game.legal_moves()] == ["pass"]
    settled = proof_of(game).advance(10.0)
    assert settled is not None and settled[1] == PASS and settled[0] == exhaustive_value(game)


def test_the_computer_plays_the_win_the_exact_search_settles() -> None:
    game = Game.from_fragment("cubox.5.a1.c3.c5.e3.d4.a7.e1.a3")  # X to move and win
    _KNOWN.clear()
    move = choose_move(game, "medium", seed=1)
    game.play(move)
    assert game.outcome is not None or exhaustive_value(game) == -1


def test_x_answers_every_reply_to_a_first_cubox_proved_to_win_with_the_second_the_table_proves() -> None:
    table = json.loads(REPLIES_FILE.read_text())["5"]
    assert frozenset(table) == first_moves(5)
    for first, replies in table.items():
        opened = Game(5)
        opened.play(first)
        assert set(replies) == {str(move) for move in opened.legal_moves() if not move.is_swap}
        for reply, second in replies.items():
            game = opened.copy()
            game.play(reply)
            assert [game.board.name(p) for p in CuboxState.of(game).moves()] == [second]
            assert second_move(5, first, reply) == second


def test_a_second_cubox_from_the_table_leaves_o_lost_by_the_exhaustive_solver() -> None:
    first, reply = "i1", "a9"  # one of the table's quickest to check exhaustively (seconds)
    second = second_move(5, first, reply)
    assert second is not None
    game = Game.from_fragment(f"cubox.5.{first}.{reply}")
    game.play(second)
    assert exhaustive_value(game) == -1


def test_after_a_swap_or_on_an_unsolved_opening_x_weighs_every_second_cubox() -> None:
    for fragment in ("cubox.5.a1.swap.c3", "cubox.5.c3.c5", "cubox.6.a1.c3"):
        game = Game.from_fragment(fragment)
        assert sorted(CuboxState.of(game).moves()) == sorted(game.legal_positions())


def test_a_study_table_is_updated_size_by_size_keeping_the_other_sizes(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"12": ["kept"], "4": ["old"]}))
    done: list[int] = []

    def entry(size: int) -> list[str]:
        assert all(str(earlier) in json.loads(path.read_text()) for earlier in done)  # written as it goes
        done.append(size)
        return [f"new {size}"]

    update_table(path, [4, 3], entry)
    assert list(json.loads(path.read_text()).items()) == [("3", ["new 3"]), ("4", ["new 4"]), ("12", ["kept"])]
