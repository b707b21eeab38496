"""The Cubox computer's named strengths and the search budget of each.

>>> LEVEL_NAMES[0], search_budget("easy")
('beginner', (300, 2.0))
"""

from __future__ import annotations

# (name, iterations, seconds) per move, whichever ends first; weakest first.
LEVELS: tuple[tuple[str, int, float], ...] = (
    ("beginner", 40, 1.0),
    ("easy", 300, 2.0),
    ("medium", 1500, 4.0),
    ("hard", 6000, 8.0),
    ("strongest", 1_000_000, 15.0),
)
LEVEL_NAMES = tuple(name for name, _, _ in LEVELS)
DEFAULT_LEVEL = "medium"


def search_budget(level: str) -> tuple[int, float]:
    """The (iterations, seconds) budget of a named level; ``ValueError`` if unknown."""
    for name, iterations, seconds in LEVELS:
        if name == level:
            return iterations, seconds
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVEL_NAMES)}")
