"""Learn the search's move prior (``cachex/data/pattern_weights.json``) from the kept games.

Every position of the kept games from turn 3 on (``bench/arena_results.jsonl``
at half the official limits or more, and ``bench/opening_games.jsonl``) is
one contest among the empty cells, won by the cell played. Each cell's
features (``cachex.engine.patterns``) make its strength the product of their
weights, fitted by minorisation-maximisation (Hunter 2004, as Coulom 2007
did for Go and MoHex 2.0 for Hex), one group of features at a time, with a
virtual win and loss against a weight of 1 for every feature so that rare
ones stay near 1. Every tenth game is held out, and the fit is reported on
those games' positions: how often the model's favourite is the move played
(ties shared), against the prior the search had (the cells nearest a
shortest connection of either player), and the mean log-likelihood; and on
the held-out games the table in use was not fitted on (all but the games
kept when it was last written, by git), the new fit beside that table. Run::

    python -m bench.patterns                     # fit, report, write the table
    python -m bench.patterns --iterations 20 --dry-run
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import time
from pathlib import Path

from bench.results import current_commit
from cachex.colours import EMPTY, opponent
from cachex.engine.paths import path_lengths
from cachex.engine.patterns import (
    FEATURES,
    GROUP_CONTACT,
    WEIGHTS_FILE,
    features,
    group_of,
    read_weights,
    weight_table,
)
from cachex.errors import CachexError
from cachex.game import Game
from cachex.geometry import NO_CELL, STEAL, Geometry
from cachex.rules import OPENING_TURNS, mover

BENCH = Path(__file__).resolve().parent
SOURCES = (BENCH / "arena_results.jsonl", BENCH / "opening_games.jsonl")
TABLE = WEIGHTS_FILE
HOLD_OUT = 10  # every tenth game is kept out of the fit, to report on
MIN_SHARE = 0.5  # games at less than this share of the official limits are left out
PRIOR_GAMES = 1.0  # virtual wins and losses of every feature against a weight of 1
KEEP_SEEN = 10  # a feature met in fewer positions than this is left out of the table (weight 1)

# One contest: the index of the cell played among the candidates, and each
# candidate's features.
Contest = tuple[int, list[tuple[int, int, int, int]]]


def kept_games(sources: tuple[Path, ...] = SOURCES) -> list[str]:
    """The records of the kept games worth learning from, in file order."""
    records = []
    for path in sources:
        if path.exists():
            records.extend(_kept_in(path.read_text(encoding="utf-8"), path.name))
    return records


def _kept_in(text: str, name: str) -> list[str]:
    """The kept games' records in one source's ``text`` (``name`` for the message of a bad line)."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            raise ValueError(f"{name} line {number} is not JSON") from None
        game = data.get("game")
        if not game:
            continue
        budget = data.get("budget")
        if budget is not None and budget < MIN_SHARE * data["n"] ** 2:
            continue
        records.append(game)
    return records


def fitted_records() -> list[str]:
    """The records the table in use was fitted on: the games ``kept_games`` found in
    the sources as they were at the commit the table names (``sources``; none if git
    or that commit is not at hand)."""
    root = BENCH.parent
    commit = str(json.loads(TABLE.read_text()).get("sources", "")).removesuffix("-dirty")
    if not commit:
        return []
    records = []
    for source in SOURCES:
        shown = subprocess.run(["git", "show", f"{commit}:{source.relative_to(root).as_posix()}"],
                               cwd=root, capture_output=True, text=True, check=False)
        if shown.returncode == 0:
            records.extend(_kept_in(shown.stdout, source.name))
    return records


def contests(record: str) -> list[tuple[Contest, float]]:
    """The positions of one game as contests (from turn 3 on, the steal left out),
    each with the path prior's chance of naming the move played (ties shared)."""
    try:
        game = Game.from_fragment(record)
    except CachexError as exc:
        raise ValueError(f"a kept game is not a valid record: {exc}") from None
    geo = Geometry.of(game.n)
    codes = [m.code(game.n) for m in game.moves]
    replay = Game(game.n)
    found = []
    for turn, code in enumerate(codes):
        if turn >= OPENING_TURNS and code != STEAL:
            board = replay.board
            me = mover(turn)
            last = codes[turn - 1] if codes[turn - 1] >= 0 else NO_CELL
            cells = [c for c in range(geo.size) if board[c] == EMPTY]
            feats = features(board, geo, me, last, cells)
            found.append(((cells.index(code), [feats[c] for c in cells]),
                          path_prior_hit(board, geo, me, cells, code)))
        replay.play(game.moves[turn])
    return found


def path_prior_hit(board: bytes, geo: Geometry, me: int, cells: list[int], code: int) -> float:
    """The chance that the search's former prior names ``code`` first: 1 over its
    favourites (the cells nearest a shortest connection of either player) if
    ``code`` is one of them, else 0."""
    mine = path_lengths(board, geo, me)
    theirs = path_lengths(board, geo, opponent(me))
    near = {c: min(mine[c], theirs[c]) for c in cells}
    best = min(near.values())
    top = [c for c in cells if near[c] == best]
    return 1.0 / len(top) if code in top else 0.0


