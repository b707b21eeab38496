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
from cachex.errors import CachexError
from cachex.game import Game
from cachex.mcts import MCTS, PLAY, SearchResult, Settings
from cachex.notation import Move
from cachex.solver import entry_bytes

# Share of the n^2 CPU seconds the agent allows itself. The referee times each
# agent's own calls; the rest is margin for a search's last slice past its
# deadline and the referee's measuring (its memory tracing slows every call).
SAFE_SHARE = 0.95
# About 110 to 140 bytes per tree slot (measured: 139 on 5 x 5, where nodes are
# small, 114 on 15 x 15): 400,000 slots stay under 56 MB.
AGENT_MAX_SLOTS = 400_000
# The proof search's tables (``cachex.solver``) may take this many bytes, beside
# the tree's 400,000 slots (56 MB on 5 x 5, 46 MB on 15 x 15, measured): about
# 43,000 entries on 15 x 15, 83,000 on 5 x 5.
AGENT_PROOF_BYTES = 32_000_000


def proof_entries(n: int) -> int:
    """The bound on the proof tables' entries on an ``n`` board: ``AGENT_PROOF_BYTES``
    at the solver's estimate of an entry's size, which grows with the board."""
    return AGENT_PROOF_BYTES // entry_bytes(n)


# The share of the empty cells ``move_time`` expects to be a player's moves to come.
PACE = 0.25
# Empty cells from which the proof search usually settles the game within a move
# (``cachex.mcts``'s ``solve_empties``): ``move_time`` expects no moves to think
# about below them (0 counts every empty cell). Measured on 5 x 5 against
# resistance and shortest-path, 20 games each (seed 4701): 12 won 30.5 of 40,
# 0 won 33 of 40 (``agent:settled=12``); not adopted.
SETTLED = 0
# How much longer a contested move searches, as a share of its planned time
# (``Player``; 0 turns it off).
EXTENSION = 0.0
# Moves ``move_time`` expects beyond the pace's share of the empty cells: this
# many for every n turns the game has lasted, counting up to n^2 turns (so up to
# ``TAIL`` times n more). Captures empty cells again, so a game that has run
# long runs on: in the arena's games at the official limits (``python -m
# bench.game_length``) the mover still made a median of 9 to 13 moves on 7 x 7
# with 8 to 24 empty cells, where the pace alone expects 4 to 8, and long games
# starved (0.02 s a move by turn 77). Growing with the turns, the tail leaves
# the opening's time as it was. Capped at half a move per empty cell (c5dfa94,
# so that the end of a long game was not expected to last) it won 14 of 20
# against chain-span on 7 x 7 where uncapped it won 18 (seed 4902); all six
# losses ran 58 to 94 turns. Not adopted.
TAIL = 2.0


# How many shares of the plan a move gets whose search is mostly proof search
# (``MCTS.proves_most``: few empty cells). In 9 x 9 games at 3de45e4 lost to
# shortest-path, four of five ran 155 to 175 turns and were lost at 8 to 14 empty
# cells with both sides near the end of their budgets: at one (turn 143, 8 empty
# cells, one move holding), the plan gave about 0.18 s, fresh searches of 0.15 s
# or less chose the losing move 12 times of 12, of 0.3 s or more the holding one
# 9 of 9.
ENDGAME = 2.0


# A search is contested when its second most visited move has at least this share
# of the first's visits: the choice is still open (see ``contested``).
CONTESTED = 0.5


@dataclass(frozen=True)
class TimePlan:
    """How an agent spreads its budget over a game: one value, checked once.

    ``pace`` is the share of the empty cells expected to be the agent's moves
    to come (a smaller pace spends more now, less later); the ``settled`` last
    empty cells are left out of that count; ``extension`` is how much longer a
    contested move searches, as a share of its planned time (0: never);
    ``tail`` is how many more moves to expect for every n turns the game has
    lasted (up to n^2 turns), for a long game running on through captures;
    ``endgame`` is how many shares a move gets whose search is mostly proof
    search (``move_time``).
    ``ValueError`` for a setting out of range.

    >>> TimePlan(pace=0.4).pace, TimePlan().extension
    (0.4, 0.0)
    >>> TimePlan(tail=0.0).expected_moves(30, 7, 21), TimePlan(tail=1.0).expected_moves(30, 7, 21)
    (9.5, 12.5)
    """

    pace: float = PACE
    settled: int = SETTLED
    extension: float = EXTENSION
    tail: float = TAIL
    endgame: float = ENDGAME

    def __post_init__(self) -> None:
        if not 0.0 < self.pace <= 1.0:
            raise ValueError(f"pace is a share of the empty cells, above 0 and at most 1, not {self.pace}")
        if not (isinstance(self.settled, int) and 0 <= self.settled <= 225):
            raise ValueError(f"settled is a count of empty cells from 0 to 225, not {self.settled!r}")
        if not 0.0 <= self.extension <= 2.0:
            raise ValueError(f"extension is a share of a move's time from 0 to 2, not {self.extension}")
        if not 0.0 <= self.tail <= 4.0:
            raise ValueError(f"tail is a count of moves per n turns from 0 to 4, not {self.tail}")
        if not 1.0 <= self.endgame <= 4.0:
            raise ValueError(f"endgame is a number of shares from 1 to 4, not {self.endgame}")

    def expected_moves(self, empties: int, n: int, turns: int) -> float:
        """The moves still to come for the player to move, with ``empties`` empty
        cells on the ``n`` board after ``turns`` turns: the pace's share of the
        empty cells but the settled ones, two more, and the tail; never fewer
        than three."""
        tail = self.tail * min(turns, n * n) / n
        return max(3.0, self.pace * max(0, empties - self.settled) + 2.0 + tail)


