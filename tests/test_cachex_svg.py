"""The SVG picture of a board: its cells, marks and labels, the tall layout, and the picture saved."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from cachex import Game
from cachex.colours import PALETTE
from cachex.svg import Layout, board_svg, cell_classes, cell_label, highlights

SVG = "{http://www.w3.org/2000/svg}"


def parsed(game: Game, layout: Layout | None = None) -> ET.Element:
    return ET.fromstring(board_svg(game, layout))


def cells(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["data-cell"]: g for g in root.iter(f"{SVG}g") if "data-cell" in g.attrib}


def labels(root: ET.Element) -> list[tuple[str, float, float]]:
    return [(t.text or "", float(t.attrib["x"]), float(t.attrib["y"])) for t in root.iter(f"{SVG}text")]


def test_every_cell_is_drawn_once_with_its_name_stone_and_accessible_label() -> None:
    game = Game.from_fragment("v1.5.c2.b3")
    found = cells(parsed(game))
    assert list(found) == list(game.cells())
    assert found["c2"].attrib["data-stone"] == "red" and found["b3"].attrib["data-stone"] == "blue"
    assert "data-stone" not in found["a1"].attrib
    assert found["a1"].attrib["aria-label"] == "a1, empty" and found["b3"].attrib["aria-label"] == "b3, blue"


def test_the_picture_stands_alone_painted_by_the_palette() -> None:
    game = Game.from_fragment("v1.3.a1.c1.a2.c2.a3")  # Red's a1-a3 wins
    found = cells(parsed(game))
    stone = {c.attrib["class"]: c for c in found["a3"]}["stone"]
    assert stone.attrib["fill"] == PALETTE["red"]
    assert {c.attrib["class"]: c for c in found["c1"]}["stone"].attrib["fill"] == PALETTE["blue"]
    for name in ("a1", "a2", "a3"):
        hexagon = {c.attrib["class"]: c for c in found[name]}["hex"]
        assert hexagon.attrib["fill"] == PALETTE["win"] and "win" in found[name].attrib["class"].split()
    assert {c.attrib["class"]: c for c in found["b2"]}["hex"].attrib["fill"] == PALETTE["cell"]
    mark = {c.attrib["class"]: c for c in found["a3"]}["mark"]
    assert mark.attrib["fill"] == PALETTE["mark"] and "last" in found["a3"].attrib["class"].split()


def test_the_last_move_and_the_winning_chain_are_marked_as_the_page_marks_them() -> None:
    game = Game.from_fragment("v1.3.a1.c1.a2.c2.a3")
    last, winners = highlights(game)
    assert last == "a3" and winners == {"a1", "a2", "a3"}
    assert cell_classes("a3", last, winners, ("hint",)) == "cell last win hint"
    assert cell_classes("b2", last, winners) == "cell"
    assert cell_label("b2", None, ", 40% of the search") == "b2, empty, 40% of the search"
    assert highlights(Game.from_fragment("v1.5.c2.swap")) == ("b3", frozenset())  # the stone the swap took
    assert highlights(Game(5)) == ("", frozenset())


@pytest.mark.parametrize("n", [3, 5, 9, 11, 15])
def test_the_wide_board_labels_every_column_and_row_on_both_sides(n: int) -> None:
    root = parsed(Game(n))
    texts = [text for text, _, _ in labels(root)]
    letters = "abcdefghijklmno"[:n]
    rows = [str(r + 1) for r in range(n)]
    assert sorted(texts) == sorted([*letters, *letters, *rows, *rows])


@pytest.mark.parametrize("n", [5, 9, 11, 15])
def test_the_tall_board_stands_on_its_corner_inside_its_frame(n: int) -> None:
    tall, wide = Layout(n, tall=True), Layout(n)
    assert tall.height > tall.width and wide.width > wide.height
    root = parsed(Game(n), tall)
    assert root.attrib["data-layout"] == "tall"
    # Every cell's centre and every drawn label lie inside the picture.
    for r in range(n):
        for q in range(n):
            x, y = tall.to_pixel(r, q)
            assert 0 < x < tall.width and 0 < y < tall.height
    for _, x, y in labels(root):
        assert 0 <= x <= tall.width and 0 <= y <= tall.height
    # a1 is at the bottom and the far corner at the top: the long diagonal runs up.
    assert tall.to_pixel(0, 0)[1] > tall.to_pixel(n - 1, n - 1)[1]
    assert tall.to_pixel(0, 0)[0] == pytest.approx(tall.to_pixel(n - 1, n - 1)[0])


@pytest.mark.parametrize("n", [5, 11])
def test_the_tall_board_keeps_the_cells_shape_and_neighbours_apart_as_the_wide_one(n: int) -> None:
    for layout in (Layout(n), Layout(n, tall=True)):
        x0, y0 = layout.to_pixel(2, 2)
        for dr, dq in ((0, 1), (1, 0), (1, -1)):
            x1, y1 = layout.to_pixel(2 + dr, 2 + dq)
            assert math.dist((x0, y0), (x1, y1)) == pytest.approx(math.sqrt(3) * layout.radius)
        corners = [(x0 + dx, y0 + dy) for dx, dy in layout.outline()]  # about the cell's centre
        assert all(math.dist(c, (x0, y0)) == pytest.approx(layout.radius) for c in corners)
        assert corners[1][0] == pytest.approx(x0)  # pointy-top: the second corner is straight up


@pytest.mark.parametrize("n", range(3, 16))
def test_the_tall_board_leaves_out_only_labels_that_would_stick_out_and_keeps_a_twin(n: int) -> None:
    tall = Layout(n, tall=True)
    drawn = [text for text, _, _ in labels(parsed(Game(n), tall))]
    assert len(drawn) >= 4 * n - 3  # only labels by the side corners go
    for name in [*"abcdefghijklmno"[:n], *(str(r + 1) for r in range(n))]:
        assert drawn.count(name) >= 1, name  # the twin on the other side stays

