"""The ``Game`` object: a Cachex game with legal moves, history, undo and records.

>>> game = Game(5)
>>> game.play("d2").captured
()
>>> game.to_move
'blue'
>>> game.play("swap").move
Move.swap()
>>> game.stone_at("b4"), game.stone_at("d2")
('blue', None)
>>> game.to_fragment()
'v1.5.d2.swap'
>>> game.undo()
Move.swap()
>>> game.stone_at("d2")
'red'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cachex import record, textboard
from cachex.colours import EMPTY, RED, Colour, colour_code, colour_name, colour_title, opposite, stone_name
from cachex.errors import CachexError, IllegalMoveError, InvalidMoveError, RecordError, UndoError
from cachex.geometry import Geometry, check_size
from cachex.notation import Move, cell_name, parse_cell
from cachex.rules import (
    CONNECTION,
    REPETITION,
    REPETITION_LIMIT,
    RESIGNATION,
    TURN_LIMIT,
    BoardCounts,
    End,
    banned_cell,
    ending,
    legal_codes,
    mover,
    play_code,
    steal_allowed,
    stolen_cell,
    winning_group,
)
from gamekit.inputs import shown
from gamekit.value import Value

if TYPE_CHECKING:
    from collections.abc import Iterator


class Outcome(Value):
    """How a game ended.

    ``winner`` is ``"red"``, ``"blue"`` or ``None`` for a draw; ``reason`` is
    ``"connection"``, ``"resignation"``, ``"repetition"`` or ``"turn-limit"``; ``winning_cells``
    names the cells of the winning group (empty for a draw).
    """

    __slots__ = ("winner", "reason", "winning_cells")
    winner: Colour | None
    reason: End
    winning_cells: tuple[str, ...]

    def __init__(self, winner: Colour | None, reason: End,
                 winning_cells: tuple[str, ...] = ()) -> None:
        self._set("winner", winner)
        self._set("reason", reason)
        self._set("winning_cells", winning_cells)

    @property
    def winner_player(self) -> int | None:
        """The winning player: 0 (Red, who moves first), 1 (Blue) or ``None`` for a draw."""
        return None if self.winner is None else colour_code(self.winner) - RED

    def describe(self) -> str:
        """A sentence for people: who won and why."""
        winner = self.winner
        if winner is not None:
            if self.reason == RESIGNATION:
                return f"{colour_title(winner)} wins: {opposite(winner)} resigned"
            return f"{colour_title(winner)} wins by connecting both edges"
        if self.reason == REPETITION:
            return f"Draw: the same position occurred {REPETITION_LIMIT} times"
        return f"Draw: {TURN_LIMIT} turns were played"


class Turn(Value):
    """One turn of the history: who moved, the move, and the stones it removed."""

    __slots__ = ("number", "side", "move", "captured")
    number: int
    side: Colour
    move: Move
    captured: tuple[str, ...]

    def __init__(self, number: int, side: Colour, move: Move,
                 captured: tuple[str, ...] = ()) -> None:
        self._set("number", number)
        self._set("side", side)
        self._set("move", move)
        self._set("captured", captured)

    def __str__(self) -> str:
        return str(self.move)


class _Entry(Value):
    """A turn with what undo needs to take it back."""

    __slots__ = ("turn", "board_before", "outcome_before")
    turn: Turn
    board_before: bytes
    outcome_before: Outcome | None

    def __init__(self, turn: Turn, board_before: bytes, outcome_before: Outcome | None) -> None:
        self._set("turn", turn)
        self._set("board_before", board_before)
        self._set("outcome_before", outcome_before)



def _colour_of(colour: object) -> Colour:
    """A colour's name; ``InvalidMoveError`` for anything else."""
    try:
        return colour_name(colour_code(colour))  # type: ignore[arg-type]
    except ValueError:
        raise InvalidMoveError(f"unknown colour {shown(colour)}: choose 'red' or 'blue'") from None


def _cell_of(cell: object) -> tuple[int, int]:
    """The ``(r, q)`` of a cell's name or coordinates; ``IllegalMoveError`` for anything else."""
    if isinstance(cell, str):
        return parse_cell(cell)
    if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int:
        return cell[0], cell[1]
    raise IllegalMoveError(f"{shown(cell)} is not a cell: give a name such as 'd2' or (r, q)")

