"""The page's start-up: time to a playable board, long tasks, the computer's first move.

Run: ``python -m bench.load_time [--runs 3] [--root DIR ...]`` after
``scripts/setup.sh --browser``. Several ``--root`` trees (each with its own
``vendor/``, for example a worktree of an older commit with ``vendor``
linked in) are measured in the same run, one after the other per run, so
their figures compare fairly.

Per run, in a new browser profile (cold) and then by reloading in it (warm),
all in the page's own clock from navigation:

- ready: until the board is playable (``html[data-ready="1"]``), for an
  empty board of every game of ``web.registry`` whose bundle the tree has
  (the bare address for the first game, the record of a new game for the
  others) and for a link holding a 100-move Cachex game on 15 x 15;
- longest task: the longest main-thread task (Long Tasks API) before ready;
- computer: for every such game, in a new profile, the person takes the
  second side against the computer at the weakest level and the time until
  the computer's first move is on the board (ply 1), with the longest main-thread task in
  that time;
- analysis: in a new profile, Analyse pressed as soon as the board is
  playable, and the time until the analysis shows its first playouts.

The floor is measured in the same runs: a bare page (PyScript and
MicroPython start, one line of Python marks it ready) and a bare Pyodide
worker that answers one message (its answer marks the page as the
computer's first move does), both from a temporary folder linking the
tree's ``vendor/``. The bare page is loaded beside every load of the page,
just before it in one run and just after it in the next, so that each
ready is compared with a floor of the same moment on this shared machine;
the bare worker once a run. Each figure is then also printed as the floor
plus the page's own overhead: ready against the bare page's ready beside
it, the computer's first move against the bare worker's answer.

Medians are printed with every run's value. The site is served by Python's
``http.server`` on 127.0.0.1, as ``scripts/play.sh`` does.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.site import CHROMIUM_FLAGS, ROOT, TIMING_SCRIPT, chromium_path, serve_site
from cachex.game import Game
from web.registry import GAMES, GameEntry, load

TIMEOUT_MS = 120_000


# The floor: a bare page and a bare worker on the same runtimes (``vendor/`` linked in).
BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><script type="module" src="vendor/pyscript/core.js"></script></head>
<body><script type="mpy" config="mpy.toml">
from pyscript import document
document.documentElement.setAttribute("data-ready", "1")
</script></body></html>
"""
BARE_WORKER_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><script type="module" src="vendor/pyscript/core.js"></script></head>
<body><script type="mpy" config="mpy.toml">
import asyncio
from pyscript import create_named_worker, document
document.documentElement.setAttribute("data-ready", "1")

async def main():
    worker = await create_named_worker("./worker.py", "bare", config="./pyscript.toml", type="py")
    if str(await worker.handle("ping")) == "pong":
        document.body.setAttribute("data-moved", "answered")

TASK = asyncio.create_task(main())
</script></body></html>
"""
BARE_FILES = {
    "index.html": BARE_PAGE, "worker.html": BARE_WORKER_PAGE,
    "mpy.toml": 'interpreter = "./vendor/micropython/micropython.mjs"\n',
    "pyscript.toml": 'interpreter = "./vendor/pyodide/pyodide.mjs"\n',
    "worker.py": 'def handle(text):\n    return "pong"\n\n\n__export__ = ["handle"]\n',
}


def floor_site(root: Path, folder: Path) -> Path:
    """A bare site in ``folder`` on ``root``'s runtimes: ``index.html`` and ``worker.html``."""
    for name, text in BARE_FILES.items():
        (folder / name).write_text(text)
    (folder / "vendor").symlink_to((root / "vendor").resolve())
    return folder


def measure_bare_worker(browser: Any, url: str) -> dict[str, float]:
    """The bare worker's first answer (cold)."""
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    page.goto(url + "worker.html")
    answer = timing(page, "firstMove")["firstMove"]
    context.close()
    return {"floor: bare worker's answer": answer}


def beside_floor(browser: Any, floor_url: str, url: str, label: str, floor_first: bool) -> dict[str, float]:
    """The page at ``url`` loaded as ``measure_load`` does, and the bare page at ``floor_url``
    just before it (``floor_first``) or just after: figures named ``label: ...`` and
    ``label: floor ...``."""
    order = [(floor_url, f"{label}: floor "), (url, f"{label}: ")]
    figures = {}
    for address, prefix in order if floor_first else order[::-1]:
        figures.update({prefix + k: v for k, v in measure_load(browser, address).items()})
    return figures


