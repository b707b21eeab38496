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
however often the games' owner missed the win. All come from the book's data,
one file per size (``cachex/data/book/N.json``, read by ``Book.of``), computed
offline by ``python -m bench.openings``; sizes without a file have no book. Where Blue leaves a
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

>>> all(len(Book.of(n).cells) == n * n for n in range(3, 16))
True
>>> red_chance(0.6, 0.0), red_chance(0.6, 1.0), round(red_chance(0.3, 2 / 3), 3)
(0.6, 0.4, 0.567)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cachex.colours import colour_name
from cachex.engine.result import SearchResult
from cachex.geometry import NO_CELL, STEAL, Geometry
from cachex.notation import Move
from cachex.rules import OPENING_TURNS, stolen_cell

if TYPE_CHECKING:
    from collections.abc import Callable

    from cachex.colours import Colour
    from cachex.game import Game

# Where the book's data lives: one JSON file per board size.
BOOK_DIR = Path(__file__).resolve().parent.parent / "data" / "book"

# Openings within this much of the best one's chance for Red are equally good:
# where the estimates are all near one half (7 x 7 and up), it keeps the few
# cells off the rim that are weakest for their owner (docs/decisions.md).
MARGIN = 0.005
# The search's estimate counts as this many games when it is blended with the
# games played from a stone (``opening_value``).
ESTIMATE_GAMES = 2
# A reply's games value the stone once there are this many of them.
REPLY_GAMES_MIN = 4


@dataclass(frozen=True)
class Opening:
    """What the book knows of a first stone on one cell, for its owner.

    ``value``: the owner's chance estimated by ``playouts`` of search, the
    opponent to move and no steal; ``proven``: 1 the owner wins with best
    play, 0 it loses, ``None`` not settled; ``reply``: where the owner loses,
    the proof's winning reply; ``wins`` of ``games``: the owner's results in
    the referee agent's games against itself from that stone (a cell and its
    half-turn share them); ``replies``: those games split by the opponent's
    reply, as ``(reply, owner's wins, games)``, most games first.
    """

    value: float
    proven: int | None = None
    reply: int | None = None
    wins: int = 0
    games: int = 0
    replies: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class Book:
    """One size's book: an ``Opening`` per cell (``None`` for the centre, where Red may
    not open), and the ``(cell, reply)`` pairs after which the solver proved the stone's
    owner wins by force (``refuted``)."""

    n: int
    playouts: int
    cells: tuple[Opening | None, ...]
    refuted: frozenset[tuple[int, int]]

    @staticmethod
    def of(n: int) -> Book | None:
        """The book of the ``n`` board, read once (``None``: no book for that size)."""
        if n not in _BOOKS:
            path = BOOK_DIR / f"{n}.json"
            _BOOKS[n] = Book.from_json(json.loads(path.read_text())) if path.exists() else None
        return _BOOKS[n]

    @staticmethod
    def from_json(data: dict[str, object]) -> Book:
        """A book from its data file's contents (see ``bench.openings``, which writes them)."""
        cells = tuple(None if cell is None else Opening(
            float(cell["value"]), cell.get("proven"), cell.get("reply"), cell.get("wins", 0),
            cell.get("games", 0), tuple(tuple(r) for r in cell.get("replies", ())))
            for cell in data["cells"])  # type: ignore[attr-defined]
        refuted = frozenset((int(c), int(r)) for c, r in data.get("refuted", ()))  # type: ignore[attr-defined]
        return Book(int(data["size"]), int(data["playouts"]), cells, refuted)  # type: ignore[call-overload]


_BOOKS: dict[int, Book | None] = {}


def opening(n: int, cell: int) -> Opening | None:
    """The book's entry for a first stone on ``cell`` (``None``: no book, or the centre)."""
    book = Book.of(n)
    return None if book is None else book.cells[cell]


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
    entry = opening(n, cell)
    if entry is None:
        return None
    shares = [share for _, share in reply_shares(n, cell)]
    if shares:
        return min(shares)
    return _blend(entry.wins, entry.games, entry.value)


