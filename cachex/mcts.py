"""Monte Carlo tree search for Cachex: UCT with RAVE, a solver and tactics.

What makes it play well in a Hex-like game:

- UCT selection blended with RAVE (all-moves-as-first) statistics, so a few
  hundred playouts already tell good cells from bad ones;
- playouts under the exact rules with an informed policy: a player answers an
  intrusion into its two-bridge by taking the other carrier cell;
- tactics at every new node: a win in one is played (and the node proven), and
  when the opponent threatens to win in one, only the moves that stop every
  threat (blocking cells, or captures that break the chain) are searched;
- a solver that propagates proven wins and losses up the tree, and with
  ``proof_share`` a proof-number search (``cachex.solver``) that looks for a
  forced win first and makes sure the chosen move does not lose by force;
- the tree is kept between moves, and its size is bounded.

>>> from cachex.game import Game
>>> search = MCTS(seed=1)
>>> result = search.search(Game.from_fragment("v1.3.a1.c1.a2.c2"), iterations=50)
>>> str(result.move), result.colour, result.win_chance, result.chance_for("blue")
('a3', 'red', 1.0, 0.0)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from operator import add
from typing import TYPE_CHECKING, Literal, TypedDict

from cachex.circuit import circuit
from cachex.colours import BLUE, COLOURS, RED, Colour, colour_name, opponent, opposite
from cachex.game import Game
from cachex.geometry import MAX_SIZE, NO_CELL, STEAL, Geometry
from cachex.levels import search_budget
from cachex.notation import Move
from cachex.openings import (
    answer_to_steal,
    book_opening,
    book_reply,
    book_steals,
    opening_chance,
    opening_value,
    proven_value,
)
from cachex.paths import FAR, distance, path_lengths
from cachex.pattern_weights import WEIGHTS as PATTERN_WEIGHTS
from cachex.patterns import strengths, weight_table
from cachex.rules import (
    CONNECTION,
    DRAW,
    FORCED_LOSS,
    FORCED_WIN,
    NOT_FORCED,
    OPENING_TURNS,
    BoardCounts,
    End,
    Groups,
    capturing_cells,
    ending,
    forced_moves,
    legal_codes,
    play_code,
    random_playout,
    stone_count,
)
from cachex.solver import Solver

if TYPE_CHECKING:
    from collections.abc import Callable


class Settings(TypedDict, total=False):
    """The search's tunable settings, as keywords of ``MCTS``."""

    exploration: float
    rave_bias: float
    bridge_replies: bool
    tactics: bool
    diamond_replies: bool
    prior_weight: int
    prior_after: int
    book: bool
    path_values: float
    capture_replies: bool
    decisive_moves: bool
    capture_prior: bool
    resistance_prior: bool
    circuit_values: bool
    expand_after: int
    stop_early: bool
    minimax_weight: float
    proof_share: float
    solve_up_to: int
    solve_empties: int
    check_only: bool
    proof_from: int
    pattern_prior: bool
    leaf_playouts: int


# The settings the computer plays with, one owner for the referee agent and the
# page's worker (measured against the sparring pool with ``bench.arena``).
# ``expand_after`` 1 keeps the tree about five times smaller for the same playouts,
# so its bound (the agent's 400,000 slots, the page's 1,000,000) no longer stops
# it growing within a move at the official limits.
# ``solve_up_to`` 4: on 4 x 4 the proofs take a second or less; in an arena game
# (Red after a stolen a2) the search alone had let a proven win go.
# ``pattern_prior``: the learnt move prior (``cachex.patterns``) beat the former
# one 19/20 on 7 x 7 and 18/20 on 9 x 9 head to head at a quarter of the official
# limits, and did better against the pool at the full limits.
# ``prior_after`` 0: that prior is given to a node the first time the search chooses
# among its moves, not after ten visits, so the few visits of the many young nodes
# follow it instead of the all-moves-as-first statistics (which favour the corners);
# it beat ``prior_after`` 10 44/60 head to head at a quarter of the official limits
# on 7 x 7 and 9 x 9, though it costs about 28% of the iterations a second.
# ``solve_empties`` 14: from 14 empty cells down the proof search (``cachex.solver``)
# takes most of each move (``SMALL_BOARD_PROOF_SHARE``). From 22 (as before) it took
# 80% of every move in long 7 x 7 capture games and mostly failed: replaying 20 arena
# 5 x 5 games at 1.5 s a move, the game was first settled at turn 10.7 on average,
# about 14 empty cells. At the official limits against shortest-path (rule 51, in the
# same session as 22's 40 games a size): 7 x 7 37/40 where 22 won 32/40, 5 x 5 36/40
# where 22 won 34/40. It costs on tactical 5 x 5 positions: on the solved positions of
# ``bench.tactics`` at 1 s a search it chose a proven loss 12 times of 107, 22 did 5.
# ``leaf_playouts`` 2: a line that leaves the tree is valued by two playouts, not one
# (the second costs about a quarter of an iteration: x0.78 iterations, x1.56 playouts
# a second at the 9 x 9 middle game). On 2,697 positions of 900 kept 9 x 9 games one
# playout's result predicted the game's with a Brier score of 0.33, two 0.24. Against
# shortest-path at the official limits (rules 65 and 66): 9 x 9 72/80, where one
# playout had won 64/80; 7 x 7 37/40.
# ``proof_share`` 0.1 with ``check_only``: a tenth of each search (from turn 2 on)
# goes to proof search that checks the chosen move, and the next while one is proven
# to give the opponent a forced win. In four of the five 11 x 11 games lost to
# chain-span and shortest-path at 72bcf5d, the first move of ours that the solver
# proves lost is refuted within 92 to 1,393 positions; fresh 1.2 s searches around
# those moves chose such a move 6 times in 30 without the check, 2 with it.
# On every size (rule 67) it met 11 x 11 against chain-span
# (37.5/40, 35.5/40 without it) and shortest-path, 9 x 9 and 5 x 5 against both,
# but lost 3 of its first 5 games on 5 x 5 against resistance (10/10 without it):
# there a move has 1-2 s, a tenth of it is too short to refute a losing move (one
# took 5,449 positions) and costs the search. ``proof_from`` 9 checks only on the
# boards where the check paid (rule 68).
PLAY: Settings = {"book": True, "diamond_replies": True, "prior_weight": 10, "prior_after": 0,
                  "expand_after": 1, "solve_up_to": 4, "pattern_prior": True, "solve_empties": 14,
                  "leaf_playouts": 2, "proof_share": 0.1, "check_only": True, "proof_from": 9}

