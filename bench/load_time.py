"""Time from navigation to a playable board (``html[data-ready="1"]``), cold and warm.

Run: ``python -m bench.load_time [--runs 3]`` after ``scripts/setup.sh --browser``.
Cold: a new browser profile with an empty cache. Warm: a reload in the same
profile, with the runtime files in the browser's cache. The site is served by
Python's ``http.server`` on 127.0.0.1, as ``scripts/play.sh`` does.
"""

from __future__ import annotations

import argparse
import statistics
import time

from playwright.sync_api import sync_playwright

from bench.site import CHROMIUM_FLAGS, chromium_path, serve_site


def main() -> None:
    """Print cold and warm load times (median and all runs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cold: list[float] = []
    warm: list[float] = []
    with serve_site() as url, sync_playwright() as pw:
        for _ in range(args.runs):
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("html[data-ready='1']", timeout=120_000)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            page.reload()
            page.wait_for_selector("html[data-ready='1']", timeout=120_000)
            warm.append(time.perf_counter() - start)
            browser.close()
    for label, values in (("cold", cold), ("warm", warm)):
        runs = ", ".join(f"{v:.2f}" for v in values)
        print(f"{label}: median {statistics.median(values):.2f} s  (runs: {runs})")


if __name__ == "__main__":
    main()