def reply_shares(n: int, cell: int) -> list[tuple[int, float]]:
    """The opponent's replies to a first stone on ``cell`` with ``REPLY_GAMES_MIN`` games
    or more, each with the owner's share of wins against it (the search's estimate
    blended in as for the stone), most played first. A reply the solver showed the
    owner beats by force (``Book.refuted``) is worth 1 to the owner, whatever its games
    say: the games' owner missed the win, an opponent who finds it would not."""
    book = Book.of(n)
    entry = None if book is None else book.cells[cell]
    if book is None or entry is None:
        return []
    return [(reply, 1.0 if (cell, reply) in book.refuted else _blend(wins, games, entry.value))
            for reply, wins, games in entry.replies if games >= REPLY_GAMES_MIN]


def _blend(wins: int, games: int, estimate: float) -> float:
    """The owner's share of ``wins`` in ``games``, the estimate counting as ``ESTIMATE_GAMES`` games."""
    return (wins + ESTIMATE_GAMES * estimate) / (games + ESTIMATE_GAMES)


def proven_value(n: int, cell: int) -> int | None:
    """1 if the owner of a first stone on ``cell`` wins with best play, 0 if it loses,
    ``None`` where the solver has not settled it."""
    entry = opening(n, cell)
    return None if entry is None else entry.proven
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
    if Book.of(n) is None:
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
        entry = opening(n, stone)
        return None if entry is None else entry.reply
    best = min(reply_shares(n, stone), key=lambda item: item[1], default=None)
    return best[0] if best is not None and best[1] < 0.5 else None


def after_steal(game: Game) -> bool:
    """Whether Red is to answer Blue's steal: the book's third turn."""
    return game.turn_count == OPENING_TURNS and game.moves[1].is_swap


def in_book(game: Game) -> bool:
    """Whether the book may answer ``game``'s position: turns 0 and 1, and 2 after a steal."""
    return game.turn_count < OPENING_TURNS or after_steal(game)


def book_answer(game: Game, random: Callable[[], float]) -> tuple[int, SearchResult] | None:
    """The book's answer to ``game`` (a position ``in_book``), if the size has one.

    Returns the booked move's code and its result, or ``NO_CELL`` and a result
    with no move of its own when the book declines the steal without a proven
    reply (the search then chooses among the placements).
    """
    n = game.n
    colour = colour_name(game.mover)
    if after_steal(game):
        stone = game.moves[0].code(n)
        answer = answer_to_steal(n, stone)
        value = opening_value(n, stone)
        if answer is None or value is None:
            return None
        return answer, _booked_reply(n, answer, stone, value, colour)
    if game.turn_count == 0:
        cell = book_opening(n, random)
        chance = opening_chance(n, cell) if cell is not None else None
        if cell is None or chance is None:
            return None
        move = Move.from_code(cell, n)  # its chance against the field's steal rules
        return cell, SearchResult(move, colour, round(chance, 4), line=[str(move)], booked=True)
    stone = next(c for c in range(game.geometry.size) if game.board[c])
    value = opening_value(n, stone)
    steals = book_steals(n, stone)
    if value is None or steals is None:
        return None
    if not steals:
        reply = book_reply(n, stone)
        if reply is not None:  # the proof's winning reply, or the games' best one
            return reply, _booked_reply(n, reply, stone, value, colour)
        return NO_CELL, SearchResult(Move.swap(), colour, round(1 - value, 4))
    return STEAL, SearchResult(Move.swap(), colour, round(value, 4), line=[str(Move.swap())], booked=True)


def _booked_reply(n: int, reply: int, stone: int, value: float, colour: Colour) -> SearchResult:
    """The result of the book's ``reply`` to the first stone on ``stone``, worth ``value``
    to its owner: a proven win where the stone is proven lost for its owner."""
    move = Move.from_code(reply, n)
    proven = proven_value(n, stone) == 0
    return SearchResult(move, colour, 1.0 if proven else round(1 - value, 4),
                        proven="win" if proven else None, line=[str(move)], booked=True)