# Red's result of a finished line, by its winner's code (or DRAW).
_RED_VALUE = {RED: 1.0, BLUE: 0.0, DRAW: 0.5}
# How sure the connection distances' estimate is per cell of difference (see path_value).
PATH_SLOPE = 0.7
# How sure the circuits' estimate is per unit of log resistance ratio, and the
# mover's edge in that unit (see circuit_value).
CIRCUIT_SLOPE = 1.5
CIRCUIT_TEMPO = 0.2

# Proof search positions per playout of an iteration budget: a position costs about
# half a playout at n = 5 (measured: 10,000 positions, 4,000 playouts a second).
PROOF_NODES_PER_PLAYOUT = 2
# The proof search may take at least this many positions, however small the
# iteration budget: a win a few moves deep takes a few dozen, a millisecond, and
# a search cut to a handful of playouts (an agent near the end of its budget)
# missed one (arena game at 4de3548, 7 x 7, turn 123: won in 24 positions).
PROOF_MIN_NODES = 256

# The share of each search's budget the proof search gets at least on the boards of
# ``solve_up_to`` or smaller, where it settles most positions from the third turn on
# (and with ``solve_empties`` where few cells are empty).
SMALL_BOARD_PROOF_SHARE = 0.8
# ``solve_empties`` counts only from this many stones on the board: with fewer
# (20 to 22 empty cells on 5 x 5) no position of the arena's lost games was proven
# within 400,000 positions (``python -m bench.proofs``), and each try left the
# search a fifth of its time.
PROOF_MIN_STONES = 6

# How much less the prior values a cell for each cell its shortest connection is longer.
PRIOR_STEP = 0.25
# With ``pattern_prior``: the prior values the strongest cell 1 and one this many
# times weaker 0 (log scale between).
PATTERN_SPAN = 50.0
# The learnt weights by feature index, for ``cachex.patterns.strengths``.
PATTERN_TABLE = weight_table(PATTERN_WEIGHTS)

# What the solver knows of a node, for the player to move there.
UNPROVEN = NOT_FORCED
WIN = FORCED_WIN
LOSS = FORCED_LOSS

Verdict = Literal["win", "loss"]

@dataclass
class SearchResult:
    """What a search found: the move, its estimated winning chance and the visits.

    Every figure is from the point of view of ``colour``, the player to move
    in the searched position (who would play ``move``): ``win_chance`` is
    that player's chance and ``proven`` what the solver proved for that
    player. ``chance_for(colour)`` gives either side's chance. ``line`` is
    the best line the tree holds: ``move``, then the best reply to it, and so
    on, each the most visited move where the search has been. ``booked`` says
    the move came from the opening book: it is final, more search changes nothing.
    """

    move: Move
    colour: Colour
    win_chance: float
    visits: dict[str, int] = field(default_factory=dict)
    iterations: int = 0
    seconds: float = 0.0
    proven: Verdict | None = None
    line: list[str] = field(default_factory=list)
    booked: bool = False

    def chance_for(self, colour: str) -> float:
        """The estimated winning chance of ``colour`` ("red" or "blue")."""
        if colour == self.colour:
            return self.win_chance
        if colour == opposite(self.colour):
            return round(1.0 - self.win_chance, 4)
        raise ValueError(f"unknown colour {colour!r}: choose 'red' or 'blue'")

    def to_dict(self) -> dict[str, object]:
        """Plain data (for a worker message or JSON), with both sides' chances."""
        return {"move": str(self.move), "colour": self.colour, "win_chance": self.win_chance,
                "chances": {c: self.chance_for(c) for c in COLOURS},
                "visits": self.visits, "iterations": self.iterations, "seconds": self.seconds,
                "proven": self.proven, "line": self.line, "booked": self.booked}


