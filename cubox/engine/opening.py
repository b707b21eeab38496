"""The swap decisions proved for small boards: which first cubox O should take as its own.

``bench.cubox_study swaps`` solves each small size exactly without the swap
and writes, per size, the first cubox with which X then wins into
``cubox/data/swaps.json``: O swaps exactly those (and never another, which
loses for X anyway). A size not in the file is left to the search.

>>> should_swap(5, "c3"), should_swap(4, "a1"), should_swap(12, "c3")
(True, False, None)
"""

from __future__ import annotations

import json
from pathlib import Path

SWAPS_FILE = Path(__file__).resolve().parent.parent / "data" / "swaps.json"

_table: dict[str, frozenset[str]] | None = None


def swaps() -> dict[str, frozenset[str]]:
    """The proved table: size (as text) to the first cubox O swaps; empty if the file is missing."""
    global _table
    if _table is None:
        data = json.loads(SWAPS_FILE.read_text()) if SWAPS_FILE.exists() else {}
        _table = {size: frozenset(names) for size, names in data.items()}
    return _table


def should_swap(size: int, first: str) -> bool | None:
    """Whether O should swap X's first cubox ``first`` on a board of ``size``; ``None`` if unproved."""
    known = swaps().get(str(size))
    return None if known is None else first in known
