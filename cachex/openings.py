"""The opening book: Red's first stone and Blue's steal, from the precomputed values.

With the swap rule, Red's first stone is worth to Red what it would be worth
to its owner if Blue left it, or what it is worth to Blue if Blue steals it.
Blue steals exactly when the stone is worth more than half to its owner:
by the solver's proof where the size is small enough to settle
(``PROVEN``), else by the owner's share of wins in games of the computer
against itself from that stone (``WINS`` of ``GAMES``), which starts from
the estimate of a long search (``VALUES``) and leaves it behind as games
accumulate. Where the games split by the opponent's reply show one that
beats the stone more often (``REPLY_GAMES``), the stone is worth what it
is worth against that reply: its owner meets the strongest answer, not the
one the computer happened to prefer in its games. A reply the solver refutes
(``REFUTED``: the owner wins by force after it) counts as no answer at all,
however often the games' owner missed the win. All come from ``cachex.opening_values``, computed offline by
``python -m bench.openings``; sizes without values have no book. Where Blue leaves a
stone, it answers with the proof's winning reply if the stone is proven
lost, else with the reply that won most often against it (``book_reply``).
Where Blue steals, Red answers so too (``answer_to_steal``): the position
after the steal is, reflected, the one where Blue left the stone.

Red opens where its chance is best against the steal rules met in the
field (``steal_share``), each taken to be as likely: Blue steals every first
stone (the 2022 course tournament's winner does), Blue steals a stone off
the board's rim (a rule of thumb from Hex, which three of ``bench/pool``'s
four agents follow), or Blue steals a stone worth more than half to its
owner (this book's own rule, ``book_steals``, as a Blue who judged every
stone rightly would). A stone weak for its owner off the rim is the best
opening against the first two and costs against the third; on 3 x 3 and
4 x 4, where the proofs show most first stones lost, it is the trap the
swap rule exists to catch. Where the estimates are all near one half (large
boards) the choice changes Red's chance by little either way.

>>> from cachex.opening_values import VALUES
>>> all(len(VALUES[n]) == n * n for n in VALUES)
True
>>> red_chance(0.6, 0.0), red_chance(0.6, 1.0), round(red_chance(0.3, 2 / 3), 3)
(0.6, 0.4, 0.567)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex.geometry import Geometry
from cachex.opening_values import GAMES, PROVEN, REFUTED, REPLIES, REPLY_GAMES, VALUES, WINS
from cachex.rules import stolen_cell

if TYPE_CHECKING:
    from collections.abc import Callable

# Openings within this much of the best one's chance for Red are equally good.
# Where the estimates are all near one half (7 x 7 and up), 0.02 let in most
# cells, central ones and rim ones alike: the pool stole central stones and won
# with them, and left rim stones to their weak owner (arena games at a9a4963).
# 0.005 keeps the few cells off the rim that are weakest for their owner.
MARGIN = 0.005
# The search's estimate counts as this many games when it is blended with the
# games played from a stone (``opening_value``).
ESTIMATE_GAMES = 2
# A reply's games value the stone once there are this many of them.
REPLY_GAMES_MIN = 4


def opening_value(n: int, cell: int) -> float | None:
    """The owner's winning chance of a first stone on ``cell`` if it is not stolen:
    1 or 0 where proven, else ``estimated_value`` (``None``: no book, or the centre)."""
    exact = proven_value(n, cell)
    estimate = estimated_value(n, cell)
    return estimate if exact is None or estimate is None else float(exact)


def estimated_value(n: int, cell: int) -> float | None:
    """The owner's estimated chance with a first stone on ``cell``, proofs aside: the
    share of the owner's wins in the games played from it, the search's estimate
    counting as ``ESTIMATE_GAMES`` more games; where replies have ``REPLY_GAMES_MIN``
    games or more, the lowest such share among them (``None``: no book, or the centre)."""
    values = VALUES.get(n)
    if values is None or values[cell] < 0:
        return None
    shares = [share for _, share in reply_shares(n, cell)]
    if shares:
        return min(shares)
    return _blend(_entry(WINS, n, cell) or 0, _entry(GAMES, n, cell) or 0, values[cell])


def reply_shares(n: int, cell: int) -> list[tuple[int, float]]:
    """The opponent's replies to a first stone on ``cell`` with ``REPLY_GAMES_MIN`` games
    or more, each with the owner's share of wins against it (the search's estimate
    blended in as for the stone), most played first. A reply the solver showed the
    owner beats by force (``REFUTED``) is worth 1 to the owner, whatever its games say:
    the games' owner missed the win, an opponent who finds it would not."""
    values = VALUES.get(n)
    if values is None or values[cell] < 0:
        return []
    refuted = REFUTED.get(n, ())
    return [(reply, 1.0 if (cell, reply) in refuted else _blend(wins, games, values[cell]))
            for reply, wins, games in REPLY_GAMES.get(n, {}).get(cell, ()) if games >= REPLY_GAMES_MIN]


