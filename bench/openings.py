"""Compute the opening book (``cachex/data/book/N.json``): estimates by searches and self-play, proofs by a solver.

For every first cell on every size asked for, the value of Red's first stone
there, should Blue not steal it: the stone's owner's winning chance with the
opponent to move. It is estimated on the position after the steal (Blue's
stone on the mirrored cell, Red to move), which the board's symmetry makes
the same game with the colours exchanged. With ``--prove NODES`` the solver
(``cachex.engine.solver``) also tries to settle each cell exactly: the owner wins
(1), loses (0), or it stays unsettled within NODES positions per side (-1);
where it loses, the proof's winning reply is kept too.

With ``--self-play GAMES`` it plays instead, for every first cell, GAMES
games of the referee agent against itself at the official limits (n^2 CPU
seconds a side) from the position after the steal, and appends them to
``bench/opening_games.jsonl``; the table's ``WINS`` and ``GAMES`` are then
the owner's wins and the games of every run in that file, so runs from
several sessions add up, but for the commits ``STALE`` names for a size (played
by an older agent). The book trusts these games over the playouts'
estimate as they accumulate (``cachex.engine.book.opening_value``).
With ``--replies K`` as well, the games go on from every first cell with
the opponent's reply forced, until each of the K replies a search of
``--iterations`` ranks first has GAMES games; the book then values a stone
against the reply that beat it most often, so that its owner meets the
strongest answer found, not only the one the agent prefers. With ``--cells``
the games are played from the first stones named only (the openings met in
the field, say), on every size given.
With ``--check-replies NODES`` it plays nothing: for every first stone not
proven, the solver looks at each reply the book may weigh (one with
``REPLY_GAMES_MIN`` games or more) within NODES positions per side. A reply
after which the owner wins by force goes into ``REFUTED`` (the book no longer
counts it against the stone, nor plays it); one after which the opponent
wins by force proves the stone lost, with that reply (``PROVEN``,
``REPLIES``). Run::

    python -m bench.openings --sizes 3 4 5 6 7 8 9 --iterations 20000
    python -m bench.openings --sizes 3 4 --prove 3000000 --keep-values
    python -m bench.openings --sizes 5 --self-play 8
    python -m bench.openings --sizes 5 --self-play 6 --replies 2
    python -m bench.openings --sizes 9 --self-play 8 --cells a7 a1
    python -m bench.openings --sizes 5 --self-play 0    # count the games kept, play none
    python -m bench.openings --sizes 5 7 9 --check-replies 3000000

Sizes already in the table and not asked for are kept. Cells are searched in
parallel; a cell and its half-turn rotation share one search.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time
import zlib
from pathlib import Path
from typing import Any

from bench.arena import GameResult, GameSpec, play
from bench.results import current_commit
from cachex.colours import BLUE, RED
from cachex.engine.book import BOOK_DIR, REPLY_GAMES_MIN
from cachex.engine.search import MCTS
from cachex.engine.solver import Solver
from cachex.errors import CachexError
from cachex.game import Game
from cachex.geometry import Geometry
from cachex.notation import Move
from cachex.record import decode
from cachex.rules import legal_codes, stolen_cell

# Where the book's data files are written: one per size.
BOOK = BOOK_DIR
SELF_PLAY = Path(__file__).resolve().parent / "opening_games.jsonl"
# The commits whose self-play games no longer count, by size: they were played by
# an older agent, whose results from a stone no longer hold for today's. On 5 x 5,
# from d2 stolen and answered a4, their owner won 1 of 11; the agent of 4879cf3 won
# 7 of 8 as that owner, and 7 of 8 as the owner of b4 left and answered b5 (the
# same position with the colours exchanged), 25 s a side.
STALE: dict[int, frozenset[str]] = {5: frozenset({"6267489", "4fc2a1d", "59d28a9", "93832e5"})}


def after_steal(n: int, cell: int) -> Game:
    """The game after Red's first stone on ``cell`` and Blue's steal of it (Red to move)."""
    game = Game(n)
    game.play(Move.from_code(cell, n))
    game.play(Move.swap())
    return game


def owner_chance(job: tuple[int, int, int]) -> tuple[int, int, float]:
    """The estimated value of a first stone on ``cell``: searched after the steal, from Blue's side."""
    n, cell, iterations = job
    result = MCTS(seed=cell).search(after_steal(n, cell), iterations=iterations)
    return n, cell, round(result.chance_for("blue"), 3)


