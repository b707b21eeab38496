"""Search speed: MCTS iterations (playouts) per second, in CPython and in the browser.

Run: ``python -m bench.search_speed [--seconds 5] [--sizes 9 13] [--browser]``.
Both measure the same search on the same position: the computer's answer
(with ``PLAY``, the settings the computer plays with) to Red's first stone in
the corner (a1). CPython: a fresh search of that position for ``--seconds``.
Browser (``--browser``, after ``scripts/setup.sh --browser``): the page is
served on 127.0.0.1, the person opens a game as Red on a1 and the computer
answers at ``--level`` (default "hard"); the figure is read from the playouts
and seconds the page reports for that move (the same code, run by Pyodide in
the worker). The opening book never steals a corner, so the answer is always
searched. Their ratio is the arena's ``BROWSER_SPEED``.
"""

from __future__ import annotations

import argparse
import re

from bench.site import CHROMIUM_FLAGS, chromium_path, serve_site
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY
from cachex.game import Game
from cachex.notation import Move

# Red's first stone, which the computer answers in both measures.
FIRST_STONE = "a1"


def cpython_rate(n: int, seconds: float) -> float:
    """Iterations per second of the computer's search (``PLAY``) answering a1 on an n x n board."""
    game = Game(n)
    game.play(Move.parse(FIRST_STONE))
    result = MCTS(PLAY, seed=1).search(game, seconds=seconds)
    if result.booked or not result.iterations:
        raise RuntimeError(f"the computer did not search its answer to {FIRST_STONE} on {n} x {n}")
    return result.iterations / result.seconds


def browser_rates(sizes: list[int], level: str = "hard") -> dict[int, float]:
    """Iterations per second of the computer's answer to a1 in the page, per size."""
    from playwright.sync_api import sync_playwright

    rates = {}
    with serve_site() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready='1']", timeout=120_000)
        for n in sizes:
            page.select_option("#opt-size", str(n))
            page.select_option("#opt-mode", "computer")
            page.select_option("#opt-colour", "red")
            page.select_option("#opt-level", level)
            page.click('[data-action="new"]')
            page.click(f'[data-cell="{FIRST_STONE}"]')
            page.wait_for_selector('#ai-info:has-text("playouts in")', timeout=120_000)
            text = str(page.text_content("#ai-info"))
            match = re.search(r"after (\d+) playouts in ([\d.]+) s", text)
            if match is None:
                raise RuntimeError(f"unexpected report from the page: {text!r}")
            if float(match.group(2)) == 0:
                raise RuntimeError(f"the computer did not search (a booked move?): {text!r}")
            rates[n] = int(match.group(1)) / float(match.group(2))
        browser.close()
    return rates


def main() -> None:
    """Print iterations per second per board size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 13])
    parser.add_argument("--browser", action="store_true", help="also measure in the browser")
    parser.add_argument("--level", default="hard", help="the page's level for --browser")
    args = parser.parse_args()
    for n in args.sizes:
        print(f"CPython  n={n:>2}: {cpython_rate(n, args.seconds):7.0f} iterations/s")
    if args.browser:
        for n, rate in browser_rates(args.sizes, args.level).items():
            print(f"browser  n={n:>2}: {rate:7.0f} iterations/s (Pyodide, in the worker, {args.level})")


if __name__ == "__main__":
    main()
