"""An agent for the course's referee, driven by the MCTS.

The referee imports a module with a class ``Player`` and calls
``Player(player, n)``, then ``action()`` on its turn and ``turn(player,
action)`` on both agents after every turn. Run it as, for example::

    python -m referee 9 cachex.agent cachex.agent

The agent keeps within the official limits by itself: it spends at most a
safe share of its n^2 seconds of CPU time over the game (more while the board
is open, less as it fills) and bounds its search tree well under 100 MB.

>>> player = Player("red", 5)
>>> player.turn("red", ("PLACE", 1, 3))
>>> action = Player("blue", 5, seed=1, iterations=30)
>>> action.turn("red", ("PLACE", 1, 3))
>>> result = action.action()
>>> result[0] in ("PLACE", "STEAL") and all(type(v) is int for v in result[1:])
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cachex.colours import colour_code
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY, Settings
from cachex.engine.solver import entry_bytes
from cachex.errors import CachexError, InvalidMoveError
from cachex.game import Game
from cachex.notation import Move
from cachex.rules import OPENING_TURNS

# Share of the n^2 CPU seconds the agent allows itself. The referee times each
# agent's own calls; the rest is margin for a search's last slice past its
# deadline and the referee's measuring (its memory tracing slows every call).
SAFE_SHARE = 0.95
# About 110 to 140 bytes per tree slot (measured: 139 on 5 x 5, where nodes are
# small, 114 on 15 x 15): 400,000 slots stay under 56 MB.
AGENT_MAX_SLOTS = 400_000
# The proof search's tables (``cachex.engine.solver``) may take this many bytes, beside
# the tree's 400,000 slots (56 MB on 5 x 5, 46 MB on 15 x 15, measured): about
# 43,000 entries on 15 x 15, 83,000 on 5 x 5.
AGENT_PROOF_BYTES = 32_000_000


def move_of(action: object) -> Move:
    """The move of a course-referee action, ``("PLACE", r, q)`` or ``("STEAL",)``;
    ``InvalidMoveError`` for anything else."""
    if isinstance(action, tuple):
        if action == ("STEAL",):
            return Move.swap()
        if len(action) == 3 and action[0] == "PLACE" and all(type(v) is int and v >= 0 for v in action[1:]):
            return Move.place(action[1], action[2])
    raise InvalidMoveError(f"{action!r} is not an action: expected ('PLACE', r, q) or ('STEAL',)")


def action_of(move: Move) -> tuple[str] | tuple[str, int, int]:
    """``move`` as a course-referee action tuple, of plain ints."""
    return ("STEAL",) if move.is_swap else ("PLACE", move.r, move.q)


def proof_entries(n: int) -> int:
    """The bound on the proof tables' entries on an ``n`` board: ``AGENT_PROOF_BYTES``
    at the solver's estimate of an entry's size, which grows with the board."""
    return AGENT_PROOF_BYTES // entry_bytes(n)


# The share of the empty cells ``move_time`` expects to be a player's moves to come.
PACE = 0.25
# Moves ``move_time`` expects beyond the pace's share of the empty cells: this
# many for every n turns the game has lasted, counting up to n^2 turns (so up to
# ``TAIL`` times n more). Captures empty cells again, so a game that has run
# long runs on; growing with the turns, the tail leaves the opening's time as it was.
TAIL = 2.0
# Moves ``move_time`` always expects beyond those, and the fewest it ever expects.
EXTRA_MOVES = 2.0
FEWEST_MOVES = 3.0
# The opening turns (the first stone and the swap decision) get this many shares
# of the time: with the swap rule they weigh most.
OPENING_SHARES = 2.0
# No move takes more than this share of the time left.
MOST_PER_MOVE = 1 / 3
# A search shorter than this many seconds is run by iterations instead
# (``SHORT_ITERATIONS``): the clock's granularity would decide it.
SHORT_SEARCH = 0.02
SHORT_ITERATIONS = 8


@dataclass(frozen=True)
class TimePlan:
    """How an agent spreads its budget over a game: one value, checked once.

    ``pace`` is the share of the empty cells expected to be the agent's moves
    to come (a smaller pace spends more now, less later); ``tail`` is how many
    more moves to expect for every n turns the game has lasted (up to n^2
    turns), for a long game running on through captures. ``ValueError`` for
    a setting out of range.

    >>> TimePlan(pace=0.4).pace
    0.4
    >>> TimePlan(tail=0.0).expected_moves(30, 7, 21), TimePlan(tail=1.0).expected_moves(30, 7, 21)
    (9.5, 12.5)
    """

    pace: float = PACE
    tail: float = TAIL

    def __post_init__(self) -> None:
        if not 0.0 < self.pace <= 1.0:
            raise ValueError(f"pace is a share of the empty cells, above 0 and at most 1, not {self.pace}")
        if not 0.0 <= self.tail <= 4.0:
            raise ValueError(f"tail is a count of moves per n turns from 0 to 4, not {self.tail}")

    def expected_moves(self, empties: int, n: int, turns: int) -> float:
        """The moves still to come for the player to move, with ``empties`` empty
        cells on the ``n`` board after ``turns`` turns: the pace's share of the
        empty cells, ``EXTRA_MOVES`` more, and the tail; never fewer than ``FEWEST_MOVES``."""
        tail = self.tail * min(turns, n * n) / n
        return max(FEWEST_MOVES, self.pace * empties + EXTRA_MOVES + tail)


# The plan the agent plays with.
PLAN = TimePlan()


def move_time(remaining: float, game: Game, plan: TimePlan = PLAN) -> float:
    """Seconds to spend on this move out of ``remaining`` for the rest of the game.

    Spreads the time over the moves still likely to come
    (``TimePlan.expected_moves``), never more than ``MOST_PER_MOVE`` of what
    is left; the opening turns get ``OPENING_SHARES`` shares.
    """
    shares = OPENING_SHARES if game.turn_count < OPENING_TURNS else 1.0
    share = shares / plan.expected_moves(game.empty_count, game.n, game.turn_count)
    return max(0.0, min(remaining * share, remaining * MOST_PER_MOVE))


class RefereePlayer:
    """The referee's agent interface: the game record, legality and CPU accounting.

    A subclass says how to choose a move in ``choose(seconds)``; this class
    keeps the game as the referee reports it, spends the budget by
    ``move_time`` and never hands the referee an illegal action. Every call's
    CPU time counts against the budget, ``turn()`` calls included.
    """

    def __init__(self, player: str, n: int, time_limit: float | None = None,
                 plan: TimePlan = PLAN) -> None:
        colour_code(player)  # ValueError unless "red" or "blue"
        self.plan = plan
        self.colour = player
        self.game = Game(n)
        self.budget = SAFE_SHARE * (time_limit if time_limit is not None else n * n)
        self.used = 0.0

    def choose(self, seconds: float) -> Move:
        """The move to play in ``self.game`` within about ``seconds`` of CPU time."""
        raise NotImplementedError

    def action(self) -> tuple[str] | tuple[str, int, int]:
        """Choose this turn's action as the referee's exact tuple of plain ints."""
        start = time.process_time()
        legal = self.game.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        else:
            move = self.choose(move_time(self.budget - self.used, self.game, self.plan))
            if not self.game.is_legal(move):  # never hand the referee an illegal action
                move = legal[0]
        self.used += time.process_time() - start
        return action_of(move)

    def turn(self, player: str, action: object) -> None:
        """Record a turn (ours or the opponent's) as the referee reports it."""
        start = time.process_time()
        try:
            self.game.play(move_of(action))
        except CachexError as exc:
            raise ValueError(f"the referee reported a move this agent finds illegal: {exc}") from exc
        self.used += time.process_time() - start


class Player(RefereePlayer):
    """The referee's agent: the MCTS with the settings the computer plays with
    (``cachex.engine.settings.PLAY``, or ``settings`` for tuning), its tree kept
    between moves."""

    def __init__(self, player: str, n: int, seed: int | None = None,
                 iterations: int | None = None, time_limit: float | None = None,
                 settings: Settings = PLAY, max_slots: int = AGENT_MAX_SLOTS,
                 plan: TimePlan = PLAN) -> None:
        super().__init__(player, n, time_limit, plan)
        self.search = MCTS(settings, seed=seed, max_slots=max_slots, proof_entries=proof_entries(n))
        self.iterations = iterations

    def choose(self, seconds: float) -> Move:
        """The search's move: by ``iterations`` if given, else within ``seconds`` of CPU
        time, the time the budget is counted in (on a busy machine wall time would
        leave the search part of what it may use)."""
        if self.iterations is not None:
            return self.search.search(self.game, iterations=self.iterations).move
        short = seconds <= SHORT_SEARCH
        return self.search.search(self.game, iterations=SHORT_ITERATIONS if short else None,
                                  seconds=max(seconds, SHORT_SEARCH / 2), clock=time.process_time).move