def owner_proof(job: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """The exact value of a first stone on ``cell``: 1 if its owner (Red) can force a win,
    0 if the opponent (Blue, to move) can, -1 if neither is settled within ``nodes`` each;
    and with 0, Blue's winning reply (else -1)."""
    n, cell, nodes = job
    game = Game(n)
    game.play(Move.from_code(cell, n))
    for prover, value in ((RED, 1), (BLUE, 0)):
        solver = Solver(game.geometry, max_entries=nodes + 1)
        proof = solver.prove(game.board, BLUE, prover, nodes=nodes)
        if proof.status == "proven":
            return n, cell, value, proof.move if prover == BLUE else -1
    return n, cell, -1, -1


def reply_proof(job: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The exact value of a first stone on ``cell`` left and answered by ``reply``: 1 if its
    owner (Red, to move) can force a win, 0 if the opponent (Blue) can, -1 if neither is
    settled within ``nodes`` each."""
    n, cell, reply, nodes = job
    game = Game(n)
    game.play(Move.from_code(cell, n))
    game.play(Move.from_code(reply, n))
    for prover, value in ((RED, 1), (BLUE, 0)):
        solver = Solver(game.geometry, max_entries=nodes + 1)
        if solver.prove(game.board, RED, prover, nodes=nodes).status == "proven":
            return n, cell, reply, value
    return n, cell, reply, -1


def replies_to_check(n: int, proven: list[int] | None,
                     counts: dict[int, dict[int, dict[int, list[int]]]]) -> list[tuple[int, int]]:
    """The ``(cell, reply)`` pairs of an n x n board the book may weigh and no proof
    settles: a first stone of ``first_cells`` not proven (``proven``: the size's row, if
    any), and each reply to it with ``REPLY_GAMES_MIN`` games or more in ``counts``
    (``reply_counts``), most played first."""
    pairs = []
    for cell in first_cells(n):
        if proven is not None and proven[cell] >= 0:
            continue
        met = sorted(counts.get(n, {}).get(cell, {}).items(), key=lambda item: (-item[1][1], item[0]))
        pairs += [(cell, reply) for reply, (_, games) in met if games >= REPLY_GAMES_MIN]
    return pairs


def half_turn(n: int, cell: int) -> int:
    """The cell ``cell`` goes to when the n x n board turns half a turn about its centre."""
    return n * n - 1 - cell


def first_cells(n: int) -> list[int]:
    """Red's legal first cells, one of each pair the half-turn maps onto each other."""
    geo = Geometry.of(n)
    return [c for c in legal_codes(bytearray(geo.size), geo, 0) if c <= half_turn(n, c)]


def named_cells(n: int, names: list[str]) -> list[int]:
    """The first cells ``names`` give on an n x n board, each as ``first_cells`` has it (of
    a cell and its half-turn, the lower), once; ``ValueError`` for a name that is not a
    cell where Red may open."""
    cells: list[int] = []
    for name in names:
        try:
            cell = Game(n).check_legal(name).code(n)
        except CachexError as exc:
            raise ValueError(f"{name!r} is not a first stone on {n} x {n}: {exc}") from exc
        cell = min(cell, half_turn(n, cell))
        if cell not in cells:
            cells.append(cell)
    return cells


def self_play_specs(n: int, games: int, seed: int = 0, first_round: int = 0,
                    cells: list[int] | None = None) -> list[GameSpec]:
    """``games`` games from every first cell's stone (or those of ``cells``), taken by
    Blue's steal, at the official limits: the referee agent on both sides (the stone's
    owner is Blue). Rounds are numbered from ``first_round`` (the rounds kept already),
    so a new run's games get seeds of their own."""
    specs = []
    for g in range(first_round, first_round + games):  # a round of every cell at a time
        for cell in first_cells(n) if cells is None else cells:
            opening = (str(Move.from_code(cell, n)), str(Move.swap()))
            specs.append(agent_game(n, g, seed + 1000 * n + 100 * g + cell, opening))
    return specs


def agent_game(n: int, round_: int, seed: int, opening: tuple[str, ...]) -> GameSpec:
    """A self-play game from ``opening`` at the official limits: the referee agent on
    both sides, the measured side's colour alternating with the round."""
    return GameSpec(n, "agent", "agent", round_ % 2 == 0, float(n * n), seed, opening)


def reply_specs(n: int, cell: int, reply: int, games: int, kept: int) -> list[GameSpec]:
    """Games from a first stone on ``cell``, taken by Blue's steal, with the opponent's
    (Red's) reply forced to ``reply`` (a cell index of the position after the steal),
    until ``games`` such games are kept (``kept`` of them are already): the referee
    agent on both sides at the official limits, each game with a seed of its own."""
    opening = (str(Move.from_code(cell, n)), str(Move.swap()), str(Move.from_code(reply, n)))
    return [agent_game(n, g, zlib.crc32(".".join((str(n), *opening, str(g))).encode()), opening)
            for g in range(kept, games)]


def missing_reply_games(n: int, cell: int, ranked: list[int], games: int,
                        kept: dict[int, dict[int, dict[int, list[int]]]]) -> list[GameSpec]:
    """The games still to play from a first stone on ``cell`` for each reply in ``ranked``
    (cells of the position after the steal) to have ``games``, given the games ``kept``
    (``reply_counts``, whose replies are mirrored into the book's frame)."""
    geo = Geometry.of(n)
    return [spec for reply in ranked
            for spec in reply_specs(n, cell, reply, games,
                                    kept.get(n, {}).get(cell, {}).get(stolen_cell(geo, reply), [0, 0])[1])]


def top_replies(job: tuple[int, int, int, int]) -> tuple[int, int, list[int]]:
    """The ``k`` replies (cell indices) a search of ``iterations`` ranks first for the
    opponent of a first stone on ``cell``, in the position after the steal, most visited first."""
    n, cell, iterations, k = job
    visits = MCTS(seed=cell).search(after_steal(n, cell), iterations=iterations).visits
    ranked = sorted(visits, key=lambda move: -visits[move])
    return n, cell, [Move.parse(move).code(n) for move in ranked[:k]]


def reply_counts(records: list[dict[str, object]]) -> dict[int, dict[int, dict[int, list[int]]]]:
    """Per size, first cell and the opponent's reply, the owner's wins and the games, in
    the frame of the book (Red's stone on the cell, left, and Blue's reply): the game's
    third move mirrored. A cell and its half-turn share them, the reply turning with it."""
    counts: dict[int, dict[int, dict[int, list[int]]]] = {}
    for record in records:
        if "game" not in record:
            continue
        n = int(str(record["n"]))
        moves = decode(str(record["game"])).moves  # its legality is read_self_play's to check
        if len(moves) < 3 or not moves[1].is_swap or moves[2].is_swap:
            continue  # not a game from a stolen first stone with a reply
        cell, reply = moves[0].code(n), stolen_cell(Geometry.of(n), moves[2].code(n))
        for c, r in {(cell, reply), (half_turn(n, cell), half_turn(n, reply))}:
            tally = counts.setdefault(n, {}).setdefault(c, {}).setdefault(r, [0, 0])
            tally[0] += record["outcome"] == "owner"
            tally[1] += 1
    return counts


def self_play_record(result: GameResult, commit: str) -> dict[str, object]:
    """One self-play game as ``bench/opening_games.jsonl`` keeps it (the owner is Blue)."""
    winner = result.winner
    outcome = "draw" if winner is None else "owner" if winner == "blue" else "opponent"
    return {"commit": commit, "n": result.spec.n, "cell": result.spec.opening[0], "outcome": outcome,
            "turns": result.turns, "game": result.fragment}


def self_play_counts(records: list[dict[str, object]]) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Per size and cell, the owner's wins and the games (a draw is a game the owner
    did not win); a cell and its half-turn share both."""
    wins: dict[int, list[int]] = {}
    games: dict[int, list[int]] = {}
    for record in records:
        n = int(str(record["n"]))
        cell = Game(n).check_legal(str(record["cell"])).code(n)
        for table in (wins, games):
            table.setdefault(n, [0] * (n * n))
        for c in {cell, half_turn(n, cell)}:
            games[n][c] += 1
            wins[n][c] += record["outcome"] == "owner"
    return wins, games


def counted(records: list[dict[str, object]],
            stale: dict[int, frozenset[str]] | None = None) -> list[dict[str, object]]:
    """The games the table counts: all but those of a commit ``stale`` (by default
    ``STALE``) names for their size.

    >>> games = [{"n": 5, "commit": "a"}, {"n": 7, "commit": "a"}, {"n": 5, "commit": "b"}]
    >>> [(g["n"], g["commit"]) for g in counted(games, {5: frozenset({"a"})})]
    [(7, 'a'), (5, 'b')]
    """
    old = STALE if stale is None else stale
    return [record for record in records
            if record["commit"] not in old.get(int(str(record["n"])), frozenset())]


def read_self_play(path: Path | None = None) -> list[dict[str, object]]:
    """Every self-play game kept (in ``SELF_PLAY`` by default); ``ValueError`` naming the first bad line."""
    path = path or SELF_PLAY
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            record = json.loads(line)
            n = int(record["n"])
            if not 3 <= n <= 15:
                raise ValueError(f"no {n} x {n} board")
            Game(n).check_legal(record["cell"])  # a first stone Red may place
            if "game" in record and Game.from_fragment(record["game"]).n != n:
                raise ValueError(f"the game is not on a {n} x {n} board")
            if record["outcome"] not in ("owner", "opponent", "draw"):
                raise ValueError(f"unknown outcome {record['outcome']!r}")
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}, line {number}: not a self-play game ({exc})") from exc
        records.append(record)
    return records


def book_text(n: int, playouts: int, values: list[float], proven: list[int] | None,
              replies: list[int] | None, wins: list[int] | None, games: list[int] | None,
              reply_games: dict[int, dict[int, list[int]]] | None, refuted: set[tuple[int, int]] | None) -> str:
    """The ``n`` board's data file (``cachex.engine.book.Book``): an entry per cell, one a
    line, ``null`` at the centre; the tables' -1 (not settled, no reply) left out, replies
    most played first."""
    cells = []
    for c in range(n * n):
        if values[c] < 0:
            cells.append("null")
            continue
        entry: dict[str, object] = {"value": values[c]}
        for key, table in (("proven", proven), ("reply", replies), ("wins", wins), ("games", games)):
            if table is not None and table[c] >= 0:
                entry[key] = table[c]
        met = sorted((reply_games or {}).get(c, {}).items(), key=lambda item: (-item[1][1], item[0]))
        if met:
            entry["replies"] = [[r, w, g] for r, (w, g) in met]
        cells.append(json.dumps(entry))
    head = {"size": n, "playouts": playouts}
    if refuted:
        head["refuted"] = [list(pair) for pair in sorted(refuted)]  # type: ignore[assignment]
    return json.dumps(head)[:-1] + ',\n "cells": [\n  ' + ",\n  ".join(cells) + "\n]}\n"


def read_tables(directory: Path | None = None) -> dict[str, Any]:
    """The book's data files (in ``BOOK``, unless another folder is given) as this tool's
    working tables, by size: ``VALUES`` (-1.0 at the centre), ``PROVEN`` and ``REPLIES``
    (-1 where not settled), ``WINS``, ``GAMES``, ``REPLY_GAMES`` (per cell, the
    ``(reply, wins, games)`` met) and ``REFUTED``, each only for sizes that have one;
    ``PLAYOUTS``, the estimates' playouts."""
    folder = directory or BOOK
    tables: dict[str, Any] = {name: {} for name in ("VALUES", "PROVEN", "REPLIES", "WINS", "GAMES",
                                                    "REPLY_GAMES", "REFUTED")}
    tables["PLAYOUTS"] = 0
    for path in sorted(folder.glob("*.json"), key=lambda p: int(p.stem)):
        data = json.loads(path.read_text())
        n, cells = int(data["size"]), data["cells"]
        tables["PLAYOUTS"] = int(data["playouts"])
        tables["VALUES"][n] = tuple(-1.0 if c is None else c["value"] for c in cells)
        for name, key in (("PROVEN", "proven"), ("REPLIES", "reply"), ("WINS", "wins"), ("GAMES", "games")):
            if any(c is not None and key in c for c in cells):
                tables[name][n] = tuple(-1 if c is None or key not in c else c[key] for c in cells)
        met = {k: tuple(tuple(r) for r in c["replies"]) for k, c in enumerate(cells) if c and c.get("replies")}
        if met:
            tables["REPLY_GAMES"][n] = met
        if data.get("refuted"):
            tables["REFUTED"][n] = tuple(tuple(pair) for pair in data["refuted"])
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", required=True)
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--prove", type=int, default=0, metavar="NODES",
                        help="also settle each cell by the solver within NODES positions per side")
    parser.add_argument("--keep-values", action="store_true",
                        help="keep the estimates already in the table (with --prove)")
    parser.add_argument("--self-play", type=int, default=None, metavar="GAMES",
                        help="instead, play GAMES games of the agent against itself from every "
                             "first cell at the official limits and count all such games kept "
                             "(0: only count them)")
    parser.add_argument("--replies", type=int, default=0, metavar="K",
                        help="with --self-play: play from every first cell until each of the K "
                             "replies a search of --iterations ranks first has GAMES games")
    parser.add_argument("--cells", nargs="+", default=None, metavar="CELL",
                        help="with --self-play: play from these first stones only (e.g. a7: the "
                             "openings the field plays), on every size given")
    parser.add_argument("--check-replies", type=int, default=0, metavar="NODES",
                        help="instead, prove within NODES positions per side who wins after each "
                             "reply the book weighs to each first stone not proven")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    tables = read_tables()
    known = tables["VALUES"]
    playing = args.self_play is not None
    checking = args.check_replies != 0
    if args.check_replies < 0:
        parser.error(f"--check-replies is a number of positions, not {args.check_replies}")
    if checking and (playing or args.prove or args.keep_values):
        parser.error("--check-replies keeps the estimates and plays no games: give it alone")
    if checking and any(n not in known for n in args.sizes):
        parser.error("--check-replies needs sizes whose estimates are in the table already")
    if playing and args.self_play < 0:
        parser.error(f"--self-play is a number of games, not {args.self_play}")
    if args.replies < 0 or (args.replies and not playing):
        parser.error("--replies is a number of replies, with --self-play")
    if args.cells is not None and not playing:
        parser.error("--cells names the first stones to play from, with --self-play")
    if playing and (args.prove or args.keep_values):
        parser.error("--self-play keeps the estimates and proofs: give it alone")
    if playing and any(n not in known for n in args.sizes):
        parser.error("--self-play needs sizes whose estimates are in the table already")
    if args.prove < 0:
        parser.error(f"--prove is a number of positions, 0 (no proofs) or more, not {args.prove}")
    if any(not 3 <= n <= 15 for n in args.sizes):
        parser.error("sizes are from 3 to 15")
    if args.keep_values and (not args.prove or any(n not in known for n in args.sizes)):
        parser.error("--keep-values needs --prove and sizes already in the table")
    try:
        cells = None if args.cells is None else {n: named_cells(n, args.cells) for n in args.sizes}
    except ValueError as exc:
        parser.error(str(exc))
    values = {n: list(row) for n, row in known.items()}
    proven = {n: list(row) for n, row in tables["PROVEN"].items()}
    replies = {n: list(row) for n, row in tables["REPLIES"].items()}
    refuted = {n: set(pairs) for n, pairs in tables["REFUTED"].items()}
    start = time.perf_counter()
    try:
        read_self_play()  # a bad file is named before any work
    except ValueError as exc:
        parser.error(str(exc))
    if playing:
        played = self_play(args.sizes, args.self_play, args.workers, args.replies, args.iterations, cells)
        print(f"{played} games in {time.perf_counter() - start:.0f} s")
    elif checking:
        check_replies(args.sizes, args.check_replies, args.workers, proven, replies, refuted)
    else:
        compute(args, values, proven, replies)
    records = counted(read_self_play())
    wins, games = self_play_counts(records)
    playouts = tables["PLAYOUTS"] if args.keep_values or playing or checking else args.iterations
    met = reply_counts(records)
    BOOK.mkdir(parents=True, exist_ok=True)
    for n in sorted(values):
        text = book_text(n, playouts, values[n], proven.get(n), replies.get(n), wins.get(n), games.get(n),
                         met.get(n), refuted.get(n))
        (BOOK / f"{n}.json").write_text(text)
    print(f"{time.perf_counter() - start:.0f} s; wrote {BOOK}")
    for n in sorted(set(args.sizes) & set(games)):
        print(f"{n} x {n}: the owner's wins / games from each first stone (top row first, as the text board)")
        for r in reversed(range(n)):
            row = range(r * n, (r + 1) * n)
            print(" " * (4 * r) + " ".join(f"{wins[n][c]:3d}/{games[n][c]:<3d}" for c in row))


