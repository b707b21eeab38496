"""The Cubox computer's named strengths and the search budget of each.

>>> LEVEL_NAMES[0], search_budget("easy")
('beginner', (300, 2.0))
"""

from __future__ import annotations

from gamekit.levels import budget_of, level_names

# (name, iterations, seconds) per move, whichever ends first; weakest first.
LEVELS: tuple[tuple[str, int, float], ...] = (
    ("beginner", 40, 1.0),
    ("easy", 300, 2.0),
    ("medium", 1500, 4.0),
    ("hard", 6000, 8.0),
    ("strongest", 1_000_000, 15.0),
)
LEVEL_NAMES = level_names(LEVELS)
DEFAULT_LEVEL = "medium"


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    return budget_of(LEVELS, level)
