"""The referee: two players (bot programs in any language, or a person at the terminal) play
42-cluster over the line protocol, judged as the game's own referee judges them.

Each bot is started afresh for each game and hears ``init C N S W T ID`` (id 0
moves first), to which it answers ``color X``. At its turn it hears ``chips
A B`` and answers ``drop POS V`` or ``rotate G``; before answering it may
``fetch cells|chips|gravity|walls`` (answered ``cell_count n`` then ``cell q r
s v`` lines, ``gravity G``, ``wall_count 0``: this referee places no walls).
``fetch chips`` lists only the cells holding a chip. The other bot then
hears the move. A malformed line, an illegal move, closed output or an
answer later than the timeout (which covers the whole exchange, fetches
included; the first answer, ``color``, may also take the start-up
allowance) loses the game, with the reason printed; the referee itself
never stops for a bot's fault.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
import time
from typing import IO, TYPE_CHECKING

from cluster42.errors import ClusterError
from cluster42.game import BLOCKED, EMPTY_BAG, Game
from cluster42.notation import Move
from gamekit.inputs import shown

if TYPE_CHECKING:
    from collections.abc import Callable

START_ALLOWANCE = 5.0  # seconds a bot may take to start and answer ``init``
MAX_LINE = 4096  # characters of one line from a bot
MAX_WAITING = 1000  # lines from a bot that wait to be read
MAX_UNREAD = 1 << 20  # bytes of the referee's lines a bot may leave unread
FETCHES = ("cells", "chips", "gravity", "walls")


class Fault(Exception):
    """A player's fault that loses it the game: ``reason`` says what it did."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Player:
    """One side of a refereed game."""

    name: str

    def start(self, init: str, timeout: float) -> None:
        """Begin a game with the ``init`` line; ``Fault`` if the answer is not ``color X``."""
        raise NotImplementedError

    def tell(self, line: str) -> None:
        """Pass on the opponent's move."""
        raise NotImplementedError

    def ask(self, game: Game, timeout: float) -> Move:
        """This turn's move (the game holds the chips drawn); ``Fault`` for a bad answer."""
        raise NotImplementedError

    def stop(self) -> None:
        """End the game for this player (its input closes)."""


class BotPlayer(Player):
    """A bot program, started afresh for each game.

    What the referee reads from a bot and writes to it is bounded: a line longer
    than ``MAX_LINE`` characters, more than ``MAX_WAITING`` lines unread, or more
    than ``MAX_UNREAD`` bytes of answers the bot does not read lose it the game,
    and no exchange outlasts its timeout whatever the bot does.
    """

    def __init__(self, command: str, name: str) -> None:
        self.command = shlex.split(command)
        if not self.command:
            raise ValueError("a bot's command is empty")
        self.name = name
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue(MAX_WAITING)
        self.writer: Writer | None = None

    def _launch(self) -> subprocess.Popen[bytes]:
        try:
            process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, bufsize=0)
        except OSError as exc:
            raise Fault(f"could not be started ({exc.strerror or exc})") from None
        lines: queue.Queue[str | None] = queue.Queue(MAX_WAITING)
        self.lines = lines
        assert process.stdout is not None and process.stdin is not None
        threading.Thread(target=read_lines, args=(process.stdout, lines), daemon=True).start()
        self.writer = Writer(process.stdin)
        self.process = process
        return process

    def _send(self, line: str) -> None:
        assert self.writer is not None
        self.writer.send(line + "\n")

    def _read(self, deadline: float) -> str:
        remaining = deadline - time.perf_counter()
        try:
            line = self.lines.get(timeout=max(0.0, remaining))
        except queue.Empty:
            raise Fault("took longer than the timeout") from None
        if line is None:
            raise Fault("closed its output (it stopped)")
        if line == TOO_LONG:
            raise Fault(f"sent a line longer than {MAX_LINE} characters")
        return line.strip()

    def start(self, init: str, timeout: float) -> None:
        self._launch()
        deadline = time.perf_counter() + timeout + START_ALLOWANCE
        self._send(init)
        answer = self._read(deadline)
        words = answer.split()
        if len(words) != 2 or words[0] != "color" or not words[1].isdigit() or not words[1].isascii():
            raise Fault(f"answered {shown(answer)} to init, not 'color X'")

    def tell(self, line: str) -> None:
        self._send(line)

    def ask(self, game: Game, timeout: float) -> Move:
        deadline = time.perf_counter() + timeout
        drawn = game.draw
        self._send(f"chips {drawn[0]} {drawn[1] if len(drawn) > 1 else -1}")
        while True:
            answer = self._read(deadline)
            words = answer.split()
            if len(words) == 2 and words[0] == "fetch" and words[1] in FETCHES:
                for line in fetch_answer(game, words[1]):
                    self._send(line)
                continue
            try:
                move = Move.parse(answer)
                game.check_legal(move)
            except ClusterError as exc:
                kind = "an illegal move" if answer.split()[:1] in (["drop"], ["rotate"]) else "a malformed line"
                raise Fault(f"sent {kind}, {shown(answer)}: {exc}") from None
            return move

    def stop(self) -> None:
        process = self.process
        if process is None:
            return
        if self.writer is not None:
            self.writer.close()  # the bot's input closes once what it was sent is written
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        while True:  # what it sent unread, so that its reader, blocked on a full queue, ends too
            try:
                self.lines.get_nowait()
            except queue.Empty:
                break
        self.process = None


