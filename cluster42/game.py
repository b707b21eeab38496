"""The ``Game`` object: a game of 42-cluster with its draws, legal moves, history, undo and records.

Each turn the player to move draws two chips from its own bag (the last
one alone), then drops one of them or discards both to turn gravity. The
draws come from the game's seed, so a record replays them; a *dealt* game
(``dealt=True``) is told each turn's chips instead (``deal``), as a bot is by
the referee.

>>> game = Game(5, seed=7)
>>> game.draw
(0, 1)
>>> str(game.play("drop 0 1").move), game.to_move, game.draw
('drop 0 1', '2', (2, 3))
>>> game.play("rotate 1").move, game.gravity
(Move.rotate(1), 1)
>>> game.to_fragment()
'cluster42.5.s7.0c1.r1'
>>> game.undo(), game.gravity
(Move.rotate(1), 3)
"""

from __future__ import annotations

import random

from cluster42 import record, textboard
from cluster42.board import DEFAULT_SIZE, DIRECTION_NAMES, DOWN, Board, check_size
from cluster42.errors import (
    BoardSizeError,
    ClusterError,
    DrawError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    UndoError,
)
from cluster42.notation import Move
from cluster42.rules import EMPTY, NO_ONE, draw, fall, judge, landing
from gamekit.inputs import is_whole, shown
from gamekit.played import RESIGNATION, Played
from gamekit.records import replay_moves
from gamekit.value import Value

SIDES = ("1", "2")
SIDE_TITLES = {"1": "Player 1", "2": "Player 2"}
LINE = "line"
EMPTY_BAG = "bag"
BLOCKED = "blocked"  # the loser held one chip and every line was full: it had no move
MAX_COLOURS_EACH = 3  # six colours in all, as the referee names them


def other_side(side: str) -> str:
    return "2" if side == "1" else "1"


class Outcome(Value):
    """How a game ended: the ``winner``'s side (``"1"`` or ``"2"``), the ``reason`` (``"line"``,
    ``"bag"``: the loser's bag was empty at its turn, ``"blocked"``: the loser had no move,
    ``"resignation"``) and the cells of the winning runs."""

    __slots__ = ("winner", "reason", "cells")
    winner: str
    reason: str
    cells: tuple[int, ...]

    def __init__(self, winner: str, reason: str, cells: tuple[int, ...] = ()) -> None:
        self._set("winner", winner)
        self._set("reason", reason)
        self._set("cells", cells)

    @property
    def winner_player(self) -> int:
        """The winning player: 0 (who moved first) or 1."""
        return SIDES.index(self.winner)

    def describe(self) -> str:
        """A sentence for people."""
        winner, loser = SIDE_TITLES[self.winner], SIDE_TITLES[other_side(self.winner)]
        if self.reason == RESIGNATION:
            return f"{winner} wins: {loser} resigned"
        if self.reason == EMPTY_BAG:
            return f"{winner} wins: {loser}'s bag is empty"
        if self.reason == BLOCKED:
            return f"{winner} wins: {loser} cannot move (one chip left and every line full)"
        return f"{winner} wins with the longest run"


class Turn(Value):
    """One turn of the history: its number, who moved, the chips drawn, the move and the
    cell a drop filled (-1 for a rotation)."""

    __slots__ = ("number", "side", "drawn", "move", "cell")
    number: int
    side: str
    drawn: tuple[int, ...]
    move: Move
    cell: int

    def __init__(self, number: int, side: str, drawn: tuple[int, ...], move: Move, cell: int) -> None:
        self._set("number", number)
        self._set("side", side)
        self._set("drawn", drawn)
        self._set("move", move)
        self._set("cell", cell)


def check_options(size: object, per_player: object, n: object, chips: object) -> None:
    """``BoardSizeError`` unless the size, colours a player, run to win and chips per colour
    make a game."""
    check_size(size)
    for name, value, low, high in (("colours a player", per_player, 1, MAX_COLOURS_EACH),
                                   ("the run to win", n, 2, 19), ("chips per colour", chips, 1, 9999)):
        if value is None and name == "chips per colour":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BoardSizeError(f"{name} must be a whole number from {low} to {high}, not {shown(value)}")


def check_deal(chips: tuple[int, ...], bag: list[int], player: int, k: int) -> None:
    """``DrawError`` unless ``player``'s bag (counts by colour) can give ``chips`` this turn."""
    title = SIDE_TITLES[SIDES[player]]
    left = sum(bag)
    if len(chips) != min(2, left):
        raise DrawError(f"{title} draws {min(2, left)} chip(s) from a bag of {left}, not {len(chips)}")
    counts = list(bag)
    for chip in chips:
        if isinstance(chip, bool) or not isinstance(chip, int) or not player * k <= chip < (player + 1) * k:
            raise DrawError(f"chip {shown(chip)} is not one of {title}'s: {player * k} to {(player + 1) * k - 1}")
        if counts[chip - player * k] == 0:
            raise DrawError(f"{title}'s bag holds no more chips {chip}")
        counts[chip - player * k] -= 1


