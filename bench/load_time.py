"""The page's start-up: time to a playable board, long tasks, the computer's first move.

Run: ``python -m bench.load_time [--runs 3] [--root DIR ...]`` after
``scripts/setup.sh --browser``. Several ``--root`` trees (each with its own
``vendor/``, for example a worktree of an older commit with ``vendor``
linked in) are measured in the same run, one after the other per run, so
their figures compare fairly.

Per run, in a new browser profile (cold) and then by reloading in it (warm),
all in the page's own clock from navigation:

- ready: until the board is playable (``html[data-ready="1"]``), for an
  empty board, for a link holding a 100-move game on 15 x 15 and (in a tree
  with the Cubox view) for an empty Cubox board of size 8;
- longest task: the longest main-thread task (Long Tasks API) before ready;
- computer: in a new profile, the person takes Blue against the computer at
  the weakest level and the time until the computer's first stone appears,
  with the longest main-thread task in that time.

Medians are printed with every run's value. The site is served by Python's
``http.server`` on 127.0.0.1, as ``scripts/play.sh`` does.
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.site import CHROMIUM_FLAGS, ROOT, TIMING_SCRIPT, chromium_path, serve_site
from cachex.game import Game

TIMEOUT_MS = 120_000


def long_game(moves: int = 100, n: int = 15, seed: int = 1) -> str:
    """The record of a seeded random game of ``moves`` turns on ``n`` x ``n`` that is still running."""
    rng = random.Random(seed)
    while True:
        game = Game(n)
        while game.outcome is None and game.turn_count < moves:
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            return game.to_fragment()


def timing(page: Any, wait_for: str) -> dict[str, Any]:
    """The page's timing record once ``wait_for`` ('ready' or 'firstStone') is set."""
    page.wait_for_function(f"window.__cachexTiming && window.__cachexTiming.{wait_for} !== null",
                           timeout=TIMEOUT_MS)
    return dict(page.evaluate("window.__cachexTiming"))


def longest(record: dict[str, Any], until: float, since: float = 0.0) -> float:
    """The longest main-thread task (ms) that started between ``since`` and ``until``."""
    return max((d for start, d in record["longTasks"] if since <= start <= until), default=0.0)


def measure_load(browser: Any, url: str) -> dict[str, float]:
    """Cold then warm: ready time and longest task before it, in ms."""
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    figures = {}
    for label in ("cold", "warm"):
        if label == "cold":
            page.goto(url)
        else:
            page.reload()
        record = timing(page, "ready")
        figures[f"{label} ready"] = record["ready"]
        figures[f"{label} longest task"] = longest(record, record["ready"])
    context.close()
    return figures


def measure_computer(browser: Any, url: str) -> dict[str, float]:
    """Cold: navigation to the computer's first stone (it opens as Red, weakest level)."""
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=TIMEOUT_MS)
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", "blue")
    page.select_option("#opt-level", "beginner")
    asked = page.evaluate("performance.now()")
    page.click('[data-action="new"]')
    record = timing(page, "firstStone")
    context.close()
    return {"computer first move": record["firstStone"],
            "longest task while it starts and thinks": longest(record, record["firstStone"], asked)}


def main() -> None:
    """Print the medians (and every run) of each figure, per tree."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, action="append",
                        help="a site tree to measure (default: this one); may repeat")
    args = parser.parse_args()
    roots = args.root or [ROOT]
    record = long_game()
    results: dict[Path, dict[str, list[float]]] = {root: {} for root in roots}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        for _ in range(args.runs):
            for root in roots:
                with serve_site(root) as url:
                    figures = {}
                    figures.update(measure_load(browser, url))
                    figures.update({f"15x15 100-move link: {k}": v
                                    for k, v in measure_load(browser, f"{url}#{record}").items()})
                    if (root / "cubox.toml").exists():  # a tree with the Cubox view
                        figures.update({f"Cubox empty 8: {k}": v
                                        for k, v in measure_load(browser, f"{url}#cubox.8").items()})
                    figures.update(measure_computer(browser, url))
                for key, value in figures.items():
                    results[root].setdefault(key, []).append(value)
        browser.close()
    print(f"medians of {args.runs} runs, milliseconds from navigation (every run in brackets)")
    for root in roots:
        print(f"{root}:")
        for key, values in results[root].items():
            runs = ", ".join(f"{v:.0f}" for v in values)
            print(f"  {key:<45} {statistics.median(values):7.0f}  [{runs}]")


if __name__ == "__main__":
    main()
