"""``python -m cluster42.data`` writes ``cluster42/data/board_tables.py``: the default board's tables."""

from pathlib import Path

from cluster42.board import DEFAULT_SIZE, computed_tables
from gamekit.literals import literals_module


def tables_module() -> str:
    """The text of ``cluster42/data/board_tables.py``: the default size's tables as literals."""
    doc = (f"The tables of 42-cluster's default board (edge {DEFAULT_SIZE}), written by ``python -m cluster42.data``\n"
           "from ``cluster42.board.computed_tables``, which documents them: not to be edited by hand.")
    names = ("CELLS", "INDEX", "LINES", "LINE_OF", "RUNS")
    types = ("tuple[tuple[int, int, int], ...]", "dict[tuple[int, int, int], int]",
             "tuple[tuple[tuple[int, ...], ...], ...]", "tuple[tuple[int, ...], ...]", "tuple[tuple[int, ...], ...]")
    return literals_module(doc, [("SIZE", "int", DEFAULT_SIZE),
                                 *zip(names, types, computed_tables(DEFAULT_SIZE), strict=True)])


if __name__ == "__main__":
    Path(__file__).with_name("board_tables.py").write_text(tables_module())
