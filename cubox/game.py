"""The ``Game`` object: a game of Cubox with legal moves, history, undo and records.

>>> game = Game(6)
>>> game.play("c1").side, game.to_move
('x', 'o')
>>> str(game.play("swap").move), game.cubox_at("c1")
('swap', 'o')
>>> game.to_fragment()
'cubox.6.c1.swap'
>>> game.undo(), game.cubox_at("c1")
(Move.swap(), 'x')
"""

from __future__ import annotations

from cubox import record, textboard
from cubox.board import DEFAULT_SIZE, NONE, Board, check_size
from cubox.errors import CuboxError, IllegalMoveError, InvalidMoveError, RecordError, UndoError
from cubox.notation import Move
from cubox.rules import EMPTY, O, X, placements, stackable, winning_chain
from gamekit.inputs import is_whole, shown
from gamekit.played import RESIGNATION, Played
from gamekit.records import replay_moves
from gamekit.value import Value

SIDE_NAMES = {X: "x", O: "o"}
# Each side as people read it: its letter and the paint ``cubox.svg`` gives it.
SIDE_TITLES = {"x": "X (red)", "o": "O (blue)"}


def other_side(side: str) -> str:
    """The other player's side: ``"o"`` for ``"x"`` and ``"x"`` for ``"o"``."""
    return "o" if side == "x" else "x"
CONNECTION = "connection"
DEADLOCK = "deadlock"  # two passes in a row and no winner: a draw


class Outcome(Value):
    """How a game ended: ``winner`` ``"x"``, ``"o"`` or ``None`` (a draw by ``"deadlock"``),
    ``reason`` and the winning chain's positions (board indices)."""

    __slots__ = ("winner", "reason", "chain")
    winner: str | None
    reason: str
    chain: tuple[int, ...]

    def __init__(self, winner: str | None, reason: str, chain: tuple[int, ...] = ()) -> None:
        self._set("winner", winner)
        self._set("reason", reason)
        self._set("chain", chain)

    @property
    def winner_player(self) -> int | None:
        """The winning player: 0 (X, who moves first), 1 (O) or ``None`` for a draw."""
        return None if self.winner is None else "xo".index(self.winner)

    def describe(self) -> str:
        """A sentence for people."""
        if self.winner is None:
            return "Draw: deadlock (both players passed and no one has won)"
        if self.reason == RESIGNATION:
            return f"{SIDE_TITLES[self.winner]} wins: {SIDE_TITLES[other_side(self.winner)]} resigned"
        return f"{SIDE_TITLES[self.winner]} wins by connecting all three sides"



class Turn(Value):
    """One turn of the history: who moved, the move and the position it filled (or swapped;
    ``NONE`` for a pass)."""

    __slots__ = ("number", "side", "move", "position")
    number: int
    side: str
    move: Move
    position: int

    def __init__(self, number: int, side: str, move: Move, position: int) -> None:
        self._set("number", number)
        self._set("side", side)
        self._set("move", move)
        self._set("position", position)


