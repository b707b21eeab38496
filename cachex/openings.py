"""The opening book: Red's first stone and Blue's steal, from the precomputed values.

With the swap rule, Red's first stone is worth to Red what it would be worth
to its owner if Blue left it, or what it is worth to Blue if Blue steals it:
a rational Blue steals a stone worth more than half. So Red opens where the
value is nearest one half, and Blue steals exactly when the value is above it.
The values (``cachex.opening_values``) come from long searches computed
offline by ``python -m bench.openings``; sizes without values have no book.

>>> from cachex.opening_values import VALUES
>>> all(len(VALUES[n]) == n * n for n in VALUES)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.opening_values import VALUES

if TYPE_CHECKING:
    from collections.abc import Callable

# Openings within this much of the best one's distance from one half are equally good.
MARGIN = 0.02


def opening_value(n: int, cell: int) -> float | None:
    """The owner's winning chance of a first stone on ``cell`` if it is not stolen (``None``: no book)."""
    values = VALUES.get(n)
    if values is None or values[cell] < 0:
        return None
    return values[cell]


def book_opening(n: int, random: Callable[[], float]) -> int | None:
    """Red's first stone: a cell whose value is among the nearest to one half (``None``: no book)."""
    values = VALUES.get(n)
    if values is None:
        return None
    gaps = [abs(v - 0.5) if v >= 0 else 1.0 for v in values]
    best = min(gaps)
    near = [c for c, gap in enumerate(gaps) if gap <= best + MARGIN]
    return near[int(random() * len(near))]


def book_steals(n: int, cell: int) -> bool | None:
    """Whether Blue steals Red's first stone on ``cell``: when it is worth more than half (``None``: no book)."""
    value = opening_value(n, cell)
    return None if value is None else value > 0.5
