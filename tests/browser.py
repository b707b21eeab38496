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
    """What a page did that the tests forbid: outside requests and console errors. Its methods
    are the listeners that record them."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def request(self, request: Any) -> None:
        """Record a request that would leave 127.0.0.1."""
        url = request.url
        if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != "127.0.0.1":
            self.outside.append(url)

    def console(self, message: Any) -> None:
        """Record an error written to the console."""
        if message.type == "error":
            self.errors.append(message.text)

    def page_error(self, exc: Any) -> None:
        """Record an exception the page did not catch."""
        self.errors.append(str(exc))

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
    context.on("request", watch.request)
    context.add_init_script(TIMING_SCRIPT)  # window.__cachexTiming: ready time, long tasks
    return context


def open_watched(context: Any, watch: Watch, url: str) -> Any:
    """A new page of ``context`` at ``url``, its console errors recorded, once ready."""
    page = context.new_page()
    page.on("console", watch.console)
    page.on("pageerror", watch.page_error)
    return opened(page, url)


def opened(page: Any, url: str) -> Any:
    """``page`` gone to ``url``, once the board is ready."""
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
    return page


# Where the reused tab waits between tests: a page of the site (its origin, so that its storage can
# be cleared) that runs nothing and asks for no icon.
RESET_PATH = "tests/data/blank.html"
VIEWPORT = {"width": 1100, "height": 900}


class ReusedTab:
    """One page, in one context, that the tests of a test process open the site in by turns: a
    new context, or a new page, costs the browser a renderer process started afresh, about a
    third of a two-person test's CPU (``docs/decisions.md``). Made again if a test closed it."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.page: Any = None

    def take(self, site_url: str) -> Any:
        """The tab with nothing left of the last test: its document, storage, pointer and size
        back to a fresh tab's (its cache kept, as a browser's between visits)."""
        if self.page is None or self.page.is_closed():
            self.close()
            context = new_context(self.browser, viewport=VIEWPORT)
            context.add_init_script(TIMING_SCRIPT)
            self.page = context.new_page()
        page = self.page
        page.goto(site_url + RESET_PATH)
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
        page.mouse.move(0, 0)
        if page.viewport_size != VIEWPORT:
            page.set_viewport_size(VIEWPORT)
        return page

    def close(self) -> None:
        """Close the tab's context."""
        if self.page is not None:
            self.page.context.close()
            self.page = None


@pytest.fixture(scope="session")
def tab(browser: Any) -> Iterator[ReusedTab]:
    reused = ReusedTab(browser)
    yield reused
    reused.close()


@pytest.fixture
def open_page(site_url: str, watch: Watch, tab: ReusedTab) -> Iterator[object]:
    """A function that opens the page (with an optional fragment) and waits until ready: the
    first time in the test process's reused tab, then in other tabs beside it (sharing its
    storage, as the tabs of one browser do)."""
    page = tab.take(site_url)
    context = page.context
    context.on("request", watch.request)
    page.on("console", watch.console)
    page.on("pageerror", watch.page_error)
    others: list[Any] = []

    def opener(fragment: str = "") -> object:
        url = site_url + ("#" + fragment if fragment else "")
        if page.url.endswith(RESET_PATH):
            return opened(page, url)
        others.append(open_watched(context, watch, url))
        return others[-1]

    yield opener
    for other in others:
        other.close()
    if not page.is_closed():
        page.goto("about:blank")  # the page's worker and timers stopped while the tab waits
        page.remove_listener("console", watch.console)
        page.remove_listener("pageerror", watch.page_error)
        context.remove_listener("request", watch.request)
    watch.check()
