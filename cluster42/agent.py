"""A 42-cluster bot: the referee's line protocol on standard input and output, any chooser inside.

The referee says ``init C N S W T ID`` (colours in all, chips per colour, board
edge, run to win, seconds a move, the bot's id: 0 moves first); the bot
answers ``color X``. Each turn it hears ``chips A B`` (``chips A -1`` with
one chip left) and answers ``drop POS V`` or ``rotate G``, after the
opponent's move (``drop POS V`` / ``rotate G``) once there is one. The end
of the game is not announced: the input closes. ``fetch`` requests are never
needed here: the bot follows the position itself (``Tracker``).

>>> import io
>>> from cluster42.engine import Situation
>>> def first_line(situation: Situation, seconds: float) -> Move:
...     return Move.drop(min(p for p in range(-4, 5)), situation.drawn[0])
>>> out = io.StringIO()
>>> play_protocol(first_line, io.StringIO("init 4 15 5 4 1.0 1\\ndrop 0 1\\nchips 2 3\\n"), out)
0
>>> out.getvalue()
'color 5\\ndrop -4 2\\n'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from cluster42.board import DOWN, Board, check_size
from cluster42.errors import ClusterError
from cluster42.notation import Move
from cluster42.rules import EMPTY, fall, landing
from gamekit.inputs import integer, is_plain, shown

if TYPE_CHECKING:
    from cluster42.engine import Situation

Chooser = Callable[["Situation", float], Move]  # (what the bot knows, seconds it may use) -> its move

# The part of the referee's time a move that the chooser may spend; the rest covers
# the pipes, the process's scheduling and the answer's own work.
SHARE = 0.7
MARGIN = 0.12  # seconds kept back besides
MAX_LINE = 4096  # characters of one line from the referee
MAX_TIMEOUT = 3600.0  # the longest time a move an init line may give
# The colour each player id answers: valid whether or not the referee offers colour-blind
# colours (its README's example answers 5 as id 1).
COLOUR = (0, 5)


class ProtocolError(ClusterError):
    """A line the referee should not have sent."""


class Tracker:
    """The position as a bot follows it: the board, gravity, its own bag and what it knows of
    the opponent's chips (those off the board, and how many it discarded)."""

    def __init__(self, colours: int, chips: int, size: int, n: int, timeout: float, me: int) -> None:
        if colours < 2 or colours % 2 or colours > 6:
            raise ProtocolError(f"the colours in all must be 2, 4 or 6, not {colours}")
        self.board = Board.of(check_size(size))
        self.k = colours // 2
        self.chips = chips
        self.n = n
        self.timeout = timeout
        self.me = me
        self.cells = [EMPTY] * self.board.count
        self.gravity = DOWN
        self.own = [chips] * self.k
        self.other_pool = [chips] * self.k
        self.other_discarded = 0

    def apply(self, move: Move, player: int, drawn: tuple[int, ...] = ()) -> None:
        """Play a move of ``player`` (with its chips, when they are the bot's own)."""
        if move.is_rotation:
            if not 0 <= move.gravity < 6:
                raise ProtocolError(f"gravity {move.gravity} is not a direction")
            self.gravity = move.gravity
            self.cells = fall(self.board, self.cells, self.gravity)
            if player == self.me:
                for chip in drawn:
                    self.own[chip - self.me * self.k] -= 1
            else:
                self.other_discarded += 2
            return
        reach = self.board.reach
        cell = landing(self.board, self.cells, self.gravity, move.pos) if -reach <= move.pos <= reach else -1
        if cell < 0 or move.chip // self.k != player or not 0 <= move.chip < 2 * self.k:
            raise ProtocolError(f"'{move}' cannot be played here")
        self.cells[cell] = move.chip
        if player == self.me:
            self.own[move.chip - self.me * self.k] -= 1
        else:
            self.other_pool[move.chip - (1 - self.me) * self.k] -= 1

    def situation(self, drawn: tuple[int, ...]) -> Situation:
        """What the bot knows at its turn, with these chips drawn (the engine is imported here,
        after ``init`` is answered, so that the bot starts fast)."""
        from cluster42.engine import Situation

        return Situation(self.board, self.n, self.k, list(self.cells), self.gravity, self.me, drawn,
                         list(self.own), list(self.other_pool), self.other_discarded)


def _numbers(words: list[str], line: str) -> list[int]:
    """The whole numbers ``words`` write (of a ``line``); ``ProtocolError`` for another word."""
    numbers = []
    for word in words:
        value = integer(word, 6)
        if value is None:
            raise ProtocolError(f"{shown(word)} in {shown(line)} is not a whole number")
        numbers.append(value)
    return numbers


