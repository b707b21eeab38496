"""The 42-cluster computer's named strengths and the search budget of each.

Each level is the time a move that its search uses, whole; only the weakest
also stops after a few positions searched, so that it plays loosely.

>>> LEVEL_NAMES[0], search_budget("easy")
('beginner', (1073741824, 0.25))
"""

from __future__ import annotations

from gamekit.levels import budget_of, level_names

UNCAPPED = 1 << 30  # iterations: more than any time allows

# (name, iterations, seconds) per move, whichever ends first; weakest first.
LEVELS: tuple[tuple[str, int, float], ...] = (
    ("beginner", 60, 1.0),
    ("easy", UNCAPPED, 0.25),
    ("medium", UNCAPPED, 1.0),
    ("hard", UNCAPPED, 3.0),
    ("strongest", UNCAPPED, 8.0),
)
LEVEL_NAMES = level_names(LEVELS)
DEFAULT_LEVEL = "medium"


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    return budget_of(LEVELS, level)