class Game(Played):
    """A game of 42-cluster on a board of edge ``size``: ``colours_per_player`` colours each,
    runs of ``n`` to win, ``chips`` of each colour (by default ``floor(cells / colours)``),
    the draws from ``seed`` (a random one if ``None``) or, with ``dealt``, from ``deal``."""

    SIDES = SIDES
    TITLES = SIDE_TITLES
    Ending = Outcome
    Invalid, Illegal, Undo = InvalidMoveError, IllegalMoveError, UndoError

    def __init__(self, size: int = DEFAULT_SIZE, colours_per_player: int = 2, n: int = 4,
                 seed: int | None = None, chips: int | None = None, dealt: bool = False) -> None:
        check_options(size, colours_per_player, n, chips)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 32):
            raise BoardSizeError(f"a seed is a whole number from 0 to 2**32 - 1, not {shown(seed)}")
        self.board = Board.of(size)
        self.size = size
        self.per_player = colours_per_player
        self.n = n
        self.chips_given = chips
        self.chips_per_colour = chips if chips is not None else self.board.count // (2 * colours_per_player)
        self.seed: int | None = None if dealt else (random.getrandbits(32) if seed is None else seed)
        self.gravity = DOWN
        self._cells = [EMPTY] * self.board.count
        self._bags = [[self.chips_per_colour] * colours_per_player for _ in range(2)]
        self._history: list[Turn] = []
        self._saved: list[tuple[list[int], int, list[list[int]]]] = []
        self._outcome: Outcome | None = None
        self._dealt: tuple[int, ...] | None = None  # a dealt game's chips for this turn
        self._judged: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}

    # --- reading the position ------------------------------------------------

    @property
    def player_to_move(self) -> int:
        """Whose turn it is: 0 (who moved first) or 1, also after the end."""
        return len(self._history) % 2

    @property
    def to_move(self) -> str:
        """Whose turn it is as a side: ``"1"`` or ``"2"``."""
        return SIDES[self.player_to_move]

    @property
    def is_dealt(self) -> bool:
        """Whether the draws are told to the game (``deal``) rather than made from a seed."""
        return self.seed is None

    @property
    def cells(self) -> list[int]:
        """The position: each cell's chip value, or -1, by the board's cell order (a copy)."""
        return list(self._cells)

    def chip_at(self, q: int, r: int, s: int) -> int:
        """The chip at cube coordinates ``(q, r, s)``, or -1; ``IllegalMoveError`` off the board."""
        index = self.board.index.get((q, r, s))
        if index is None:
            raise IllegalMoveError(f"({q}, {r}, {s}) is not a cell of the size-{self.size} board")
        return self._cells[index]

    def bag(self, player: int) -> dict[int, int]:
        """How many chips of each of ``player``'s values are in its bag (``player`` 0 or 1)."""
        if not is_whole(player, 0, 1):
            raise IllegalMoveError(f"player {shown(player)} is not 0 (who moved first) or 1")
        k = self.per_player
        return {player * k + j: count for j, count in enumerate(self._bags[player])}

    def owner(self, chip: int) -> int:
        """The player whose chip value ``chip`` is."""
        if not is_whole(chip, 0, self.colours - 1):
            raise IllegalMoveError(f"chip {shown(chip)} is not a chip value: 0 to {self.colours - 1}")
        return chip // self.per_player

    @property
    def colours(self) -> int:
        """Chip values in all: ``2 * colours_per_player``."""
        return 2 * self.per_player

    @property
    def draw(self) -> tuple[int, ...]:
        """The chips the player to move holds this turn: two, or the last one (``()`` once the
        game is over, or in a dealt game before ``deal``)."""
        if self._outcome is not None:
            return ()
        if self.seed is None:
            return self._dealt or ()
        player = self.player_to_move
        k = self.per_player
        return tuple(player * k + j for j in draw(self.seed, len(self._history), self._bags[player]))

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
        """Every move with this turn's chips: drops (by line, then chip), then the six rotations
        (with two chips drawn)."""
        drawn = self.draw
        if not drawn:
            return []
        moves: list[Move] = []
        values = sorted(set(drawn))
        for pos in self.board.positions():
            if landing(self.board, self._cells, self.gravity, pos) >= 0:
                moves.extend(Move.drop(pos, value) for value in values)
        if len(drawn) == 2:
            moves.extend(Move.rotate(g) for g in range(6))
        return moves

    def check_legal(self, move: Move | str) -> tuple[Move, int]:
        """The move and the cell a drop fills (-1 for a rotation), or ``InvalidMoveError`` /
        ``IllegalMoveError`` saying why not."""
        move = Move.parse(move)
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.describe().lower()})")
        drawn = self.draw
        if not drawn:
            raise IllegalMoveError("no chips are drawn yet: deal this turn's chips first")
        if move.is_rotation:
            if not 0 <= move.gravity < 6:
                raise IllegalMoveError(f"gravity {move.gravity} is not a direction: choose 0 to 5 "
                                       "(0 up, 1 up-right, 2 down-right, 3 down, 4 down-left, 5 up-left)")
            if len(drawn) < 2:
                raise IllegalMoveError("a rotation discards two chips and only one was drawn: drop it")
            return move, -1
        return move, drop_cell(self.board, self._cells, self.gravity, drawn, move)

    def is_legal(self, move: Move | str) -> bool:
        try:
            self.check_legal(move)
        except ClusterError:
            return False
        return True

    # --- changing it ------------------------------------------------------------

    def deal(self, chips: tuple[int, ...] | list[int]) -> None:
        """Tell a dealt game this turn's chips (two, or one when only one is left in the
        mover's bag); ``DrawError`` if the bag cannot give them, the game unchanged."""
        if self.seed is not None:
            raise DrawError("this game draws its chips from its seed: only a dealt game is dealt chips")
        if self._outcome is not None:
            raise DrawError(f"the game is over ({self._outcome.describe().lower()})")
        if not isinstance(chips, (tuple, list)):
            raise DrawError(f"the chips dealt are a tuple or list of chip values, not {shown(chips)}")
        chips = tuple(chips)
        check_deal(chips, self._bags[self.player_to_move], self.player_to_move, self.per_player)
        self._dealt = chips

    def play(self, move: Move | str) -> Turn:
        """Play a move (object or text) with this turn's chips and return its turn; on an
        error, nothing changes."""
        move, cell = self.check_legal(move)
        player = self.player_to_move
        drawn = self.draw
        k = self.per_player
        self._saved.append((list(self._cells), self.gravity, [list(b) for b in self._bags]))
        bag = self._bags[player]
        if move.is_rotation:
            for chip in drawn:
                bag[chip - player * k] -= 1
            self.gravity = move.gravity
            self._cells = fall(self.board, self._cells, self.gravity)
        else:
            bag[move.chip - player * k] -= 1
            self._cells[cell] = move.chip
        turn = Turn(len(self._history) + 1, SIDES[player], drawn, move, cell)
        self._history.append(turn)
        self._dealt = None
        self._outcome = _judged(self)
        return turn

    def undo(self) -> Move:
        """Take back the last turn exactly (a dealt game's chips for it stay dealt); returns
        its move. A resignation stands."""
        self.check_undo()
        turn = self._history.pop()
        self._cells, self.gravity, self._bags = self._saved.pop()
        self._outcome = None
        self._dealt = turn.drawn if self.seed is None else None
        return turn.move

    def copy(self) -> Game:
        """An independent copy, history included."""
        clone = Game(self.size, self.per_player, self.n, self.seed or 0, self.chips_given, self.seed is None)
        clone.seed = self.seed
        clone.gravity = self.gravity
        clone._cells = list(self._cells)
        clone._bags = [list(b) for b in self._bags]
        clone._history = list(self._history)
        clone._saved = [(list(c), g, [list(b) for b in bags]) for c, g, bags in self._saved]
        clone._outcome = self._outcome
        clone._dealt = self._dealt
        clone._judged = self._judged  # a position's judgement is the same in every copy
        return clone

    # --- records and display -------------------------------------------------------

    def to_record(self, computer: tuple[str, str] | None = None) -> record.ClusterRecord:
        """The game's record, with the computer's (side, level) if one plays."""
        moves = [(turn.drawn, turn.move.token()) for turn in self._history]
        return record.ClusterRecord(self.size, self.per_player, self.n, self.chips_given, self.seed, moves,
                                    computer, self.resigned)

    def to_fragment(self, computer: tuple[str, str] | None = None) -> str:
        """The whole game as text, e.g. ``cluster42.5.s7.0c1.r1``, with the computer's (side,
        level) if one plays."""
        return record.encode(self.to_record(computer))

    def beginning(self) -> Game:
        """A new game as this one began: its size, options and draws."""
        return Game(self.size, self.per_player, self.n, self.seed, self.chips_given, self.is_dealt)

    def play_turn(self, turn: Turn) -> Turn:
        """Play again a turn of a game that began as this one did."""
        return self.play_drawn(turn.drawn, turn.move)

    def play_drawn(self, drawn: tuple[int, ...], move: Move | str) -> Turn:
        """Play ``move`` with the chips ``drawn`` (a turn of a record or of another game): a dealt
        game is dealt them first; a seeded one draws them itself."""
        if self.is_dealt:
            self.deal(drawn)
        return self.play(move)

    @staticmethod
    def start_of(text: str) -> tuple[Game, tuple[str, str] | None, RecordError | None]:
        """The game of a record's longest valid start, the computer's (side, level) the record
        names, and the ``RecordError`` naming the first part refused (``None``: all of it
        stands); ``RecordError`` if the record's head is bad. ``from_fragment`` raises the first.

        >>> Game.start_of("cluster42.5.s7.0c2")[2]
        RecordError("move 1 ('0c2') is illegal: chip 2 was not drawn: the chips drawn are 0 and 1")
        """
        return start_of(text)

    def status(self) -> str:
        """Whose turn and the chips drawn, or the result."""
        if self._outcome is not None:
            return self._outcome.describe()
        drawn = self.draw
        chips = " and ".join(str(c) for c in drawn) if drawn else "no chips dealt yet"
        return f"{SIDE_TITLES[self.to_move]} to move with {chips}; gravity {DIRECTION_NAMES[self.gravity]}"

    def __str__(self) -> str:
        return textboard.render(self.board, self._cells, self.gravity, self.status())

    def __repr__(self) -> str:
        return f"Game.from_fragment({self.to_fragment()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.to_fragment() == other.to_fragment() and self._cells == other._cells
                and self._dealt == other._dealt)

    __hash__ = None  # type: ignore[assignment]