def _timeout(text: str) -> float:
    """The seconds a move of an ``init`` line: a number above 0, at most an hour."""
    try:
        seconds = float(text) if is_plain(text) else -1.0
    except ValueError:
        seconds = -1.0
    if not 0.0 < seconds <= MAX_TIMEOUT:  # NaN and infinity too
        raise ProtocolError(f"the timeout {shown(text)} is not a number of seconds above 0 and at most "
                            f"{MAX_TIMEOUT:g}")
    return seconds


def read_init(line: str, words: list[str]) -> Tracker:
    """The tracker of a game that an ``init C N S W T ID`` line starts (``ProtocolError``
    saying what is wrong)."""
    fields = words[1:]
    if len(fields) == 5:  # the seed README's example leaves out the run to win
        fields = [*fields[:3], "4", *fields[3:]]
    if len(fields) != 6:
        raise ProtocolError(f"{shown(line)} should be 'init C N S W T ID'")
    colours, chips, size, n, me = _numbers([*fields[:4], fields[5]], line)
    if not 1 <= chips <= 9999 or not 2 <= n <= 19 or me not in (0, 1):
        raise ProtocolError(f"{shown(line)}: chips per colour are 1 to 9999, the run to win 2 to 19 and the "
                            "id 0 or 1")
    return Tracker(colours, chips, size, n, _timeout(fields[4]), me)


def check_chips(tracker: Tracker, values: list[int]) -> tuple[int, ...]:
    """The chips of a ``chips A B`` line (``B`` is -1 with one chip left); ``ProtocolError``
    unless the bot's bag holds them."""
    first, second = values
    drawn = (first,) if second == -1 else (first, second)
    left = list(tracker.own)
    base = tracker.me * tracker.k
    for chip in drawn:
        if not base <= chip < base + tracker.k or not left[chip - base]:
            raise ProtocolError(f"chips {first} {second}: chip {chip} is not in this bot's bag (its chips are "
                                f"{base} to {base + tracker.k - 1}, {sum(tracker.own)} left)")
        left[chip - base] -= 1
    if len(drawn) == 1 and sum(tracker.own) > 1:
        raise ProtocolError(f"chips {first} {second}: one chip drawn from a bag of {sum(tracker.own)}")
    return drawn


def read_line(stdin: TextIO) -> str | None:
    """The next line of the input (``None`` at its end); ``ProtocolError`` for one longer than
    ``MAX_LINE`` characters, which is not read on."""
    raw = stdin.readline(MAX_LINE + 1)
    if not raw:
        return None
    if len(raw) > MAX_LINE and not raw.endswith("\n"):
        raise ProtocolError(f"a line longer than {MAX_LINE} characters: {shown(raw)}")
    return raw


def play_protocol(choose: Chooser, stdin: TextIO, stdout: TextIO, stderr: TextIO | None = None,
                  clock: Callable[[], float] = time.perf_counter) -> int:
    """Speak the protocol until the input closes, choosing each move with ``choose``; the exit
    status (0, or 1 after a line it cannot follow, which it reports on ``stderr``)."""
    tracker: Tracker | None = None
    while True:
        try:
            raw = read_line(stdin)
            if raw is None:
                return 0
            start = clock()
            line = raw.strip()
            words = line.split()
            if not words:
                continue
            command = words[0].lower()
            if command == "init":
                tracker = read_init(line, words)
                stdout.write(f"color {COLOUR[tracker.me]}\n")
            elif tracker is None:
                raise ProtocolError(f"{shown(line)} came before 'init'")
            elif command == "chips":
                if len(words) != 3:
                    raise ProtocolError(f"{shown(line)} should be 'chips A B'")
                drawn = check_chips(tracker, _numbers(words[1:], line))
                budget = max(0.02, tracker.timeout * SHARE - MARGIN - (clock() - start))
                move = choose(tracker.situation(drawn), budget)
                tracker.apply(move, tracker.me, drawn)
                stdout.write(f"{move}\n")
            elif command in ("drop", "rotate"):
                tracker.apply(Move.parse(line), 1 - tracker.me)
            elif command in ("cell_count", "cell", "gravity", "wall_count", "wall"):
                continue  # answers to fetches, which this bot does not send
            else:
                raise ProtocolError(f"{shown(line)} is not a line of the protocol")
        except ValueError as exc:  # every error of the package is one
            if stderr is not None:
                stderr.write(f"cluster42 bot: {exc}\n")
            return 1
        stdout.flush()


def main(choose: Chooser) -> int:
    """Run a bot on this process's standard streams."""
    return play_protocol(choose, sys.stdin, sys.stdout, sys.stderr)
