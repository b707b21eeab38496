"""``python -m chase.data`` writes ``chase/data/board_tables.py`` from ``chase.board``'s geometry
and ``chase/data/picture_points.py`` from ``chase.svg``'s."""

from pathlib import Path

from chase.board import computed_tables
from chase.svg import computed_points
from gamekit.literals import literals_module


def tables_module() -> str:
    """The text of ``chase/data/board_tables.py``: the computed tables as literals."""
    doc = ("Chase's step and ray tables, written by ``python -m chase.data`` from ``chase.board``'s\n"
           "geometry (``computed_tables``, which documents them): not to be edited by hand.")
    names = ("STEPS", "RAY_CELLS", "RAY_WAYS", "LEAVES")
    types = ("tuple[tuple[tuple[int, int], ...], ...]", "tuple[tuple[int, ...], ...]", "tuple[tuple[int, ...], ...]",
             "tuple[bool, ...]")
    return literals_module(doc, zip(names, types, computed_tables(), strict=True))


def points_module() -> str:
    """The text of ``chase/data/picture_points.py``: the hexagons' corners as literals."""
    doc = ("The corners of Chase's hexagons as ``chase.svg.board_svg`` draws them, written by\n"
           "``python -m chase.data`` from ``chase.svg.computed_points`` (which documents them): not to be\n"
           "edited by hand.")
    names = ("CELL_POINTS", "GHOST_POINTS")
    return literals_module(doc, zip(names, ("tuple[str, ...]", "dict[int, str]"), computed_points(), strict=True))


if __name__ == "__main__":
    Path(__file__).with_name("board_tables.py").write_text(tables_module())
    Path(__file__).with_name("picture_points.py").write_text(points_module())
