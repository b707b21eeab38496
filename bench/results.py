"""The arena's results: every game appended to one file, and the table made from it.

Each game is one JSON line in ``bench/arena_results.jsonl`` (committed, so that
runs of the same code in several sessions add up): the commit, both agents,
the board size, the measured agent's colour, its result, the turns, each
side's CPU seconds, the budget per side and the game itself (its link
fragment: ``Game.from_fragment`` replays it, and the page shows it). Run
``python -m bench.results [--commit C]`` for the table: per opponent and
size, games, wins (a draw counts half) with the Wilson 95% interval, wins
with each colour, the Elo difference those give (with the interval's ends),
the mean CPU each side used and the mean turns. ``--totals`` sums each
agent's games per commit and time scale over opponents and sizes, to
compare settings. ``--same-code C`` takes the games of every commit whose
players' code (``PLAYERS``) is C's, so that runs made after commits that only
added results, or changed the page or the tests, count together: for the games
of one size, the code as Python runs it (docstrings and comments aside) and
that size's rows of the opening data. ``--lines PLIES`` splits the results
by how the games began (the first PLIES moves, a steal counting as one),
to find the lines the losses come from; ``--size N`` keeps one board size.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import math
import re
import subprocess
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from cachex.errors import RecordError
from cachex.geometry import check_size
from cachex.record import decode
from gamekit.stats import wilson

RESULTS = Path(__file__).resolve().parent / "arena_results.jsonl"
# The first agent's score of each result: a draw counts half, in every table and stop rule.
POINTS = {"win": 1.0, "loss": 0.0, "draw": 0.5}
OUTCOMES = tuple(POINTS)
# What decides how the arena's games go: the package, the pool, the arena and the
# child-process driver of ``agent@REV``. Two commits with the same ids for these
# played the same games; anything else (results, tests, the page) may differ.
PLAYERS = ("cachex", "bench/pool", "bench/arena.py", "bench/version_driver.py")
# The opening data, kept by board size: a game reads only its own size's rows, so
# for the games of one size two commits whose players' code differs only in the
# other sizes' rows played the same games.
SIZED_DATA = "cachex/opening_values.py"


@dataclass(frozen=True)
class GameRecord:
    """One arena game, as the first (measured) agent saw it."""

    commit: str
    first: str
    second: str
    n: int
    first_colour: str
    result: str  # "win", "loss" or "draw" for the first agent
    turns: int
    cpu_first: float
    cpu_second: float
    budget: float  # CPU seconds each side had for the game
    # The game's link fragment (``Game.from_fragment`` replays it), so that a lost
    # game can be studied; empty in the records made before it was kept.
    game: str = ""


def current_commit(root: Path = RESULTS.parent.parent) -> str:
    """The short commit of the working tree at ``root``, marked ``-dirty`` if it has
    uncommitted changes (the results file aside: the arena itself changes it)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                              check=False).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".",
                  f":(exclude){RESULTS.relative_to(RESULTS.parent.parent).as_posix()}")
    return commit + ("-dirty" if changed else "")


def players_code(commit: str, root: Path = RESULTS.parent.parent, n: int | None = None) -> str | None:
    """The git object ids of ``PLAYERS``' files at ``commit``: equal for two commits
    whose games were played by the same code. With ``n``, the code for the games of
    an ``n`` board, file by file: a Python file by what Python runs of it (docstrings
    and comments aside), ``SIZED_DATA`` by its rows for ``n`` only. ``None`` for a
    commit this repository does not know or one recorded ``-dirty`` (its code was
    never committed)."""
    files = None if commit.endswith("-dirty") else _players_files(commit, root)
    if files is None:
        return None
    if n is None:
        return "\n".join(f"{path}: {blob}" for blob, path in files)
    keys = {path: (blob, n if path == SIZED_DATA else 0) for blob, path in files if path.endswith(".py")}
    missing = list(dict.fromkeys(key for key in keys.values() if key not in _CODE))
    texts = _blob_texts(list(dict.fromkeys(blob for blob, _ in missing)), root)
    for blob, size in missing:
        _CODE[blob, size] = sized_rows(texts[blob], size) if size else _code_of(texts[blob])
    return "\n".join(f"{path}: {_CODE[keys[path]] if path in keys else blob}" for blob, path in files)


