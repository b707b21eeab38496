"""A board size as a game takes it: a whole number in the game's range, else the game's error.

MicroPython-safe (the page's main thread checks sizes).

>>> checked_size(5, 3, 16, ValueError)
5
>>> checked_size("5", 3, 16, ValueError)
Traceback (most recent call last):
...
ValueError: board size must be a whole number from 3 to 16, not '5'
"""

from __future__ import annotations

from gamekit.inputs import shown


def checked_size(size: object, low: int, high: int, error: type[ValueError]) -> int:
    """``size`` if it is a whole number from ``low`` to ``high``, else ``error`` saying so."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise error(f"board size must be a whole number from {low} to {high}, not {shown(size)}")
    if not low <= size <= high:
        raise error(f"board size must be from {low} to {high}, not {size}")
    return size
