"""Arena: many games between two agents, colours alternating, in parallel.

Run, for example::

    python -m bench.arena mcts random --sizes 5 9 13 --games 20 --time 5
    python -m bench.arena mcts two-distance --sizes 5 7 9 11 --games 40 --time-scale 1
    python -m bench.arena --round-robin two-distance resistance chain-span shortest-path --time-scale 0.1

``--time`` is each agent's thinking time per game, in seconds, spread over
its moves by the same rule the referee agent uses (``cachex.agent.move_time``;
the referee agent and the pool's styles play through the referee's interface
and keep the same reserve, ``cachex.agent.SAFE_SHARE``);
``--time-scale`` instead gives each agent ``scale * n^2`` seconds per game.
Agents: ``agent`` (the referee agent), ``agent@REV`` (the referee agent of
another commit, e.g. ``agent@580c2a5``, for a ladder of versions), ``page:LEVEL`` (the page's computer
at its time per move, e.g. ``page:strongest``), ``mcts``, ``mcts-plain`` (no
tactics or bridge replies, for comparison), the sparring pool's styles (``bench.pool.PLAYERS``:
``two-distance``, ``resistance``, ``chain-span``, ``shortest-path``) and
``random``. ``--round-robin`` plays every pair of the agents given,
``--gauntlet`` the first against each of the others. Prints the
table of ``bench.results`` for the run (the first agent's wins with a 95%
Wilson interval, by colour, draws, mean CPU per side and turns), and appends every game to the results file
(``bench/arena_results.jsonl``, see ``bench.results``; ``--no-record`` skips it)
so that runs add up across sessions.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.pool import PLAYERS, STYLES
from bench.results import GameRecord, append, current_commit, table
from cachex.agent import AGENT_MAX_SLOTS, PLAN, Player, RefereePlayer, TimePlan, action_of, move_of, move_time
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY, Settings
from cachex.engine.worker import Worker
from cachex.game import Game
from cachex.levels import LEVEL_NAMES, search_budget
from cachex.notation import Move
from gamekit.protocol import SLICE_SECONDS, SearchReply, Think, decode, encode

Chooser = Callable[[Game, float], Move]
AGENTS = ("agent", "agent@REV", "mcts", "mcts-plain", *(f"page:{level}" for level in LEVEL_NAMES), *STYLES, "random")
# The page's worker (Pyodide) runs the search at about this share of CPython's
# speed, both with ``PLAY`` answering a1: in two runs, 1,533 and 1,493 against
# 2,449 and 2,469 iterations/s at n = 9, 1,033 and 1,004 against 1,647 and 1,649
# at n = 11, ratios 0.61 to 0.63 (``python -m bench.search_speed --seconds 10
# --sizes 9 11 --browser --level strongest``); rounded down, so as not to
# overstate the page.
BROWSER_SPEED = 0.6
ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "bench" / "version_driver.py"


class RefereeSide:
    """A referee-interface agent (``cachex.agent.RefereePlayer``) as the arena's
    chooser: made on its first move with the game's seconds, told every turn, and
    left to keep its own CPU budget, exactly as under the course's referee."""

    def __init__(self) -> None:
        self.player: RefereePlayer | None = None
        self.told = 0  # turns reported to the player so far

    def make(self, colour: str, n: int, left: float) -> RefereePlayer:
        """The player for ``colour`` on an ``n`` board with ``left`` seconds for the game."""
        raise NotImplementedError

    def __call__(self, game: Game, left: float) -> Move:
        if self.player is None:
            self.player = self.make(game.to_move, game.n, left)
        for turn in game.history[self.told:]:
            self.player.turn(turn.side, action_of(turn.move))
        self.told = game.turn_count
        return move_of(self.player.action())


class AgentSide(RefereeSide):
    """``cachex.agent.Player``, with the settings the arena's spec gave it."""

    def __init__(self, seed: int, settings: dict[str, float], max_slots: int = AGENT_MAX_SLOTS,
                 plan: TimePlan = PLAN) -> None:
        super().__init__()
        # An unknown setting or a value out of range fails here, before any game.
        self.search_settings = Settings.from_mapping(settings, PLAY)
        self.seed = seed
        self.settings = settings
        self.max_slots = max_slots
        self.plan = plan

    def make(self, colour: str, n: int, left: float) -> Player:
        return Player(colour, n, seed=self.seed, time_limit=left, settings=self.search_settings,
                      max_slots=self.max_slots, plan=self.plan)