class Node:
    """A position in the tree; the statistics of its moves live in per-move lists.

    ``visits[i]`` and ``wins[i]`` count the playouts through move ``i`` and
    their value for the player to move here; ``amaf_visits[i]`` and
    ``amaf_wins[i]`` the same for every playout in which this player played
    that move's cell later (all moves as first, for RAVE). ``total`` counts
    the playouts through this node. ``means[i]`` is move ``i``'s value by
    those, its score before exploration (``_mean``), kept up to date as they
    change so that choosing a move is a C-level pass over the moves;
    ``shrinks[i]`` is ``1 / sqrt(visits[i] + 1)`` (``_shrink_table``), the
    exploration term's factor, kept up to date likewise.
    """

    __slots__ = ("amaf_visits", "amaf_wins", "backed", "children", "draw", "index", "means",
                 "minimax", "moves", "primed", "proven", "settled", "shrinks", "to_move", "total",
                 "virtual", "visits", "wins")

    def __init__(self, to_move: int, moves: list[int], proven: int = UNPROVEN,
                 draw: bool = False) -> None:
        self.to_move = to_move
        self.moves = moves
        self.proven = proven  # WIN or LOSS for the player to move here, or UNPROVEN
        self.draw = draw  # a drawn end (repetition or turn limit)
        k = len(moves)
        self.visits = [0] * k
        self.wins = [0.0] * k
        self.amaf_visits = [0] * k
        self.amaf_wins = [0.0] * k
        self.means = [0.5] * k
        self.shrinks = [1.0] * k
        self.children: list[Node | None] = [None] * k
        self.index = dict(zip(moves, range(k), strict=True))
        self.total = 0
        self.primed = False  # whether the prior has been added (see MCTS._prime)
        self.settled = False  # whether a child may be proven (see MCTS._select)
        self.virtual = 0  # the prior's virtual playouts in each move's visits (see MCTS._prime)
        # With ``minimax_weight``: the node's heuristic value for its mover, backed up
        # by minimax over the moves whose nodes exist, and each such move's value
        # here (``backed[i]``, -1 while the move has no node); see MCTS._backup_minimax.
        self.minimax = 0.5
        self.backed: list[float] | None = None

    def terminal_winner(self) -> int | None:
        """The winner's code (or ``DRAW``) if this node's result is known, else ``None``."""
        if self.proven == WIN:
            return self.to_move
        if self.proven == LOSS:
            return opponent(self.to_move)
        return DRAW if self.draw else None


