"""Cubox's rules, notation, records and text board, checked against the seed's examples."""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path

import pytest

from cubox import BoardSizeError, CuboxError, Game, IllegalMoveError, InvalidMoveError, Move, RecordError, UndoError
from cubox.__main__ import main
from cubox.board import ALL_SIDES, BOTTOM, LEFT, RIGHT, Board
from cubox.rules import EMPTY, O, X, chain, linked, parse_name

# The seed's drawing of its second example (pbmserv's help text, ../shared/seeds/002_...), from
# the '11--' line to the column letters, kept here so that the tests need nothing outside the
# repository.
SEED_DIAGRAM = Path(__file__).resolve().parent / "data" / "cubox_second_example.txt"
# The seed's second example: X and O alternate from X, and O's last cubox, stacked
# on D2, completes its chain.
SECOND_EXAMPLE = "cubox.6.c1.c3.e1.c5.e3.a5.d4.e5.g1.e7.g5.i1.c7.d2"


def seed_diagram() -> list[str]:
    """The seed's drawing of its second example, line by line."""
    return SEED_DIAGRAM.read_text().splitlines()


def test_the_board_has_a_triangle_per_level_and_pbmserv_names() -> None:
    for size in range(3, 17):
        board = Board.of(size)
        assert board.size == size * (size + 1) * (size + 2) // 6
        assert [board.level_size(k) for k in (1, size)] == [size * (size + 1) // 2, 1]
    board = Board.of(6)
    assert board.name(board.at(1, 11, 1)) == "k1" and board.name(board.at(6, 6, 6)) == "f6"
    assert board.columns[parse_name("f6")] == (board.at(2, 6, 6), board.at(4, 6, 6), board.at(6, 6, 6))
    assert board.edges[board.at(1, 1, 1)] == BOTTOM | LEFT
    assert board.edges[board.at(6, 6, 6)] == ALL_SIDES  # the apex is outermost on every side
    assert board.edges[board.at(2, 6, 6)] == RIGHT and board.edges[board.at(2, 4, 4)] == 0


def test_the_kept_default_board_tables_are_what_the_board_computes() -> None:
    from pathlib import Path

    import cubox.data
    from cubox.board import DEFAULT_SIZE, computed_tables
    from cubox.data import board_tables
    from cubox.data.__main__ import tables_module

    kept = Path(cubox.data.__file__).with_name("board_tables.py").read_text()
    assert kept == tables_module()  # else: python -m cubox.data
    assert board_tables.SIZE == DEFAULT_SIZE
    board = Board(DEFAULT_SIZE)
    assert (board.positions, board._index, board.level, board.supports, board.above, board.contacts,
            board.edges, board.columns) == computed_tables(DEFAULT_SIZE)
    assert board.contacts is board_tables.CONTACTS  # read from the kept literals, not computed


def test_the_first_example_stacks_x_on_one_x_and_two_o_and_cuts_the_o_contact() -> None:
    game = Game.from_fragment("cubox.3.a3.a1.e1.c1")  # X on a3 above O's a1 and c1
    board = game.board
    a1, c1, a3 = board.at(1, 1, 1), board.at(1, 3, 1), board.at(1, 1, 3)
    assert c1 in linked(board, game.cells, a1)  # O's two cubox touch corner to corner
    assert [str(m) for m in game.legal_moves()] == ["c3", "a5", "b2"]  # b2 rests on a1, c1, a3
    turn = game.play("b2")
    assert board.level[turn.position] == 2 and game.cubox_at("b2") == "x"
    assert c1 not in linked(board, game.cells, a1)  # the stacked X hides the contact
    assert a3 in linked(board, game.cells, turn.position)  # and rests on X's a3


def test_the_second_example_draws_exactly_as_the_seed() -> None:
    game = Game.from_fragment(SECOND_EXAMPLE)
    text = str(game).splitlines()
    assert text[: len(seed_diagram())] == seed_diagram()
    assert "Possible stacks: D6 F6" in text
    assert sorted(game.board.name(p) for p in game.marks()) == sorted(
        ["a1", "k1", "a3", "g3", "i3", "a7", "a9", "c9", "a11", "d6", "f6"])


def test_in_the_second_example_o_wins_through_d2_on_the_bottom_edge() -> None:
    game = Game.from_fragment(SECOND_EXAMPLE)
    assert game.outcome is not None and game.outcome.winner == "o" and game.outcome.reason == "connection"
    board = game.board
    d2 = board.at(2, 4, 2)
    assert d2 in game.outcome.chain and board.edges[d2] == BOTTOM
    assert sorted(board.name(p) for p in game.outcome.chain) == ["a5", "c3", "c5", "d2", "e5", "e7"]
    game.undo()
    assert game.outcome is None and game.cubox_at("d2") is None
    assert chain(board, game.cells, board.at(1, 1, 5))[1] == LEFT | RIGHT  # no bottom without D2


def test_a_cubox_on_the_top_row_is_drawn_whole_above_it() -> None:
    lines = str(Game.from_fragment("cubox.3.a5")).splitlines()
    assert lines[0].strip() == "+---+" and lines[2].strip().startswith("5--+")
    assert lines[-3].split() == ["A", "B", "C", "D", "E"]


@pytest.mark.parametrize(("moves", "bad", "error", "message"), [
    ([], "z9", IllegalMoveError, "not on the size-5 board"),
    ([], "b2", IllegalMoveError, "not a legal stack"),
    ([], "swap", IllegalMoveError, "only allowed as O's first move"),
    ([], "pass", IllegalMoveError, "only when no cubox can be played"),
    (["c1"], "c1", IllegalMoveError, "c1 is full"),  # no stack position shares c1's name
    (["c1"], "4c", InvalidMoveError, "is not a move"),
    (["c1"], "", InvalidMoveError, "is not a move"),
    (["c1", "swap"], "swap", IllegalMoveError, "only allowed as O's first move"),
])
def test_bad_moves_raise_and_change_nothing(moves: list[str], bad: str, error: type, message: str) -> None:
    game = Game(5)
    for move in moves:
        game.play(move)
    before = game.copy()
    with pytest.raises(error, match=message):
        game.play(bad)
    assert game == before


def test_a_full_column_and_undo_of_nothing_are_errors() -> None:
    game = Game(3)
    with pytest.raises(UndoError):
        game.undo()
    game.play("a1")
    with pytest.raises(IllegalMoveError, match="a1 is full"):
        game.play("a1")


@pytest.mark.parametrize(("text", "message"), [
    ("v1.5.c1", "starts with 'cubox.'"),
    ("cubox", "no board size"),
    ("cubox.17", "board size '17'"),
    ("cubox.5.c1..d2", "move 2 \\(''\\) is malformed"),
    ("cubox.5.q-hard.c1", "side 'q' is not x or o"),
    ("cubox.5.o-godlike", "level 'godlike'"),
    ("cubox.5.c1.c1", "move 2 \\('c1'\\) is illegal"),
    ("cubox.²", "'cubox.²' has another character"),
    ("cubox.٦.c1", "only letters, digits and signs"),
    ("cubox." + "8" * 8000, "board size '8{40}...'"),
    ("cubox.08", "board size '08'"),
])
def test_bad_records_raise_record_errors_naming_the_part(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.from_fragment(text)


@pytest.mark.parametrize("size", [2, 17, 0, -3, 8.0, "8", True])
def test_a_board_size_cubox_is_not_played_on_is_a_cubox_error(size: object) -> None:
    with pytest.raises(BoardSizeError, match="board size"):
        Game(size)  # type: ignore[arg-type]
    assert issubclass(BoardSizeError, CuboxError)


def _random_game(size: int, rng: random.Random) -> Game:
    game = Game(size)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def _winners(game: Game) -> set[int]:
    board, cells = game.board, game.cells
    return {cells[p] for p in range(board.size)
            if cells[p] != EMPTY and chain(board, cells, p)[1] == ALL_SIDES}


@pytest.mark.parametrize("size", range(3, 11))
def test_random_games_end_with_exactly_one_winner_or_a_recorded_deadlock(size: int) -> None:
    rng = random.Random(size)
    for _ in range(12 if size < 8 else 4):
        game = _random_game(size, rng)
        assert game.outcome is not None
        if game.outcome.reason == "deadlock":
            assert game.moves[-2:] == [Move.pass_(), Move.pass_()] and _winners(game) == set()
        else:
            winner = X if game.outcome.winner == "x" else O
            assert _winners(game) == {winner} and game.history[-1].side == game.outcome.winner


def _mirrored(board: Board, order: tuple[int, ...]) -> dict[int, int]:
    """Each position's image when the three barycentric steps of its level's triangle are
    permuted by ``order`` (worked out here, apart from ``Board.images``)."""
    image = {}
    for p, (level, c, r) in enumerate(board.positions):
        steps = ((c - level) // 2, (r - level) // 2, board.side - level - (c - level) // 2 - (r - level) // 2)
        image[p] = board.at(level, level + 2 * steps[order[0]], level + 2 * steps[order[1]])
    return image


@pytest.mark.parametrize("size", [3, 5, 6])
def test_the_boards_six_symmetries_are_its_images_and_games_mirrored_by_them_end_alike(size: int) -> None:
    board = Board.of(size)
    orders = list(permutations(range(3)))
    mirrors = [_mirrored(board, order) for order in orders]
    for p in range(board.size):
        assert set(board.images(p)) == {image[p] for image in mirrors} and board.images(p)[0] == p
    rng = random.Random(size + 7)
    for _ in range(6):
        game = _random_game(size, rng)
        for image in mirrors:
            mirrored = Game(size)
            for turn in game.history:
                move = turn.move
                mirrored.play(move if move.is_pass or move.is_swap else board.name(image[turn.position]))
            assert mirrored.outcome is not None and game.outcome is not None
            assert (mirrored.outcome.winner, mirrored.outcome.reason) == (game.outcome.winner, game.outcome.reason)
            assert sorted(mirrored.outcome.chain) == sorted(image[p] for p in game.outcome.chain)


def _links(game: Game, stone: int) -> set[tuple[int, int]]:
    board, cells = game.board, game.cells
    return {(p, q) for p in range(board.size) if cells[p] == stone for q in linked(board, cells, p)}


@pytest.mark.parametrize("size", [3, 4, 6])
def test_undo_restores_the_position_and_only_the_movers_chains_gain_contacts(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(5):
        game = Game(size)
        while game.outcome is None:
            before = game.copy()
            mover = game.mover
            theirs = _links(game, 3 - mover)
            game.play(rng.choice(game.legal_moves()))
            if not game.moves[-1].is_swap:
                assert _links(game, 3 - mover) <= theirs  # a move never joins the opponent
            after = game.copy()
            game.undo()
            assert game == before and game.cells == before.cells
            game.play(after.moves[-1])
            assert game == after


@pytest.mark.parametrize("size", [3, 5, 8, 16])
def test_records_round_trip(size: int) -> None:
    game = _random_game(size, random.Random(size)) if size < 16 else Game(16)
    text = game.to_fragment()
    assert text.startswith(f"cubox.{size}") and Game.from_fragment(text) == game
    assert Game.from_fragment("#" + text.upper() + " ") == game


def test_show_prints_the_pbmserv_board_and_refuses_bad_records(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", SECOND_EXAMPLE]) == 0
    out = capsys.readouterr().out
    assert "Possible stacks: D6 F6" in out and "O (blue) wins by connecting all three sides" in out
    assert main(["show", "cubox.5.c1.c1"]) == 1
    assert "move 2 ('c1') is illegal" in capsys.readouterr().err


def test_the_cubox_worker_keeps_a_moves_search_across_slices_and_answers_the_analysis() -> None:
    from cubox.engine.worker import CuboxWorker
    from gamekit.protocol import Analyse, Evaluate, EvaluateReply, SearchReply, Think, decode, encode

    worker = CuboxWorker(seed=3)
    first = decode(worker.handle(encode(Think("cubox.6.a1", 400, 10.0, 0.01, True))))
    later = decode(worker.handle(encode(Think("cubox.6.a1", 400, 10.0, 0.01, False))))
    assert isinstance(first, SearchReply) and isinstance(later, SearchReply)
    assert later.iterations > first.iterations and later.player == 1  # the same search went on (O to move)
    analysed = decode(worker.handle(encode(Analyse("cubox.6.a1", 0.05))))
    assert isinstance(analysed, SearchReply) and analysed.iterations > 0 and sum(analysed.visits.values()) > 0
    won = decode(worker.handle(encode(Evaluate(SECOND_EXAMPLE, 0.05))))
    assert isinstance(won, EvaluateReply) and won.first == 0.0  # X's chance: O has won


def test_a_records_well_formed_start_is_read_up_to_its_first_malformed_move() -> None:
    from cubox.record import CuboxRecord, decode_start

    saved, malformed = decode_start("cubox.5.c1.zz.e1")
    assert saved == CuboxRecord(5, ["c1"]) and malformed is not None and "move 2 ('zz')" in str(malformed)
    assert decode_start("cubox.5.c1") == (CuboxRecord(5, ["c1"]), None)
    with pytest.raises(RecordError, match="board size"):
        decode_start("cubox.1.c1")


def test_a_resignation_ends_the_game_stands_against_undo_and_is_kept_in_the_record() -> None:
    game = Game(4)
    game.play("c3")
    outcome = game.resign()  # O, to move, gives up
    assert (outcome.winner, outcome.reason, game.resigned) == ("x", "resignation", "o")
    assert game.status() == "X (red) wins: O (blue) resigned" and game.legal_moves() == []
    assert game.to_fragment() == "cubox.4.c3.o-resigns"
    again = Game.from_fragment("#CUBOX.4.C3.O-RESIGNS")
    assert again.outcome == outcome and again.to_fragment() == "cubox.4.c3.o-resigns"
    with pytest.raises(UndoError, match="resigned"):
        game.undo()
    with pytest.raises(IllegalMoveError, match="over"):
        game.resign("x")
    with pytest.raises(InvalidMoveError, match="unknown side"):
        Game(4).resign("red")


@pytest.mark.parametrize(("text", "message"), [
    ("cubox.4.c3.q-resigns", "side that resigned, 'q'"),
    ("cubox.4.o-resigns.c3", "resignation \\('o-resigns'\\) may only end a record"),
])
def test_a_bad_resignation_in_a_record_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.from_fragment(text)


def test_the_picture_marks_the_sides_shows_cuts_over_the_cubox_and_stacked_cubox_touching_a_side() -> None:
    from cubox.svg import board_svg

    game = Game.from_fragment("cubox.4.a1.c1.e1.g1.c3.a3.a5.a7.b2.d2.c5.b4.c3.b6.e3.f2")  # a deadlock
    svg = board_svg(game)
    assert svg.count('class="side"') == 3
    last_cubox = svg.rindex("data-stone=")
    assert svg.count('class="cut"') >= 1 and svg.index('class="cut"') > last_cubox  # drawn over every cubox
    b2 = game.board.at(2, 2, 2)  # X's stack over a1, c1 and a3 touches the bottom and the left side
    assert game.cubox_at("b2", 2) == "x" and game.board.edges[b2] == 3
    assert svg.count('class="edge-contact"') >= 2
    assert 'class="edge-contact"' not in board_svg(Game.from_fragment("cubox.4.a1.c1"))  # level 1 touches itself