class PoolSide(RefereeSide):
    """A sparring-pool style through its referee agent (``bench.pool.PLAYERS``): it
    keeps the same share of its budget in reserve as ours (``cachex.agent.SAFE_SHARE``)."""

    def __init__(self, seed: int, name: str) -> None:
        super().__init__()
        self.seed = seed
        self.kind = PLAYERS[name]  # KeyError for a name that is not a style

    def make(self, colour: str, n: int, left: float) -> RefereePlayer:
        return self.kind(colour, n, seed=self.seed, time_limit=left)


class VersionSide:
    """The referee agent of another commit of this repository (``agent@REV``): that
    commit's ``cachex`` runs in a child process (``bench/version_driver.py``), so
    that two versions play head to head, as in a version ladder. ``child_cpu`` is
    the CPU the child spent on the last move, which ``play`` adds to this side's."""

    def __init__(self, seed: int, revision: str) -> None:
        self.tree = version_tree(revision)  # ValueError for an unknown revision
        self.seed = seed
        self.child: subprocess.Popen[str] | None = None
        self.told = 0
        self.child_cpu = 0.0

    def __call__(self, game: Game, left: float) -> Move:
        if self.child is None:
            env = {**os.environ, "PYTHONPATH": str(self.tree)}
            self.child = subprocess.Popen([sys.executable, str(DRIVER)], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True, env=env)
            self._send({"player": game.to_move, "n": game.n, "seed": self.seed, "time_limit": left})
        self._send({"turns": [[turn.side, list(action_of(turn.move))]
                              for turn in game.history[self.told:]]})
        self.told = game.turn_count
        assert self.child.stdout is not None
        line = self.child.stdout.readline()
        if not line:
            raise RuntimeError(f"the agent of {self.tree.name[:12]} stopped (exit code {self.child.wait()})")
        reply = json.loads(line)
        self.child_cpu = float(reply["cpu"])
        return move_of(tuple(reply["action"]))

    def _send(self, message: dict[str, object]) -> None:
        assert self.child is not None and self.child.stdin is not None
        self.child.stdin.write(json.dumps(message) + "\n")
        self.child.stdin.flush()

    def close(self) -> None:
        """End the child process (it stops when its input ends)."""
        if self.child is not None:
            assert self.child.stdin is not None
            self.child.stdin.close()
            self.child.wait()
            self.child = None


def version_tree(revision: str) -> Path:
    """The ``cachex`` package of a commit (with ``gamekit``, which it imports, where the
    commit has it), extracted once under the temporary directory."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                           capture_output=True, text=True, cwd=ROOT)
    if found.returncode != 0:
        raise ValueError(f"unknown revision {revision!r}: give a commit of this repository")
    commit = found.stdout.strip()
    tree = Path(tempfile.gettempdir()) / "cachex-versions" / commit
    if not tree.exists():
        shared = subprocess.run(["git", "ls-tree", "--name-only", commit, "gamekit"], capture_output=True,
                                text=True, check=True, cwd=ROOT).stdout.strip()
        archive = subprocess.run(["git", "archive", commit, "cachex", *([shared] if shared else [])],
                                 capture_output=True, check=True, cwd=ROOT).stdout
        tree.parent.mkdir(parents=True, exist_ok=True)
        # Extracted beside it and renamed, so that no one sees a half-written tree.
        scratch = Path(tempfile.mkdtemp(dir=tree.parent))
        with tarfile.open(fileobj=io.BytesIO(archive)) as files:
            files.extractall(scratch, filter="data")
        try:
            scratch.rename(tree)
        except OSError:  # another process got there first
            shutil.rmtree(scratch)
    return tree


class PageSide:
    """The page's computer at a named level: the page's worker (``cachex.engine.worker``)
    asked by the page's messages (``gamekit.protocol.Think``), a move's search in slices
    as the page runs it, each move within the level's playouts and its seconds (and the
    slices') scaled by ``BROWSER_SPEED`` (the page's time per move, not the game's
    budget, which it ignores)."""

    def __init__(self, seed: int, level: str) -> None:
        self.iterations, seconds = search_budget(level)  # ValueError for an unknown level
        self.seconds = seconds * BROWSER_SPEED
        self.worker = Worker(seed)
        self.search = self.worker.computer

    def __call__(self, game: Game, left: float) -> Move:
        fresh = True
        while True:
            reply = decode(self.worker.handle(encode(Think(game.to_fragment(), self.iterations, self.seconds,
                                                           SLICE_SECONDS * BROWSER_SPEED, fresh))))
            fresh = False
            if not isinstance(reply, SearchReply):
                raise RuntimeError(f"the page's worker refused a move: {reply}")
            if reply.finished:
                return Move.parse(reply.move)


def setting(text: str) -> tuple[str, float]:
    """One ``name=value`` setting of an agent's spec: a number, or true / false (1 / 0)."""
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise ValueError(f"setting {text!r} is not name=value")
    flags = {"true": 1.0, "false": 0.0}
    if value.lower() in flags:
        return name, flags[value.lower()]
    try:
        return name, float(value)
    except ValueError:
        raise ValueError(f"setting {name}: {value!r} is not a number, true or false") from None


