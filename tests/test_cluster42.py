"""42-cluster's rules library: drops, falls, runs, draws, bags, undo and records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluster42 import (
    BoardSizeError,
    DrawError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    RecordError,
    UndoError,
)
from cluster42.board import Board
from cluster42.rules import EMPTY, NO_ONE, judge, landing

# The table, written out here on its own: the coordinate that names a drop line
# under each gravity, and its sign against POS; and gravity's steps.
LINE_NAMING = {0: (0, -1), 1: (2, 1), 2: (1, -1), 3: (0, 1), 4: (2, -1), 5: (1, 1)}
STEPS = {0: (0, -1, 1), 1: (1, -1, 0), 2: (1, 0, -1), 3: (0, 1, -1), 4: (-1, 1, 0), 5: (-1, 0, 1)}


def on_board(cell: tuple[int, int, int], size: int) -> bool:
    return sum(cell) == 0 and all(abs(c) <= size - 1 for c in cell)


def step(cell: tuple[int, int, int], g: int, times: int = 1) -> tuple[int, int, int]:
    dq, dr, ds = STEPS[g]
    return cell[0] + dq * times, cell[1] + dr * times, cell[2] + ds * times


def dealt_game(size: int = 5, **options: int) -> Game:
    return Game(size, dealt=True, **options)


def drop(game: Game, pos: int, chip: int) -> None:
    """Deal the mover ``chip`` (with a second chip of its own if it has one) and drop it."""
    player = game.player_to_move
    bag = game.bag(player)
    second = [c for c, n in bag.items() if n - (c == chip) > 0]
    game.deal((chip, second[0]) if sum(bag.values()) > 1 else (chip,))
    game.play(Move.drop(pos, chip))


def longest_runs(game: Game) -> tuple[int, set[int]]:
    """The longest run of one value on the board and its owners, counted cell by cell here."""
    best, owners = 0, set()
    for q, r, s in game.board.cells:
        value = game.chip_at(q, r, s)
        if value == EMPTY:
            continue
        for dq, dr, ds in ((1, -1, 0), (1, 0, -1), (0, 1, -1)):
            if on_board((q - dq, r - dr, s - ds), game.size) and game.chip_at(q - dq, r - dr, s - ds) == value:
                continue  # not where this run starts
            length, cell = 0, (q, r, s)
            while on_board(cell, game.size) and game.chip_at(*cell) == value:
                length += 1
                cell = (cell[0] + dq, cell[1] + dr, cell[2] + ds)
            if length > best:
                best, owners = length, {game.owner(value)}
            elif length == best:
                owners.add(game.owner(value))
    return best, owners


# --- the board -------------------------------------------------------------------------

@pytest.mark.parametrize("size, cells", [(5, 61), (6, 91), (3, 19)])
def test_the_board_has_three_s_squared_minus_three_s_plus_one_cells_by_q_then_r(size: int, cells: int) -> None:
    board = Board.of(size)
    assert board.count == cells
    assert list(board.cells) == sorted(board.cells)
    assert all(on_board(cell, size) for cell in board.cells)


def test_the_kept_default_board_tables_are_what_the_board_computes() -> None:
    from pathlib import Path

    import cluster42.data
    from cluster42.board import DEFAULT_SIZE, computed_tables
    from cluster42.data import board_tables
    from cluster42.data.__main__ import tables_module

    kept = Path(cluster42.data.__file__).with_name("board_tables.py").read_text()
    assert kept == tables_module()  # else: python -m cluster42.data
    assert board_tables.SIZE == DEFAULT_SIZE
    board = Board(DEFAULT_SIZE)
    assert (board.cells, board.index, board.lines, board.line_of, board.runs) == computed_tables(DEFAULT_SIZE)
    assert board.lines is board_tables.LINES  # read from the kept literals, not computed


@pytest.mark.parametrize("size", [5, 6])
def test_the_chips_per_colour_are_the_cells_over_the_colours_rounded_down(size: int) -> None:
    assert Game(size).chips_per_colour == {5: 15, 6: 22}[size]
    assert Game(size, colours_per_player=1).chips_per_colour == {5: 30, 6: 45}[size]


@pytest.mark.parametrize("size", [3, 5, 6])
@pytest.mark.parametrize("gravity", range(6))
def test_every_pos_at_every_gravity_drops_into_the_line_the_rules_name_and_fills_it_from_the_bottom(
        size: int, gravity: int) -> None:
    coordinate, sign = LINE_NAMING[gravity]
    for pos in range(-(size - 1), size):
        game = dealt_game(size, chips=size * 4)
        if gravity != 3:
            game.deal((0, 1))
            game.play(Move.rotate(gravity))
        expected = sorted(cell for cell in game.board.cells if cell[coordinate] == sign * pos)
        filled: list[tuple[int, int, int]] = []
        for _ in range(len(expected)):
            drop(game, pos, game.player_to_move * 2)
            board = game.board
            landed = board.cells[game.history[-1].cell]
            assert landed[coordinate] == sign * pos
            below = step(landed, gravity)
            assert not on_board(below, size) or board.index[below] in [board.index[c] for c in filled]
            filled.append(landed)
        assert sorted(filled) == expected
        player = game.player_to_move
        game.deal((player * 2, player * 2 + 1))
        with pytest.raises(IllegalMoveError, match=f"line {pos} is full"):
            game.play(Move.drop(pos, player * 2))


def test_positive_pos_runs_clockwise_along_the_rim_the_chip_enters_from() -> None:
    board = Board.of(5)
    # With gravity down the chip enters at the top; clockwise along the top is left to right (q grows).
    assert [board.cells[board.line(3, pos)[-1]][0] for pos in (-4, 0, 4)] == [-4, 0, 4]
    # With gravity up it enters at the bottom; clockwise there is right to left.
    assert [board.cells[board.line(0, pos)[-1]][0] for pos in (-4, 0, 4)] == [4, 0, -4]


# --- rotations ----------------------------------------------------------------------------

def random_position(seed: int, drops: int = 24) -> Game:
    rng = random.Random(seed)
    game = dealt_game(5)
    for _ in range(drops):
        open_lines = [pos for pos in range(-4, 5) if landing(game.board, game.cells, game.gravity, pos) >= 0]
        drop(game, rng.choice(open_lines), game.player_to_move * 2 + rng.randrange(2))
        if game.outcome is not None:
            game.undo()
    return game


@pytest.mark.parametrize("gravity", range(6))
def test_a_rotation_lets_every_chip_fall_at_once_keeping_its_order_along_its_line(gravity: int) -> None:
    for seed in range(5):
        game = random_position(seed)
        before = {cell: game.chip_at(*cell) for cell in game.board.cells}
        game.deal((game.player_to_move * 2, game.player_to_move * 2 + 1))
        game.play(Move.rotate(gravity))
        after = {cell: game.chip_at(*cell) for cell in game.board.cells}
        assert game.gravity == gravity
        coordinate, _ = LINE_NAMING[gravity]
        for key in range(-4, 5):
            line = [c for c in game.board.cells if c[coordinate] == key]
            # Order the line against gravity: bottom first.
            line.sort(key=lambda c: -sum(a * b for a, b in zip(c, STEPS[gravity], strict=True)))
            old = [before[c] for c in line if before[c] != EMPTY]
            new = [after[c] for c in line]
            assert new == old + [EMPTY] * (len(line) - len(old))  # packed at the bottom, same order


def test_rotating_to_the_current_gravity_burns_two_chips_and_moves_nothing() -> None:
    game = random_position(3)
    cells, bag = game.cells, sum(game.bag(game.player_to_move).values())
    game.deal((game.player_to_move * 2, game.player_to_move * 2))
    game.play("rotate 3")
    assert game.cells == cells
    assert sum(game.bag(1 - game.player_to_move).values()) == bag - 2


# --- runs and the winner -------------------------------------------------------------------

@pytest.mark.parametrize("axis", [(1, -1, 0), (1, 0, -1), (0, 1, -1)])
def test_four_of_one_value_along_each_axis_win_and_two_colours_of_one_player_never_join(
        axis: tuple[int, int, int]) -> None:
    board = Board.of(5)
    start = (-axis[0] * 2, -axis[1] * 2, -axis[2] * 2)
    line = [(start[0] + axis[0] * k, start[1] + axis[1] * k, start[2] + axis[2] * k) for k in range(4)]
    cells = [EMPTY] * board.count
    for cell in line:
        cells[board.index[cell]] = 2
    assert judge(board, cells, 4, 2) == (1, tuple(sorted(board.index[c] for c in line)))
    cells[board.index[line[1]]] = 3  # the same player's other colour breaks the run
    assert judge(board, cells, 4, 2) == (NO_ONE, ())
    assert judge(board, cells, 2, 2)[0] == 1  # though 2 in a row is still there


def test_a_longer_run_beats_a_shorter_one_and_equal_longest_runs_of_both_players_win_nothing() -> None:
    board = Board.of(5)
    cells = [EMPTY] * board.count
    for r in range(4):
        cells[board.index[(-4, r, 4 - r)]] = 0
        cells[board.index[(4, -r, r - 4)]] = 2
    assert judge(board, cells, 4, 2) == (NO_ONE, ())
    cells[board.index[(4, -4, 0)]] = 2
    assert judge(board, cells, 4, 2)[0] == 1


TIE_RECORD = "cluster42.4.k1.n3.s12.-1c0.r2.-3c0.r0.r1.r5.1c0.2c1.r3.1c1.r0.1c1.r1.r3.r3.r5.2c0.2c1.1c0"
HANDED_RECORD = "cluster42.4.k1.n3.s2.-3c0.r4.0c0.3c1.1c0.-1c1.r5.3c1.-1c0.-2c1.-1c0.r3"


def test_when_both_players_hold_the_longest_run_play_goes_on_until_a_move_leaves_one_owner() -> None:
    game = Game.from_fragment(TIE_RECORD)
    assert game.outcome is not None and game.outcome.winner == "1"
    assert longest_runs(game)[1] == {0}
    for _ in range(game.turn_count - 13):
        game.undo()
    best, owners = longest_runs(game)
    assert best >= 3 and owners == {0, 1}
    assert game.outcome is None and game.legal_moves()


def test_a_rotation_can_hand_the_win_to_the_player_who_did_not_move() -> None:
    game = Game.from_fragment(HANDED_RECORD)
    last = game.history[-1]
    assert last.move.is_rotation and last.side == "2"
    assert game.outcome is not None and game.outcome.winner == "1" and game.outcome.reason == "line"
    assert longest_runs(game)[1] == {0}
    game.undo()
    assert game.outcome is None and longest_runs(game)[0] < 3


# --- draws and bags ----------------------------------------------------------------------------

def test_the_seed_fixes_every_draw_and_a_record_replays_them() -> None:
    rng = random.Random(4)
    game = Game(5, seed=99)
    draws = []
    while game.outcome is None:
        draws.append(game.draw)
        game.play(rng.choice(game.legal_moves()))
    again = Game.from_fragment(game.to_fragment())
    assert [turn.drawn for turn in again.history] == draws
    assert again == game
    assert len({Game(5).seed for _ in range(5)}) > 1  # no seed given: a random one


def test_each_player_draws_two_of_its_own_chips_and_puts_the_other_back() -> None:
    game = Game(5, seed=3)
    a, b = game.draw
    assert game.owner(a) == game.owner(b) == 0
    game.play(Move.drop(0, a))
    assert game.bag(0)[a] == 14 and sum(game.bag(0).values()) == 29
    assert all(game.owner(c) == 1 for c in game.draw)


def test_with_one_chip_left_the_player_draws_it_and_must_drop_it_and_an_empty_bag_loses() -> None:
    game = Game(5, colours_per_player=1, chips=2, seed=1)
    game.play("rotate 2")  # the first player discards both chips
    game.play(Move.drop(0, 1))  # the second player still has one
    assert game.outcome is not None and game.outcome.winner == "2" and game.outcome.reason == "bag"
    assert "bag is empty" in game.status()
    game = Game(5, colours_per_player=1, chips=3, seed=1)
    game.play(Move.drop(0, 0))
    game.play(Move.drop(0, 1))
    game.play(Move.drop(1, 0))
    game.play(Move.drop(1, 1))
    assert game.draw == (0,)
    moves = game.legal_moves()
    assert moves and not any(m.is_rotation for m in moves)
    with pytest.raises(IllegalMoveError, match="only one was drawn"):
        game.play("rotate 1")


def test_a_dealt_game_refuses_chips_its_bag_cannot_give_and_changes_nothing() -> None:
    game = dealt_game(5, colours_per_player=1, chips=2)
    for chips, message in (((1, 0), "not one of Player 1's"), ((0,), "draws 2 chip"), ((0, 0, 0), "draws 2"),
                           (("a", 0), "not one of")):
        with pytest.raises(DrawError, match=message):
            game.deal(chips)  # type: ignore[arg-type]
    assert game.draw == () and game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="no chips are drawn"):
        game.play("drop 0 0")
    game.deal((0, 0))
    game.play("rotate 1")
    with pytest.raises(DrawError, match="draws 2 chip"):
        game.deal((1,))
    with pytest.raises(DrawError, match="only a dealt game"):
        Game(5, seed=1).deal((0, 1))


# --- moves, errors, undo ------------------------------------------------------------------------

@pytest.mark.parametrize("text, error, message", [
    ("drop 9 0", IllegalMoveError, "off the board"),
    ("drop 0 0", IllegalMoveError, "was not drawn"),
    ("rotate 6", IllegalMoveError, "not a direction"),
    ("drop 0", InvalidMoveError, "not a move"),
    ("jump 1", InvalidMoveError, "not a move"),
    ("", InvalidMoveError, "not a move"),
])
def test_bad_moves_raise_a_clear_error_and_change_nothing(text: str, error: type, message: str) -> None:
    game = Game(5, seed=7)
    game.play("drop 0 1")
    before = game.to_fragment(), game.cells, game.draw
    with pytest.raises(error, match=message):
        game.play(text)
    assert (game.to_fragment(), game.cells, game.draw) == before
    assert not game.is_legal(text)


def test_moves_read_the_protocols_words_and_the_records_short_form_in_any_case() -> None:
    assert Move.parse("DROP -4 1") == Move.parse("-4C1") == Move.drop(-4, 1)
    assert Move.parse("rotate 0") == Move.parse("R0") == Move.rotate(0)
    assert [str(m) for m in (Move.drop(-4, 1), Move.rotate(0))] == ["drop -4 1", "rotate 0"]
    with pytest.raises(InvalidMoveError):
        Move.parse(3)  # type: ignore[arg-type]


def test_the_legal_moves_are_each_drawn_value_at_each_open_line_then_the_six_rotations() -> None:
    game = Game(5, seed=7)
    assert game.draw == (0, 1)
    moves = game.legal_moves()
    assert len(moves) == 9 * 2 + 6
    assert all(game.is_legal(m) for m in moves)


def test_undo_with_nothing_to_undo_or_after_a_resignation_is_an_error() -> None:
    game = Game(5, seed=1)
    with pytest.raises(UndoError):
        game.undo()
    game.play(game.legal_moves()[0])
    game.resign()
    assert game.outcome is not None and game.outcome.winner == "1" and game.resigned == "2"
    with pytest.raises(UndoError, match="resigned"):
        game.undo()
    assert Game.from_fragment(game.to_fragment()).resigned == "2"


@pytest.mark.parametrize("options, message", [
    ({"size": 11}, "board size"), ({"size": 2}, "board size"), ({"colours_per_player": 4}, "colours a player"),
    ({"n": 1}, "run to win"), ({"chips": 0}, "chips per colour"), ({"seed": -1}, "seed"),
])
def test_options_that_make_no_game_are_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(BoardSizeError, match=message):
        Game(**options)  # type: ignore[arg-type]


# --- records -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("cubox.5", "starts with 'cluster42.'"),
    ("cluster42.2.s1", "board size"),
    ("cluster42.5", "its draws"),
    ("cluster42.5.sxyz", "its draws"),
    ("cluster42.5.k9.s1", "options make no game"),
    ("cluster42.5.s7.0c1.jump", "move 2"),
    ("cluster42.5.s7.0c3", "move 1"),
    ("cluster42.5.dealt.0c1", "move 1"),
    ("cluster42.5.dealt.23_0c2", "move 1"),
    ("cluster42.5.s7.01_0c1", "gives no drawn chips"),
    ("cluster42.5.s7.1-resigns.0c1", "may only end"),
    ("cluster42.5.s7.2-wizard.0c1", "level"),
])
def test_bad_records_are_refused_naming_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.from_fragment(text)


def test_a_dealt_game_records_each_draw_and_replays_it() -> None:
    game = dealt_game(5)
    game.deal((1, 0))
    game.play("drop 2 1")
    game.deal((3, 3))
    game.play("rotate 0")
    assert game.to_fragment() == "cluster42.5.dealt.10_2c1.33_r0"
    again = Game.from_fragment("#CLUSTER42.5.DEALT.10_2C1.33_R0")
    assert again == game and again.gravity == 0


# --- properties ---------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([3, 4, 5, 6]), k=st.sampled_from([1, 2, 3]),
       choices=st.lists(st.integers(0, 10**6), max_size=400))
def test_random_games_conserve_chips_end_undo_exactly_and_round_trip(seed: int, size: int, k: int,
                                                                  choices: list[int]) -> None:
    game = Game(size, colours_per_player=k, seed=seed)
    total = game.chips_per_colour * k
    snapshots = []
    discarded = [0, 0]
    picks = iter(choices)
    while game.outcome is None:
        snapshots.append((game.to_fragment(), game.cells, game.gravity, game.draw))
        moves = game.legal_moves()
        move = moves[next(picks, 0) % len(moves)]
        player = game.player_to_move
        game.play(move)
        if move.is_rotation:
            discarded[player] += 2
        for p in (0, 1):
            on_board = sum(1 for v in game.cells if v != EMPTY and game.owner(v) == p)
            assert on_board + sum(game.bag(p).values()) + discarded[p] == total
        assert game.turn_count <= 2 * total  # every turn spends a chip of the mover's
    assert Game.from_fragment(game.to_fragment()) == game
    while snapshots:
        game.undo()
        assert (game.to_fragment(), game.cells, game.gravity, game.draw) == snapshots.pop()


def test_gravity_after_some_turns_is_the_last_rotations_or_down() -> None:
    from cluster42.game import gravity_after

    game = Game.from_fragment("cluster42.5.s2a.-1c1.4c3.-2c0.r2.3c0")
    assert [gravity_after(game, turns) for turns in range(6)] == [3, 3, 3, 3, 2, 2]
    assert gravity_after(game, game.turn_count) == game.gravity
