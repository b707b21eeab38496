"""Monte Carlo tree search for Cachex: UCT with RAVE, a solver and tactics.

What makes it play well in a Hex-like game:

- UCT selection blended with RAVE (all-moves-as-first) statistics, so a few
  hundred playouts already tell good cells from bad ones (``cachex.engine.tree``);
- playouts under the exact rules with an informed policy: a player answers an
  intrusion into its two-bridge by taking the other carrier cell
  (``cachex.engine.playout``);
- tactics at every new node: a win in one is played (and the node proven), and
  when the opponent threatens to win in one, only the moves that stop every
  threat (blocking cells, or captures that break the chain) are searched;
- a move prior from learnt move features (``cachex.engine.patterns``);
- a solver that propagates proven wins and losses up the tree, and a share of
  proof-number search (``cachex.engine.proof``);
- the tree is kept between moves, and its size is bounded.

``MCTS.search`` runs one move's search to its budget; ``MCTS.think`` returns
the same search as a ``Thinking`` that runs in slices (the page's worker thinks
so, to stay interruptible): both are one code path.

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
from typing import TYPE_CHECKING

from cachex.colours import colour_name, opponent
from cachex.engine.book import book_answer, in_book
from cachex.engine.paths import FAR, path_lengths
from cachex.engine.patterns import PATTERN_TABLE, strengths
from cachex.engine.playout import Groups, random_playout
from cachex.engine.proof import ProofPlan, Prover
from cachex.engine.result import SearchResult, Verdict
from cachex.engine.settings import PLAY, Settings
from cachex.engine.tactics import forced_moves
from cachex.engine.tree import (
    LOSS,
    RED_VALUE,
    UNPROVEN,
    WIN,
    Node,
    backup,
    best_line,
    count_slots,
    ranked_first,
    select,
)
from cachex.geometry import NO_CELL, STEAL, Geometry
from cachex.levels import search_budget
from cachex.notation import Move
from cachex.rules import (
    CONNECTION,
    DRAW,
    OPENING_TURNS,
    BoardCounts,
    End,
    ending,
    legal_codes,
    play_code,
    stone_count,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from cachex.game import Game

# How much less the distance prior values a cell for each cell its shortest
# connection is longer.
PRIOR_STEP = 0.25
# With ``pattern_prior``: the prior values the strongest cell 1 and one this many
# times weaker 0 (log scale between).
PATTERN_SPAN = 50.0
# How many iterations run between two looks at the clock.
CLOCK_EVERY = 16


class MCTS:
    """A reusable searcher; call ``search(game, ...)`` once per move.

    ``settings`` say how it searches (``Settings``; the computer's are
    ``PLAY``). ``seed`` makes it reproducible (with an iteration budget).
    ``max_slots`` bounds memory: the total number of child entries in the
    tree (about 100 bytes each, measured: 1,000,000 slots is about 100 MB);
    past it the tree stops growing and playouts go on. ``proof_entries``
    bounds the proof search's table.
    """

    def __init__(self, settings: Settings | None = None, seed: int | None = None,
                 max_slots: int = 1_000_000, proof_entries: int = 100_000) -> None:
        self.settings = settings if settings is not None else Settings()
        self.rng = random.Random(seed)
        self.max_slots = max_slots
        self.prover = Prover(proof_entries)
        self.slots = 0
        self.root: Node | None = None
        self.root_moves: list[Move] = []
        self.root_size = 0
        self.root_last = NO_CELL  # the move that led to the searched position

    def search(self, game: Game, iterations: int | None = None, seconds: float | None = None,
               clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        """Think about ``game``'s position and return the chosen move.

        Stops after ``iterations`` playouts or ``seconds`` by ``clock`` (wall
        time unless another is given: the referee agent, whose budget is CPU
        time, passes ``time.process_time``), whichever comes first (one of
        them is required). The book answers first where it may; a share of
        the budget may go to proof search (``cachex.engine.proof``).
        """
        return self.think(game, iterations, seconds, clock).step()

    def think(self, game: Game, iterations: int | None = None, seconds: float | None = None,
              clock: Callable[[], float] = time.perf_counter) -> Thinking:
        """The search of ``search``, to be run in slices by ``Thinking.step``."""
        return Thinking(self, game, iterations, seconds, clock)

    def advance(self, game: Game) -> None:
        """Move the kept tree to ``game``'s position (done by ``search`` too)."""
        self.root_for(game)

    # --- the tree ------------------------------------------------------------------

    def root_for(self, game: Game) -> Node:
        """The kept subtree for ``game``'s position if the tree holds it, else a new root."""
        root = self._kept_root(game)
        if root is not None:
            if root is not self.root:  # the rest of the old tree is garbage now
                self.slots = count_slots(root)
        else:
            self.slots = 0
            root = self._expand(game.geometry, bytearray(game.board), game.mover, game.turn_count, None)
        self.root, self.root_moves, self.root_size = root, game.moves, game.n
        self.root_last = game.moves[-1].code(game.n) if game.moves else NO_CELL
        return root

    def _kept_root(self, game: Game) -> Node | None:
        """The node of ``game``'s position in the kept tree, if it is there and running."""
        moves = game.moves
        node = self.root
        if node is None or self.root_size != game.n or moves[: len(self.root_moves)] != self.root_moves:
            return None
        for move in moves[len(self.root_moves):]:
            i = node.index.get(move.code(game.n))
            child = node.children[i] if i is not None else None
            if child is None:
                return None
            node = child
        return None if node.draw or not node.moves else node

    def _expand(self, geo: Geometry, board: bytearray, me: int, turn: int, end: End | None) -> Node:
        """A new node for this position, ``me`` to move, ``end`` how the move into it ended the game."""
        if end == CONNECTION:
            return Node(me, [], proven=LOSS)
        if end is not None:
            return Node(me, [], draw=True)
        moves = legal_codes(board, geo, turn)
        proven = UNPROVEN
        if self.settings.tactics and turn >= OPENING_TURNS:
            moves, proven = forced_moves(board, geo, me, moves)
        self.slots += len(moves)
        return Node(me, moves, proven=proven)

    # --- one iteration ---------------------------------------------------------------

    def iterate(self, geo: Geometry, root: Node, board0: bytes, turn0: int,
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
        settings = self.settings
        value: float  # Red's result of the line: 1 a win, 0 a loss, 0.5 a draw, or between
        while (winner := node.terminal_winner()) is None:
            if not node.primed and node.total >= settings.prior_after:
                self._prime(geo, node, board, sequence[-1] if sequence else self.root_last)
            i = select(node, settings.exploration)
            path.append((node, i))
            code = node.moves[i]
            sequence.append(code)
            won = groups.follow(code, node.to_move, play_code(board, geo, code, node.to_move))
            turn += 1
            repeats = counts.add(board)
            child = node.children[i]
            if child is None:
                value = self._leave_tree(geo, node, i, board, turn, repeats, counts, sequence, won, groups)
                break
            node = child
        else:
            value = RED_VALUE[winner]
        backup(path, sequence, value, settings.rave_bias)

    def _leave_tree(self, geo: Geometry, node: Node, i: int, board: bytearray, turn: int,
                    repeats: int, counts: BoardCounts, sequence: list[int], won: bool,
                    groups: Groups) -> float:
        """Red's result of a line that just left the tree by move ``i`` of ``node``
        (``won``: whether that move joined its edges; ``groups``: the board's groups).

        The move's node is added if there is room and the move has been tried
        ``expand_after`` times before; then the game's end, that node's proof,
        or the mean of ``leaf_playouts`` random playouts decides (the last
        playout's moves are added to ``sequence``).
        """
        me = node.to_move
        end = ending(won, repeats, turn)
        if self.slots < self.max_slots and node.visits[i] - node.virtual >= self.settings.expand_after:
            child = node.children[i] = self._expand(geo, board, opponent(me), turn, end)
            known = child.terminal_winner()
            if known is not None:
                return RED_VALUE[known]
        if end is not None:
            return RED_VALUE[me if end == CONNECTION else DRAW]
        playouts = self.settings.leaf_playouts
        result = 0.0
        for _ in range(playouts - 1):  # the extra playouts, on copies; only the last
            more = bytearray(board)    # adds its moves to ``sequence``
            result += self._playout(geo, more, turn, counts.copy(), sequence[-1:], groups.copy(more))
        result += self._playout(geo, board, turn, counts, sequence, groups)
        return result / playouts

    def _playout(self, geo: Geometry, board: bytearray, turn: int, counts: BoardCounts,
                 played: list[int], groups: Groups) -> float:
        """Red's result of one random playout from ``board`` with this search's playout policy."""
        settings = self.settings
        winner = random_playout(geo, board, turn, counts, self.rng.random, played,
                                settings.bridge_replies, settings.diamond_replies, groups)
        return RED_VALUE[winner]

    def _prime(self, geo: Geometry, node: Node, board: bytearray, last: int) -> None:
        """Add prior knowledge to a node once it has been visited ``prior_after`` times:
        ``prior_weight`` virtual playouts per move, won by its ``prior_values``.
        Waiting for the visits keeps the cost off the many nodes visited once."""
        node.primed = True
        weight = self.settings.prior_weight
        if weight and len(node.moves) >= 2:
            node.add_prior(self.prior_values(geo, node, board, last), weight, self.settings.rave_bias)

    def prior_values(self, geo: Geometry, node: Node, board: bytearray, last: int = NO_CELL) -> list[float]:
        """Each move's prior value, from 0 to 1.

        With ``pattern_prior``, each cell's strength by the learnt move
        features (``cachex.engine.patterns``; ``last`` is the move that led
        here) on a log scale: 1 for the strongest, 0 for one ``PATTERN_SPAN``
        times weaker or less. Otherwise how near a cell lies to a shortest
        connection of either player (``cachex.engine.paths``): one on a
        shortest one, ``PRIOR_STEP`` less per extra cell. The steal is worth 0.
        """
        me, opp = node.to_move, opponent(node.to_move)
        if self.settings.pattern_prior:
            cells = [c for c in node.moves if c >= 0]
            found = strengths(board, geo, me, last, cells, PATTERN_TABLE)
            top = max(found, default=1.0)
            scale = 1.0 / math.log(PATTERN_SPAN)
            log = math.log
            strength = iter(found)  # the cells are the moves other than the steal, in order
            return [max(0.0, 1.0 + log(next(strength) / top) * scale) if c >= 0 else 0.0
                    for c in node.moves]
        mine_len = path_lengths(board, geo, me)
        theirs_len = path_lengths(board, geo, opp)
        near = [min(mine_len[c], theirs_len[c]) if c >= 0 else FAR for c in node.moves]
        best = min(near)
        return [max(0.0, 1.0 - PRIOR_STEP * (length - best)) for length in near]

    # --- the final choice -------------------------------------------------------------

    def result(self, root: Node, geo: Geometry, iterations: int, seconds: float,
               banned: int = NO_CELL) -> SearchResult:
        """The move to play: a proven win if there is one, else the best by
        ``tree.choice_key`` (never the ``banned`` move code, if another is left)."""
        win = next((i for i, child in enumerate(root.children)
                    if child is not None and child.proven == LOSS), None)
        best = win if win is not None else ranked_first(root, banned)
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
        line = [str(Move.from_code(code, geo.n)) for code in best_line(root, best)]
        return SearchResult(Move.from_code(root.moves[best], geo.n), colour_name(root.to_move),
                            round(chance, 4), visits, iterations, round(seconds, 3), proven, line)


class Thinking:
    """One move's search, run to its budget in one ``step`` or in several.

    The budget (``iterations``, ``seconds`` of ``clock`` time spent inside
    steps) is the whole move's, and so is the proof plan
    (``cachex.engine.proof``): the forced win is looked for first, the
    chosen move checked last, each within the plan's budget however many
    steps it takes (the solver's table carries a proof over from one step to
    the next). A step returns the result so far; ``finished`` says the budget
    is spent (or the result proven, or booked).
    """

    def __init__(self, search: MCTS, game: Game, iterations: int | None, seconds: float | None,
                 clock: Callable[[], float]) -> None:
        if game.outcome is not None:
            raise ValueError("the game is over: there is nothing to search")
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.search = search
        self.clock = clock
        self.booked: SearchResult | None = None
        self.banned = NO_CELL
        self.finished = False
        if search.settings.book and in_book(game):
            answer = book_answer(game, search.rng.random)
            if answer is not None and answer[0] != NO_CELL:
                self.booked, self.finished = answer[1], True
                return
            if answer is not None:
                self.banned = STEAL  # the book declines the steal: search the placements
        self.geo = game.geometry
        self.root = search.root_for(game)
        self.board = game.board
        self.turns = game.turn_count
        self.counts = game.repetitions()
        self.most = max(map(stone_count, self.counts), default=0)
        self.groups = Groups(self.geo, bytearray(self.board))  # copied by every iteration
        self.limit = iterations if iterations is not None else math.inf
        self.seconds = seconds if seconds is not None else math.inf
        plan = (ProofPlan.of(search.settings, self.geo.n, self.geo.size - stone_count(self.board),
                             self.turns, iterations, seconds) if not self.root.proven else ProofPlan())
        self.plan = plan
        self.proving_first = plan.prove_first  # the forced win is still being looked for
        self.first_nodes = plan.nodes  # what is left of its budget
        self.first_seconds = plan.seconds
        self.check_nodes = plan.nodes  # what is left of the final check's
        self.done = 0
        self.spent = 0.0

    def step(self, seconds: float | None = None) -> SearchResult:
        """Search on for at most about ``seconds`` (by default, to the end of the budget);
        the result so far."""
        if self.booked is not None:
            return self.booked
        clock, root, plan = self.clock, self.root, self.plan
        start = clock()
        budget_end = start + (self.seconds - self.spent)
        slice_end = min(budget_end, start + seconds) if seconds is not None else budget_end
        if self.proving_first and not root.proven:
            self._prove_first(slice_end, budget_end)
        if not self.proving_first or root.proven:
            search_end = budget_end - (plan.seconds or 0.0)  # the rest is the final check's
            now = self._iterate(start, min(slice_end, search_end))
            over = root.proven or self.done >= self.limit or now >= search_end
            if over and plan.check and not root.proven:
                over = self._check(budget_end, slice_end)
            self.finished = bool(over)
        self.spent += clock() - start
        return self.search.result(root, self.geo, self.done, self.spent, self.banned)

    def _prove_first(self, slice_end: float, budget_end: float) -> None:
        """Look for the forced win within the rest of its budget, up to ``slice_end``;
        it goes on in the next step only if this one's slice ended first."""
        left = None if self.first_seconds is None else min(self.first_seconds, slice_end - self.clock())
        before = self.clock()
        used, settled = self.search.prover.prove_win(self.geo, self.root, self.board, self.first_nodes,
                                                     left, self.clock)
        if self.first_nodes is not None:
            self.first_nodes -= used
        if self.first_seconds is not None:
            self.first_seconds -= self.clock() - before
        out = ((self.first_nodes is not None and self.first_nodes <= 0)
               or (self.first_seconds is not None and self.first_seconds <= 0))
        self.proving_first = not (settled or out) and slice_end < budget_end and self.clock() >= slice_end

    def _iterate(self, now: float, end: float) -> float:
        """Run iterations until ``end`` by the clock (read every ``CLOCK_EVERY``), the
        iteration budget or a proof of the root; the clock's last reading (``now`` if
        none)."""
        search, root, clock = self.search, self.root, self.clock
        geo, board, turns, counts, most, groups = (self.geo, self.board, self.turns, self.counts,
                                                   self.most, self.groups)
        done, limit = self.done, self.limit
        while done < limit and not root.proven:
            search.iterate(geo, root, board, turns, counts, most, groups)
            done += 1
            if done % CLOCK_EVERY == 0:
                now = clock()
                if now >= end:
                    break
        self.done = done
        return now

    def _check(self, budget_end: float, slice_end: float) -> bool:
        """Check the chosen move within the rest of the budget, up to ``slice_end``;
        whether the check is over (settled, its positions spent, or its time: the
        slice reached the budget's end)."""
        left = None if self.plan.seconds is None else slice_end - self.clock()
        used, settled = self.search.prover.check_choice(self.geo, self.root, self.board, self.check_nodes,
                                                        left, self.clock)
        if self.check_nodes is not None:
            self.check_nodes -= used
        return settled or (self.check_nodes is not None and self.check_nodes <= 0) or slice_end >= budget_end


def choose_move(game: Game, level: str, seed: int | None = None) -> SearchResult:
    """One search at a named strength (see ``cachex.levels``) with the computer's
    settings, for callers without a kept tree."""
    iterations, seconds = search_budget(level)
    return MCTS(PLAY, seed=seed).search(game, iterations=iterations, seconds=seconds)