def self_play(sizes: list[int], games: int, workers: int, replies: int = 0,
              iterations: int = 20_000, cells: dict[int, list[int]] | None = None) -> int:
    """Play the self-play games of ``sizes`` and append each to the file as it ends.
    With ``replies``, instead play from every first cell until each of the ``replies``
    replies a search of ``iterations`` ranks first has ``games`` games. With ``cells``,
    only from the first cells it gives for each size."""
    chosen = {n: first_cells(n) if cells is None else cells[n] for n in sizes}
    commit = current_commit()
    records = counted(read_self_play())
    with multiprocessing.Pool(workers) as pool:
        if replies:
            kept = reply_counts(records)
            jobs = [(n, c, iterations, replies) for n in sizes for c in chosen[n]]
            specs = []
            for n, cell, ranked in pool.imap_unordered(top_replies, jobs):
                print(f"{n} x {n}, {Move.from_code(cell, n)} taken: replies "
                      + " ".join(str(Move.from_code(r, n)) for r in ranked), flush=True)
                specs += missing_reply_games(n, cell, ranked, games, kept)
        else:
            _, counts = self_play_counts(records)
            specs = [spec for n in sizes
                     for spec in self_play_specs(n, games, cells=chosen[n], first_round=max(
                         (counts[n][c] for c in chosen[n]), default=0) if n in counts else 0)]
        with SELF_PLAY.open("a", encoding="utf-8") as out:
            for result in pool.imap_unordered(play, specs, chunksize=1):
                record = self_play_record(result, commit)
                out.write(json.dumps(record, sort_keys=True) + "\n")
                out.flush()
    return len(specs)