# The plan the agent plays with.
PLAN = TimePlan()


def move_time(remaining: float, game: Game, plan: TimePlan = PLAN, endgame: bool = False) -> float:
    """Seconds to spend on this move out of ``remaining`` for the rest of the game.

    Spreads the time over the moves still likely to come
    (``TimePlan.expected_moves``), never more than a third of what is left.
    The opening and the swap decision get a double share: with the swap rule
    they weigh most. With ``endgame`` (the search is mostly proof search) the
    move gets the plan's ``endgame`` shares: there a little more time settles it.
    """
    empties = game.empty_count
    shares = 2.0 if game.turn_count < 2 else plan.endgame if endgame else 1.0
    share = shares / plan.expected_moves(empties, game.n, game.turn_count)
    return max(0.0, min(remaining * share, remaining / 3))


def contested(result: SearchResult, share: float = CONTESTED) -> bool:
    """Whether the search left the choice open: neither booked nor proven, and the
    runner-up has at least ``share`` of the most visited move's visits.

    >>> from cachex.notation import Move
    >>> contested(SearchResult(Move.parse("c3"), "red", 0.5, {"c3": 100, "b4": 60}))
    True
    >>> contested(SearchResult(Move.parse("c3"), "red", 0.5, {"c3": 100, "b4": 40}))
    False
    """
    if result.booked or result.proven is not None:
        return False
    top = sorted(result.visits.values(), reverse=True)[:2]
    return len(top) == 2 and top[0] > 0 and top[1] >= share * top[0]


def extension_time(planned: float, remaining: float, extension: float) -> float:
    """The seconds a contested move may search on after ``planned``: ``extension``
    times as long again, but the move never more than a third of ``remaining``
    (``move_time``'s own cap), so the budget holds whatever the extensions."""
    return max(0.0, min(planned * extension, remaining / 3 - planned))


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

    def endgame(self) -> bool:
        """Whether this agent's search of the position is mostly proof search
        (``move_time``'s ``endgame``); none by default."""
        return False

    def action(self) -> tuple[str] | tuple[str, int, int]:
        """Choose this turn's action as the referee's exact tuple of plain ints."""
        start = time.process_time()
        legal = self.game.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        else:
            move = self.choose(move_time(self.budget - self.used, self.game, self.plan,
                                         self.endgame()))
            if not self.game.is_legal(move):  # never hand the referee an illegal action
                move = legal[0]
        self.used += time.process_time() - start
        return move.to_action()

    def turn(self, player: str, action: object) -> None:
        """Record a turn (ours or the opponent's) as the referee reports it."""
        start = time.process_time()
        try:
            self.game.play(Move.from_action(action))
        except CachexError as exc:
            raise ValueError(f"the referee reported a move this agent finds illegal: {exc}") from exc
        self.used += time.process_time() - start


class Player(RefereePlayer):
    """The referee's agent: the MCTS with the settings the computer plays with
    (``cachex.mcts.PLAY``, changed by ``settings`` for tuning), its tree kept
    between moves.

    With the plan's ``extension`` above 0, a move whose search ends
    ``contested`` searches on, in the same tree, for ``extension`` times its
    time again (within ``extension_time``'s cap): the budget goes where the
    choice is still open.
    """

    def __init__(self, player: str, n: int, seed: int | None = None,
                 iterations: int | None = None, time_limit: float | None = None,
                 settings: Settings | None = None, max_slots: int = AGENT_MAX_SLOTS,
                 plan: TimePlan = PLAN) -> None:
        super().__init__(player, n, time_limit, plan)
        chosen: Settings = {**PLAY, **(settings or {})}
        self.search = MCTS(seed=seed, max_slots=max_slots, proof_entries=proof_entries(n),
                           **chosen)
        self.iterations = iterations
        self.extended = 0  # moves searched on because they were contested

    def endgame(self) -> bool:
        return self.search.proves_most(self.game)

    def choose(self, seconds: float) -> Move:
        """The search's move: by ``iterations`` if given, else within ``seconds``
        (and longer if contested, by ``extension``)."""
        if self.iterations is not None:
            return self.search.search(self.game, iterations=self.iterations).move
        result = self._search(seconds)
        if self.plan.extension and contested(result):
            # The cap counts what the first search took, if it ran past its time.
            spent = max(seconds, result.seconds)
            more = extension_time(spent, self.budget - self.used, self.plan.extension)
            if more > 0.02:
                self.extended += 1
                result = self._search(more)
        return result.move

    def _search(self, seconds: float) -> SearchResult:
        """One search of the position by CPU time, the time the budget is counted in:
        on a busy machine wall time would leave the search part of what it may use."""
        return self.search.search(self.game, iterations=None if seconds > 0.02 else 8,
                                  seconds=max(seconds, 0.01), clock=time.process_time)
