"""The Chase computer's named strengths and the search budget of each.

Each level is the time a move that its search uses, whole unless the result
is proved sooner; only the weakest also stops after a few hundred positions
searched, so that it plays loosely.

>>> LEVEL_NAMES[0], search_budget("hard")
('beginner', (1073741824, 1.0))
"""

from __future__ import annotations

from gamekit.levels import budget_of, level_names

UNCAPPED = 1 << 30  # iterations: more than any time allows

# (name, iterations, seconds) per move, whichever ends first; weakest first.
LEVELS: tuple[tuple[str, int, float], ...] = (
    ("beginner", 300, 0.5),
    ("easy", UNCAPPED, 0.2),
    ("medium", UNCAPPED, 0.5),
    ("hard", UNCAPPED, 1.0),
    ("strongest", UNCAPPED, 4.0),
)
LEVEL_NAMES = level_names(LEVELS)
DEFAULT_LEVEL = "medium"


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    return budget_of(LEVELS, level)