TOO_LONG = "\0"  # what the reader queues for a line longer than MAX_LINE (then it stops reading)


def read_lines(stream: IO[bytes], lines: queue.Queue[str | None]) -> None:
    """Queue a bot's lines (at most ``MAX_LINE`` characters each, else ``TOO_LONG``), then
    ``None`` at the end; a full queue waits, so a bot that floods the referee blocks."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            break
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            lines.put(TOO_LONG)
            return
        lines.put(raw.decode("utf-8", "replace"))
    lines.put(None)


class Writer:
    """A bot's input, written by a thread of its own so that a bot that does not read cannot
    stall the referee; ``send`` refuses more than ``MAX_UNREAD`` bytes not yet written."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream  # unbuffered: each write says how much it took
        self.queue: queue.Queue[bytes | None] = queue.Queue()
        self.unread = 0
        self.closed = False  # the bot closed its input
        self.lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

    def send(self, text: str) -> None:
        """Queue ``text`` for the bot; ``Fault`` if it closed its input or left too much unread."""
        data = text.encode()
        with self.lock:
            if self.closed:
                raise Fault("closed its input")
            if self.unread + len(data) > MAX_UNREAD:
                raise Fault(f"left more than {MAX_UNREAD} bytes of the referee's lines unread")
            self.unread += len(data)
        self.queue.put(data)

    def close(self) -> None:
        """Close the input once what was queued is written (at once if the bot stopped)."""
        self.queue.put(None)

    def _run(self) -> None:
        while True:
            data = self.queue.get()
            if data is None:
                break
            try:
                view = memoryview(data)
                while view:
                    view = view[self.stream.write(view) or 0:]
            except OSError:
                with self.lock:
                    self.closed = True
                break
            with self.lock:
                self.unread -= len(data)
        with contextlib.suppress(OSError):
            self.stream.close()


def fetch_answer(game: Game, what: str) -> list[str]:
    """The lines that answer ``fetch what``: cells by ``q`` then ``r``."""
    if what == "gravity":
        return [f"gravity {game.gravity}"]
    if what == "walls":
        return ["wall_count 0"]
    cells = game.cells
    listed = [(cell, cells[i]) for i, cell in enumerate(game.board.cells) if what == "cells" or cells[i] >= 0]
    return [f"cell_count {len(listed)}"] + [f"cell {q} {r} {s} {v}" for (q, r, s), v in listed]


class GameResult:
    """A refereed game's end: the winning seat (0 moved first), the reason and the record."""

    def __init__(self, winner: int, reason: str, record: str) -> None:
        self.winner = winner
        self.reason = reason
        self.record = record


def referee_game(players: tuple[Player, Player], game: Game, timeout: float,
                 note: Callable[[str], None] = lambda line: None) -> GameResult:
    """Play one game between ``players`` (seat 0 moves first) on ``game``, which draws the
    chips; every fault ends it."""
    init = f"init {game.colours} {game.chips_per_colour} {game.size} {game.n} {timeout} "
    seat = 0
    try:
        for seat in (0, 1):
            players[seat].start(init + str(seat), timeout)
        while game.outcome is None:
            seat = game.player_to_move
            move = players[seat].ask(game, timeout)
            game.play(move)
            note(f"{players[seat].name}: {move}")
            seat = 1 - seat  # a fault in hearing the move is the other player's
            players[seat].tell(str(move))
    except Fault as fault:
        for player in players:
            player.stop()
        return GameResult(1 - seat, f"{players[seat].name} {fault.reason}", game.to_fragment())
    for player in players:
        player.stop()
    end = game.outcome
    assert end is not None
    winner = end.winner_player
    if end.reason == EMPTY_BAG:
        reason = f"{players[1 - winner].name}'s bag is empty at its turn"
    elif end.reason == BLOCKED:
        reason = f"{players[1 - winner].name} cannot move (one chip left and every line full)"
    else:
        reason = f"{players[winner].name} holds the longest run"
    return GameResult(winner, reason, game.to_fragment())
