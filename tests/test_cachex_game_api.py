import pytest

import cachex
from cachex import Game, IllegalMoveError, InvalidMoveError, Move, UndoError


@pytest.mark.parametrize("n", [2, 16, 0, -3, 9.5, "9", None, True])
def test_bad_board_size_is_a_clear_value_error(n: object) -> None:
    with pytest.raises(ValueError, match="board size"):
        Game(n)  # type: ignore[arg-type]


def test_new_game_has_red_to_move_and_default_size_nine() -> None:
    game = Game()
    assert (game.n, game.to_move, game.outcome, game.moves) == (9, "red", None, [])
    assert len(game.legal_moves()) == 80  # the centre is banned


def test_errors_are_value_errors_split_by_cause() -> None:
    for error in (InvalidMoveError, IllegalMoveError, cachex.RecordError, UndoError):
        assert issubclass(error, ValueError)
    assert not issubclass(InvalidMoveError, IllegalMoveError)


@pytest.mark.parametrize(("moves", "bad", "error", "message"), [
    ([], "zz", InvalidMoveError, "not a move"),
    ([], "", InvalidMoveError, "not a move"),
    ([], "c3", IllegalMoveError, "centre"),
    ([], "f1", IllegalMoveError, "off the 5 x 5 board"),
    ([], "a6", IllegalMoveError, "off the 5 x 5 board"),
    (["a1"], "a1", IllegalMoveError, "occupied by red"),
    ([], "swap", IllegalMoveError, "Blue's first turn"),
    (["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"], "e5", IllegalMoveError, "game is over"),
])
def test_bad_moves_raise_and_change_nothing(moves: list[str], bad: str, error: type,
                                            message: str) -> None:
    game = Game(5)
    for move in moves:
        game.play(move)
    before = game.copy()
    with pytest.raises(error, match=message):
        game.play(bad)
    assert game == before
    assert not game.is_legal(bad)


def test_play_accepts_move_objects_and_text() -> None:
    game = Game(5)
    game.play(Move.place(0, 0))
    game.play(" B2 ")
    assert [str(m) for m in game.moves] == ["a1", "b2"]


def test_undo_takes_back_a_capture_exactly() -> None:
    game = Game(9)
    for move in ["i9", "c5", "d5", "e4"]:
        game.play(move)
    before = game.copy()
    game.play("d4")
    assert game.undo() == Move.place(3, 3)
    assert game == before
    assert game.stone_at("c5") == "blue" and game.stone_at("d4") is None


def test_undo_takes_back_the_steal_and_a_win() -> None:
    game = Game(3)
    game.play("a2")
    game.play("swap")
    assert game.undo().is_swap
    assert game.stones() == {"a2": "red"} and game.to_move == "blue"
    for move in ["c3", "a1", "c2", "a3"]:
        game.play(move)
    assert game.outcome is not None
    game.undo()
    assert game.outcome is None and game.to_move == "red"


def test_undo_with_nothing_to_undo_is_an_error() -> None:
    with pytest.raises(UndoError, match="no move to undo"):
        Game(5).undo()


def test_stone_at_reads_names_and_coordinates() -> None:
    game = Game(5)
    game.play("d2")
    assert game.stone_at("d2") == "red" and game.stone_at((1, 3)) == "red"
    assert game.stone_at("a1") is None
    with pytest.raises(IllegalMoveError, match="off the"):
        game.stone_at("f6")
    with pytest.raises(InvalidMoveError):
        game.stone_at("6f")


def test_history_lists_turns_with_colours_and_captures() -> None:
    game = Game(5)
    game.play("d2")
    game.play("swap")
    assert [(t.number, t.side, str(t.move)) for t in game.history] == [
        (1, "red", "d2"), (2, "blue", "swap")]
    assert game.last_turn is not None and game.last_turn.captured == ()


def test_status_says_whose_turn_and_the_result() -> None:
    game = Game(3)
    assert game.status() == "Red to move"
    for move in ["a1", "c1", "a2", "c2", "a3"]:
        game.play(move)
    assert game.status() == "Red wins by connecting both edges"


def test_copy_is_independent() -> None:
    game = Game(5)
    clone = game.copy()
    clone.play("a1")
    assert game.moves == [] and clone.moves == [Move.place(0, 0)]


def test_the_empty_count_falls_with_each_stone_and_grows_with_a_capture() -> None:
    game = Game.from_fragment("v1.5.d2.d1.e1")
    assert game.empty_count == 22
    game.play("e2")  # Blue's e2 takes Red's pair d2 and e1
    assert game.empty_count == 23
    assert game.empty_count == sum(1 for stone in game.board if not stone)


def test_resigning_gives_the_game_to_the_other_player_and_is_recorded() -> None:
    game = Game(5)
    game.play("d2")
    outcome = game.resign()  # Blue is to move
    assert (outcome.winner, outcome.reason, game.resigned) == ("red", "resignation", "blue")
    assert game.status() == "Red wins: blue resigned" and game.legal_moves() == []
    assert game.to_fragment() == "v1.5.d2.blue-resigns"
    assert Game.from_fragment(game.to_fragment()) == game


def test_either_player_may_resign_but_not_after_the_end_and_undo_keeps_it() -> None:
    game = Game(5)
    assert game.resign("blue").winner == "red"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.resign("red")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("a1")
    with pytest.raises(UndoError, match="blue resigned"):
        game.undo()
    with pytest.raises(ValueError, match="green"):
        Game(5).resign("green")  # type: ignore[arg-type]