def time_plan(settings: dict[str, float]) -> TimePlan:
    """The agent's ``TimePlan`` from its settings ``pace`` and ``tail`` (taken out of
    ``settings``; the defaults where absent)."""
    pace = settings.pop("pace", PLAN.pace)
    tail = settings.pop("tail", PLAN.tail)
    return TimePlan(pace, tail)


def make_agent(spec: str, seed: int) -> Chooser:
    """A function (game, seconds left this game) -> move for the named agent.

    ``agent`` is the referee agent (``cachex.agent.Player``, the settings the
    computer plays with); ``page:LEVEL`` the page's computer at a level (``PageSide``);
    ``mcts`` the search with its default settings. Settings may follow a colon:
    ``mcts:exploration=0.1,rave_bias=0.001``, ``agent:prior_weight=0``; the
    agent also takes ``max_slots`` (its tree's bound), e.g. ``agent:max_slots=40000``,
    and its time plan's ``pace`` and ``tail``
    (``cachex.agent.TimePlan``), e.g. ``agent:pace=0.45`` or ``agent:tail=0``.
    ``agent@REV`` is the referee agent of another commit (``VersionSide``).
    """
    name, _, options = spec.partition(":")
    if name.startswith("agent@") and not options:
        return VersionSide(seed, name.removeprefix("agent@"))
    if name == "page":
        return PageSide(seed, options)
    settings = dict(setting(kv) for kv in options.split(",") if kv)
    if name == "agent":
        # ``max_slots`` bounds the agent's tree, not a search setting: at a reduced
        # time scale, the same share of AGENT_MAX_SLOTS keeps the tree as full as at n^2.
        slots = int(settings.pop("max_slots", AGENT_MAX_SLOTS))
        plan = time_plan(settings)
        return AgentSide(seed, settings, slots, plan)
    if name in ("mcts", "mcts-plain"):
        plain = name == "mcts-plain"
        chosen = Settings.from_mapping(settings, Settings(tactics=not plain, bridge_replies=not plain))
        search = MCTS(chosen, seed=seed)
        return lambda game, left: search.search(game, seconds=max(move_time(left, game), 0.005)).move
    if name in STYLES:
        if settings:
            raise ValueError(f"the pool's {name} takes no settings, not {options!r}")
        return PoolSide(seed, name)
    if name == "random":
        rng = random.Random(seed)
        return lambda game, left: rng.choice(game.legal_moves())
    raise ValueError(f"unknown agent {spec!r}: choose from {', '.join(AGENTS)}")


@dataclass
class GameSpec:
    n: int
    first: str  # the agent measured
    second: str
    first_is_red: bool
    seconds: float
    seed: int
    opening: tuple[str, ...] = ()  # moves played before the agents take over


@dataclass
class GameResult:
    spec: GameSpec
    first_won: bool
    draw: bool
    first_time: float
    second_time: float
    turns: int
    fragment: str  # the game's link fragment

    @property
    def winner(self) -> str | None:
        """The winning colour, ``"red"`` or ``"blue"`` (``None``: a draw)."""
        if self.draw:
            return None
        return "red" if self.first_won == self.spec.first_is_red else "blue"


