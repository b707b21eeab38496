"""Solved positions: how often a search's choice is a move proven to lose.

Arena games are noisy: twenty games tell 20% from 45% only roughly. This
measures one decision at a time against proofs instead.

``label`` takes the positions of kept games (``bench/arena_results.jsonl``
and ``bench/opening_games.jsonl``) at the turns asked for and labels every
legal move by proof search (``cachex.engine.solver``) on the position after it,
the opponent to move:

- ``loss``: the opponent is proven to force a win;
- ``safe``: the opponent is proven not to (the mover wins or draws);
- ``unknown``: neither within the node budget.

Each position is appended to ``bench/solved_positions.jsonl`` (size, link
fragment, turn, node budget, labels), once: positions already there are
skipped, so runs from several sessions add up.

``score`` searches every kept position of a size that has both a lost move
and one not proven lost, with each agent given (``play``, the settings the
computer plays with, or ``play:name=value,...`` with some changed, as the
arena writes them), and counts the choices proven to lose, with the Wilson
95% interval. Run::

    python -m bench.tactics label --size 5 --turns 6 13 --nodes 20000
    python -m bench.tactics score play play:exploration=0.2 --size 5 --seconds 2
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bench.decisions import search_settings
from bench.openings import SELF_PLAY
from bench.results import RESULTS
from cachex.engine.search import MCTS
from cachex.engine.settings import Settings
from cachex.engine.solver import Solver
from cachex.errors import CachexError
from cachex.game import Game
from gamekit.stats import wilson

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

POSITIONS = Path(__file__).resolve().parent / "solved_positions.jsonl"
LABELS = ("loss", "safe", "unknown")


@dataclass(frozen=True)
class Position:
    """A kept position and what proof search says of each legal move (by its text)."""

    n: int
    fragment: str
    turn: int
    nodes: int
    labels: dict[str, str]

    def to_json(self) -> str:
        return json.dumps({"n": self.n, "fragment": self.fragment, "turn": self.turn,
                           "nodes": self.nodes, "labels": self.labels}, sort_keys=True)

    @property
    def telling(self) -> bool:
        """Whether a choice here can be told right from wrong: some move is proven
        to lose and some other is not."""
        values = set(self.labels.values())
        return "loss" in values and len(values) > 1


def read_positions(path: Path | None = None) -> list[Position]:
    """The kept positions (of ``POSITIONS`` unless another file is given); a bad line
    is named (ValueError)."""
    path = path or POSITIONS
    if not path.exists():
        return []
    positions = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            position = Position(int(data["n"]), str(data["fragment"]), int(data["turn"]),
                                int(data["nodes"]), dict(data["labels"]))
            game = Game.from_fragment(position.fragment)
            if game.n != position.n or game.turn_count != position.turn:
                raise ValueError("its size or turn is not its game's")
            legal = {str(move) for move in game.legal_moves()}
            if set(position.labels) != legal or not set(position.labels.values()) <= set(LABELS):
                raise ValueError("its labels are not one of loss, safe, unknown per legal move")
        except (ValueError, KeyError, TypeError, CachexError) as error:
            raise ValueError(f"{path.name} line {number} is not a solved position: {error}") from None
        positions.append(position)
    return positions


def kept_games(n: int, sources: Iterable[Path]) -> list[str]:
    """The link fragments of the kept games of size ``n``, each once, the newest (last
    in each file) first."""
    fragments: dict[str, None] = {}
    for path in sources:
        if not path.exists():
            continue
        for line in reversed(path.read_text().splitlines()):
            if line.strip():
                data = json.loads(line)
                if data.get("n") == n and data.get("game"):
                    fragments[str(data["game"])] = None
    return list(fragments)


def positions_of(fragments: Iterable[str], first: int, last: int) -> Iterator[Game]:
    """Each game's positions from turn ``first`` to ``last``, the game not over, each board
    and mover once."""
    seen: set[tuple[bytes, int]] = set()
    for fragment in fragments:
        whole = Game.from_fragment(fragment)
        game = Game(whole.n)
        for move in whole.moves:
            if game.turn_count > last or game.outcome is not None:
                break
            key = (game.board, game.mover)
            if game.turn_count >= first and key not in seen:
                seen.add(key)
                yield game.copy()
            game.play(move)


def label(game: Game, nodes: int) -> Position:
    """Every legal move of ``game``'s position, labelled by proof search of ``nodes`` positions."""
    labels = {}
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if after.outcome is not None:  # a win, or a drawn end: never the opponent's win
            labels[str(move)] = "safe" if after.outcome.winner in (None, game.to_move) else "loss"
            continue
        them = after.mover
        proof = Solver(after.geometry, max_entries=2 * nodes).prove(after.board, them, them, nodes)
        labels[str(move)] = {"proven": "loss", "disproven": "safe"}.get(proof.status, "unknown")
    return Position(game.n, game.to_fragment(), game.turn_count, nodes, labels)