class MCTS:
    """A reusable searcher; call ``search(game, ...)`` once per move.

    ``seed`` makes it reproducible (with an iteration budget). ``max_slots``
    bounds memory: the total number of child entries in the tree (about 100
    bytes each, measured: 1,000,000 slots is about 100 MB); past it the tree
    stops growing and playouts go on. With ``expand_after`` k, a move's node
    is added only on the move's visit after k earlier ones: most leaves are
    visited once, so the same slots hold a tree for many more playouts.
    ``stop_early`` ends a search once its choice can no longer change
    (see ``search``; measured against the pool, not adopted in ``PLAY``).
    ``minimax_weight`` blends each move's playout average with a minimax
    value of the connection distances' estimate over the tree (implicit
    minimax backups, Lanctot et al. 2014): tactics the random playouts miss,
    the tree's minimax sees. ``proof_share`` is the share of each search's
    budget given to proof-number search (see ``search``), all of it to
    checking the chosen move with ``check_only``, on boards of ``proof_from``
    or larger only; ``proof_entries`` bounds its table. On boards of
    ``solve_up_to`` or smaller, and on any board with at most ``solve_empties``
    empty cells (and ``PROOF_MIN_STONES`` stones), that share is at least
    ``SMALL_BOARD_PROOF_SHARE``. ``decisive_moves`` is passed to the playouts
    (``rules.random_playout``; measured on 5 x 5, not adopted).
    ``pattern_prior`` makes the prior (``prior_weight`` virtual playouts per
    move) the learnt move features' strength (``cachex.patterns``, weights in
    ``cachex.pattern_weights``) instead of the distance to a shortest connection.
    """

    def __init__(self, seed: int | None = None, exploration: float = 0.1,
                 rave_bias: float = 0.002, bridge_replies: bool = True,
                 tactics: bool = True, max_slots: int = 1_000_000, diamond_replies: bool = False,
                 prior_weight: int = 0, prior_after: int = 10, book: bool = False,
                 path_values: float = 0.0, capture_replies: bool = False,
                 capture_prior: bool = False, resistance_prior: bool = False,
                 circuit_values: bool = False, expand_after: int = 0,
                 stop_early: bool = False, minimax_weight: float = 0.0,
                 proof_share: float = 0.0, proof_entries: int = 100_000,
                 solve_up_to: int = 0, solve_empties: int = 0,
                 decisive_moves: bool = False, check_only: bool = False,
                 proof_from: int = 0, pattern_prior: bool = False,
                 leaf_playouts: int = 1) -> None:
        self.rng = random.Random(seed)
        if leaf_playouts < 1:
            raise ValueError(f"leaf_playouts counts playouts from a leaf: at least 1, not {leaf_playouts}")
        self.leaf_playouts = int(leaf_playouts)
        self.pattern_prior = pattern_prior
        self.exploration = exploration
        self.rave_bias = rave_bias
        self.bridge_replies = bridge_replies
        self.diamond_replies = diamond_replies
        self.capture_replies = capture_replies
        self.decisive_moves = decisive_moves
        self.check_only = check_only
        self.capture_prior = capture_prior
        self.resistance_prior = resistance_prior
        self.circuit_values = circuit_values
        if expand_after < 0:
            raise ValueError(f"expand_after counts earlier visits: at least 0, not {expand_after}")
        self.expand_after = int(expand_after)
        self.stop_early = stop_early
        if not 0.0 <= minimax_weight <= 1.0:
            raise ValueError(f"minimax_weight is a share from 0 to 1, not {minimax_weight}")
        self.minimax_weight = minimax_weight
        if not 0.0 <= proof_share < 1.0:
            raise ValueError(f"proof_share is a share from 0 to below 1, not {proof_share}")
        self.proof_share = proof_share
        if not 0 <= proof_from <= MAX_SIZE:
            raise ValueError(f"proof_from is a board size up to {MAX_SIZE}, or 0 for every size, "
                             f"not {proof_from}")
        self.proof_from = int(proof_from)
        self.proof_entries = int(proof_entries)
        if not 0 <= solve_up_to <= MAX_SIZE:
            raise ValueError(f"solve_up_to is a board size up to {MAX_SIZE}, or 0 for none, "
                             f"not {solve_up_to}")
        self.solve_up_to = int(solve_up_to)
        if solve_empties < 0:
            raise ValueError(f"solve_empties counts empty cells: at least 0, not {solve_empties}")
        self.solve_empties = int(solve_empties)
        self.solver: Solver | None = None
        self.prior_weight = prior_weight
        self.prior_after = prior_after
        self.book = book
        if not 0.0 <= path_values <= 1.0:
            raise ValueError(f"path_values is a share from 0 to 1, not {path_values}")
        self.path_values = path_values
        self.tactics = tactics
        self.max_slots = max_slots
        self.slots = 0
        self.root: Node | None = None
        self.root_moves: list[Move] = []
        self.root_size = 0
        self.root_last = NO_CELL  # the move that led to the searched position

    # --- public ---------------------------------------------------------------

    def search(self, game: Game, iterations: int | None = None,
               seconds: float | None = None,
               clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        """Think about ``game``'s position and return the chosen move.

        Stops after ``iterations`` playouts or ``seconds`` by ``clock`` (wall
        time unless another is given: the referee agent, whose budget is CPU
        time, passes ``time.process_time``), whichever comes first (one of
        them is required). With ``stop_early`` it also stops as soon as the
        playouts left (by the iterations, or by the rate so far and the time)
        could not change the move chosen. With ``proof_share`` (from turn 2 on,
        on boards of ``proof_from`` or larger) a share of the budget goes to
        proof-number search: half of it first, for a forced win of the player to move (played at once if found), half
        last, to make sure the chosen move does not give the opponent a forced
        win (a move proven to do so is marked lost, and the next is checked).
        With ``check_only`` all of that share goes to the last check, except on
        the boards where the small-board share applies (``solve_up_to``,
        ``solve_empties``): there the forced win is looked for first, as without it.
        """
        if game.outcome is not None:
            raise ValueError("the game is over: there is nothing to search")
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        geo = game.geometry
        banned = NO_CELL
        if self.book and (game.turn_count < OPENING_TURNS or _after_steal(game)):
            booked = self._book_move(game)
            if booked is not None and booked[0] != NO_CELL:
                return booked[1]
            if booked is not None:
                banned = STEAL  # the book declines the steal: search the placements
        root = self._root_for(game)
        self.root_last = game.moves[-1].code(geo.n) if game.moves else NO_CELL
        board = game.board
        turns = game.turn_count
        counts = game.repetitions()
        most = max(map(stone_count, counts), default=0)
        start = clock()
        deadline = start + seconds if seconds is not None else math.inf
        share = self.proof_share if geo.n >= self.proof_from else 0.0
        stones = stone_count(board)
        check_only = self.check_only
        if geo.n <= self.solve_up_to or (geo.size - stones <= self.solve_empties
                                         and stones >= PROOF_MIN_STONES):
            share = max(share, SMALL_BOARD_PROOF_SHARE)
            check_only = False  # where the game can be settled, look for the win too
        proving = bool(share) and turns >= OPENING_TURNS and not root.proven
        if not check_only:
            share /= 2
        proof_seconds = seconds * share if proving and seconds is not None else None
        proof_nodes = (max(PROOF_MIN_NODES, int(iterations * share * PROOF_NODES_PER_PLAYOUT))
                       if proving and iterations is not None else None)
        if proving and not check_only:
            self._prove_win(geo, root, board, proof_nodes, proof_seconds, clock)
        search_end = deadline - (proof_seconds or 0.0)
        done = 0
        limit = iterations if iterations is not None else 1 << 62
        groups = Groups(geo, bytearray(board))  # copied by every iteration
        while done < limit and not root.proven:
            self._iterate(geo, root, board, turns, counts, most, groups)
            done += 1
            if done & 15 == 0:
                now = clock()
                if now >= search_end:
                    break
                if (self.stop_early and done & 255 == 0 and banned == NO_CELL
                        and _decided(root, min(limit - done,
                                               done / (now - start) * (search_end - now)))):
                    break
        if proving and not root.proven:
            self._check_choice(geo, root, board, proof_nodes,
                               None if seconds is None else deadline - clock(), clock)
        return self._result(root, geo, done, clock() - start, banned)

    # --- proof-number search --------------------------------------------------------

    def _solver(self, geo: Geometry) -> Solver:
        """The proof search for this size, its table kept from search to search."""
        if self.solver is None or self.solver.geo.n != geo.n:
            self.solver = Solver(geo, max_entries=self.proof_entries)
        return self.solver

    def _prove_win(self, geo: Geometry, root: Node, board: bytes, nodes: int | None,
                   seconds: float | None, clock: Callable[[], float]) -> None:
        """Look for a forced win of the root's mover; if found, its move wins the root."""
        me = root.to_move
        proof = self._solver(geo).prove(board, me, me, nodes, seconds, clock)
        i = root.index.get(proof.move)
        if proof.status == "proven" and i is not None:
            _mark(root, i, LOSS)
            root.proven = WIN

    def _check_choice(self, geo: Geometry, root: Node, board: bytes, nodes: int | None,
                      seconds: float | None, clock: Callable[[], float]) -> None:
        """Make sure the move ranked first does not give the opponent a forced win.

        While proof search shows (within ``nodes`` in all, or ``seconds``)
        that it does, the move is marked lost and the next one checked; when
        every move is lost so, the root is.
        """
        solver = self._solver(geo)
        end = clock() + seconds if seconds is not None else math.inf
        nodes_left = nodes if nodes is not None else 1 << 62
        opp = opponent(root.to_move)
        while nodes_left > 0:
            left = end - clock()
            if left <= 0:
                return
            i = _ranked_first(root)
            child = root.children[i]
            if child is not None and child.proven == WIN:
                return  # every move is known to lose
            after = bytearray(board)
            play_code(after, geo, root.moves[i], root.to_move)
            proof = solver.prove(after, opp, opp, nodes_left,
                                 None if seconds is None else left, clock)
            nodes_left -= proof.nodes
            if proof.status != "proven":
                return
            _mark(root, i, WIN)
            if _every_move_loses(root):
                root.proven = LOSS
                return

    def _book_move(self, game: Game) -> tuple[int, SearchResult] | None:
        """The opening book's answer (``cachex.openings``) on turns 0 and 1, and on
        turn 2 after a steal, if the size has one.

        Returns the booked move's code and its result, or ``NO_CELL`` and no
        move of its own when the book declines the steal without a proven
        reply (the search then chooses among the placements).
        """
        n = game.n
        colour = colour_name(game.mover)
        if _after_steal(game):
            stone = game.moves[0].code(n)
            answer = answer_to_steal(n, stone)
            value = opening_value(n, stone)
            if answer is None or value is None:
                return None
            return answer, _booked_reply(n, answer, stone, value, colour)
        if game.turn_count == 0:
            cell = book_opening(n, self.rng.random)
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
        return STEAL, SearchResult(Move.swap(), colour, round(value, 4), line=[str(Move.swap())],
                                     booked=True)

    def advance(self, game: Game) -> None:
        """Move the kept tree to ``game``'s position (done by ``search`` too)."""
        self._root_for(game)

    # --- the tree ------------------------------------------------------------------

    def _root_for(self, game: Game) -> Node:
        """The kept subtree for ``game``'s position if the tree holds it, else a new root."""
        root = self._kept_root(game)
        if root is not None:
            if root is not self.root:  # the rest of the old tree is garbage now
                self.slots = _count_slots(root)
        else:
            self.slots = 0
            root = self._expand(game.geometry, bytearray(game.board), game.mover,
                                game.turn_count, None)
        self.root, self.root_moves, self.root_size = root, game.moves, game.n
        return root

    def _kept_root(self, game: Game) -> Node | None:
        """The node of ``game``'s position in the kept tree, if it is there and running."""
        moves = game.moves
        node = self.root
        if (node is None or self.root_size != game.n
                or moves[: len(self.root_moves)] != self.root_moves):
            return None
        for move in moves[len(self.root_moves):]:
            i = node.index.get(move.code(game.n))
            child = node.children[i] if i is not None else None
            if child is None:
                return None
            node = child
        return None if node.draw or not node.moves else node

    def _expand(self, geo: Geometry, board: bytearray, me: int, turn: int,
                end: End | None) -> Node:
        """A new node for this position, ``me`` to move, ``end`` how the move into it ended the game."""
        if end == CONNECTION:
            node = Node(me, [], proven=LOSS)
        elif end is not None:
            node = Node(me, [], draw=True)
        else:
            moves = legal_codes(board, geo, turn)
            proven = UNPROVEN
            if self.tactics and turn >= OPENING_TURNS:
                moves, proven = forced_moves(board, geo, me, moves)
            self.slots += len(moves)
            node = Node(me, moves, proven=proven)
        if self.minimax_weight:
            node.backed = [-1.0] * len(node.moves)
            if node.proven or node.draw:
                node.minimax = _settled_value(node)
            else:
                red = path_value(board, geo, me)
                node.minimax = red if me == RED else 1.0 - red
        return node

    # --- one iteration ---------------------------------------------------------------

    def _iterate(self, geo: Geometry, root: Node, board0: bytes, turn0: int,
                 counts0: dict[bytes, int], most: int, groups0: Groups) -> None:
        """Descend the tree to a known result or out of it, then back the result up.

        ``counts0`` holds the game's boards, none with more than ``most`` stones;
        ``groups0`` the groups of ``board0``, which a copy follows down the line.
        """
        board = bytearray(board0)
        groups = groups0.copy(board)
        turn = turn0
        counts = BoardCounts(counts0, most)
        path: list[tuple[Node, int]] = []
        sequence: list[int] = []
        node = root
        value: float  # Red's result of the line: 1 a win, 0 a loss, 0.5 a draw, or between
        while (winner := node.terminal_winner()) is None:
            if not node.primed and node.total >= self.prior_after:
                self._prime(geo, node, board, sequence[-1] if sequence else self.root_last)
            i = self._select(node)
            path.append((node, i))
            code = node.moves[i]
            sequence.append(code)
            won = groups.follow(code, node.to_move, play_code(board, geo, code, node.to_move))
            turn += 1
            repeats = counts.add(board)
            child = node.children[i]
            if child is None:
                value = self._leave_tree(geo, node, i, board, turn, repeats, counts, sequence,
                                         won, groups)
                break
            node = child
        else:
            value = _RED_VALUE[winner]
        self._backup(path, sequence, value, self.rave_bias)
        if self.minimax_weight:
            _backup_minimax(path)

    def _leave_tree(self, geo: Geometry, node: Node, i: int, board: bytearray, turn: int,
                    repeats: int, counts: BoardCounts, sequence: list[int], won: bool,
                    groups: Groups) -> float:
        """Red's result of a line that just left the tree by move ``i`` of ``node``
        (``won``: whether that move joined its edges; ``groups``: the board's groups).

        The move's node is added if there is room and the move has been tried
        ``expand_after`` times before; then the game's end, that node's proof,
        or the leaf's value decides: the mean of ``leaf_playouts`` random
        playouts (the last one's moves added to ``sequence``), blended with
        ``path_values`` of the connection distances' estimate, or with
        ``circuit_values`` the circuits' (all of it at 1, when no playout is run).
        """
        me = node.to_move
        end = ending(won, repeats, turn)
        if self.slots < self.max_slots and node.visits[i] - node.virtual >= self.expand_after:
            child = node.children[i] = self._expand(geo, board, opponent(me), turn, end)
            known = child.terminal_winner()
            if known is not None:
                return _RED_VALUE[known]
        if end is not None:
            return _RED_VALUE[me if end == CONNECTION else DRAW]
        share = self.path_values
        value = circuit_value if self.circuit_values else path_value
        estimate = value(board, geo, opponent(me)) if share else 0.0
        if share >= 1.0:
            return estimate
        result = 0.0
        for _ in range(self.leaf_playouts - 1):  # the extra playouts, on copies; only the last
            more = bytearray(board)               # adds its moves to ``sequence``
            result += self._playout(geo, more, turn, counts.copy(), sequence[-1:], groups.copy(more))
        result += self._playout(geo, board, turn, counts, sequence, groups)
        return share * estimate + (1.0 - share) * result / self.leaf_playouts

    def _playout(self, geo: Geometry, board: bytearray, turn: int, counts: BoardCounts,
                 played: list[int], groups: Groups) -> float:
        """Red's result of one random playout from ``board`` with this search's playout policy."""
        winner = random_playout(geo, board, turn, counts, self.rng.random, played,
                                self.bridge_replies, self.diamond_replies, self.capture_replies,
                                groups, self.decisive_moves)
        return _RED_VALUE[winner]

    def _prime(self, geo: Geometry, node: Node, board: bytearray, last: int) -> None:
        """Add prior knowledge to a node once it has been visited ``prior_after`` times.

        Each move gets ``prior_weight`` virtual playouts, won in proportion to
        its value by ``_prior_values``. Waiting for the visits keeps the cost
        (four breadth-first searches, or two circuits) off the many nodes
        visited once.
        """
        node.primed = True
        weight = int(self.prior_weight)
        if not weight or len(node.moves) < 2:
            return
        shrink = _shrink_table(node.total + weight)  # no move has more visits than the node
        for i, value in enumerate(self._prior_values(geo, node, board, last)):
            n = node.visits[i] = node.visits[i] + weight
            node.shrinks[i] = shrink[n]
            node.wins[i] += weight * value
            _refresh_mean(node, i, self.rave_bias)
        node.total += weight
        node.virtual = weight

    def _prior_values(self, geo: Geometry, node: Node, board: bytearray,
                      last: int = NO_CELL) -> list[float]:
        """Each move's prior value, from 0 to 1, by where either player's connection runs.

        By default, how near a cell lies to a shortest connection of either
        player (``cachex.paths``): one on a shortest one, a quarter less per
        extra cell. With ``resistance_prior``, the share of either player's
        current through the cell (``cachex.circuit``), relative to the
        largest. With ``capture_prior``, a cell where either player would
        capture is worth one: take the capture, or stop it. With ``pattern_prior``,
        each cell's strength by the learnt move features (``cachex.patterns``;
        ``last`` is the move that led here) on a log scale: 1 for the strongest,
        0 for one ``PATTERN_SPAN`` times weaker or less.
        """
        me, opp = node.to_move, opponent(node.to_move)
        if self.pattern_prior:
            cells = [c for c in node.moves if c >= 0]
            found = strengths(board, geo, me, last, cells, PATTERN_TABLE)
            top = max(found, default=1.0)
            scale = 1.0 / math.log(PATTERN_SPAN)
            log = math.log
            strength = iter(found)  # the cells are the moves other than the steal, in order
            values = [max(0.0, 1.0 + log(next(strength) / top) * scale) if c >= 0 else 0.0
                      for c in node.moves]
        elif self.resistance_prior:
            _, mine = circuit(board, geo, me)
            _, theirs = circuit(board, geo, opp)
            shares = [mine[c] + theirs[c] if c >= 0 else 0.0 for c in node.moves]
            top = max(shares) or 1.0
            values = [share / top for share in shares]
        else:
            mine_len = path_lengths(board, geo, me)
            theirs_len = path_lengths(board, geo, opp)
            near = [min(mine_len[c], theirs_len[c]) if c >= 0 else FAR for c in node.moves]
            best = min(near)
            values = [max(0.0, 1.0 - PRIOR_STEP * (length - best)) for length in near]
        if self.capture_prior:
            sharp = set(capturing_cells(board, geo, me))
            sharp.update(capturing_cells(board, geo, opp))
            values = [1.0 if c in sharp else value for c, value in zip(node.moves, values, strict=True)]
        return values

    def _select(self, node: Node) -> int:
        """The move to follow: a proven win at once, else the best UCT-RAVE score.

        Children proven lost for the mover are never chosen while others
        remain. Until a child is proven (``node.settled``, set by
        ``_backup``) the children need not be looked at: the score is each
        move's kept mean plus its exploration term, added up in C.
        """
        avoid: set[int] = set()
        if node.settled:
            for i, child in enumerate(node.children):
                if child is not None and child.proven:
                    if child.proven == LOSS:
                        return i
                    avoid.add(i)  # the opponent wins from there
        # The exploration term c * sqrt(log(total + 1) / (n + 1)), as a factor times
        # 1 / sqrt(n + 1) from a table: no division or square root per move.
        explore = self.exploration * math.sqrt(math.log(node.total + 1))
        if node.backed is not None:
            return self._select_minimax(node, avoid, explore, node.shrinks, node.backed)
        if not avoid:  # the first best score, as a loop over the moves would find it
            scores = list(map(add, node.means, map(explore.__mul__, node.shrinks)))
            return scores.index(max(scores))
        best = 0
        best_score = -math.inf
        for i, (mean, shrink) in enumerate(zip(node.means, node.shrinks, strict=True)):
            if i not in avoid:
                score = mean + explore * shrink
                if score > best_score:
                    best, best_score = i, score
        return best

    def _select_minimax(self, node: Node, avoid: set[int], explore: float, shrinks: list[float],
                        backed: list[float]) -> int:
        """``_select`` with ``minimax_weight``: a move whose node exists scores its
        playout (and RAVE) average blended with its backed-up minimax value."""
        bias = self.rave_bias
        weight = self.minimax_weight
        keep = 1.0 - weight
        best = 0
        best_score = -math.inf
        i = -1
        for n, won, an, amaf_won, mm, shrink in zip(node.visits, node.wins, node.amaf_visits,
                                                    node.amaf_wins, backed, shrinks, strict=True):
            i += 1
            if avoid and i in avoid:
                continue
            mean = won / n if n else 0.5
            if an:
                beta = an / (an + n + bias * an * n)
                mean = (1 - beta) * mean + beta * amaf_won / an
            if mm >= 0.0:
                mean = keep * mean + weight * mm
            score = mean + explore * shrink
            if score > best_score:
                best, best_score = i, score
        return best

    @staticmethod
    def _backup(path: list[tuple[Node, int]], sequence: list[int], red_value: float,
                rave_bias: float) -> None:
        """Add the result (and all-moves-as-first results) along the path; solve up.

        Every move whose statistics change has its mean refreshed (``_mean``,
        written out).
        """
        depth = len(path) - 1
        # The cells played from ``depth`` on by the player to move there, and from
        # ``depth + 1`` on by the other, each grown by one move as the loop climbs.
        later, other = set(sequence[depth::2]), set(sequence[depth + 1::2])
        shrink = _SHRINK
        while depth >= 0:
            node, i = path[depth]
            value = red_value if node.to_move == RED else 1.0 - red_value
            node.total += 1
            visits, wins = node.visits, node.wins
            n = visits[i] = visits[i] + 1
            if n >= len(shrink):
                shrink = _shrink_table(n)
            node.shrinks[i] = shrink[n]
            wins[i] += value
            index = node.index
            amaf_visits, amaf_wins, means = node.amaf_visits, node.amaf_wins, node.means
            # Every move of this node that its player made later in the line, once
            # (a cell can be played again after a capture): a set intersection in C.
            # The move played here is among them: the line holds it at ``depth``.
            for code in index.keys() & later:
                j = index[code]
                an = amaf_visits[j] = amaf_visits[j] + 1
                amaf_won = amaf_wins[j] = amaf_wins[j] + value
                n = visits[j]
                beta = an / (an + n + rave_bias * an * n)
                means[j] = (1 - beta) * (wins[j] / n if n else 0.5) + beta * amaf_won / an
            depth -= 1
            if depth >= 0:
                later, other = other, later
                later.add(sequence[depth])
            child = node.children[i]
            if child is not None and child.proven:
                node.settled = True  # a child is proven only on a line backed up through it
                if node.proven:
                    continue
                if child.proven == LOSS:
                    node.proven = WIN
                elif _every_move_loses(node):
                    node.proven = LOSS

    # --- the final choice -------------------------------------------------------------

    def _result(self, root: Node, geo: Geometry, iterations: int, seconds: float,
                banned: int = NO_CELL) -> SearchResult:
        """The move to play: a proven win if there is one, else the best by ``_choice_key``
        (never the ``banned`` move code, if another is left)."""
        win = next((i for i, child in enumerate(root.children)
                    if child is not None and child.proven == LOSS), None)
        best = win if win is not None else _ranked_first(root, banned)
        proven: Verdict | None = None
        if win is not None or root.proven == WIN:
            proven, chance = "win", 1.0
        elif root.proven == LOSS:
            proven, chance = "loss", 0.0
        else:
            n = root.visits[best]
            chance = root.wins[best] / n if n else 0.5
        visits = {str(Move.from_code(code, geo.n)): root.visits[i]
                  for i, code in enumerate(root.moves) if root.visits[i]}
        line = [str(Move.from_code(code, geo.n)) for code in _best_line(root, best)]
        return SearchResult(Move.from_code(root.moves[best], geo.n), colour_name(root.to_move),
                            round(chance, 4), visits, iterations, round(seconds, 3), proven, line)


def _mean(n: int, won: float, an: int, amaf_won: float, rave_bias: float) -> float:
    """A move's value by its playouts (``n``, ``won``) and its all-moves-as-first
    results (``an``, ``amaf_won``), weighted by RAVE's beta; 0.5 untried."""
    if an:
        beta = an / (an + n + rave_bias * an * n)
        return (1 - beta) * (won / n if n else 0.5) + beta * amaf_won / an
    return won / n if n else 0.5


def _refresh_mean(node: Node, i: int, rave_bias: float) -> None:
    """Bring ``node.means[i]`` up to date with move ``i``'s statistics."""
    node.means[i] = _mean(node.visits[i], node.wins[i], node.amaf_visits[i], node.amaf_wins[i], rave_bias)


def _booked_reply(n: int, reply: int, stone: int, value: float, colour: Colour) -> SearchResult:
    """The result of the book's ``reply`` to the first stone on ``stone``, worth ``value``
    to its owner: a proven win where the stone is proven lost for its owner."""
    move = Move.from_code(reply, n)
    proven = proven_value(n, stone) == 0
    return SearchResult(move, colour, 1.0 if proven else round(1 - value, 4),
                        proven="win" if proven else None, line=[str(move)], booked=True)


def _after_steal(game: Game) -> bool:
    """Whether Red is to answer Blue's steal: the book's third turn."""
    return game.turn_count == OPENING_TURNS and game.moves[1].is_swap


def _mark(node: Node, i: int, proven: int) -> None:
    """Record a proof for move ``i``'s position (``proven`` for the opponent, its mover there)."""
    child = node.children[i]
    if child is None:
        child = node.children[i] = Node(opponent(node.to_move), [], proven=proven)
    else:
        child.proven = proven
    child.minimax = _settled_value(child)
    node.settled = True


def _every_move_loses(node: Node) -> bool:
    """Whether every move of ``node`` is proven to give the opponent a win."""
    return all(k is not None and k.proven == WIN for k in node.children)


def _settled_value(node: Node) -> float:
    """The value for its mover of a node proven won (1) or lost (0), or drawn (0.5)."""
    return 1.0 if node.proven == WIN else 0.0 if node.proven == LOSS else 0.5


def _backup_minimax(path: list[tuple[Node, int]]) -> None:
    """Back the heuristic's minimax up the path (with ``minimax_weight``).

    Each node's value for its mover is the best of its moves' values, a
    move's value being one less its node's; a node with no move's node yet
    keeps its own estimate, and a proven node its proof.
    """
    for node, i in reversed(path):
        child = node.children[i]
        backed = node.backed
        if child is None or backed is None:
            continue
        value = 1.0 - child.minimax
        old = backed[i]
        backed[i] = value
        if node.proven:
            node.minimax = _settled_value(node)
        elif old < 0.0 and all(v < 0.0 or k == i for k, v in enumerate(backed)):
            node.minimax = value  # the first move with a node replaces the node's own estimate
        elif value >= node.minimax:
            node.minimax = value
        elif old >= node.minimax:  # the best move got worse: look at all again
            node.minimax = max(backed)


_SHRINK: list[float] = []


def _shrink_table(visits: int) -> list[float]:
    """``1 / sqrt(n + 1)`` for every ``n`` up to ``visits`` (one shared table, grown on demand)."""
    if visits >= len(_SHRINK):
        _SHRINK.extend(1.0 / math.sqrt(n + 1) for n in range(len(_SHRINK), 2 * visits + 64))
    return _SHRINK


def path_value(board: bytes | bytearray, geo: Geometry, to_move: int) -> float:
    """Red's chance by the connection distances: a logistic curve of how many cells
    fewer Red needs than Blue, the player to move counting half a cell ahead."""
    lead: float = distance(board, geo, BLUE) - distance(board, geo, RED)
    lead += 0.5 if to_move == RED else -0.5
    return 1.0 / (1.0 + math.exp(-PATH_SLOPE * max(-50.0, min(50.0, lead))))


def circuit_value(board: bytes | bytearray, geo: Geometry, to_move: int) -> float:
    """Red's chance by the circuits (``cachex.circuit``): a logistic curve of the log of
    Blue's resistance over Red's, the player to move a little ahead."""
    red, _ = circuit(board, geo, RED)
    blue, _ = circuit(board, geo, BLUE)
    lead = math.log(blue / red) + (CIRCUIT_TEMPO if to_move == RED else -CIRCUIT_TEMPO)
    return 1.0 / (1.0 + math.exp(-CIRCUIT_SLOPE * max(-30.0, min(30.0, lead))))


def _decided(root: Node, remaining: float) -> bool:
    """Whether ``remaining`` more playouts could no longer change the root's choice.

    The final choice is the most visited move not proven to lose: once its
    lead over the second is more than the playouts left, the rest of the
    budget is better kept for later moves (MoHex stops its search so too).
    """
    first = second = 0
    for n, child in zip(root.visits, root.children, strict=True):
        if child is not None and child.proven == WIN:
            continue  # proven to lose: never chosen, however visited
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > remaining


def _choice_key(root: Node, i: int) -> tuple[bool, int, float]:
    """How the final choice ranks move ``i`` of the root, greatest best.

    A move not proven to lose comes first, then the most visited (the robust
    child), then the one with the most wins among equally visited.
    """
    child = root.children[i]
    loses = child is not None and child.proven == WIN
    return (not loses, root.visits[i], root.wins[i])


def _best_line(root: Node, first: int, longest: int = 12) -> list[int]:
    """The move codes of the best line: move ``first`` of the root, then at each
    node below the move ranked first by ``_choice_key``, while the search has
    visited it."""
    line = [root.moves[first]]
    node = root.children[first]
    while node is not None and node.moves and len(line) < longest:
        i = _ranked_first(node)
        if not node.visits[i] and not node.proven:
            break
        line.append(node.moves[i])
        node = node.children[i]
    return line


def _ranked_first(node: Node, banned: int = NO_CELL) -> int:
    """The move of ``node`` that ``_choice_key`` ranks first, other than ``banned`` if it can."""
    allowed = [k for k in range(len(node.moves)) if node.moves[k] != banned] or list(range(len(node.moves)))
    return max(allowed, key=lambda k: _choice_key(node, k))


def _count_slots(root: Node) -> int:
    """The child entries held by the tree under ``root``."""
    total = 0
    stack = [root]
    while stack:
        node = stack.pop()
        total += len(node.moves)
        stack.extend(child for child in node.children if child is not None)
    return total


def choose_move(game: Game, level: str = "medium", seed: int | None = None) -> SearchResult:
    """One search at a named strength (see ``cachex.levels``), for callers without a kept tree."""
    iterations, seconds = search_budget(level)
    return MCTS(seed=seed).search(game, iterations=iterations, seconds=seconds)