def play(spec: GameSpec) -> GameResult:
    """Play one game; each side's clock counts only its own thinking (CPU time: each
    game runs alone in its worker process)."""
    game = Game(spec.n)
    for text in spec.opening:
        game.play(text)
    agents = {"first": make_agent(spec.first, spec.seed), "second": make_agent(spec.second, spec.seed + 1)}
    red = "first" if spec.first_is_red else "second"
    used = {"first": 0.0, "second": 0.0}
    try:
        while game.outcome is None:
            side = red if game.to_move == "red" else ("second" if red == "first" else "first")
            start = time.process_time()
            move = agents[side](game, spec.seconds - used[side])
            # A side that thinks in a child process reports the child's CPU.
            used[side] += time.process_time() - start + getattr(agents[side], "child_cpu", 0.0)
            game.play(move)
    finally:
        for agent in agents.values():
            if isinstance(agent, VersionSide):
                agent.close()
    winner = game.outcome.winner
    first_colour = "red" if spec.first_is_red else "blue"
    return GameResult(spec, winner == first_colour, winner is None, used["first"], used["second"],
                      game.turn_count, game.to_fragment())


def record(result: GameResult, commit: str) -> GameRecord:
    """A game as the results file keeps it."""
    spec = result.spec
    outcome = "draw" if result.draw else "win" if result.first_won else "loss"
    return GameRecord(commit, spec.first, spec.second, spec.n, "red" if spec.first_is_red else "blue",
                      outcome, result.turns, round(result.first_time, 3),
                      round(result.second_time, 3), spec.seconds, result.fragment)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("agents", nargs="+",
                        help=f"two of {', '.join(AGENTS)} (the first is measured), e.g. mcts or "
                             "mcts:exploration=0.1; with --round-robin, any number")
    parser.add_argument("--round-robin", action="store_true", help="play every pair of the agents given")
    parser.add_argument("--gauntlet", action="store_true", help="play the first agent against each of the others")
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 9])
    parser.add_argument("--games", type=int, default=10, help="games per size and pair (colours alternate)")
    parser.add_argument("--time", type=float, default=None, help="seconds per agent per game")
    parser.add_argument("--time-scale", type=float, default=None,
                        help="seconds per agent per game = scale * n^2 (overrides --time)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-record", action="store_true",
                        help="do not append the games to bench/arena_results.jsonl")
    args = parser.parse_args()
    if args.round_robin:
        pairs = [(a, b) for i, a in enumerate(args.agents) for b in args.agents[i + 1:]]
    elif args.gauntlet and len(args.agents) >= 2:
        pairs = [(args.agents[0], other) for other in args.agents[1:]]
    elif len(args.agents) == 2:
        pairs = [(args.agents[0], args.agents[1])]
    else:
        parser.error("give two agents, or --round-robin or --gauntlet with several")
    for agent in args.agents:
        try:
            make_agent(agent, 0)  # an unknown name or setting fails here, before any game
        except (ValueError, TypeError) as error:
            parser.error(f"agent {agent!r}: {error}")
    specs = []
    for first, second in pairs:
        for n in args.sizes:
            seconds = args.time_scale * n * n if args.time_scale else (args.time or 10.0)
            for g in range(args.games):
                specs.append(GameSpec(n, first, second, g % 2 == 0, seconds, args.seed + 1000 * n + 2 * g))
    start = time.perf_counter()
    commit = current_commit()
    games = []
    with multiprocessing.Pool(args.workers) as pool:
        # Each game is kept as it ends, so a run cut short still adds up.
        for result in pool.imap_unordered(play, specs, chunksize=1):
            games.append(record(result, commit))
            if not args.no_record:
                append(games[-1:])
    kind = " (round robin)" if args.round_robin else " (gauntlet)" if args.gauntlet else ""
    print(f"{' vs '.join(args.agents)}{kind}, {args.games} games "
          f"per size and pair, colours alternating, {args.workers} workers, "
          f"{time.perf_counter() - start:.0f} s in all")
    print(table(games))


if __name__ == "__main__":
    main()
