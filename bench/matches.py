"""What the games' strength matches share: the commit measured, the games played at once and
each appended to the game's results file as it ends, and the sum of the results.

Each game's match runner (``bench.cubox_match``, ``bench.cluster42_match``,
``bench.chase_match``) says how to play one game and returns a row; a draw
counts half.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any, TypeVar

from gamekit.stats import wilson

Job = TypeVar("Job")
HERE = Path(__file__).resolve().parent


def commit() -> str:
    """The commit being measured (short), or "unknown" outside a git checkout."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True, cwd=HERE).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def play_all(play: Callable[[Job], dict[str, Any]], jobs: Sequence[Job], workers: int, results: Path,
             extra: dict[str, Any], line: Callable[[dict[str, Any]], str]) -> list[dict[str, Any]]:
    """Play ``jobs`` on ``workers`` processes; each game's row, with ``extra`` and the commit,
    is appended to ``results`` and ``line`` of it printed as it ends."""
    head = commit()
    rows: list[dict[str, Any]] = []
    with Pool(workers) as pool:
        for row in pool.imap_unordered(play, jobs):
            row.update(extra, commit=head)
            with results.open("a") as out:
                out.write(json.dumps(row, sort_keys=True) + "\n")
            rows.append(row)
            print(line(row), flush=True)
    return rows


def score(rows: Sequence[dict[str, Any]]) -> float:
    """The games won, a draw counting half."""
    return sum(1.0 if row["result"] == "win" else 0.5 if row["result"] == "draw" else 0.0 for row in rows)


def summary(rows: Sequence[dict[str, Any]], key: str, sides: Sequence[Any], names: Sequence[str]) -> str:
    """Wins of all games with the Wilson 95% interval, then per side (``key`` of each row)."""
    total = score(rows)
    low, high = wilson(total, len(rows))
    each = ", ".join(f"{name} {score([r for r in rows if r[key] == side]):g}/{sum(r[key] == side for r in rows)}"
                     for side, name in zip(sides, names, strict=True))
    return (f"{total:g}/{len(rows)} ({100 * total / max(1, len(rows)):.0f}%, Wilson 95% {100 * low:.0f}-"
            f"{100 * high:.0f}%), {each}")