def settings_of(spec: str) -> Settings:
    """``play`` or ``play:name=value,...``: the computer's settings, some changed."""
    name, _, options = spec.partition(":")
    if name != "play":
        raise ValueError(f"unknown agent {spec!r}: write play or play:name=value,...")
    return search_settings(options)


@dataclass(frozen=True)
class Score:
    """An agent's choices on the telling positions: how many were proven to lose."""

    agent: str
    positions: int
    losses: int
    safe: int
    seconds: float

    def row(self) -> str:
        low, high = wilson(self.losses, self.positions)
        return (f"| {self.agent} | {self.positions} | {self.losses} ({100 * low:.0f}-{100 * high:.0f}%)"
                f" | {self.safe} | {self.seconds:.1f} |")


def score(spec: str, positions: list[Position], seconds: float | None, iterations: int | None,
          seed: int = 1) -> Score:
    """Search each telling position afresh with ``spec``'s settings and count its lost choices."""
    settings = settings_of(spec)
    telling = [p for p in positions if p.telling]
    losses = safe = 0
    start = time.process_time()
    for position in telling:
        game = Game.from_fragment(position.fragment)
        result = MCTS(settings, seed=seed).search(game, iterations=iterations, seconds=seconds,
                                                    clock=time.process_time)
        verdict = position.labels[str(result.move)]
        losses += verdict == "loss"
        safe += verdict == "safe"
    used = (time.process_time() - start) / max(1, len(telling))
    return Score(spec, len(telling), losses, safe, used)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    to_label = commands.add_parser("label", help="label the positions of kept games by proof search")
    to_label.add_argument("--size", type=int, required=True)
    to_label.add_argument("--turns", type=int, nargs=2, default=(6, 13), metavar=("FIRST", "LAST"))
    to_label.add_argument("--nodes", type=int, default=20_000, help="proof positions per move")
    to_label.add_argument("--limit", type=int, default=None, help="label at most this many new positions")
    to_score = commands.add_parser("score", help="count each agent's choices proven to lose")
    to_score.add_argument("agents", nargs="+", help="play, or play:name=value,...")
    to_score.add_argument("--size", type=int, required=True)
    budget = to_score.add_mutually_exclusive_group(required=True)
    budget.add_argument("--seconds", type=float, help="CPU seconds a search")
    budget.add_argument("--iterations", type=int, help="playouts a search")
    args = parser.parse_args()
    try:
        kept = read_positions()
    except ValueError as error:
        parser.error(str(error))
    if args.command == "label":
        first, last = args.turns
        if not 0 <= first <= last:
            parser.error(f"--turns {first} {last}: give a first turn of at least 0, not after the last")
        if args.nodes < 1 or (args.limit is not None and args.limit < 1):
            parser.error("--nodes and --limit count: at least 1")
        done = {(g.board, g.mover) for g in (Game.from_fragment(p.fragment) for p in kept)
                if g.n == args.size}
        fragments = kept_games(args.size, [RESULTS, SELF_PLAY])
        if not fragments:
            parser.error(f"no kept game of size {args.size}: play some with bench.arena first")
        added = 0
        for game in positions_of(fragments, first, last):
            if (game.board, game.mover) in done:
                continue
            if args.limit is not None and added >= args.limit:
                break
            start = time.process_time()
            position = label(game, args.nodes)
            with POSITIONS.open("a") as out:
                out.write(position.to_json() + "\n")
            added += 1
            counts = {name: list(position.labels.values()).count(name) for name in LABELS}
            print(f"{position.fragment}: {counts} ({time.process_time() - start:.1f} s)", flush=True)
        print(f"{added} positions labelled into {POSITIONS.name}")
        return
    if (args.seconds is not None and args.seconds <= 0) or (args.iterations is not None and args.iterations < 1):
        parser.error("give a budget above 0")
    for agent in args.agents:
        try:
            settings_of(agent)
        except (ValueError, TypeError) as error:
            parser.error(f"agent {agent!r}: {error}")
    positions = [p for p in kept if p.n == args.size]
    if not any(p.telling for p in positions):
        parser.error(f"no telling position of size {args.size}: label some first")
    print("| agent | positions | chose a proven loss (95% CI) | chose a proven safe move | CPU s a search |")
    print("|---|---|---|---|---|")
    for agent in args.agents:
        print(score(agent, positions, args.seconds, args.iterations).row(), flush=True)


if __name__ == "__main__":
    main()
