import pytest

from cachex import InvalidMoveError, Move, cell_name, parse_cell


def test_cell_names_follow_figure_two() -> None:
    assert cell_name(1, 3) == "d2"
    assert parse_cell("d2") == (1, 3)
    assert parse_cell("O15") == (14, 14)


@pytest.mark.parametrize("text", ["d2", "D2", "  d2 ", "\td2\n"])
def test_move_text_ignores_case_and_spaces(text: str) -> None:
    assert Move.parse(text) == Move.place(1, 3)


@pytest.mark.parametrize("text", ["swap", "SWAP", " Swap "])
def test_swap_text_is_the_steal(text: str) -> None:
    assert Move.parse(text).is_swap


@pytest.mark.parametrize("text", ["", "d", "2d", "dd2", "d-1", "d2x", "steal", "d 2", "é2", "d\uff12"])
def test_malformed_move_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a"):
        Move.parse(text)


def test_row_zero_is_invalid_with_a_reason() -> None:
    with pytest.raises(InvalidMoveError, match="row numbers start at 1"):
        Move.parse("d0")


def test_non_text_move_is_invalid() -> None:
    with pytest.raises(InvalidMoveError, match="must be text"):
        Move.parse(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "kwargs"), [
    ((-1, 0), {}), ((0, -1), {}), ((0, 26), {}), ((True, 1), {}), ((1.0, 2), {}),
    ((-1, -1), {}), ((1, 2), {"is_swap": True}), ((-1, -1), {"is_swap": 1}),
])
def test_a_move_that_names_no_move_cannot_be_built(args: tuple[object, object],
                                                   kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidMoveError, match="names no move"):
        Move(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Move()  # type: ignore[call-arg]


def test_move_codes_round_trip_on_every_size() -> None:
    for n in (3, 9, 15):
        for code in [*range(n * n), -1]:
            move = Move.from_code(code, n)
            assert move.code(n) == code
    assert str(Move.from_code(-1, 9)) == "swap" and str(Move.from_code(10, 9)) == "b2"


def test_row_zero_is_reported_for_cells_and_moves_alike() -> None:
    for read in (parse_cell, Move.parse):
        with pytest.raises(InvalidMoveError, match="row numbers start at 1"):
            read("b0")
    with pytest.raises(InvalidMoveError, match="is not a cell name"):
        parse_cell("swap")
