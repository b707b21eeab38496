"""``python -m cubox.data`` writes ``cubox/data/board_tables.py``: the default board's tables."""

from pathlib import Path

from cubox.board import DEFAULT_SIZE, computed_tables
from gamekit.literals import literals_module


def tables_module() -> str:
    """The text of ``cubox/data/board_tables.py``: the default size's tables as literals."""
    doc = (f"The tables of Cubox's default board (size {DEFAULT_SIZE}), written by ``python -m cubox.data``\n"
           "from ``cubox.board.computed_tables``, which documents them: not to be edited by hand.")
    names = ("POSITIONS", "INDEX", "LEVEL", "SUPPORTS", "ABOVE", "CONTACTS", "EDGES", "COLUMNS")
    types = ("tuple[tuple[int, int, int], ...]", "dict[tuple[int, int, int], int]", "tuple[int, ...]",
             "tuple[tuple[int, ...], ...]", "tuple[tuple[int, ...], ...]", "tuple[tuple[tuple[int, int], ...], ...]",
             "tuple[int, ...]", "dict[tuple[int, int], tuple[int, ...]]")
    return literals_module(doc, [("SIZE", "int", DEFAULT_SIZE),
                                 *zip(names, types, computed_tables(DEFAULT_SIZE), strict=True)])


if __name__ == "__main__":
    Path(__file__).with_name("board_tables.py").write_text(tables_module())
