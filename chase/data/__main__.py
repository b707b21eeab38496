"""``python -m chase.data`` writes ``chase/data/board_tables.py`` from ``chase.board``'s geometry."""

from pathlib import Path

from chase.board import computed_tables
from gamekit.literals import literals_module


def tables_module() -> str:
    """The text of ``chase/data/board_tables.py``: the computed tables as literals."""
    doc = ("Chase's step and ray tables, written by ``python -m chase.data`` from ``chase.board``'s\n"
           "geometry (``computed_tables``, which documents them): not to be edited by hand.")
    names = ("STEPS", "RAY_CELLS", "RAY_WAYS", "LEAVES")
    types = ("tuple[tuple[tuple[int, int], ...], ...]", "tuple[tuple[int, ...], ...]", "tuple[tuple[int, ...], ...]",
             "tuple[bool, ...]")
    return literals_module(doc, zip(names, types, computed_tables(), strict=True))


if __name__ == "__main__":
    Path(__file__).with_name("board_tables.py").write_text(tables_module())
