"""Playwright tests of what the page's shell gives every game of the registry: the site's and
the game's titles, the games' links, the new-game form, links and Open across games, and the
board's hooks. A game added to ``web.registry`` is tested here without a line more."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest
from browser import Watch, new_context, open_watched, watched

from web.registry import GAMES, SITE, GameEntry, game_of

by_game = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
COMPUTER_TIMEOUT_MS = 120_000


def other_than(game: GameEntry) -> GameEntry:
    return next(g for g in GAMES if g is not game)


def options(page: Any, select: str) -> list[str]:
    return list(page.eval_on_selector_all(f"{select} option", "els => els.map(e => e.value)"))


def form(page: Any) -> list[str]:
    return [page.input_value(f"#opt-{name}") for name in ("game", "size", "mode", "colour", "level")]


def ready(page: Any, game: GameEntry) -> None:
    page.wait_for_selector(f"html[data-game='{game.name}'][data-ready='1']")


def test_a_request_that_would_leave_the_machine_fails_at_once_and_is_recorded(open_page: Any,
                                                                            watch: Watch) -> None:
    page = open_page()
    answer = page.evaluate("fetch('https://cdn.example.com/pyodide.mjs').then(() => 'fetched', () => 'failed')")
    assert answer == "failed"
    assert watch.outside == ["https://cdn.example.com/pyodide.mjs"]
    page.wait_for_timeout(100)  # the console's report of the failure
    assert watch.errors == ["Failed to load resource: net::ERR_NAME_NOT_RESOLVED"]
    watch.outside.clear()  # what this test made on purpose: the fixture's own check passes
    watch.errors.clear()


def preloaded(page: Any) -> list[str]:
    """The files index.html's script started fetching early (its preloads)."""
    return [str(url).rsplit("/", 1)[1]
            for url in page.evaluate("[...document.querySelectorAll('link[rel=preload]')].map(l => l.href)")]


@by_game
def test_the_form_offers_the_picked_games_own_options_and_starts_exactly_what_was_chosen(
        open_page: Any, game: GameEntry) -> None:
    page = open_page(other_than(game).example)
    page.select_option("#opt-game", game.name)
    assert options(page, "#opt-size") == [str(n) for n in game.sizes]
    assert options(page, "#opt-colour") == [side.code for side in game.sides]
    assert options(page, "#opt-level") == list(game.levels)
    assert game.sides[1].label() in str(page.text_content("#opt-colour"))  # each side with its paint
    assert "))" not in str(page.text_content("#opt-colour"))  # and no brackets in brackets
    chosen = [game.name, str(game.sizes[min(1, len(game.sizes) - 1)]), "computer", game.sides[1].code,
              game.levels[0]]
    for name, value in zip(("size", "mode", "colour", "level"), chosen[1:], strict=True):
        page.select_option(f"#opt-{name}", value)
    assert page.is_visible("#opt-first") == ("first" in game.offers)
    if "first" in game.offers:  # the game lets either side start: the computer's side does
        page.select_option("#opt-first", game.sides[0].code)
    page.click('[data-action="new"]')
    ready(page, game)
    assert form(page) == chosen and page.title() == f"{game.title} · {SITE}"
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'",
                           timeout=COMPUTER_TIMEOUT_MS)  # the computer, the first side, moved
    again = open_page()  # a bare address: the game chosen last, with its settings
    ready(again, game)
    assert preloaded(again) == [f"{game.name}.bundle"]  # its bundle fetched early, as the runtimes load
    assert form(again) == chosen and again.get_attribute("#board", "data-ply") == "0"


@by_game
def test_a_link_to_any_game_opens_it_in_an_open_tab_and_the_games_links_switch_in_one_tap(
        open_page: Any, game: GameEntry) -> None:
    other = other_than(game)
    page = open_page(other.example)
    page.evaluate(f"location.hash = '#{game.example}'")
    ready(page, game)
    assert page.evaluate("location.hash") == "#" + game.example
    assert page.text_content("header h1") == game.title
    assert page.get_attribute(f'#games a[href="#{game.name}"]', "aria-current") == "page"
    page.click(f'#games a[href="#{other.name}"]')
    ready(page, other)
    assert page.get_attribute("#board", "data-ply") == "0" and page.input_value("#opt-game") == other.name
    page.evaluate(f"location.hash = '#{other.example}\u0662'")  # an Arabic-Indic 2: refused, echoed as typed
    page.wait_for_selector("#message", state="visible")
    said = str(page.text_content("#message"))
    assert f"'{other.example}\u0662'" in said and "%" not in said, said