# What each Python file of the players' code counts as, by its git object id and
# the board size (0 where the file counts alike for every size).
_CODE: dict[tuple[str, int], str] = {}


# A commit written as its id (full or abbreviated), not as a name that can move.
_COMMIT_ID = re.compile(r"[0-9a-f]{7,40}")


def _players_files(commit: str, root: Path) -> tuple[tuple[str, str], ...] | None:
    """The ``(object id, path)`` of every file of ``PLAYERS`` at ``commit`` (``None``: unknown).

    A commit id names the same files for good, so it is looked up once; a name
    that moves (``HEAD``, a branch) is resolved to its commit first, each time."""
    if _COMMIT_ID.fullmatch(commit):
        return _files_at(commit, root)
    resolved = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"], cwd=root,
                              capture_output=True, text=True, check=False).stdout.strip()
    return _files_at(resolved, root) if resolved else None


@functools.cache
def _files_at(commit: str, root: Path) -> tuple[tuple[str, str], ...] | None:
    """``_players_files`` for a commit id."""
    found = subprocess.run(["git", "ls-tree", "-r", f"{commit}^{{commit}}", "--", *PLAYERS], cwd=root,
                           capture_output=True, text=True, check=False)
    if found.returncode != 0 or not found.stdout:
        return None
    return tuple((blob, path) for _, _, blob, path in (line.split(maxsplit=3) for line in found.stdout.splitlines()))


def _blob_texts(blobs: list[str], root: Path) -> dict[str, str]:
    """The texts of the git objects ``blobs``, read in one call."""
    if not blobs:
        return {}
    out = subprocess.run(["git", "cat-file", "--batch"], cwd=root, input=("\n".join(blobs) + "\n").encode(),
                         capture_output=True, check=True).stdout
    texts, at = {}, 0
    for blob in blobs:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        texts[blob] = out[header_end + 1:header_end + 1 + size].decode("utf-8")
        at = header_end + 1 + size + 1
    return texts


def _code_of(source: str) -> str:
    """What Python runs of a module: its syntax tree without docstrings (comments
    never reach it); the source itself where it does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def sized_rows(source: str, n: int) -> str:
    """What a module of data tables keyed by board size holds for ``n``: each table's
    row for ``n`` (or its absence) and every other name's value, as text; the whole
    source where it is not such a module."""
    try:
        tree = ast.parse(source)
        found = []
        for statement in tree.body:
            if isinstance(statement, ast.AnnAssign | ast.Assign) and statement.value is not None:
                target = statement.target if isinstance(statement, ast.AnnAssign) else statement.targets[0]
                value = ast.literal_eval(statement.value)
                if isinstance(value, dict) and all(isinstance(key, int) for key in value):
                    value = value.get(n)
                found.append(f"{ast.unparse(target)} = {value!r}")
        return "; ".join(found)
    except (SyntaxError, ValueError):
        return source


def same_code(games: list[GameRecord], commit: str,
              root: Path = RESULTS.parent.parent) -> tuple[list[GameRecord], list[str]]:
    """The games played by ``commit``'s code (for their board's size) under any commit,
    and those commits in the file's order; ``ValueError`` if ``commit`` is unknown."""
    if players_code(commit, root) is None:
        raise ValueError(f"unknown commit {commit!r}: give a committed revision of this repository")
    codes: dict[tuple[str, int], str | None] = {}
    chosen = []
    for game in games:
        for key in ((game.commit, game.n), (commit, game.n)):
            if key not in codes:
                codes[key] = players_code(key[0], root, key[1])
        if codes[game.commit, game.n] is not None and codes[game.commit, game.n] == codes[commit, game.n]:
            chosen.append(game)
    return chosen, list(dict.fromkeys(g.commit for g in chosen))


