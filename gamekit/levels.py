"""A game's named strengths for its computer: a table of (name, iterations, seconds), weakest first.

Each game keeps its own table (its package's ``levels``); these read one.

>>> TABLE = (("easy", 100, 1.0), ("hard", 1000, 5.0))
>>> level_names(TABLE), budget_of(TABLE, "hard")
(('easy', 'hard'), (1000, 5.0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    Levels = tuple[tuple[str, int, float], ...]  # (name, iterations, seconds), weakest first


def level_names(levels: Levels) -> tuple[str, ...]:
    """The levels' names, weakest first."""
    return tuple(name for name, _, _ in levels)


def budget_of(levels: Levels, level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    for name, iterations, seconds in levels:
        if name == level:
            return iterations, seconds
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(level_names(levels))}")
