import pytest
from helpers import diamonds, neighbours

from cachex.colours import BLUE, RED
from cachex.geometry import Geometry


@pytest.mark.parametrize("n", [3, 4, 5, 9, 15])
def test_neighbour_tables_match_the_six_steps(n: int) -> None:
    geo = Geometry.of(n)
    for i in range(n * n):
        r, q = geo.coords(i)
        assert {geo.coords(c) for c in geo.neighbours[i]} == neighbours(n, r, q)


@pytest.mark.parametrize("n", [3, 5, 8, 15])
def test_diamond_tables_hold_every_diamond_once_per_cell(n: int) -> None:
    geo = Geometry.of(n)
    expected = set()
    for short, long_ in diamonds(n):
        for cell in short:
            (mate,) = short - {cell}
            expected.add((cell, mate, long_))
        for cell in long_:
            (mate,) = long_ - {cell}
            expected.add((cell, mate, short))
    got = set()
    for i in range(n * n):
        for partner, x, y in geo.diamonds[i]:
            got.add((geo.coords(i), geo.coords(partner), frozenset({geo.coords(x), geo.coords(y)})))
        assert len(geo.diamonds[i]) == len(set(geo.diamonds[i]))
    assert got == expected


def test_an_inner_cell_lies_in_twelve_diamonds() -> None:
    geo = Geometry.of(9)
    assert len(geo.diamonds[geo.index(4, 4)]) == 12
    assert len(geo.diamonds[geo.index(0, 0)]) < 12


def test_centre_exists_only_on_odd_boards() -> None:
    assert Geometry.of(5).centre == Geometry.of(5).index(2, 2)
    assert Geometry.of(6).centre is None


def test_mirror_swaps_row_and_column() -> None:
    geo = Geometry.of(5)
    assert geo.coords(geo.mirror[geo.index(1, 3)]) == (3, 1)
    assert geo.mirror[geo.index(2, 2)] == geo.index(2, 2)


@pytest.mark.parametrize("bad", [2, 16, 0, -1, 9.0, "9", True, None])
def test_geometry_rejects_bad_sizes(bad: int) -> None:
    with pytest.raises(ValueError):
        Geometry.of(bad)


def test_the_rim_is_every_cell_on_an_edge_and_no_other() -> None:
    geo = Geometry.of(5)
    rim = {c for c in range(geo.size) if geo.on_rim(c)}
    assert len(rim) == 16 and geo.centre not in rim
    assert rim == set().union(*geo.edges[RED], *geo.edges[BLUE])


def test_the_cell_tables_are_made_on_first_use_then_kept() -> None:
    from cachex.geometry import _cell_tables

    geo = Geometry(9)
    assert "diamonds" not in vars(geo)  # a new board's first picture needs none of them
    assert (geo.neighbours, geo.diamonds, geo.bridges) == _cell_tables(9)
    assert vars(geo)["bridges"] is geo.bridges  # kept: found as attributes from then on
    misspelt = "neighbour"  # an error at run time, as for type checkers
    with pytest.raises(AttributeError):
        getattr(geo, misspelt)
