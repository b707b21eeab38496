"""The ``Game`` object: a game of Chase with its legal moves, history, undo and records.

Readings of what the original rules leave open (``docs/chase.md``):

- White's home row is a, black's i; who starts is the game's ``first``
  (a record holds it).
- A player with no legal move loses, as in Abstract Play's implementation.
- The original has no draw; here a position (the dice and the player to
  move) that occurs for the third time is a draw, so that every game ends.

>>> game = Game()
>>> game.play("a5-f8").move, game.to_move
(Move.parse('a5-f8NE'), 'black')
>>> len(game.legal_moves())
45
>>> game.to_fragment()
'chase.a5-f8ne'
>>> game.undo(), game.to_fragment()
(Move.parse('a5-f8NE'), 'chase')
"""

from __future__ import annotations

from chase import record, textboard
from chase.board import CELLS, SIZE, cell
from chase.errors import BoardSizeError, ChaseError, IllegalMoveError, InvalidMoveError, RecordError, UndoError
from chase.legality import check_move, has_move, legal_moves
from chase.notation import Move
from chase.rules import (
    BLACK,
    FEWEST_DICE,
    POINTS,
    SIDE_TITLES,
    SIDES,
    WHITE,
    Trace,
    dice,
    shares,
    start_position,
    total,
)
from gamekit.inputs import is_whole, shown
from gamekit.played import RESIGNATION, Played
from gamekit.records import replay_moves
from gamekit.value import Value

DICE = "dice"  # the loser has fewer than 5 dice
BLOCKED = "blocked"  # the loser had no legal move
REPETITION = "repetition"  # a draw: a position occurred for the third time
REPEATS_TO_DRAW = 3


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


class Outcome(Value):
    """How a game ended: the ``winner``'s side (``None`` for a draw) and the ``reason``
    (``"dice"``, ``"blocked"``, ``"repetition"``, ``"resignation"``)."""

    __slots__ = ("winner", "reason")
    winner: str | None
    reason: str

    def __init__(self, winner: str | None, reason: str) -> None:
        self._set("winner", winner)
        self._set("reason", reason)

    @property
    def winner_player(self) -> int | None:
        """The winning player: 0 for white, 1 for black; ``None`` for a draw."""
        return None if self.winner is None else SIDES.index(self.winner)

    def describe(self) -> str:
        """A sentence for people."""
        if self.winner is None:
            return "Draw: the same position occurred three times"
        winner, loser = SIDE_TITLES[self.winner], SIDE_TITLES[other_side(self.winner)]
        if self.reason == RESIGNATION:
            return f"{winner} wins: {loser} resigned"
        if self.reason == BLOCKED:
            return f"{winner} wins: {loser} has no legal move"
        return f"{winner} wins: {loser} has fewer than {FEWEST_DICE} dice"


class Turn(Value):
    """One turn of the history: its number, who moved, the move and the enemy dice it captured
    as (cell, value)."""

    __slots__ = ("number", "side", "move", "captured")
    number: int
    side: str
    move: Move
    captured: tuple[tuple[int, int], ...]

    def __init__(self, number: int, side: str, move: Move, captured: tuple[tuple[int, int], ...]) -> None:
        self._set("number", number)
        self._set("side", side)
        self._set("move", move)
        self._set("captured", captured)


def check_options(size: object, first: object) -> None:
    """``BoardSizeError`` unless the size and the side to start make a game."""
    if not is_whole(size, SIZE, SIZE):
        raise BoardSizeError(f"Chase is played on a board of {SIZE} rows of {SIZE}, not {shown(size)}")
    if not isinstance(first, str) or first not in SIDES:
        raise BoardSizeError(f"the side to start is 'white' or 'black', not {shown(first)}")