def _blend(wins: int, games: int, estimate: float) -> float:
    """The owner's share of ``wins`` in ``games``, the estimate counting as ``ESTIMATE_GAMES`` games."""
    return (wins + ESTIMATE_GAMES * estimate) / (games + ESTIMATE_GAMES)


def _entry(table: dict[int, tuple[int, ...]], n: int, cell: int) -> int | None:
    """``table``'s entry for ``cell`` on an ``n`` board (``None``: no row for the size, or -1)."""
    row = table.get(n)
    return None if row is None or row[cell] < 0 else row[cell]


def proven_value(n: int, cell: int) -> int | None:
    """1 if the owner of a first stone on ``cell`` wins with best play, 0 if it loses,
    ``None`` where the solver has not settled it."""
    return _entry(PROVEN, n, cell)


def red_chance(value: float, steal: float) -> float:
    """Red's chance with a first stone worth ``value`` to its owner that Blue steals
    with probability ``steal``: Red keeps the stone or is left the other side."""
    return steal * (1.0 - value) + (1.0 - steal) * value


def steal_share(n: int, cell: int) -> float | None:
    """The share of the field's steal rules (steal every stone; steal off the rim;
    steal by value) that take a first stone on ``cell`` (``None``: no book, or the centre)."""
    by_value = book_steals(n, cell)
    if by_value is None:
        return None
    rules = (True, not Geometry.of(n).on_rim(cell), by_value)
    return sum(rules) / len(rules)


def opening_chance(n: int, cell: int) -> float | None:
    """Red's chance with a first stone on ``cell`` against the field's steal rules
    (``None``: no book, or the centre)."""
    value = opening_value(n, cell)
    steal = steal_share(n, cell)
    return None if value is None or steal is None else red_chance(value, steal)


def book_opening(n: int, random: Callable[[], float]) -> int | None:
    """Red's first stone: a cell whose ``opening_chance`` is among the best (``None``: no book)."""
    if n not in VALUES:
        return None
    chances = [opening_chance(n, c) for c in range(n * n)]
    best = max(c for c in chances if c is not None)
    near = [c for c, chance in enumerate(chances) if chance is not None and chance >= best - MARGIN]
    return near[int(random() * len(near))]


def book_steals(n: int, cell: int) -> bool | None:
    """Whether Blue steals Red's first stone on ``cell``: when it is worth more than half (``None``: no book)."""
    value = opening_value(n, cell)
    return None if value is None else value > 0.5


def answer_to_steal(n: int, stone: int) -> int | None:
    """Red's answer after Blue steals its first stone on ``stone`` (``None``: no booked answer).

    The position after the steal is the one of a stone on ``stone`` left by
    Blue, reflected across the major diagonal with the colours exchanged: the
    book's games from a stolen stone are kept in that frame. So Red answers
    with ``book_reply``'s reply, reflected back; the same condition holds
    (a proof's winning reply, or a reply the owner fared worst against and
    below one half).

    >>> from cachex.notation import Move
    >>> d2 = Move.parse("d2").code(5)  # stolen, it is a blue stone on b4
    >>> str(Move.from_code(answer_to_steal(5, d2), 5))
    'e1'
    """
    reply = book_reply(n, stone)
    return None if reply is None else stolen_cell(Geometry.of(n), reply)


def book_reply(n: int, stone: int) -> int | None:
    """Blue's reply to a first stone on ``stone`` that Blue leaves: the proof's winning
    reply where the stone is proven lost for its owner, else the reply its owner fared
    worst against in the games, where that share is below one half (``None``: neither)."""
    if proven_value(n, stone) is not None:
        return _entry(REPLIES, n, stone)
    best = min(reply_shares(n, stone), key=lambda item: item[1], default=None)
    return best[0] if best is not None and best[1] < 0.5 else None