def append(games: Iterable[GameRecord], path: Path = RESULTS) -> None:
    """Add games to the results file."""
    with path.open("a", encoding="utf-8") as file:
        for game in games:
            file.write(json.dumps(asdict(game), sort_keys=True) + "\n")


def read(path: Path = RESULTS) -> list[GameRecord]:
    """Every game in the results file; ``ValueError`` naming the first bad line."""
    if not path.exists():
        return []
    names = {f.name for f in fields(GameRecord)}
    games = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if set(data) not in (names, names - {"game"}) or data["result"] not in OUTCOMES:
                raise ValueError("unexpected fields or result")
            games.append(GameRecord(**data))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{path.name} line {number} is not a game record: {exc}") from None
    return games


def elo(p: float) -> float:
    """The Elo difference that gives win rate ``p`` (infinite at 0 and 1)."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def _signed(x: float) -> str:
    return "+inf" if x == math.inf else "-inf" if x == -math.inf else f"{round(x):+d}"


class _Score:
    """A group of games' wins, draws and win rate (a draw counts half) with its Wilson interval."""

    def __init__(self, rows: list[GameRecord]) -> None:
        self.wins = sum(g.result == "win" for g in rows)
        self.draws = sum(g.result == "draw" for g in rows)
        points = sum(POINTS[g.result] for g in rows)
        self.rate = points / len(rows)
        self.low, self.high = wilson(points, len(rows))

    def shown(self) -> str:
        """The rate and its interval as the tables print them: ``50% (24-76%)``."""
        return f"{100 * self.rate:.0f}% ({100 * self.low:.0f}-{100 * self.high:.0f}%)"


