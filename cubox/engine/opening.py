"""The opening's data: which first cubox O should take as its own, and which X should play.

The ratings: ``bench.cubox_study openings`` rates every first cubox by the
engine's own search (X's mean result with the swap not offered) into
``cubox/data/openings.json``. First cubox that the board's symmetries map onto
each other play alike, so each is rated by the mean of its images' ratings, a
steadier figure than its own.

The swap: ``bench.cubox_study swaps`` solves each small size exactly without
the swap and writes, per size, the first cubox with which X then wins into
``cubox/data/swaps.json``: O swaps exactly those (and never another, which
loses for X anyway). At a larger rated size O swaps a first cubox rated above
an even game: the search itself, weighing the one swap against the best of
every placement, undervalues it. A size in neither file is left to the search.

The first cubox: with the swap, a first cubox that is good for X is good for
O, who takes it, so X plays one that leaves the swap a close call. Where the
solved table says some first cubox win for X, X plays the winner rated
lowest, the one an opponent is likeliest to leave unswapped; elsewhere the
fairest, rated nearest an even game. Ratings within ``TOLERANCE`` of the
chosen one count as equal, and the search picks among them.

X's second cubox: where X opens with a first cubox proved to win and O leaves it,
``bench.cubox_study replies`` solves X's second cubox against every reply of O
(``cubox.engine.proof``) into ``cubox/data/replies.json``; X plays the one named.

>>> should_swap(5, "c3"), should_swap(4, "a1"), should_swap(6, "g5"), should_swap(6, "a1"), should_swap(12, "c3")
(True, False, True, False, None)
>>> sorted(first_moves(5)), sorted(first_moves(6)), first_moves(16)
(['a1', 'a9', 'i1'], ['a3', 'a9', 'c1', 'c9', 'i1', 'i3'], None)
>>> second_move(5, "a1", "c3"), second_move(6, "a1", "c3")
('e5', None)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from cubox.board import Board

DATA = Path(__file__).resolve().parent.parent / "data"
SWAPS_FILE = DATA / "swaps.json"
OPENINGS_FILE = DATA / "openings.json"
REPLIES_FILE = DATA / "replies.json"

TOLERANCE = 0.005  # ratings this close to the chosen first cubox's are as good
EVEN = 0.5  # the rating of an even game


@cache
def _read(path: Path) -> dict[str, Any]:
    """A data file's table, read once; empty if the file is missing."""
    return json.loads(path.read_text()) if path.exists() else {}


@cache
def swaps() -> dict[str, frozenset[str]]:
    """The proved table: size (as text) to the first cubox O swaps; empty if the file is missing."""
    return {size: frozenset(names) for size, names in _read(SWAPS_FILE).items()}


def should_swap(size: int, first: str) -> bool | None:
    """Whether O should swap X's first cubox ``first`` on a board of ``size``: proved where the
    size is solved, else whether it is rated above an even game; ``None`` where neither is known."""
    known = swaps().get(str(size))
    if known is not None:
        return first in known
    rating = ratings(size).get(first)
    return None if rating is None else rating > EVEN


@cache
def ratings(size: int) -> dict[str, float]:
    """Each first cubox's rating on a board of ``size`` (X's mean result in the engine's search of
    the position it makes, the swap not offered), averaged over its images under the board's
    symmetries; empty if the size is not rated."""
    rated: dict[str, float] = _read(OPENINGS_FILE).get(str(size), {})
    if not rated:
        return {}
    board = Board.of(size)
    means = {}
    for p in range(board.first_stack):
        values = [rated[board.name(q)] for q in board.images(p) if board.name(q) in rated]
        if values:
            means[board.name(p)] = sum(sorted(values)) / len(values)  # the same sum for every image
    return means


def second_move(size: int, first: str, reply: str) -> str | None:
    """X's second cubox, proved to win, after X's ``first`` and O's ``reply`` (no swap) on a board
    of ``size``; ``None`` where the table has none."""
    move: str | None = _read(REPLIES_FILE).get(str(size), {}).get(first, {}).get(reply)
    return move


def first_moves(size: int) -> frozenset[str] | None:
    """The first cubox X chooses among on a board of ``size`` (the swap being O's); ``None`` if
    the size is not rated."""
    rated = ratings(size)
    if not rated:
        return None
    winners = swaps().get(str(size))
    if winners:  # proved to win unless swapped: the lowest rated
        cost = {name: rated[name] for name in winners if name in rated}
    else:  # the nearest an even game
        cost = {name: abs(value - EVEN) for name, value in rated.items()}
    least = min(cost.values())
    return frozenset(name for name, value in cost.items() if value <= least + TOLERANCE)
