"""Offline play and installation: the service worker and the web app manifest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser import BLOCK_OUTSIDE, Watch, open_watched, watched

from bench.site import CHROMIUM_FLAGS, ROOT, chromium_path, serve_site
from cachex.colours import PALETTE
from web.ai_worker import archive_url
from web.registry import GAMES, SITE

CONTROLLED_TIMEOUT_MS = 120_000


def runtime_version() -> str:
    text = (ROOT / "vendor" / "runtime.js").read_text()
    data = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
    return str(data["version"])


def test_after_one_visit_the_page_and_the_computer_play_offline(browser: Any, watch: Watch) -> None:
    context = watched(browser.new_context(), watch)
    # A runtime cache left by an older deployment, made before the service worker exists.
    context.add_init_script("caches.open('hexhall-runtime-older-versions')")
    with serve_site() as url:
        page = open_watched(context, watch, url + "#v1.5.b2")
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=CONTROLLED_TIMEOUT_MS)
        # The visit is over once the computer's thread has loaded (the analysis starts it):
        # stopping the server sooner (a slow, busy machine) left its files unfetched.
        page.click('[data-action="analyse"]')
        page.wait_for_selector("html[data-computer='ready']", timeout=CONTROLLED_TIMEOUT_MS)
        caches = sorted(page.evaluate("caches.keys()"))
        assert caches == ["hexhall-app", f"hexhall-runtime-{runtime_version()}"]
    # The server is gone: the page comes back from the service worker's caches.
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=CONTROLLED_TIMEOUT_MS)
    assert page.get_attribute('[data-cell="b2"]', "data-stone") == "red"
    page.click('[data-cell="c3"]')
    assert page.get_attribute('[data-cell="c3"]', "data-stone") == "blue"
    page.select_option("#opt-size", "5")
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", "blue")
    page.select_option("#opt-level", "beginner")
    page.click('[data-action="new"]')
    page.wait_for_selector('[data-stone="red"]', timeout=CONTROLLED_TIMEOUT_MS)
    assert "The computer, red, played" in str(page.text_content("#ai-info"))
    for game in GAMES:  # every game's page and its engine's archive were cached by the one visit
        other = context.new_page()
        other.goto(url + "#" + game.example)
        other.wait_for_selector(f"html[data-ready='1'][data-game='{game.name}']", timeout=CONTROLLED_TIMEOUT_MS)
        assert other.evaluate("location.hash") == "#" + game.example
        # the archive the computer's thread fetches for this game (its start offline from the
        # cache is what the Cachex game above played through)
        size = other.evaluate(f"fetch('{archive_url('', game.name)}').then(r => r.ok ? r.arrayBuffer() : null)"
                              ".then(b => b ? b.byteLength : 0)")
        assert size == (ROOT / archive_url("", game.name)).stat().st_size, game.name
        other.close()
    context.close()
    watch.check()


def test_the_page_is_installable_with_a_manifest_of_its_own(browser: Any, watch: Watch,
                                                             tmp_path: Path) -> None:
    # Installability is only judged outside incognito: a profile of its own.
    context = watched(browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_path(), args=[*CHROMIUM_FLAGS, BLOCK_OUTSIDE]), watch)
    with serve_site() as url:
        page = open_watched(context, watch, url)
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=CONTROLLED_TIMEOUT_MS)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        data = json.loads(manifest["data"])
        assert data["name"].startswith(SITE) and data["theme_color"] == PALETTE["red"]
        # Launched from the home screen: the start address is the playable page.
        page.goto(url + data["start_url"].removeprefix("./"))
        page.wait_for_selector("html[data-ready='1']")
        assert page.locator("[data-cell]").count() == 81
    context.close()
    watch.check()


def test_the_sites_icon_is_a_square_picture_of_the_site_naming_no_game() -> None:
    import xml.etree.ElementTree as ET

    icon = (ROOT / "web" / "icon.svg").read_text()
    drawing = ET.fromstring(icon)
    _, _, width, height = (float(v) for v in drawing.attrib["viewBox"].split())
    assert width == height and drawing.attrib["aria-label"] == SITE
    assert not any(game.name in icon.lower() or game.title.lower() in icon.lower() for game in GAMES)
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert [icon["src"] for icon in manifest["icons"]] == ["web/icon.svg"]
    assert manifest["name"].startswith(SITE)