def table(games: list[GameRecord], commit: str | None = None) -> str:
    """The results as a Markdown table, per (first, second, size, budget), for one commit or all."""
    chosen = [g for g in games if commit is None or g.commit == commit]
    groups: dict[tuple[str, str, int, float], list[GameRecord]] = {}
    for game in chosen:
        groups.setdefault((game.first, game.second, game.n, game.budget), []).append(game)
    lines = ["| first | opponent | n | games | wins | win rate (95% CI) | wins as Red | "
             "wins as Blue | draws | Elo (95% CI) | mean CPU s (first / opponent) | budget s | mean turns |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for (first, second, n, _), rows in sorted(groups.items()):
        score = _Score(rows)
        reds = [g for g in rows if g.first_colour == "red"]
        blues = [g for g in rows if g.first_colour == "blue"]
        lines.append(
            f"| {first} | {second} | {n} | {len(rows)} | {score.wins} | {score.shown()} | "
            f"{sum(g.result == 'win' for g in reds)}/{len(reds)} | "
            f"{sum(g.result == 'win' for g in blues)}/{len(blues)} | {score.draws} | "
            f"{_signed(elo(score.rate))} ({_signed(elo(score.low))} to {_signed(elo(score.high))}) | "
            f"{sum(g.cpu_first for g in rows) / len(rows):.1f} / "
            f"{sum(g.cpu_second for g in rows) / len(rows):.1f} | "
            f"{max(g.budget for g in rows):g} | {sum(g.turns for g in rows) / len(rows):.0f} |")
    return "\n".join(lines)


def totals(games: list[GameRecord]) -> str:
    """One row per measured agent, commit and time scale (budget / n^2), summed over the
    opponents and sizes: the figure to compare settings by, since one opponent and
    size alone holds too few games to tell them apart."""
    groups: dict[tuple[str, str, float], list[GameRecord]] = {}
    for game in games:
        scale = round(game.budget / (game.n * game.n), 2)
        groups.setdefault((game.first, game.commit, scale), []).append(game)
    lines = ["| first | commit | time scale | opponents | sizes | games | wins | draws | "
             "win rate (95% CI) |", "|---|---|---|---|---|---|---|---|---|"]
    for (first, commit, scale), rows in sorted(groups.items()):
        score = _Score(rows)
        lines.append(
            f"| {first} | {commit} | {scale:g} | {', '.join(sorted({g.second for g in rows}))} | "
            f"{', '.join(str(n) for n in sorted({g.n for g in rows}))} | {len(rows)} | {score.wins} | "
            f"{score.draws} | {score.shown()} |")
    return "\n".join(lines)


def opening_lines(games: list[GameRecord], plies: int) -> str:
    """The results split by how the games began: one row per measured agent, opponent,
    size, the agent's colour and the first ``plies`` moves (a steal is a move), most
    games first; games recorded before the game was kept are left out. The view for
    finding the lines where the losses come from."""
    if plies < 1:
        raise ValueError(f"the lines need at least one move, not {plies}")
    groups: dict[tuple[str, str, int, str, str], list[GameRecord]] = {}
    for game in games:
        if game.game:
            try:
                moves = decode(game.game).moves[:plies]
            except RecordError as exc:
                raise ValueError(f"the game {game.game!r} of commit {game.commit} does not parse: {exc}") from None
            line = " ".join(str(move) for move in moves)
            groups.setdefault((game.first, game.second, game.n, game.first_colour, line), []).append(game)
    lines = ["| first | opponent | n | first's colour | line | games | wins | win rate (95% CI) | "
             "mean turns |", "|---|---|---|---|---|---|---|---|---|"]
    for key, rows in sorted(groups.items(), key=lambda item: (item[0][:4], -len(item[1]), item[0][4])):
        first, second, n, colour, line = key
        score = _Score(rows)
        lines.append(f"| {first} | {second} | {n} | {colour} | {line} | {len(rows)} | {score.wins} | "
                     f"{score.shown()} | {sum(g.turns for g in rows) / len(rows):.0f} |")
    return "\n".join(lines)


def main() -> None:
    """Print the table of the results file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--commit", help="only games of this commit (default: all)")
    choice.add_argument("--same-code", metavar="C",
                       help="the games of every commit whose players' code is C's")
    parser.add_argument("--file", type=Path, default=RESULTS, help="the results file")
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--totals", action="store_true",
                      help="one row per agent, commit and time scale, over all opponents and sizes")
    view.add_argument("--lines", type=int, metavar="PLIES",
                      help="one row per opening line of PLIES moves (a steal counts), "
                           "per agent, opponent, size and colour")
    parser.add_argument("--size", type=int, metavar="N", help="only games on the N x N board")
    args = parser.parse_args()
    if args.lines is not None and args.lines < 1:
        parser.error(f"--lines needs at least 1 move, not {args.lines}")
    if args.size is not None:
        try:
            check_size(args.size)
        except ValueError as exc:
            parser.error(f"--size: {exc}")
    try:
        games = read(args.file)
    except ValueError as exc:
        parser.error(str(exc))
    chosen = [g for g in games if args.commit is None or g.commit == args.commit]
    if args.same_code:
        try:
            chosen, commits = same_code(games, args.same_code)
        except ValueError as exc:
            parser.error(str(exc))
        if chosen:
            print(f"games of {', '.join(commits)}, whose players' code is {args.same_code}'s\n")
    if args.size is not None:
        chosen = [g for g in chosen if g.n == args.size]
    if not chosen:
        which = (f" of commit {args.commit}" if args.commit else
                 f" of {args.same_code}'s code" if args.same_code else "")
        where = "" if args.size is None else f" on {args.size} x {args.size}"
        print(f"no games in {args.file}{which}{where}")
    else:
        try:
            print(totals(chosen) if args.totals else
                  opening_lines(chosen, args.lines) if args.lines is not None else table(chosen))
        except ValueError as exc:
            parser.error(str(exc))


if __name__ == "__main__":
    main()
