"""Figures the games' tools share: the Wilson interval of a win rate.

>>> [round(x, 3) for x in wilson(8, 10)]
[0.49, 0.943]
"""

from __future__ import annotations

import math


def wilson(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if total == 0:
        return 0.0, 1.0
    p = wins / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)