class Game:
    """A game of Cachex on an ``n`` x ``n`` board, Red to move first.

    Moves are ``Move`` objects or their text (``"d2"``, ``"swap"``).
    """

    def __init__(self, n: int = 9) -> None:
        check_size(n)
        self.geometry = Geometry.of(n)
        self.n = self.size = n  # the game contract (gamekit.contract) calls it size
        self._board = bytearray(self.geometry.size)
        self._history: list[_Entry] = []
        self._counts = BoardCounts()
        self._counts.add(self._board)
        self._outcome: Outcome | None = None

    # --- reading the position ---

    @property
    def to_move(self) -> Colour:
        """Whose turn it is: ``"red"`` or ``"blue"`` (also after the end)."""
        return colour_name(self.mover)

    @property
    def mover(self) -> int:
        """Whose turn it is as a stone code (``RED`` or ``BLUE``), for the search."""
        return mover(len(self._history))

    @property
    def player_to_move(self) -> int:
        """Whose turn it is as a player: 0 (Red, who moves first) or 1 (Blue)."""
        return self.mover - RED

    @property
    def turn_count(self) -> int:
        """How many turns have been played (the steal counts as one)."""
        return len(self._history)

    @property
    def empty_count(self) -> int:
        """How many cells are empty (captures empty cells again, so it can grow)."""
        return sum(1 for stone in self._board if not stone)

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, else how it ended."""
        return self._outcome

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order."""
        return [entry.turn.move for entry in self._history]

    @property
    def history(self) -> list[Turn]:
        """Every turn so far, with who moved and what each captured."""
        return [entry.turn for entry in self._history]

    @property
    def last_turn(self) -> Turn | None:
        """The last turn played, or ``None`` at the start."""
        return self._history[-1].turn if self._history else None

    @property
    def last_captures(self) -> tuple[str, ...]:
        """The cells emptied by the last turn's captures."""
        return self._history[-1].turn.captured if self._history else ()

    @property
    def winning_cells(self) -> tuple[str, ...]:
        """The cells of the winning group, empty unless someone has won."""
        return self._outcome.winning_cells if self._outcome else ()

    @property
    def board(self) -> bytes:
        """The raw board: one byte per cell index, 0 empty, 1 red, 2 blue."""
        return bytes(self._board)

    def repetitions(self) -> dict[bytes, int]:
        """A copy of how often each board (``Game.board`` bytes) has occurred."""
        return self._counts.as_dict()

    def repetition_count(self) -> int:
        """How many times the current board has occurred so far."""
        return self._counts.count(self._board)

    def stone_at(self, cell: str | tuple[int, int]) -> Colour | None:
        """``"red"``, ``"blue"`` or ``None`` for a cell name or ``(r, q)``."""
        r, q = _cell_of(cell)
        if not self.geometry.on_board(r, q):
            raise IllegalMoveError(
                f"{cell_name(r, q) if 0 <= q < 26 else (r, q)} is off the "
                f"{self.n} x {self.n} board")
        return stone_name(self._board[self.geometry.index(r, q)])

    def stones(self) -> dict[str, Colour]:
        """Every stone on the board, as ``{cell name: colour}``."""
        geo = self.geometry
        return {cell_name(*geo.coords(i)): colour_name(s)
                for i, s in enumerate(self._board) if s}

    def cells(self) -> Iterator[str]:
        """Every cell name of the board, row by row from the bottom."""
        for i in range(self.geometry.size):
            yield cell_name(*self.geometry.coords(i))

    # --- moves ---

    def legal_moves(self) -> list[Move]:
        """The legal moves, cells first in index order, then ``swap`` if allowed."""
        if self._outcome is not None:
            return []
        return Move.from_codes(legal_codes(self._board, self.geometry, len(self._history)), self.n)

    def parse_move(self, move: Move | str) -> Move:
        """A ``Move`` from a move or its text; raises ``InvalidMoveError`` if malformed."""
        if isinstance(move, Move):
            return move
        return Move.parse(move)

    def check_legal(self, move: Move | str) -> Move:
        """The move if legal here, else ``IllegalMoveError`` saying why."""
        move = self.parse_move(move)
        if self._outcome is not None:
            raise IllegalMoveError(f"{move} cannot be played: the game is over "
                                   f"({self._outcome.describe().lower()})")
        turns = len(self._history)
        if move.is_swap:
            if not steal_allowed(turns):
                raise IllegalMoveError(
                    "swap is only allowed as Blue's first turn (the second turn of the game)")
            return move
        geo = self.geometry
        if not geo.on_board(move.r, move.q):
            raise IllegalMoveError(f"{move} is off the {self.n} x {self.n} board")
        cell = geo.index(move.r, move.q)
        if self._board[cell] != EMPTY:
            raise IllegalMoveError(f"{move} is occupied by {colour_name(self._board[cell])}")
        if cell == banned_cell(geo, turns):
            raise IllegalMoveError(f"{move} is the centre: Red's first stone may not go there")
        return move

    def is_legal(self, move: Move | str) -> bool:
        """Whether the move is well formed and legal here."""
        try:
            self.check_legal(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def steal_destination(self) -> str | None:
        """Where a swap now would put Red's opening stone, or ``None`` if swap is not legal."""
        if not self.is_legal(Move.swap()):
            return None
        first = self._history[0].turn.move
        geo = self.geometry
        return cell_name(*geo.coords(stolen_cell(geo, geo.index(first.r, first.q))))

    def swapped_to(self) -> str | None:
        """Where the swap put Red's first stone, if the second turn was a swap."""
        moves = self.moves
        if len(moves) < 2 or not moves[1].is_swap:
            return None
        geo = self.geometry
        return cell_name(*geo.coords(stolen_cell(geo, moves[0].code(self.n))))

    def play(self, move: Move | str) -> Turn:
        """Play a move (object or text) and return the turn it made.

        Raises ``InvalidMoveError`` for malformed text and ``IllegalMoveError``
        for an illegal move; either way the game is unchanged.
        """
        move = self.check_legal(move)
        geo = self.geometry
        board = self._board
        before = bytes(board)
        me = self.mover
        code = move.code(self.n)
        captured = play_code(board, geo, code, me)
        group = None if move.is_swap else winning_group(board, geo, code)
        turn = Turn(
            number=len(self._history) + 1,
            side=colour_name(me),
            move=move,
            captured=tuple(cell_name(*geo.coords(c)) for c in captured),
        )
        self._history.append(_Entry(turn, before, self._outcome))
        end = ending(group is not None, self._counts.add(board), len(self._history))
        if end is not None:
            winner = colour_name(me) if end == CONNECTION else None
            cells = tuple(cell_name(*geo.coords(c)) for c in sorted(group or ()))
            self._outcome = Outcome(winner, end, cells)
        return turn

    def resign(self, colour: Colour | None = None) -> Outcome:
        """``colour`` (by default the player to move) gives up: the other wins."""
        loser = _colour_of(self.to_move if colour is None else colour)
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.describe().lower()})")
        self._outcome = Outcome(opposite(loser), RESIGNATION)
        return self._outcome

    @property
    def resigned(self) -> Colour | None:
        """Who resigned, or ``None``."""
        end = self._outcome
        return opposite(end.winner) if end and end.winner and end.reason == RESIGNATION else None

    def undo(self) -> Move:
        """Take back the last turn exactly; returns its move. A resignation stands."""
        if self.resigned:
            raise UndoError(f"{self.resigned} resigned: the game is over")
        if not self._history:
            raise UndoError("there is no move to undo")
        entry = self._history.pop()
        self._counts.remove(self._board)
        self._board[:] = entry.board_before
        self._outcome = entry.outcome_before
        return entry.turn.move

    def copy(self) -> Game:
        """An independent copy, history included."""
        clone = Game.__new__(Game)
        clone.geometry = self.geometry
        clone.n = self.n
        clone._board = bytearray(self._board)
        clone._history = list(self._history)
        clone._counts = BoardCounts(self._counts.as_dict())
        clone._outcome = self._outcome
        return clone

    # --- records and display ---

    def to_fragment(self, computer: tuple[str, str] | None = None) -> str:
        """The game as URL-safe text, ``v1.9.d2.swap.e5`` (``v2`` with its computer)."""
        return record.encode(record.GameRecord(self.n, self.moves, computer, self.resigned))

    def beginning(self) -> Game:
        """A new game of this size."""
        return Game(self.n)

    def play_turn(self, turn: Turn) -> Turn:
        """Play again a turn of a game begun alike."""
        return self.play(turn.move)

    @staticmethod
    def from_fragment(text: str) -> Game:
        """Replay a record (``v1``, or ``v2`` naming the computer); ``RecordError`` naming the bad part.

        >>> Game.from_fragment("v1.5.c3")
        Traceback (most recent call last):
        ...
        cachex.errors.RecordError: move 1 ('c3') is illegal: c3 is the centre: Red's first stone may not go there
        """
        game, _, refused = Game.start_of(text)
        if refused is not None:
            raise refused
        return game

    @staticmethod
    def start_of(text: str) -> tuple[Game, tuple[str, str] | None, RecordError | None]:
        """A record's longest valid start, its computer (colour, level) and the ``RecordError``
        naming the first part refused, or ``None``; ``RecordError`` for a bad head."""
        saved, refused = record.decode_start(text)
        game = Game(saved.n)
        for number, move in enumerate(saved.moves, start=1):
            try:
                game.play(move)
            except CachexError as exc:
                return game, saved.computer, RecordError(f"move {number} ({shown(str(move))}) is illegal: {exc}")
        if saved.resigned:
            try:
                game.resign(saved.resigned)
            except CachexError as exc:
                return game, saved.computer, RecordError(f"the resignation comes too late: {exc}")
        return game, saved.computer, refused

    def status(self) -> str:
        """A one-line status for people: whose turn, or the result."""
        if self._outcome is not None:
            return self._outcome.describe()
        return f"{colour_title(self.to_move)} to move"

    def __str__(self) -> str:
        return textboard.render(self.n, self._board, self.status())

    def __repr__(self) -> str:
        return f"Game.from_fragment({self.to_fragment()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.n == other.n and self._board == other._board
                and self.history == other.history
                and self.repetitions() == other.repetitions()
                and self._outcome == other._outcome)

    __hash__ = None  # type: ignore[assignment]