@by_game
def test_open_takes_any_games_record(open_page: Any, game: GameEntry) -> None:
    page = open_page(other_than(game).example)
    page.fill("#record-input", "http://example.org/#" + game.example)
    page.click('[data-action="import"]')
    ready(page, game)
    assert page.evaluate("location.hash") == "#" + game.example
    assert page.get_attribute("#record-input", "placeholder") == game.example


@by_game
def test_every_game_has_the_shells_board_hooks_and_rules(open_page: Any, game: GameEntry) -> None:
    page = open_page(game.name)  # the game's bare name: a new game of it
    ready(page, game)
    record = str(page.evaluate("location.hash")).removeprefix("#")  # the new game's record (or the bare name)
    assert __import__(game.name).Game.from_fragment(record).turn_count == 0
    assert page.get_attribute("#board", "data-ply") == "0"
    assert page.locator("#board [data-cell]").count() > 0
    assert page.locator("#rules-text li").count() >= 3
    assert page.is_hidden('[data-action="turn"]') == ("turn" not in game.offers)  # only where a side has a home


@by_game
def test_before_the_board_is_ready_the_page_fetches_no_config_and_its_games_bundle_once(
        open_page: Any, game: GameEntry) -> None:
    page = open_page(game.name)
    ready(page, game)
    fetched = [str(url).split("/", 3)[3] for url in
               page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")]
    assert [url for url in fetched if "toml" in url] == []  # PyScript's config is inline: no file, no parser
    assert sorted(url for url in fetched if url.endswith(".py")) == [
        "web/__init__.py", "web/registry.py", "web/shell/main.py"]
    # The bundle once: index.html's script starts fetching it (a preload) as the runtimes load.
    assert [url for url in fetched if url.startswith("build/")] == [
        "build/mpy/games.json", f"build/mpy/{game.name}.bundle"]
    assert preloaded(page) == [f"{game.name}.bundle"]
    # The tab's icon once the board is playable: decoding it is no part of the start.
    page.wait_for_function("document.getElementById('icon').href.endsWith('/web/icon.svg')")
    icon_fetched = page.evaluate("performance.getEntriesByType('resource')"
                                 ".filter(e => e.name.endsWith('/web/icon.svg')).map(e => e.startTime)")
    assert all(start >= page.evaluate("window.__cachexTiming.ready") for start in icon_fetched)


@by_game
def test_between_two_people_the_computer_waits_to_be_asked_then_analysis_and_the_graph_follow_any_game(
        open_page: Any, game: GameEntry) -> None:
    page = open_page(game.example)
    ready(page, game)
    fetched: list[str] = []  # the worker starts Pyodide before it fetches an engine
    # The offline service worker downloads every game once it registers, which a slow start of the
    # computer's thread lets happen first (index.html's script); only the page's own requests count.
    def fetch(request: Any) -> None:
        if request.service_worker is None:
            fetched.append(request.url)

    page.context.on("request", fetch)
    page.wait_for_timeout(300)
    assert page.get_attribute("html", "data-computer") == "idle"  # no game against it, nothing asked
    page.click('[data-action="analyse"]')
    page.wait_for_selector("html[data-computer='ready']", timeout=COMPUTER_TIMEOUT_MS)
    page.context.remove_listener("request", fetch)
    engines = [url.rsplit("/", 1)[1] for url in fetched if "/build/worker/" in url]
    assert engines == [f"{game.name}.zip"]  # the open game's engine alone
    assert not any(f"/{other.name}/" in url for url in fetched for other in GAMES)  # no engine file alone
    page.wait_for_function("Number(document.querySelector('#win-chance').dataset.playouts) > 0",
                           timeout=COMPUTER_TIMEOUT_MS)
    text = str(page.text_content("#win-chance"))
    assert all(side.label() in text for side in game.sides)
    assert re.search(rf"after [\d,]+ {game.counts[:-1]}s?$", text), text  # in what the search counts
    page.click('[data-action="graph"]')
    page.wait_for_function("document.querySelectorAll('#graph circle').length >= 2", timeout=COMPUTER_TIMEOUT_MS)
    assert game.sides[0].label() in str(page.get_attribute("#graph svg", "aria-label"))


def test_an_engine_that_cannot_be_fetched_is_said_and_the_board_still_plays(browser: Any, site_url: str) -> None:
    game = GAMES[-1]
    context = new_context(browser)
    context.route("**/build/worker/*.zip", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(f"{site_url}#{game.name}")
    ready(page, game)
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", game.sides[0].code)
    if "first" in game.offers:
        page.select_option("#opt-first", game.sides[0].code)
    page.click('[data-action="new"]')  # a game against the computer loads its thread at once
    page.wait_for_selector("html[data-computer='failed']", timeout=COMPUTER_TIMEOUT_MS)
    said = str(page.text_content("#message"))
    assert "The computer cannot play" in said and "404" in said, said
    page.locator("#board [data-cell]").first.click()
    if page.get_attribute("#board", "data-ply") == "0":
        page.locator("#board [data-cell]").first.click()  # the second tap, where targets are small
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    context.close()


@pytest.mark.parametrize("image", ["served", "not an image"])
def test_the_computers_thread_starts_from_pyodides_image_and_boots_afresh_without_one(
        browser: Any, site_url: str, image: str) -> None:
    game = GAMES[0]
    context = new_context(browser)
    if image == "not an image":  # a gzip file, but not of Pyodide's memory
        context.route("**/snapshot.bin.gz", lambda route: route.fulfill(body=gzip.compress(bytes(65536))))
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    warnings: list[str] = []
    page = context.new_page()
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto(f"{site_url}#{game.name}")
    ready(page, game)
    page.click('[data-action="analyse"]')
    page.wait_for_selector("html[data-computer='ready']", timeout=COMPUTER_TIMEOUT_MS)
    assert any(url.endswith("/vendor/pyodide/snapshot.bin.gz") for url in fetched)
    booted_afresh = any("boots without its image" in text for text in warnings)
    assert booted_afresh == (image != "served"), warnings
    page.wait_for_function("Number(document.querySelector('#win-chance').dataset.playouts) > 0",
                           timeout=COMPUTER_TIMEOUT_MS)  # and it searches
    context.close()


def in_theme(open_page: Any, game: GameEntry, theme: str) -> Any:
    """A page with a new game of ``game`` in the ``theme`` ("light" or "dark")."""
    page = open_page(game.name)
    ready(page, game)
    page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
    return page


def against_computer(open_page: Any, game: GameEntry) -> Any:
    """A page with a new game of ``game`` against the computer at its weakest level, the
    person playing the first side (so it is the person's turn)."""
    page = open_page(game.name)
    ready(page, game)
    for name, value in (("size", str(game.sizes[min(2, len(game.sizes) - 1)])), ("mode", "computer"),
                        ("colour", game.sides[0].code),
                        ("level", game.levels[0])):
        page.select_option(f"#opt-{name}", value)
    if "first" in game.offers:
        page.select_option("#opt-first", game.sides[0].code)
    page.click('[data-action="new"]')
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Your move')")
    return page


@by_game
def test_copy_link_copies_the_games_link_and_says_so(browser: Any, site_url: str, watch: Any,
                                                     game: GameEntry) -> None:
    context = watched(new_context(browser, viewport={"width": 1100, "height": 900}), watch)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = open_watched(context, watch, site_url + "#" + game.example)
    ready(page, game)
    page.click('[data-action="copy"]')
    page.wait_for_function("document.querySelector('#message').textContent === 'Link copied'")
    copied = str(page.evaluate("navigator.clipboard.readText()"))
    assert copied == page.evaluate("location.href") and copied.startswith(site_url + "#")
    assert game_of(copied.split("#", 1)[1].lower()) is game
    context.close()
    watch.check()


@by_game
def test_resign_asks_twice_ends_the_game_and_the_link_keeps_it(open_page: Any, game: GameEntry) -> None:
    page = open_page(game.name)
    ready(page, game)
    page.click('[data-action="resign"]')
    assert page.text_content('[data-action="resign"]') == "Really resign?" and page.is_hidden("#result")
    page.click('[data-action="resign"]')
    assert page.is_visible("#result") and "resigned" in str(page.text_content("#result-detail"))
    page.wait_for_function(f"location.hash.endsWith('.{game.sides[0].code}-resigns')")
    assert page.is_disabled('[data-action="undo"]') or page.is_hidden('[data-action="undo"]')


@by_game
def test_hint_marks_a_move_on_the_persons_turn_against_the_computer_standing_out_in_both_themes(
        open_page: Any, game: GameEntry) -> None:
    from pixels import change_contrast, padded_box, shot

    page = against_computer(open_page, game)
    assert page.is_visible('[data-action="hint"]') and "))" not in str(page.text_content("#status"))
    box = padded_box(page, "#board > svg", 0)  # the drawing, where the mark is
    themes = ("light", "dark")
    before = {}
    for theme in themes:
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.wait_for_timeout(400)  # past the cells' fill transition
        before[theme] = shot(page, box)
    page.click('[data-action="hint"]')
    page.wait_for_function("document.querySelector('#ai-info').textContent.startsWith('Hint: ')",
                           timeout=COMPUTER_TIMEOUT_MS)
    move = str(page.text_content("#ai-info")).removeprefix("Hint: ").split(" (")[0]
    marked = page.locator(f'#board .hint[data-cell="{move}"], #board .hint[data-move="{move}"]')
    assert move == "swap" or marked.count() == 1
    for theme in themes if move != "swap" else ():  # the marked move at least 3:1 beside the board
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.wait_for_timeout(400)
        ratio, changed = change_contrast(shot(page, box), before[theme])
        assert changed > 20 and ratio >= 3.0, (theme, ratio, changed)


@by_game
def test_the_board_is_one_tab_stop_the_arrows_move_and_enter_plays_keeping_the_focus(
        open_page: Any, game: GameEntry) -> None:
    page = open_page(game.name)
    ready(page, game)
    assert page.locator('#board [tabindex="0"]').count() == 1
    page.focus('#board [tabindex="0"]')
    for key in ("ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"):
        page.keyboard.press(key)
        assert page.evaluate("document.querySelector('#board').contains(document.activeElement)")
    for _ in range(3):  # a move of several clicks takes an Enter for each, the focus on the next part
        page.keyboard.press("Enter")
        if page.get_attribute("#board", "data-ply") == "1":
            break
        assert page.locator('#board [tabindex="0"]').count() == 1
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    assert page.evaluate("document.querySelector('#board').contains(document.activeElement)")
    assert page.locator('#board [tabindex="0"]').count() == 1


@by_game
def test_the_focus_rings_stand_out_from_what_is_beside_them_in_both_themes(open_page: Any, game: GameEntry) -> None:
    from pixels import change_contrast, padded_box, shot

    page = open_page(game.name)
    ready(page, game)
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.focus('#board [tabindex="0"]')
        page.keyboard.press("ArrowRight")  # the keyboard's focus: the ring shows
        page.evaluate("document.activeElement.setAttribute('data-probe', '1')")
        box = padded_box(page, "[data-probe]")
        focused = shot(page, box)
        page.evaluate("document.activeElement.blur()")
        ratio, changed = change_contrast(focused, shot(page, box))
        assert changed > 20 and ratio >= 3.0, (ratio, changed, theme)
        page.evaluate("document.querySelector('[data-probe]').removeAttribute('data-probe')")
        page.focus('[data-action="new"]')
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # a button focused by the keyboard
        box = padded_box(page, '[data-action="new"]')
        focused = shot(page, box)
        page.evaluate("document.activeElement.blur()")
        ratio, changed = change_contrast(focused, shot(page, box))
        assert changed > 20 and ratio >= 3.0, (ratio, changed, theme)


CONTRAST = """([fg, bg]) => {
  const rgb = (el, prop) => {
    let node = el;
    while (node) {
      const c = getComputedStyle(node)[prop].match(/[0-9.]+/g).map(Number);
      if (prop === 'color' || c.length < 4 || c[3] > 0) return c.slice(0, 3);
      node = node.parentElement;
    }
    return [255, 255, 255];
  };
  const lum = (c) => {
    const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const a = lum(rgb(document.querySelector(fg), 'color'));
  const b = lum(rgb(document.querySelector(bg), 'backgroundColor'));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@by_game
def test_the_result_and_the_shown_move_are_legible_in_both_themes(open_page: Any, game: GameEntry) -> None:
    page = in_theme(open_page, game, "light")
    page.click('[data-action="resign"]')
    page.click('[data-action="resign"]')
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        assert page.evaluate(CONTRAST, ["#result-text", "#result"]) >= 4.5, theme
        assert page.evaluate(CONTRAST, ["#status", "body"]) >= 4.5, theme


@by_game
def test_on_a_laptop_the_result_and_its_buttons_show_without_scrolling(
        browser: Any, site_url: str, watch: Any, game: GameEntry) -> None:
    from test_cachex_page import in_view

    context = watched(new_context(browser, viewport={"width": 1280, "height": 800}), watch)
    page = open_watched(context, watch, f"{site_url}#{game.name}")
    page.click('[data-action="resign"]')
    page.click('[data-action="resign"]')
    assert str(page.text_content("#result-detail")).startswith(game.sides[0].label().split(" (")[0])
    for width, height in ((1280, 800), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("scrollTo(0, 0)")
        assert all(in_view(page, sel) for sel in ("#result", '[data-action="rematch"]',
                                                  '[data-action="fold-result"]')), (width, height)
    context.close()
    watch.check()


@by_game
def test_on_a_phone_the_action_bar_fits_with_resign_in_reach_the_result_folds_away_and_games_are_a_tap_away(
        browser: Any, site_url: str, watch: Any, game: GameEntry) -> None:
    from test_cachex_page import in_view, open_phone

    page = open_phone(browser, site_url, watch, game.name)
    bar = ".play > .actions"
    assert page.evaluate(f"(b => b.scrollWidth <= b.clientWidth)(document.querySelector('{bar}'))")
    assert in_view(page, '[data-action="resign"]') and page.is_hidden('[data-action="copy"]')
    assert page.evaluate("""(() => { const hs = [...document.querySelectorAll('#games a')].map(
        a => a.getBoundingClientRect().height); return Math.max(...hs) - Math.min(...hs) < 2; })()""")  # one line each
    page.click('[data-action="more"]')
    assert in_view(page, '[data-action="copy"]')
    assert page.get_attribute('[data-action="more"]', "aria-expanded") == "true"
    page.click('[data-action="more"]')
    page.click('[data-action="resign"]')
    page.click('[data-action="resign"]')
    assert in_view(page, "#result") and in_view(page, '[data-action="fold-result"]')
    page.click('[data-action="fold-result"]')
    assert page.is_hidden("#result") and "resigned" in str(page.text_content("#status"))
    page.tap("#board svg")  # refused: the game is over, a message says so
    assert page.is_visible("#message") and page.evaluate(  # above the action bar, never over it
        f"document.querySelector('#message').getBoundingClientRect().bottom <= "
        f"document.querySelector('{bar}').getBoundingClientRect().top")
    page.tap("#message")  # a tap takes it away
    assert page.is_hidden("#message") and in_view(page, '[data-action="more"]')
    other = other_than(game)
    assert in_view(page, f'#games a[href="#{other.name}"]')  # another game is one tap away
    page.tap(f'#games a[href="#{other.name}"]')
    ready(page, other)
    page.context.close()
    watch.check()


@by_game
def test_where_targets_are_small_a_first_tap_never_plays_a_move_by_itself_and_what_it_said_goes_with_the_move(
        browser: Any, site_url: str, watch: Any, game: GameEntry) -> None:
    from test_cachex_page import open_phone

    load = __import__(game.name).Game
    page = open_phone(browser, site_url, watch, load(game.sizes[-1]).to_fragment())  # the largest board
    target = page.locator("#board [data-cell]:not([data-stone])").nth(3)
    name = str(target.get_attribute("data-cell"))
    assert float(target.evaluate("e => e.getBoundingClientRect().width")) < 30
    target.tap()
    assert page.get_attribute("#board", "data-ply") == "0"
    if page.locator("#board .pending").count() == 1:  # a move of one click: shown, a second tap plays it
        page.locator(f'#board [data-cell="{name}"]:not([data-stone])').first.tap()
    else:  # a move of several clicks: each tap chooses its next part, the last plays it
        assert str(page.text_content("#ai-info")).startswith("Now choose")
        for _ in range(2):
            if page.get_attribute("#board", "data-ply") == "1":
                break
            page.locator("#board .target[data-cell]").first.tap()
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    assert page.text_content("#ai-info") == ""  # nothing said of the move stays once it is played
    page.locator("#board [data-cell]:not([data-stone])").nth(3).tap()  # the other side starts a move
    assert str(page.text_content("#ai-info")).startswith(("Tap ", "Now choose"))
    page.click('[data-action="undo"]')
    assert page.get_attribute("#board", "data-ply") == "0" and page.text_content("#ai-info") == ""
    page.context.close()
    watch.check()


@by_game
def test_the_shown_move_in_the_list_is_legible_and_review_and_rematch_work(open_page: Any, game: GameEntry) -> None:
    page = open_page(game.example)
    page.click('#moves [data-ply="1"]')
    assert page.get_attribute("#board", "data-ply") == "1" and page.is_visible('[data-action="live"]')
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        shown = '#moves [aria-current="true"]'
        assert page.evaluate(CONTRAST, [shown, shown]) >= 4.5, theme
    page.click('[data-action="live"]')
    page.click('[data-action="resign"]')
    page.click('[data-action="resign"]')
    page.click('[data-action="review-game"]')
    assert page.get_attribute("#board", "data-ply") == "0" and page.is_hidden("#result")
    page.keyboard.press("End")  # back to the end of the game, where the result shows
    page.click('[data-action="rematch"]')
    page.wait_for_function("document.querySelector('#board').dataset.ply === '0' && "
                           "!location.hash.includes('resigns')")
    assert page.is_hidden("#result")


@by_game
def test_the_boards_coordinates_and_the_lines_that_carry_its_rules_stand_out_in_both_themes(
        open_page: Any, game: GameEntry) -> None:
    from pixels import change_contrast, padded_box, shot

    page = open_page(game.name)
    ready(page, game)
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.wait_for_timeout(400)  # past the cells' fill transition
        # a coordinate (text drawn outside the targets) as text, 4.5:1; a side or an edge as a line, 3:1
        for selector, least in (("#board svg text:not(.target text):not(.ghost text)", 4.5),
                                ("#board svg .side, #board svg .edge", 3.0)):
            if page.locator(selector).count() == 0:
                continue
            page.evaluate("(s) => document.querySelector(s).setAttribute('data-probe', '1')", selector)
            box = padded_box(page, "[data-probe]", 3)
            shown = shot(page, box)
            page.evaluate("document.querySelector('[data-probe]').style.visibility = 'hidden'")
            ratio, changed = change_contrast(shown, shot(page, box))
            page.evaluate("(e => { e.style.visibility = ''; e.removeAttribute('data-probe'); })"
                          "(document.querySelector('[data-probe]'))")
            assert changed > 20 and ratio >= least, (theme, selector, ratio, changed)


@by_game
def test_on_a_phone_either_way_up_the_whole_board_shows_above_the_action_bar(
        browser: Any, site_url: str, watch: Any, game: GameEntry) -> None:
    from test_cachex_page import uncovered_by_the_action_bar

    context = watched(new_context(browser, viewport={"width": 740, "height": 375}, has_touch=True,
                                  is_mobile=True), watch)
    page = open_watched(context, watch, f"{site_url}#{game.name}")
    for width, height in ((740, 375), (375, 740)):  # opened on its side, then turned upright
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("scrollTo(0, 0)")
        assert page.evaluate("scrollY") == 0 and uncovered_by_the_action_bar(page), (width, height)
        height_shown = float(page.evaluate("document.querySelector('#board > svg').getBoundingClientRect().height"))
        assert height_shown > 150, (width, height)
    context.close()
    watch.check()


TURNABLE = [g for g in GAMES if "turn" in g.offers]


def homes(page: Any, game: GameEntry) -> list[float]:
    """The mean height on the screen of each side's pieces (larger: lower down)."""
    return [float(page.evaluate(f"""(() => {{
        const ys = [...document.querySelectorAll('#board > svg [data-stone="{side.code}"]')]
          .map(e => {{ const r = e.getBoundingClientRect(); return r.y + r.height / 2; }});
        return ys.reduce((a, b) => a + b, 0) / ys.length; }})()""")) for side in game.sides]


@pytest.mark.parametrize("game", TURNABLE, ids=[g.name for g in TURNABLE])
def test_the_board_turns_for_the_person_playing_the_second_side_and_by_hand(open_page: Any, game: GameEntry) -> None:
    page = open_page(game.name)
    ready(page, game)
    first, second = homes(page, game)
    assert first > second and page.get_attribute('[data-action="turn"]', "aria-pressed") == "false"
    for name, value in (("mode", "computer"), ("colour", game.sides[1].code), ("level", game.levels[0])):
        page.select_option(f"#opt-{name}", value)
    if "first" in game.offers:
        page.select_option("#opt-first", game.sides[0].code)
    page.click('[data-action="new"]')  # the person plays the second side: its pieces at the bottom
    first, second = homes(page, game)
    assert second > first and page.get_attribute('[data-action="turn"]', "aria-pressed") == "true"
    page.click('[data-action="turn"]')  # turned back by hand
    first, second = homes(page, game)
    assert first > second and page.get_attribute('[data-action="turn"]', "aria-pressed") == "false"
    page.keyboard.press("t")  # and by its key
    assert page.get_attribute('[data-action="turn"]', "aria-pressed") == "true"
