"""``python -m chase.data`` writes ``chase/data/board_tables.py`` from ``chase.board``'s geometry."""

from pathlib import Path

from chase.board import tables_module

if __name__ == "__main__":
    Path(__file__).with_name("board_tables.py").write_text(tables_module())