def fit(train: list[Contest], iterations: int, log: bool = True) -> list[float]:
    """The features' weights by minorisation-maximisation, group by group."""
    weights = [1.0] * FEATURES
    wins = [0.0] * FEATURES
    seen = [0] * FEATURES
    for chosen, cands in train:
        for f in cands[chosen]:
            wins[f] += 1.0
        for cand in cands:
            for f in cand:
                seen[f] += 1
    for it in range(iterations):
        for group in range(GROUP_CONTACT + 1):
            denominator = [0.0] * FEATURES
            for _, cands in train:
                strengths = []
                total = 0.0
                for cand in cands:
                    s = 1.0
                    for f in cand:
                        s *= weights[f]
                    strengths.append(s)
                    total += s
                for cand, s in zip(cands, strengths, strict=True):
                    f = cand[group]
                    denominator[f] += s / weights[f] / total
            for f in range(FEATURES):
                if seen[f] and group_of(f) == group:
                    weights[f] = ((wins[f] + PRIOR_GAMES)
                                  / (denominator[f] + 2 * PRIOR_GAMES / (weights[f] + 1.0)))
        if log:
            print(f"iteration {it + 1}: log-likelihood {likelihood(train, weights):.4f} a position",
                  flush=True)
    return weights


def candidate_strengths(cands: list[tuple[int, int, int, int]], weights: list[float]) -> list[float]:
    """Each candidate's strength: the product of its features' weights."""
    return [math.prod(weights[f] for f in cand) for cand in cands]


def likelihood(positions: list[Contest], weights: list[float]) -> float:
    """The mean log-probability the model gives the moves played."""
    if not positions:
        return 0.0
    total = 0.0
    for chosen, cands in positions:
        strengths = candidate_strengths(cands, weights)
        total += math.log(strengths[chosen] / sum(strengths))
    return total / len(positions)


def top_share(positions: list[Contest], weights: list[float]) -> float:
    """How often the model's favourite is the move played (ties shared)."""
    if not positions:
        return 0.0
    hits = 0.0
    for chosen, cands in positions:
        strengths = candidate_strengths(cands, weights)
        best = max(strengths)
        if strengths[chosen] == best:
            hits += 1.0 / strengths.count(best)
    return hits / len(positions)


def table_text(weights: list[float], seen: list[int], games: int, positions: int, sources: str) -> str:
    """The data file's text (``cachex.engine.patterns.WEIGHTS_FILE``): every feature met in
    ``KEEP_SEEN`` positions or more whose weight is not about 1, one per line, and the
    commit whose kept games (``sources``) the fit read."""
    kept = {f: w for f, w in enumerate(weights) if seen[f] >= KEEP_SEEN and abs(math.log(w)) > 0.01}
    rows = ",\n".join(f'  "{f}": {float(f"{kept[f]:.4g}")}' for f in sorted(kept))
    return (f'{{"games": {games}, "positions": {positions}, "sources": "{sources}",\n'
            f' "weights": {{\n{rows}\n}}}}\n')


def main() -> None:
    """Fit the weights, report the held-out fit against the former prior, write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=12, help="passes of the fit (default 12)")
    parser.add_argument("--dry-run", action="store_true", help="report only; do not write the table")
    args = parser.parse_args()
    if args.iterations < 1:
        parser.error(f"--iterations must be at least 1, not {args.iterations}")
    start = time.perf_counter()
    records = kept_games()
    if not records:
        parser.error("no kept games with records to learn from")
    fitted = set(fitted_records())
    train: list[Contest] = []
    test: list[Contest] = []
    unseen: list[Contest] = []  # held out, and from games the table in use was not fitted on
    path_hits = 0.0
    for number, record in enumerate(records):
        found = contests(record)
        if number % HOLD_OUT == HOLD_OUT - 1:
            test.extend(contest for contest, _ in found)
            if record not in fitted:
                unseen.extend(contest for contest, _ in found)
            path_hits += sum(hit for _, hit in found)
        else:
            train.extend(contest for contest, _ in found)
    print(f"{len(records)} games: {len(train)} positions to fit, {len(test)} held out "
          f"({time.perf_counter() - start:.0f} s)", flush=True)
    weights = fit(train, args.iterations)
    uniform = [1.0] * FEATURES
    print(f"held out: the model's favourite is the move played {top_share(test, weights):.1%}, "
          f"the former prior's {path_hits / max(1, len(test)):.1%}, uniform {top_share(test, uniform):.1%}; "
          f"log-likelihood {likelihood(test, weights):.3f} (uniform {likelihood(test, uniform):.3f})")
    if unseen:
        in_use = weight_table(read_weights(TABLE))
        print(f"on the {len(unseen)} held-out positions of games after the table in use was fitted: "
              f"the new fit's favourite {top_share(unseen, weights):.1%}, the table's "
              f"{top_share(unseen, in_use):.1%}; log-likelihood {likelihood(unseen, weights):.3f} "
              f"and {likelihood(unseen, in_use):.3f}", flush=True)
    if args.dry_run:
        return
    # The table is fitted on every game, the held-out ones included.
    everything = train + test
    weights = fit(everything, args.iterations, log=False)
    seen = [0] * FEATURES
    for _, cands in everything:
        for cand in cands:
            for f in cand:
                seen[f] += 1
    TABLE.write_text(table_text(weights, seen, len(records), len(everything), current_commit()),
                     encoding="utf-8")
    print(f"wrote {TABLE.relative_to(BENCH.parent)} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
