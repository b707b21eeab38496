"""Fixtures for the browser tests: the site served locally and Debian's Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import pytest

from bench.site import CHROMIUM_FLAGS, TIMING_SCRIPT, chromium_path, serve_site

READY_TIMEOUT_MS = 60_000
# Chromium's resolver fails every host name but 127.0.0.1: a request that would leave the machine
# fails at once (``watched`` records it, and the test fails).
BLOCK_OUTSIDE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The repository root served on 127.0.0.1 for the length of the test run (``serve_site``
    refuses it, naming the setup step, if the runtimes were never copied in)."""
    with serve_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=[*CHROMIUM_FLAGS, BLOCK_OUTSIDE])
        yield browser
        browser.close()


@dataclass
class Watch:
    """What a page did that the tests forbid: outside requests and console errors."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def check(self) -> None:
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"
        assert self.errors == [], f"browser console errors: {self.errors}"


@pytest.fixture
def watch() -> Watch:
    return Watch()


def new_context(browser: Any, **options: Any) -> Any:
    """A browser context for a test of the page: the offline service worker blocked, so that
    each test does not download the whole site and its runtimes again (``tests/test_offline.py``
    tests the service worker in contexts of its own)."""
    return browser.new_context(service_workers="block", **options)


def watched(context: Any, watch: Watch) -> Any:
    """``context`` with requests that leave 127.0.0.1 recorded, and page timing. The requests are
    only listened to: routing every request through the test (``context.route``) cost a page
    against the computer about a third more CPU to be ready (``docs/decisions.md``); the
    browser's resolver (``BLOCK_OUTSIDE``) already fails any name but 127.0.0.1."""

    def seen(request: Any) -> None:
        url = request.url
        if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != "127.0.0.1":
            watch.outside.append(url)

    context.on("request", seen)
    context.add_init_script(TIMING_SCRIPT)  # window.__cachexTiming: ready time, long tasks
    return context


def open_watched(context: Any, watch: Watch, url: str) -> Any:
    """A new page of ``context`` at ``url``, its console errors recorded, once ready."""
    page = context.new_page()
    page.on("console", lambda msg: watch.errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
    return page


@pytest.fixture
def open_page(browser: Any, site_url: str, watch: Watch) -> Iterator[object]:
    """A function that opens the page (with an optional fragment) and waits until ready."""
    context = watched(new_context(browser, viewport={"width": 1100, "height": 900}), watch)

    def opener(fragment: str = "") -> object:
        return open_watched(context, watch, site_url + ("#" + fragment if fragment else ""))

    yield opener
    context.close()
    watch.check()