def over_floor(label: str) -> dict[str, str]:
    """The cold and warm ready of the page loaded as ``label``, beside the floor's loaded with it."""
    return {f"{label}: {load} ready": f"{label}: floor {load} ready" for load in ("cold", "warm")}


# Each figure of the page, beside the floor figure it is compared with (and for every game,
# see ``game_figures``).
OVER_FLOOR = {**over_floor("15x15 100-move link"), "analysis first update": "floor: bare worker's answer"}


def game_figures(game: GameEntry) -> dict[str, str]:
    """A game's figures, beside the floor figure each is compared with."""
    return {**over_floor(f"{game.title} empty"),
            f"{game.title}: computer first move": "floor: bare worker's answer"}


def fresh_record(game: GameEntry) -> str:
    """The record of a new game of ``game`` at its default size (what a link to it holds)."""
    return str(load(f"{game.name}:Game")(game.default_size).to_fragment())


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
    """The page's timing record once ``wait_for`` ('ready' or 'firstMove') is set."""
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


def measure_computer(browser: Any, url: str, game: GameEntry) -> dict[str, float]:
    """Cold: navigation to the computer's first move (it opens as the first side, weakest level)."""
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=TIMEOUT_MS)
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", game.sides[1].code)
    page.select_option("#opt-level", game.levels[0])
    asked = page.evaluate("performance.now()")
    page.click('[data-action="new"]')
    record = timing(page, "firstMove")
    context.close()
    return {"computer first move": record["firstMove"],
            "longest task while it starts and thinks": longest(record, record["firstMove"], asked)}


def measure_analysis(browser: Any, url: str) -> dict[str, float]:
    """Cold: navigation to the analysis board's first figures, Analyse pressed once the board
    is playable (a game between two people, where the analysis is offered at once)."""
    context = browser.new_context()
    context.add_init_script(TIMING_SCRIPT)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=TIMEOUT_MS)
    page.click('[data-action="analyse"]')
    page.wait_for_function("Number(document.querySelector('#win-chance').dataset.playouts) > 0", timeout=TIMEOUT_MS)
    shown = float(page.evaluate("performance.now()"))
    context.close()
    return {"analysis first update": shown}


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
        for run in range(args.runs):
            floor_first = run % 2 == 0
            for root in roots:
                figures = {}
                with tempfile.TemporaryDirectory() as folder, \
                        serve_site(floor_site(root, Path(folder))) as floor, serve_site(root) as url:
                    figures.update(measure_bare_worker(browser, floor))
                    for game in GAMES:
                        if not (root / "build" / "mpy" / f"{game.name}.bundle").exists():
                            continue  # a tree without this game
                        page = url if game is GAMES[0] else f"{url}#{fresh_record(game)}"
                        figures.update(beside_floor(browser, floor, page, f"{game.title} empty", floor_first))
                        figures.update({f"{game.title}: {k}": v
                                        for k, v in measure_computer(browser, page, game).items()})
                    figures.update(beside_floor(browser, floor, f"{url}#{record}", "15x15 100-move link", floor_first))
                    figures.update(measure_analysis(browser, url))
                for key, value in figures.items():
                    results[root].setdefault(key, []).append(value)
        browser.close()
    print(f"medians of {args.runs} runs, milliseconds from navigation (every run in brackets)")
    for root in roots:
        print(f"{root}:")
        for key, values in results[root].items():
            runs = ", ".join(f"{v:.0f}" for v in values)
            print(f"  {key:<45} {statistics.median(values):7.0f}  [{runs}]")
        print("  the page's own overhead over the floor, run by run (median [every run]):")
        over = dict(OVER_FLOOR)
        for game in GAMES:
            over.update(game_figures(game))
        for key, base in over.items():
            if key in results[root]:
                extra = [v - b for v, b in zip(results[root][key], results[root][base], strict=True)]
                runs = ", ".join(f"{v:.0f}" for v in extra)
                print(f"  {key + ' - floor':<45} {statistics.median(extra):7.0f}  [{runs}]")


if __name__ == "__main__":
    main()