class Game(Played):
    """A game of Cubox on a board of size ``size`` (3 to 16), X to move first."""

    SIDES = ("x", "o")
    TITLES = SIDE_TITLES
    Ending = Outcome
    Invalid, Illegal, Undo = InvalidMoveError, IllegalMoveError, UndoError

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.board = Board.of(check_size(size))
        self.size = size
        self._cells = bytearray(self.board.size)
        self._history: list[Turn] = []
        self._outcome: Outcome | None = None

    # --- reading the position ------------------------------------------------

    @property
    def mover(self) -> int:
        """The stone code of the player to move."""
        return X if len(self._history) % 2 == 0 else O

    @property
    def player_to_move(self) -> int:
        """Whose turn it is as a player: 0 (X, who moves first) or 1 (O), also after the end."""
        return len(self._history) % 2

    @property
    def to_move(self) -> str:
        """Whose turn it is: ``"x"`` or ``"o"`` (also after the end)."""
        return SIDE_NAMES[self.mover]

    @property
    def cells(self) -> bytes:
        """The position: a stone code per board position (a copy)."""
        return bytes(self._cells)

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs."""
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

    def cubox_at(self, name: str, level: int | None = None) -> str | None:
        """``"x"``, ``"o"`` or ``None``: the top cubox at a name (or the one of ``level``)."""
        move = Move.parse(name)
        column = self.board.columns.get((move.column, move.row))
        if column is None:
            raise IllegalMoveError(f"{name} is not on the size-{self.size} board")
        stones = [self._cells[p] for p in column if level is None or self.board.level[p] == level]
        top = [s for s in stones if s != EMPTY]
        return SIDE_NAMES[top[-1]] if top else None

    def position_of(self, move: Move | str) -> int:
        """The board position a placement fills: the lowest empty one at its name;
        ``IllegalMoveError`` if the name is off the board or full."""
        move = Move.parse(move)
        column = self.board.columns.get((move.column, move.row))
        if column is None:
            raise IllegalMoveError(f"{move} is not on the size-{self.size} board")
        for p in column:
            if self._cells[p] == EMPTY:
                return p
        raise IllegalMoveError(f"{move} is full: nothing more can be stacked there")

    def move_of(self, p: int) -> Move:
        """The move that plays board position ``p``."""
        if not is_whole(p, 0, len(self.board.positions) - 1):
            raise IllegalMoveError(f"{shown(p)} is not a board position: 0 to {len(self.board.positions) - 1}")
        _, c, r = self.board.positions[p]
        return Move.place(c, r)

    def legal_positions(self) -> list[int]:
        """The board positions the player to move may fill (drops, then stacks)."""
        return placements(self.board, self._cells, self.mover)

    def legal_moves(self) -> list[Move]:
        """Every legal move: placements, the swap on the second turn, or else a pass."""
        if self._outcome is not None:
            return []
        moves = [self.move_of(p) for p in self.legal_positions()]
        if len(self._history) == 1:
            moves.append(Move.swap())
        return moves or [Move.pass_()]

    def check_legal(self, move: Move | str) -> tuple[Move, int]:
        """The move and the position it fills (``NONE`` for a pass or the swap's own),
        or ``InvalidMoveError`` / ``IllegalMoveError`` saying why not."""
        move = Move.parse(move)
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.describe().lower()})")
        if move.is_swap:
            if len(self._history) != 1:
                raise IllegalMoveError("swap is only allowed as O's first move")
            return move, self._history[0].position
        if move.is_pass:
            if self.legal_positions():
                raise IllegalMoveError("you may pass only when no cubox can be played")
            return move, NONE
        p = self.position_of(move)
        if self.board.level[p] > 1 and not stackable(self.board, self._cells, p, self.mover):
            raise IllegalMoveError(f"{move} is not a legal stack: a cubox stacks on a flat triangle "
                                   "of one of your cubox and two of your opponent's")
        return move, p

    def is_legal(self, move: Move | str) -> bool:
        try:
            self.check_legal(move)
        except CuboxError:
            return False
        return True

    # --- changing it ------------------------------------------------------------

    def play(self, move: Move | str) -> Turn:
        """Play a move (object or text) and return its turn; on an error, nothing changes."""
        move, p = self.check_legal(move)
        mover = self.mover
        turn = Turn(len(self._history) + 1, SIDE_NAMES[mover], move, p)
        if move.is_swap:
            self._cells[p] = O
        elif not move.is_pass:
            self._cells[p] = mover
        self._history.append(turn)
        if move.is_pass:
            if len(self._history) > 1 and self._history[-2].move.is_pass:
                self._outcome = Outcome(None, DEADLOCK)
        elif not move.is_swap:
            won = winning_chain(self.board, self._cells, p)
            if won is not None:
                self._outcome = Outcome(SIDE_NAMES[mover], CONNECTION, tuple(sorted(won)))
        return turn

    def undo(self) -> Move:
        """Take back the last turn exactly; returns its move. A resignation stands."""
        self.check_undo()
        turn = self._history.pop()
        if turn.move.is_swap:
            self._cells[turn.position] = X
        elif not turn.move.is_pass:
            self._cells[turn.position] = EMPTY
        self._outcome = None
        return turn.move

    def copy(self) -> Game:
        """An independent copy, history included."""
        clone = Game(self.size)
        clone._cells[:] = self._cells
        clone._history = list(self._history)
        clone._outcome = self._outcome
        return clone

    # --- records and display -------------------------------------------------------

    def to_fragment(self, computer: tuple[str, str] | None = None) -> str:
        """The whole game as text, e.g. ``cubox.8.d4.swap``, with the computer's (side, level) if
        one plays."""
        return record.encode(record.CuboxRecord(self.size, [str(m) for m in self.moves], computer, self.resigned))

    def beginning(self) -> Game:
        """A new game as this one began (its size)."""
        return Game(self.size)

    @staticmethod
    def start_of(text: str) -> tuple[Game, tuple[str, str] | None, RecordError | None]:
        """The game of a record's longest valid start, the computer's (side, level) the record
        names, and the ``RecordError`` naming the first part refused (``None``: all of it
        stands); ``RecordError`` if the record's head is bad. ``from_fragment`` raises the first.

        >>> Game.start_of("cubox.5.c1.pass")[2]
        RecordError("move 2 ('pass') is illegal: you may pass only when no cubox can be played")
        """
        saved, malformed = record.decode_start(text)
        game = Game(saved.size)
        refused = replay_moves(game, saved.moves, saved.resigned, CuboxError, RecordError)
        return game, saved.computer, refused or malformed

    def marks(self) -> list[int]:
        """The positions the player to move could fill, as pbmserv marks them (also once
        the game is over)."""
        return self.legal_positions()

    def status(self) -> str:
        """Whose turn, or the result."""
        if self._outcome is not None:
            return self._outcome.describe()
        return f"{SIDE_TITLES[self.to_move]} to move"

    def __str__(self) -> str:
        return textboard.render(self.board, self._cells, self.marks(), self.status())

    def __repr__(self) -> str:
        return f"Game.from_fragment({self.to_fragment()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.size == other.size and self._cells == other._cells
                and self.moves == other.moves and self._outcome == other._outcome)

    __hash__ = None  # type: ignore[assignment]


__all__ = ["CONNECTION", "DEADLOCK", "Game", "Outcome", "Turn"]
