"""The computer's named strengths: the page's levels, the search budget of each.

Kept apart from the search so that the page's main thread can offer the
levels without loading the search.

>>> LEVEL_NAMES[0], search_budget("easy")
('beginner', (250, 2.0))
"""

from __future__ import annotations

from gamekit.levels import budget_of, level_names

# (name, iterations, seconds) per move, whichever ends first; weakest first (an
# iteration is one line of the tree, valued by ``PLAY``'s ``leaf_playouts`` playouts).
LEVELS: tuple[tuple[str, int, float], ...] = (
    ("beginner", 30, 1.0),
    ("easy", 250, 2.0),
    ("medium", 1200, 4.0),
    ("hard", 5000, 8.0),
    ("strongest", 1_000_000, 15.0),
)
LEVEL_NAMES = level_names(LEVELS)
# The level a new game against the computer starts at, and the hints' strength.
DEFAULT_LEVEL = "medium"


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    return budget_of(LEVELS, level)