def _judged(game: Game) -> Outcome | None:
    """The outcome after a move: the longest run's one owner, else the player now to move loses
    if it cannot move: its bag is empty, or it holds one chip (no rotation) and every line is
    full (as under the original referee, where a player who cannot move loses). Each position's
    runs are judged once per game (a long game turns gravity among a few positions)."""
    key = tuple(game._cells)
    judged = game._judged.get(key)
    if judged is None:
        judged = game._judged[key] = judge(game.board, game._cells, game.n, game.per_player)
    owner, cells = judged
    left = sum(game._bags[game.player_to_move])
    winner = SIDES[1 - game.player_to_move]
    if owner != NO_ONE:
        return Outcome(SIDES[owner], LINE, cells)
    if not left:
        return Outcome(winner, EMPTY_BAG)
    if left == 1 and EMPTY not in game._cells:
        return Outcome(winner, BLOCKED)
    return None


def drop_cell(board: Board, cells: list[int], gravity: int, drawn: tuple[int, ...], move: Move) -> int:
    """The cell a drop fills, or ``IllegalMoveError`` saying why it cannot be played."""
    if not -board.reach <= move.pos <= board.reach:
        raise IllegalMoveError(f"line {move.pos} is off the board: choose {-board.reach} to {board.reach}")
    if move.chip not in drawn:
        shown = " and ".join(str(c) for c in drawn)
        raise IllegalMoveError(f"chip {move.chip} was not drawn: the chips drawn are {shown}")
    cell = landing(board, cells, gravity, move.pos)
    if cell < 0:
        raise IllegalMoveError(f"line {move.pos} is full")
    return cell


def start_of(text: str) -> tuple[Game, tuple[str, str] | None, RecordError | None]:
    """``Game.start_of``: a record's longest valid start, its computer and what was refused."""
    saved, malformed = record.decode_start(text)
    try:
        game = Game(saved.size, saved.per_player, saved.n, saved.seed, saved.chips, saved.seed is None)
    except ClusterError as exc:
        raise RecordError(f"the record's options make no game: {exc}") from None
    refused = replay_moves(game, [move for _, move in saved.moves], saved.resigned, ClusterError, RecordError,
                           lambda index, move: game.play_drawn(saved.moves[index][0], move))
    return game, saved.computer, refused or malformed


def gravity_after(game: Game, turns: int) -> int:
    """The direction of gravity in ``game`` after its first ``turns`` turns (before turn ``turns + 1``)."""
    gravity = DOWN
    for turn in game.history[:turns]:
        if turn.move.is_rotation:
            gravity = turn.move.gravity
    return gravity


__all__ = ["BLOCKED", "EMPTY_BAG", "LINE", "RESIGNATION", "Game", "Outcome", "Turn", "gravity_after"]