class Game(Played):
    """A game of Chase; ``first`` is the side that moves first (``"white"``, whose home row is a,
    or ``"black"``). ``size`` is always 9: it is there for the game contract."""

    SIDES = SIDES
    TITLES = SIDE_TITLES
    Ending = Outcome
    Invalid, Illegal, Undo = InvalidMoveError, IllegalMoveError, UndoError

    def __init__(self, size: int = SIZE, first: str = "white") -> None:
        check_options(size, first)
        self.size = size
        self.first = first
        self._cells = start_position()
        self._history: list[Turn] = []
        self._saved: list[list[int]] = []
        self._seen: dict[tuple[int, ...], int] = {self._key(): 1}
        self._outcome: Outcome | None = None

    # --- reading the position ------------------------------------------------

    @property
    def to_move(self) -> str:
        """Whose turn it is as a side: ``"white"`` or ``"black"``, also after the end."""
        return self.first if len(self._history) % 2 == 0 else other_side(self.first)

    @property
    def player_to_move(self) -> int:
        """Whose turn it is as the game's players are numbered: 0 for white, 1 for black,
        whichever started (``gamekit.contract``)."""
        return SIDES.index(self.to_move)

    @property
    def side_index(self) -> int:
        """The rules' number of the side to move (``chase.rules.WHITE`` or ``BLACK``)."""
        return WHITE if self.to_move == "white" else BLACK

    @property
    def cells(self) -> list[int]:
        """The position: each cell's die (a white die's value, minus a black die's), 0 if empty,
        by the board's cell order (a copy)."""
        return list(self._cells)

    def die_at(self, where: str | int) -> tuple[str, int] | None:
        """The (side, value) of the die on a cell (a name or an index from 0 to 80), or ``None``;
        ``IllegalMoveError`` for anything else."""
        if is_whole(where, 0, CELLS - 1):
            index = int(where)
        elif isinstance(where, str):
            index = _cell(where)
        else:
            raise IllegalMoveError(f"{shown(where)} is not a cell: name one from a1 to i9, or an index from 0 to "
                                   f"{CELLS - 1}")
        code = self._cells[index]
        if not code:
            return None
        return ("white", code) if code > 0 else ("black", -code)

    def points(self, side: str) -> int:
        """The points ``side``'s dice show (25, or less while lost points wait to be shared)."""
        return total(self._cells, _side_index(side))

    def dice_count(self, side: str) -> int:
        """How many dice ``side`` has."""
        return len(dice(self._cells, _side_index(side)))

    @property
    def owed(self) -> int:
        """The points the player to move lost and shares out as part of its move."""
        return POINTS - total(self._cells, self.side_index)

    def shares(self) -> list[tuple[int, ...]]:
        """The ways the player to move may share out its lost points (``[()]`` if none are owed)."""
        return [chosen for chosen, _ in shares(self._cells, self.side_index)]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def history(self) -> list[Turn]:
        return list(self._history)

    @property
    def moves(self) -> list[Move]:
        return [turn.move for turn in self._history]

    @property
    def turn_count(self) -> int:
        return len(self._history)

    def legal_moves(self) -> list[Move]:
        """Every legal move: for each way to share lost points, the slides (by die, then
        direction), then the exchanges."""
        if self._outcome is not None:
            return []
        return legal_moves(self._cells, self.side_index)

    def check_legal(self, move: Move | str) -> tuple[Move, list[int], Trace]:
        """The move in its full form (direction and capture shown, the points' sharing in its
        first order), the position after it and its trace; ``InvalidMoveError`` /
        ``IllegalMoveError`` saying why not."""
        move = Move.parse(move)
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.describe().lower()})")
        return check_move(self._cells, self.side_index, move)

    def is_legal(self, move: Move | str) -> bool:
        try:
            self.check_legal(move)
        except ChaseError:
            return False
        return True

    def trace(self, move: Move | str) -> Trace:
        """What a legal move would do: the path, bumps, captures and the Chamber's exits."""
        return self.check_legal(move)[2]

    # --- changing it ------------------------------------------------------------

    def play(self, move: Move | str) -> Turn:
        """Play a move (object or text) and return its turn; on an error, nothing changes."""
        move, after, trace = self.check_legal(move)
        side = self.to_move
        self._saved.append(self._cells)
        self._cells = after
        turn = Turn(len(self._history) + 1, side, move, tuple(trace.captured))
        self._history.append(turn)
        key = self._key()
        self._seen[key] = self._seen.get(key, 0) + 1
        self._judge(side)
        return turn

    def _key(self) -> tuple[int, ...]:
        return tuple(self._cells) + (self.side_index,)  # noqa: RUF005 (MicroPython has no starred tuple display)

    def _judge(self, mover: str) -> None:
        """Set the outcome after ``mover``'s move: the other side has too few dice or no move, or
        the position occurred for the third time."""
        other = SIDES.index(other_side(mover))
        if len(dice(self._cells, other)) < FEWEST_DICE:
            self._outcome = Outcome(mover, DICE)
        elif not has_move(self._cells, other):
            self._outcome = Outcome(mover, BLOCKED)
        elif self._seen[self._key()] >= REPEATS_TO_DRAW:
            self._outcome = Outcome(None, REPETITION)

    def undo(self) -> Move:
        """Take back the last move exactly; returns it. A resignation stands."""
        self.check_undo()
        key = self._key()
        self._seen[key] -= 1
        if not self._seen[key]:
            del self._seen[key]
        turn = self._history.pop()
        self._cells = self._saved.pop()
        self._outcome = None
        return turn.move

    def copy(self) -> Game:
        """An independent copy, history included."""
        clone = Game(self.size, self.first)
        clone._cells = list(self._cells)
        clone._history = list(self._history)
        clone._saved = list(self._saved)  # positions are never changed in place
        clone._seen = dict(self._seen)
        clone._outcome = self._outcome
        return clone

    # --- records and display -------------------------------------------------------

    def to_record(self, computer: tuple[str, str] | None = None) -> record.ChaseRecord:
        """The game's record, with the computer's (side, level) if one plays."""
        return record.ChaseRecord(self.first, [turn.move.token() for turn in self._history], computer,
                                  self.resigned)

    def to_fragment(self, computer: tuple[str, str] | None = None) -> str:
        """The whole game as text, e.g. ``chase.a5-f8ne``, with the computer's (side, level) if one
        plays."""
        return record.encode(self.to_record(computer))

    def beginning(self) -> Game:
        """A new game as this one began (the side that started)."""
        return Game(self.size, self.first)

    @staticmethod
    def start_of(text: str) -> tuple[Game, tuple[str, str] | None, RecordError | None]:
        """The game of a record's longest valid start, the computer's (side, level) the record
        names, and the ``RecordError`` naming the first part refused (``None``: all of it
        stands); ``RecordError`` if the record's head is bad. ``from_fragment`` raises the first.

        >>> Game.start_of("chase.a5-e6")[2]
        RecordError("move 1 ('a5-e6') is illegal: the 5 on a5 reaches e6 in no direction")
        """
        saved, malformed = record.decode_start(text)
        game = Game(SIZE, saved.first)
        refused = replay_moves(game, saved.moves, saved.resigned, ChaseError, RecordError)
        return game, saved.computer, refused or malformed

    def status(self) -> str:
        """Whose turn (and the points it shares out), or the result."""
        if self._outcome is not None:
            return self._outcome.describe()
        owed = self.owed
        text = f"{SIDE_TITLES[self.to_move]} to move"
        return text + (f", sharing out {owed} lost point(s)" if owed else "")

    def __str__(self) -> str:
        return textboard.render(self._cells, self.status())


def _side_index(side: object) -> int:
    """The index in ``SIDES`` of a side's name; ``IllegalMoveError`` for anything else."""
    if isinstance(side, str) and side in SIDES:
        return SIDES.index(side)
    raise IllegalMoveError(f"unknown side {shown(side)}: choose white or black")


def _cell(text: str) -> int:
    try:
        return cell(text)
    except ValueError as exc:
        raise IllegalMoveError(str(exc)) from None
