"""The opening book: Red's first stone and Blue's steal, from the precomputed values.

With the swap rule, Red's first stone is worth to Red what it would be worth
to its owner if Blue left it, or what it is worth to Blue if Blue steals it.
Blue steals exactly when the stone is worth more than half to its owner:
by the solver's proof where the size is small enough to settle
(``PROVEN``), else by the owner's share of wins in games of the computer
against itself from that stone (``WINS`` of ``GAMES``), which starts from
the estimate of a long search (``VALUES``) and leaves it behind as games
accumulate. All come from ``cachex.opening_values``, computed offline by
``python -m bench.openings``; sizes without values have no book. Where a stone is
proven lost for its owner, Blue leaves it and plays the proof's winning
reply (``book_reply``).

Red opens where its chance is best against a Blue who judges the stone by
the estimate (``red_chance``). Where nothing is proven that is the cell
whose estimate is nearest one half, as the estimate leaves Red the lesser
side. Where the proofs show every first stone lost against best play (as
they do on 3 x 3 and 4 x 4), Red can win only if Blue errs, and it opens a
trap: the stone proven lost for its owner that looks strongest, the kind
the swap rule exists to steal.

>>> from cachex.opening_values import VALUES
>>> all(len(VALUES[n]) == n * n for n in VALUES)
True
>>> red_chance(0.6, None), red_chance(0.6, 0), red_chance(0.6, 1)
(0.4, 0.6, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.opening_values import GAMES, PROVEN, REPLIES, VALUES, WINS

if TYPE_CHECKING:
    from collections.abc import Callable

# Openings within this much of the best one's chance for Red are equally good.
MARGIN = 0.02
# The search's estimate counts as this many games when it is blended with the
# games played from a stone (``opening_value``).
ESTIMATE_GAMES = 2


def opening_value(n: int, cell: int) -> float | None:
    """The owner's winning chance of a first stone on ``cell`` if it is not stolen:
    1 or 0 where proven, else ``estimated_value`` (``None``: no book, or the centre)."""
    exact = proven_value(n, cell)
    estimate = estimated_value(n, cell)
    return estimate if exact is None or estimate is None else float(exact)


def estimated_value(n: int, cell: int) -> float | None:
    """The owner's estimated chance with a first stone on ``cell``, proofs aside: the
    share of the owner's wins in the games played from it, the search's estimate
    counting as ``ESTIMATE_GAMES`` more games (``None``: no book, or the centre)."""
    values = VALUES.get(n)
    if values is None or values[cell] < 0:
        return None
    games = _entry(GAMES, n, cell) or 0
    wins = _entry(WINS, n, cell) or 0
    return (wins + ESTIMATE_GAMES * values[cell]) / (games + ESTIMATE_GAMES)


def _entry(table: dict[int, tuple[int, ...]], n: int, cell: int) -> int | None:
    """``table``'s entry for ``cell`` on an ``n`` board (``None``: no row for the size, or -1)."""
    row = table.get(n)
    return None if row is None or row[cell] < 0 else row[cell]


def proven_value(n: int, cell: int) -> int | None:
    """1 if the owner of a first stone on ``cell`` wins with best play, 0 if it loses,
    ``None`` where the solver has not settled it."""
    return _entry(PROVEN, n, cell)


def red_chance(estimate: float, proven: int | None) -> float:
    """Red's chance with a first stone of this ``estimate`` against a Blue who judges by it.

    Unproven, Blue takes the side the estimate favours and leaves Red the
    lesser. A stone proven lost for its owner (``proven`` 0) wins for Red
    only if Blue steals it, taken to happen with a probability equal to the
    estimate. A stone proven won (1) is taken to be stolen: a stone worth
    winning with is what Blue looks for.
    """
    if proven is None:
        return min(estimate, 1.0 - estimate)
    return estimate if proven == 0 else 0.0


def book_opening(n: int, random: Callable[[], float]) -> int | None:
    """Red's first stone: a cell whose ``red_chance`` is among the best (``None``: no book)."""
    if n not in VALUES:
        return None
    estimates = [estimated_value(n, c) for c in range(n * n)]
    chances = [-1.0 if v is None else red_chance(v, proven_value(n, c)) for c, v in enumerate(estimates)]
    best = max(chances)
    near = [c for c, chance in enumerate(chances) if chance >= best - MARGIN]
    return near[int(random() * len(near))]


def book_steals(n: int, cell: int) -> bool | None:
    """Whether Blue steals Red's first stone on ``cell``: when it is worth more than half (``None``: no book)."""
    value = opening_value(n, cell)
    return None if value is None else value > 0.5


def book_reply(n: int, stone: int) -> int | None:
    """Blue's winning reply to a first stone on ``stone`` proven lost for its owner
    (``None`` where there is none in the book)."""
    return _entry(REPLIES, n, stone)