def check_replies(sizes: list[int], nodes: int, workers: int, proven: dict[int, list[int]],
                  replies: dict[int, list[int]], refuted: dict[int, set[tuple[int, int]]]) -> None:
    """Prove who wins after each reply the book weighs (``replies_to_check``) on ``sizes``,
    into the tables given: ``refuted`` anew for each size, a stone lost with its reply
    into ``proven`` and ``replies``. Each result is printed as it comes."""
    counts = reply_counts(read_self_play())
    jobs = [(n, cell, reply, nodes) for n in sizes for cell, reply in replies_to_check(n, proven.get(n), counts)]
    for n in sizes:
        refuted[n] = set()
    with multiprocessing.Pool(workers) as pool:
        for n, cell, reply, value in pool.imap_unordered(reply_proof, jobs, chunksize=1):
            verdict = {1: "the owner wins", 0: "the stone loses", -1: "not settled"}[value]
            print(f"{n} x {n}: {Move.from_code(cell, n)} answered {Move.from_code(reply, n)}: {verdict}",
                  flush=True)
            pair, turned = (cell, reply), (half_turn(n, cell), half_turn(n, reply))
            if value == 1:
                refuted[n].update((pair, turned))
            elif value == 0:
                for c, r in (pair, turned):
                    proven.setdefault(n, [-1] * (n * n))[c] = 0
                    replies.setdefault(n, [-1] * (n * n))[c] = r
    for n in sizes:
        if not refuted[n]:
            del refuted[n]


def compute(args: argparse.Namespace, values: dict[int, list[float]], proven: dict[int, list[int]],
            replies: dict[int, list[int]]) -> None:
    """The playouts' estimates (unless kept) and the proofs (if asked for), into the tables given."""
    with multiprocessing.Pool(args.workers) as pool:
        if not args.keep_values:
            jobs = [(n, c, args.iterations) for n in args.sizes for c in first_cells(n)]
            for n in args.sizes:
                values[n] = [-1.0] * (n * n)
            for n, cell, chance in pool.imap_unordered(owner_chance, jobs):
                values[n][cell] = values[n][half_turn(n, cell)] = chance
        if args.prove:
            jobs = [(n, c, args.prove) for n in args.sizes for c in first_cells(n)]
            for n in args.sizes:
                proven[n] = [-1] * (n * n)
                replies[n] = [-1] * (n * n)
            for n, cell, value, reply in pool.imap_unordered(owner_proof, jobs):
                proven[n][cell] = proven[n][half_turn(n, cell)] = value
                if reply >= 0:  # the half-turn maps the stone and its reply together
                    replies[n][cell], replies[n][half_turn(n, cell)] = reply, half_turn(n, reply)


if __name__ == "__main__":
    main()
