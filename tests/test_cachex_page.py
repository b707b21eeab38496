"""Playwright tests of the real page, served locally, in Debian's Chromium."""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any

import pytest
from browser import new_context, open_watched, watched

from bench.load_time import long_game
from cachex import Game
from cachex.engine.book import book_reply, book_steals
from cachex.notation import Move
from cachex.svg import Layout, board_svg


def click(page: Any, *cells: str) -> None:
    for cell in cells:
        page.click(f'[data-cell="{cell}"]')


def stone(page: Any, cell: str) -> str | None:
    value = page.get_attribute(f'[data-cell="{cell}"]', "data-stone")
    return value or None


def status(page: Any) -> str:
    return str(page.text_content("#status"))


def test_page_becomes_ready_with_a_board(open_page: Any) -> None:
    page = open_page()
    assert page.locator("[data-cell]").count() == 81
    assert "Red to move" in status(page)
    assert page.get_attribute('[data-cell="d2"]', "aria-label") == "d2, empty"


def test_two_people_play_to_a_win_with_the_chain_highlighted(open_page: Any) -> None:
    page = open_page()
    page.select_option("#opt-size", "5")
    page.click('[data-action="new"]')
    assert page.locator("[data-cell]").count() == 25
    # Red runs up column a; Blue plays column e and cannot stop it.
    click(page, "a1", "e1", "a2", "e2", "a3", "e3", "a4", "e4")
    assert stone(page, "a1") == "red" and stone(page, "e1") == "blue"
    assert "Red to move" in status(page)
    click(page, "a5")
    assert "Red wins" in status(page)
    assert page.locator(".cell.win").count() == 5
    for cell in ("a1", "a2", "a3", "a4", "a5"):
        assert "win" in (page.get_attribute(f'[data-cell="{cell}"]', "class") or "")
    # The game is over: clicks change nothing (on a corner the result, over the board, leaves free).
    click(page, "e5")
    assert stone(page, "e5") is None
    assert page.url.endswith("#v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5")


def test_the_end_of_a_game_names_the_winner_and_offers_a_rematch(open_page: Any) -> None:
    page = open_page("v1.5.a1.e1.a2.e2.a3.e3.a4.e4")
    result = page.locator("#result")
    assert result.is_hidden()
    click(page, "a5")
    assert result.is_visible() and page.get_attribute("#result", "role") == "status"
    assert page.text_content("#result-text") == "Red wins"
    assert "connecting both edges" in str(page.text_content("#result-detail"))
    click(page, "e5")  # the finished board says why nothing happens (a corner the result leaves free)
    assert "The game is over" in str(page.text_content("#message")) and stone(page, "e5") is None
    page.click('[data-action="review-game"]')
    assert page.get_attribute("#board", "data-ply") == "0" and result.is_hidden()
    page.click('[data-action="live"]')
    page.click('[data-action="rematch"]')
    assert page.locator("[data-cell]").count() == 25 and page.locator("[data-stone]").count() == 0
    assert result.is_hidden() and "Red to move" in status(page)


@pytest.mark.parametrize(("fragment", "headline", "colour"), [
    ("v2.3.blue-beginner.a1.c1.a2.c2.a3", "You win", "red"),  # the computer takes Red next
    ("v2.3.red-beginner.a1.c1.a2.c2.a3", "The computer wins", "blue"),
])
def test_against_the_computer_the_end_says_who_won_and_the_rematch_swaps_colours(
        open_page: Any, fragment: str, headline: str, colour: str) -> None:
    page = open_page(fragment)
    assert page.text_content("#result-text") == headline
    page.click('[data-action="rematch"]')
    page.wait_for_function(f"location.hash.startsWith('#v2.3.{colour}-beginner')")
    assert page.locator("[data-cell]").count() == 9


def test_resigning_asks_twice_then_ends_the_game_against_the_computer(open_page: Any) -> None:
    page = open_page("v2.5.blue-beginner")
    resign = page.locator('[data-action="resign"]')
    assert resign.is_visible()
    resign.click()
    assert page.locator("#result").is_hidden() and resign.text_content() == "Really resign?"
    resign.click()
    assert page.text_content("#result-text") == "The computer wins"
    assert "red resigned" in str(page.text_content("#result-detail")).lower() and resign.is_hidden()
    page.wait_for_function("location.hash === '#v2.5.blue-beginner.red-resigns'")
    assert page.is_disabled('[data-action="undo"]')


def test_between_two_people_the_player_to_move_resigns_and_the_link_keeps_it(open_page: Any) -> None:
    page = open_page("v1.5.a1")
    page.click('[data-action="resign"]')
    click(page, "b2")  # a move in between takes the question back
    assert page.text_content('[data-action="resign"]') == "Resign"
    page.click('[data-action="resign"]')
    page.click('[data-action="resign"]')
    assert page.text_content("#result-text") == "Blue wins"
    page.wait_for_function("location.hash === '#v1.5.a1.b2.red-resigns'")
    again = open_page("v1.5.a1.blue-resigns")
    assert again.text_content("#result-text") == "Red wins" and again.is_hidden('[data-action="resign"]')


def test_against_the_computer_the_analysis_waits_for_the_end_of_the_game(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "red", "beginner", "5")
    assert page.is_hidden('[data-action="analyse"]') and page.is_hidden('[data-action="graph"]')
    page.locator("#status").click()
    page.keyboard.press("a")  # the shortcut is refused too, in words
    assert "once the game against the computer is over" in str(page.text_content("#message"))
    assert page.is_hidden("#analysis")
    over = open_page("v2.3.blue-beginner.a1.c1.a2.c2.a3")
    assert over.is_visible('[data-action="analyse"]') and over.is_visible('[data-action="graph"]')


def test_the_analysis_says_the_computer_is_getting_ready(open_page: Any) -> None:
    page = open_page("v1.5.c2")
    loading = page.get_attribute("html", "data-computer") != "ready"
    page.click('[data-action="analyse"]')
    if loading:  # the worker takes seconds to start here: the page says so meanwhile
        assert "getting ready" in str(page.text_content("#win-chance"))
    page.wait_for_function("document.querySelector('#win-chance').textContent.includes('Winning chance')",
                           timeout=60_000)


def test_a_capture_removes_both_stones(open_page: Any) -> None:
    page = open_page("v1.9.i9.c5.d5.e4")
    assert stone(page, "c5") == "blue" and stone(page, "e4") == "blue"
    click(page, "d4")
    assert stone(page, "c5") is None and stone(page, "e4") is None
    assert stone(page, "d4") == "red" and stone(page, "d5") == "red"
    assert page.locator(".cell.captured").count() == 2
    assert "×2" in str(page.text_content("#moves"))


def test_swap_shows_the_target_and_steals_the_stone(open_page: Any) -> None:
    page = open_page()
    swap = page.locator('[data-action="swap"]')
    assert swap.is_hidden()
    click(page, "d2")
    assert swap.is_visible()
    assert "b4" in str(swap.text_content())
    swap.hover()
    assert "swap-target" in (page.get_attribute('[data-cell="b4"]', "class") or "")
    swap.click()
    assert stone(page, "d2") is None and stone(page, "b4") == "blue"
    assert "last" in str(page.get_attribute('[data-cell="b4"]', "class")).split()  # the stone it took
    assert page.text_content('#moves [data-ply="2"]') == "swap → b4"
    assert "Red to move" in status(page)
    assert swap.is_hidden()
    assert page.url.endswith("#v1.9.d2.swap")


def test_undo_and_redo(open_page: Any) -> None:
    page = open_page()
    undo, redo = page.locator('[data-action="undo"]'), page.locator('[data-action="redo"]')
    assert undo.is_disabled() and redo.is_disabled()
    click(page, "a1", "b2")
    undo.click()
    assert stone(page, "b2") is None and stone(page, "a1") == "red"
    assert "Blue to move" in status(page)
    redo.click()
    assert stone(page, "b2") == "blue"
    assert redo.is_disabled()
    undo.click()
    click(page, "c3")  # a new move forgets the redo
    assert redo.is_disabled() and stone(page, "c3") == "blue"
    page.keyboard.press("u")
    assert stone(page, "c3") is None
    page.keyboard.press("r")
    assert stone(page, "c3") == "blue"


def test_keyboard_moves_the_focus_and_plays(open_page: Any) -> None:
    page = open_page()
    page.focus('[data-cell="e5"]')
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "d4"
    page.keyboard.press("Enter")
    assert stone(page, "d4") == "red"
    assert page.get_attribute('[data-cell="d4"]', "aria-label") == "d4, red"
    page.keyboard.press("ArrowUp")
    page.keyboard.press(" ")
    assert stone(page, "d5") == "blue"


def contrast_on_page(page: Any, selector: str) -> float:
    """The contrast of an element's text against the first opaque background behind it."""
    colours = page.evaluate(f"""(() => {{ let e = document.querySelector('{selector}');
        const color = getComputedStyle(e).color;
        while (e && getComputedStyle(e).backgroundColor === 'rgba(0, 0, 0, 0)') e = e.parentElement;
        return [color, getComputedStyle(e || document.documentElement).backgroundColor]; }})()""")

    def luminance(css: str) -> float:
        r, g, b = (int(v) / 255 for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(c) for c in colours), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_buttons_keep_their_contrast_when_hovered(open_page: Any) -> None:
    page = open_page("v1.5.a1")
    for name in ("new", "undo", "hint", "copy", "analyse"):
        selector = f'[data-action="{name}"]'
        assert contrast_on_page(page, selector) >= 4.5, name
        page.hover(selector)
        assert contrast_on_page(page, selector) >= 4.5, f"{name} hovered"


def test_the_dark_theme_follows_the_system_and_the_toggle_is_remembered(
        browser: Any, site_url: str, watch: Any) -> None:
    context = watched(new_context(browser, viewport={"width": 1100, "height": 900}, color_scheme="dark"), watch)
    page = open_watched(context, watch, site_url + "#v1.3.a1.c1.a2.c2.a3")  # a finished game
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute('[data-action="theme"]', "aria-pressed") == "true"
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(27, 29, 34)"  # a dark page
    for selector in ("#status", '[data-action="undo"]', '[data-action="new"]', '[data-action="theme"]',
                     "#result-text", "#result-detail", '#moves [aria-current="true"]'):
        assert contrast_on_page(page, selector) >= 4.5, selector
    page.click('[data-action="theme"]')
    assert page.get_attribute("html", "data-theme") == "light"
    again = open_watched(context, watch, site_url)  # the choice is kept over the system's
    assert again.get_attribute("html", "data-theme") == "light"
    context.close()
    watch.check()


def test_sounds_play_for_moves_and_the_toggle_is_remembered(open_page: Any) -> None:
    page = open_page("v1.5.a1.e1.a2.e2.a3.e3.a4")
    assert page.get_attribute('[data-action="sound"]', "aria-pressed") == "true"
    click(page, "c3")  # Blue leaves a5 to Red
    assert page.get_attribute("html", "data-sounds") == "1"
    assert page.get_attribute("html", "data-last-sound") == "stone"
    click(page, "a5")
    assert page.get_attribute("html", "data-last-sound") == "end"
    page.click('[data-action="sound"]')
    assert page.get_attribute('[data-action="sound"]', "aria-pressed") == "false"
    again = open_page("v1.5.a1")
    assert again.get_attribute('[data-action="sound"]', "aria-pressed") == "false"
    click(again, "b2")
    assert again.get_attribute("html", "data-sounds") is None  # off: nothing played


@pytest.mark.parametrize(("motion", "animation"), [("no-preference", "place"), ("reduce", "none")])
def test_a_placed_stone_grows_into_place_unless_less_motion_is_asked_for(
        browser: Any, site_url: str, watch: Any, motion: str, animation: str) -> None:
    context = watched(new_context(browser, reduced_motion=motion), watch)
    page = open_watched(context, watch, site_url)
    click(page, "c3")
    assert page.evaluate("""getComputedStyle(document.querySelector('[data-cell="c3"] .stone'))
        .animationName""") == animation
    context.close()
    watch.check()


def test_a_focus_ring_shows_for_the_keyboard_only(open_page: Any) -> None:
    page = open_page()

    def ring(cell: str) -> str:
        return str(page.evaluate(f"""getComputedStyle(document.querySelector('[data-cell="{cell}"] .hex'))
            .strokeWidth"""))

    click(page, "c3")  # a click moves the focus to the cell, but shows no ring
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "c3"
    assert ring("c3") != "3px"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "c4"
    assert ring("c4") == "3px"


def test_the_link_restores_the_game_in_a_fresh_page(open_page: Any) -> None:
    page = open_page()
    entries = page.evaluate("history.length")
    click(page, "c3", "f6", "d4")
    fragment = page.url.split("#", 1)[1]
    assert fragment == "v1.9.c3.f6.d4"
    assert page.evaluate("history.length") == entries  # no history entry per move
    again = open_page(fragment)
    for cell, colour in (("c3", "red"), ("f6", "blue"), ("d4", "red"), ("e5", None)):
        assert stone(again, cell) == colour
    assert "Blue to move" in status(again)
    click(again, "e5")
    assert stone(again, "e5") == "blue"


def test_a_bad_link_shows_a_message_and_a_playable_board(open_page: Any) -> None:
    page = open_page("v1.9.d2.d2.<b>oops</b>")
    message = page.locator("#message")
    assert message.is_visible()
    assert "move 2" in str(message.text_content()) and "d2" in str(message.text_content())
    assert page.locator("#message b").count() == 0  # never inserted as HTML
    assert stone(page, "d2") == "red" and page.locator("[data-stone]").count() == 1
    click(page, "a1")
    assert stone(page, "a1") == "blue"


def test_a_link_with_a_refused_move_opens_its_valid_start_and_says_why(open_page: Any) -> None:
    page = open_page("v1.9.c3.c3")
    assert stone(page, "c3") == "red" and page.locator("[data-stone]").count() == 1
    message = str(page.text_content("#message"))
    assert "c3" in message and "illegal" in message and "opens just before it" in message
    assert page.input_value("#record-input") == "v1.9.c3.c3"  # the link as given, to mend
    assert page.url.endswith("#v1.9.c3.c3")  # not rewritten before the game changes
    click(page, "d4")
    assert stone(page, "d4") == "blue"
    page.wait_for_function("location.hash === '#v1.9.c3.d4'")


def test_move_list_reviews_earlier_positions(open_page: Any) -> None:
    page = open_page("v1.5.a1.b2.c3.d4")
    page.click('#moves [data-ply="2"]')
    assert stone(page, "c3") is None and stone(page, "b2") == "blue"
    assert "Reviewing move 2" in status(page)
    click(page, "e5")
    assert stone(page, "e5") is None
    page.click('[data-action="live"]')
    assert stone(page, "c3") == "red"
    assert page.url.endswith("#v1.5.a1.b2.c3.d4")


def move_columns(page: Any) -> list[tuple[float, float]]:
    """Each row's Red and Blue buttons' left edges in the move list."""
    return [tuple(x) for x in page.evaluate("""[...document.querySelectorAll('#moves li')].map(li =>
        [li.querySelector('button.red'), li.querySelector('button.blue')].map(b =>
            b ? b.getBoundingClientRect().left : -1))""")]


def test_the_move_list_pairs_red_and_blue_in_two_columns_and_the_keys_step_through_it(
        open_page: Any) -> None:
    page = open_page("v1.7.d2.swap.e5.c3.c4")
    rows = move_columns(page)
    assert len(rows) == 3 and rows[-1][1] == -1  # Red's c4 waits for Blue's reply
    assert len({red for red, _ in rows}) == 1 and len({blue for _, blue in rows[:2]}) == 1
    assert rows[0][1] > rows[0][0]  # Blue's column right of Red's
    assert page.text_content('#moves [data-ply="2"]') == "swap → b4"
    board = page.locator("#board")
    assert board.get_attribute("data-ply") == "5"
    page.locator("#status").click()  # the page has the focus, not the board
    page.keyboard.press("ArrowLeft")
    assert board.get_attribute("data-ply") == "4" and stone(page, "c4") is None
    page.keyboard.press("Home")
    assert board.get_attribute("data-ply") == "0" and page.locator("[data-stone]").count() == 0
    page.keyboard.press("ArrowRight")
    assert board.get_attribute("data-ply") == "1" and stone(page, "d2") == "red"
    page.keyboard.press("End")
    assert board.get_attribute("data-ply") == "5" and "Reviewing" not in status(page)


def test_the_move_list_keeps_its_two_columns_on_a_phone(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.9.a1.b2.c3.d4.e5.f6.g7")
    rows = move_columns(page)
    assert len(rows) == 4 and len({red for red, _ in rows}) == 1 and len({b for _, b in rows[:3]}) == 1
    assert rows[0][1] > rows[0][0]
    page.context.close()
    watch.check()


def test_board_fits_a_phone_screen(browser: Any, site_url: str) -> None:
    context = new_context(browser, viewport={"width": 375, "height": 740}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.goto(site_url + "#v1.15.a1")
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    box = page.locator("#board svg").bounding_box()
    assert width <= 375 and box is not None and box["width"] <= 375
    page.tap('[data-cell="h8"]')  # 15 x 15 cells are small: two taps
    page.tap('[data-cell="h8"]')
    assert stone(page, "h8") == "blue"
    context.close()


def new_computer_game(page: Any, colour: str, level: str, size: str = "9") -> None:
    page.select_option("#opt-size", size)
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", colour)
    page.select_option("#opt-level", level)
    page.click('[data-action="new"]')


def test_a_bare_address_opens_a_fresh_game_with_the_last_settings(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "red", "easy", "11")
    click(page, "c3")
    again = open_page()  # the same browser profile, no link
    assert again.locator("[data-cell]").count() == 121 and again.locator("[data-stone]").count() == 0
    assert again.input_value("#opt-mode") == "computer" and again.input_value("#opt-level") == "easy"
    assert "Your move as red" in status(again)
    linked = open_page("v1.5.a1")  # a link still opens its own game
    assert linked.locator("[data-cell]").count() == 25 and linked.input_value("#opt-mode") == "two"


def test_the_computer_answers_and_shows_its_estimate(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "red", "beginner", "7")
    click(page, "b2")
    page.wait_for_selector('[data-stone="blue"]', timeout=60_000)
    assert "Your move as red" in status(page)
    info = str(page.text_content("#ai-info"))
    assert "winning chance" in info and "%" in info
    # Undo takes back to the person's last move: both stones go.
    page.click('[data-action="undo"]')
    assert page.locator("[data-stone]").count() == 0
    assert page.url.endswith("#v2.7.blue-beginner")


def test_the_computer_opens_as_red_and_the_person_may_swap(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "blue", "beginner", "5")
    page.wait_for_selector('[data-stone="red"]', timeout=60_000)
    assert page.locator('[data-action="swap"]').is_visible()
    info = str(page.text_content("#ai-info"))  # the first stone is the book's
    assert "from the opening book" in info and "playouts" not in info
    page.click('[data-action="swap"]')
    assert page.locator('[data-stone="blue"]').count() == 1
    page.wait_for_selector('[data-stone="red"]', timeout=60_000)
    assert "Your move as blue" in status(page)


def test_hint_suggests_a_move_for_the_person(open_page: Any) -> None:
    page = open_page("v1.7.b2")
    page.click('[data-action="hint"]')
    page.wait_for_selector('#ai-info:has-text("Hint:")', timeout=60_000)
    text = str(page.text_content("#ai-info"))
    suggested = text.split("Hint: ", 1)[1].split(" ", 1)[0]
    marked = '[data-action="swap"].hint' if suggested == "swap" else f'[data-cell="{suggested}"].hint'
    assert page.locator(marked).count() == 1
    assert page.locator("[data-stone]").count() == 1  # a hint plays nothing


def test_the_page_stays_responsive_while_the_computer_thinks(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "red", "strongest", "11")
    click(page, "c3")
    page.wait_for_selector('#status.thinking:has-text("is thinking")', timeout=60_000)
    ticks = page.evaluate("""() => new Promise(resolve => {
        let count = 0;
        const timer = setInterval(() => count++, 10);
        setTimeout(() => { clearInterval(timer); resolve(count); }, 1500);
    })""")
    assert page.locator("#status.thinking").count() == 1  # still thinking all along
    assert ticks >= 60  # a 10 ms timer kept firing (150 at best)
    # Clicks keep working too: the link is offered while the computer thinks.
    page.click('[data-action="copy"]')
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    said = str(page.text_content("#message"))  # copied, or the link shown to copy by hand
    assert said == "Link copied" or "#v2.11.blue-strongest.c3" in said


# A generous guard against freezing the page at start-up (the budget is 200 ms,
# measured by bench.load_time; Pyodide on the main thread took 2.5 s and more).
LONG_TASK_GUARD_MS = 1000


def test_no_long_main_thread_task_until_a_long_game_is_ready(open_page: Any) -> None:
    game = Game.from_fragment(long_game(moves=100, n=15, seed=2))
    page = open_page(game.to_fragment())
    assert page.locator("[data-stone]").count() == len(game.stones())
    timing = page.evaluate("window.__cachexTiming")
    assert timing["ready"] is not None
    before_ready = [d for start, d in timing["longTasks"] if start <= timing["ready"]]
    assert max(before_ready, default=0) < LONG_TASK_GUARD_MS


def test_two_people_play_without_the_computers_thread_and_a_game_against_it_starts_it(open_page: Any) -> None:
    page = open_page()
    # The search's Python takes seconds to load: between two people it is not loaded at all.
    click(page, "a1", "b2")
    assert stone(page, "a1") == "red" and stone(page, "b2") == "blue"
    assert page.get_attribute("html", "data-computer") == "idle"
    new_computer_game(page, "blue", "beginner", "5")
    if page.get_attribute("html", "data-computer") == "loading":
        assert "getting ready" in status(page)
    page.wait_for_selector('[data-stone="red"]', timeout=60_000)
    assert page.get_attribute("html", "data-computer") == "ready"
    assert "Your move as blue" in status(page)


def test_a_link_to_a_game_against_the_computer_resumes_it(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "blue", "beginner", "5")
    page.wait_for_selector('[data-stone="red"]', timeout=60_000)
    link = page.url
    assert "#v2.5.red-beginner." in link
    # A friend opens the link: the computer plays Red there too, and answers.
    friend = open_page(link.split("#", 1)[1])
    assert friend.input_value("#opt-mode") == "computer"
    assert friend.input_value("#opt-colour") == "blue"
    assert friend.input_value("#opt-level") == "beginner"
    assert "Your move as blue" in status(friend)
    empty = next(c for c in ("a1", "b1", "c1", "d1", "e1") if stone(friend, c) is None)
    click(friend, empty)
    friend.wait_for_function("document.querySelectorAll('[data-stone=\"red\"]').length >= 2",
                             timeout=60_000)
    assert "Your move as blue" in status(friend)


def test_a_link_whose_computer_is_its_turn_moves_at_once(open_page: Any) -> None:
    page = open_page("v2.5.blue-beginner.b2")
    page.wait_for_selector('[data-stone="blue"]', timeout=60_000)
    assert "Your move as red" in status(page)


def test_a_link_with_a_bad_computer_setting_starts_afresh(open_page: Any) -> None:
    page = open_page("v2.5.purple-beginner.b2")
    message = str(page.text_content("#message"))
    assert "does not hold a valid game" in message and "purple" in message
    assert page.locator("[data-stone]").count() == 0


def test_a_new_game_interrupts_a_long_think_at_once(open_page: Any) -> None:
    page = open_page()
    new_computer_game(page, "red", "strongest", "11")
    click(page, "c3")
    page.wait_for_selector('#status.thinking:has-text("is thinking")', timeout=60_000)
    page.wait_for_timeout(500)  # well into a 15-second think
    started = time.monotonic()
    new_computer_game(page, "blue", "beginner", "11")
    page.wait_for_selector('[data-stone="red"]', timeout=3_000)
    assert time.monotonic() - started < 3.0
    assert page.locator("[data-stone]").count() == 1
    assert "Your move as blue" in status(page)


def unbooked_first_stones(n: int) -> list[str]:
    """First stones the opening book neither steals nor answers, so the computer must think."""
    return [str(Move.from_code(c, n)) for c in range(n * n)
            if book_steals(n, c) is False and book_reply(n, c) is None]


def test_undo_stops_the_think_and_the_person_plays_on(open_page: Any) -> None:
    first, second = unbooked_first_stones(9)[:2]
    page = open_page()
    new_computer_game(page, "red", "strongest", "9")
    click(page, first)
    page.wait_for_selector('#status.thinking:has-text("is thinking")', timeout=60_000)
    page.click('[data-action="undo"]')
    page.wait_for_selector("#status:not(.thinking)", timeout=1_000)
    assert page.locator("[data-stone]").count() == 0
    click(page, second)
    page.wait_for_selector('#status.thinking:has-text("is thinking")', timeout=1_000)


def test_the_position_saves_as_svg_and_png(open_page: Any, tmp_path: Any) -> None:
    page = open_page("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5")
    with page.expect_download() as saved:
        page.click('[data-action="export-svg"]')
    assert saved.value.suggested_filename == "cachex-5x5-move-9.svg"
    svg = Path(saved.value.path()).read_text()
    expected = board_svg(Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4.a5"))
    font = str(page.evaluate("getComputedStyle(document.documentElement).fontFamily")).replace('"', "'")
    assert "system-ui" in font  # the labels in the page's font, in the SVG and so the PNG
    size = f'width="{Layout(5).width:.0f}" height="{Layout(5).height:.0f}" font-family="{font}" '
    assert svg == expected.replace("<svg ", "<svg " + size, 1)
    with page.expect_download() as saved:
        page.click('[data-action="export-png"]')
    assert saved.value.suggested_filename == "cachex-5x5-move-9.png"
    png = Path(saved.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (round(2 * Layout(5).width), round(2 * Layout(5).height))
    # A reviewed position saves as shown.
    page.click('[data-ply="2"]')
    with page.expect_download() as saved:
        page.click('[data-action="export-svg"]')
    assert saved.value.suggested_filename == "cachex-5x5-move-2.svg"


def test_a_pasted_link_or_record_opens_and_a_bad_one_changes_nothing(open_page: Any) -> None:
    page = open_page("v1.5.a1")
    page.fill("#record-input", "http://example.org/#v2.7.blue-beginner.b2")
    page.click('[data-action="import"]')
    page.wait_for_selector('[data-stone="blue"]', timeout=60_000)  # the computer answers
    assert page.locator("[data-cell]").count() == 49
    assert page.input_value("#opt-mode") == "computer"
    assert page.input_value("#record-input") == ""
    before = page.url
    page.fill("#record-input", "v1.7.zz")
    page.press("#record-input", "Enter")  # the keyboard path
    assert "Nothing was changed" in str(page.text_content("#message"))
    assert page.url == before and page.locator("[data-cell]").count() == 49


def playouts(page: Any) -> int:
    return int(page.get_attribute("#win-chance", "data-playouts") or 0)


def wait_for_more_playouts(page: Any, than: int) -> int:
    page.wait_for_function(
        f"Number(document.querySelector('#win-chance').dataset.playouts) > {than}", timeout=20_000)
    return playouts(page)


def test_the_analysis_board_shows_the_search_and_follows_the_position(open_page: Any) -> None:
    page = open_page("v1.7.c2.e5")
    page.click('[data-action="analyse"]')
    assert page.get_attribute('[data-action="analyse"]', "aria-pressed") == "true"
    first = wait_for_more_playouts(page, 0)
    # It keeps searching and updating (every slice, well under 500 ms apart).
    wait_for_more_playouts(page, first)
    shares = page.eval_on_selector_all("[data-cell]", "els => els.map(e => Number(e.dataset.share))")
    assert len(shares) == 49 and abs(sum(shares) - 1) < 0.01
    assert page.get_attribute('[data-cell="c2"]', "data-share") == "0.000"  # occupied
    label = str(page.get_attribute('[data-cell="a1"]', "aria-label"))
    assert label.startswith("a1, empty, ") and label.endswith("% of the search")
    # Read in one go: the search updates them several times a second.
    red, blue, text = page.eval_on_selector(
        "#win-chance", "e => [Number(e.dataset.red), Number(e.dataset.blue), e.textContent]")
    assert red + blue == 100 and "Winning chance: Red" in text and "playouts" in text
    # The best line grows as the search goes deeper (slower on a loaded machine).
    page.wait_for_function("document.querySelectorAll('.ghost').length >= 3", timeout=20_000)
    ghosts = page.eval_on_selector_all(".ghost", "els => els.map(e => [e.dataset.step, e.dataset.colour])")
    assert ghosts[:3] == [["1", "red"], ["2", "blue"], ["3", "red"]]
    assert "Best line: 1. " in str(page.text_content("#best-line"))
    # A move (two people here) changes the position: the analysis follows it.
    best = str(page.get_attribute('.ghost[data-step="1"]', "data-for"))
    click(page, best)
    assert page.get_attribute(f'[data-cell="{best}"]', "data-stone") == "red"
    page.wait_for_function(f"document.querySelector('[data-cell=\"{best}\"]').dataset.share === '0.000'",
                           timeout=20_000)
    assert page.locator('.ghost[data-colour="blue"][data-step="1"]').count() == 1
    # Review: the analysis follows the position on the board.
    page.click('[data-ply="1"]')
    page.wait_for_function("document.querySelector('[data-cell=\"e5\"]').dataset.share !== '0.000'",
                           timeout=20_000)
    # Off: everything goes, and nothing comes back.
    page.keyboard.press("a")
    assert page.get_attribute('[data-action="analyse"]', "aria-pressed") == "false"
    assert page.locator("[data-share]").count() == 0 and page.locator(".ghost").count() == 0
    page.wait_for_timeout(600)
    assert page.locator("[data-share]").count() == 0 and page.locator(".ghost").count() == 0
    assert page.is_hidden("#analysis")


def test_while_analysing_the_hint_is_the_analysiss_best_move(open_page: Any) -> None:
    page = open_page("v1.7.c2.e5")
    page.click('[data-action="analyse"]')
    wait_for_more_playouts(page, 0)
    # Read the analysis and press Hint in one task, so that no slice comes between them.
    shown = page.evaluate("""(() => { const line = document.querySelector('#best-line').textContent;
        document.querySelector('[data-action="hint"]').click(); return line; })()""")
    best = str(shown).split("1. ", 1)[1].split(" ", 1)[0].rstrip(".")
    hinted = page.locator(".cell.hint").get_attribute("data-cell")
    assert hinted is not None and best.startswith(hinted)
    assert f"Hint: {hinted}" in str(page.text_content("#ai-info"))


def test_the_analysis_of_a_finished_game_says_it_is_over(open_page: Any) -> None:
    page = open_page("v1.3.a1.c1.a2.c2.a3")
    page.click('[data-action="analyse"]')
    page.wait_for_selector('#win-chance:has-text("The game is over")', timeout=20_000)
    assert page.locator("[data-share]").count() == 0


def test_the_game_graph_marks_a_thrown_away_win_and_reviews_a_move(open_page: Any) -> None:
    # Both need a5: Red to move could win there, plays c3 instead, and Blue can win there.
    page = open_page("v1.5.a1.b5.a2.c5.a3.d5.a4.e5.c3")
    assert page.is_hidden("#graph")
    page.click('[data-action="graph"]')
    page.wait_for_function("document.querySelectorAll('#graph [data-ply]').length === 10",
                           timeout=60_000)  # the start and the nine moves
    assert page.locator('#graph .mistake[data-ply="9"]').count() == 1
    move = page.locator('#moves [data-ply="9"]')
    assert "mistake" in str(move.get_attribute("class"))
    assert "a mistake: red's chance fell 100 points" in str(move.get_attribute("aria-label"))
    page.locator('#graph [data-ply="3"]').dispatch_event("click")
    assert "Reviewing move 3 of 9" in status(page)
    assert page.locator('#graph .current[data-ply="3"]').count() == 1


def test_the_graph_fills_in_by_itself_once_a_game_ends(open_page: Any) -> None:
    page = open_page("v1.3.a1.c1.a2.c2")
    click(page, "a3")
    assert "Red wins" in status(page)
    page.wait_for_function("document.querySelectorAll('#graph [data-ply]').length === 6",
                           timeout=60_000)
    assert page.get_attribute('#graph [data-ply="5"]', "aria-label") == "Move 5: Red 100%"


def test_a_link_to_a_finished_game_fills_in_its_graph(open_page: Any) -> None:
    page = open_page("v1.3.a1.c1.a2.c2.a3")
    page.wait_for_function("document.querySelectorAll('#graph [data-ply]').length === 6",
                           timeout=60_000)


def test_the_graph_is_tall_with_a_labelled_axis_and_the_graph_button_toggles_it(open_page: Any) -> None:
    page = open_page("v1.5.a1.b5.a2.c5")
    graph = page.locator('[data-action="graph"]')
    graph.click()
    page.wait_for_function("document.querySelectorAll('#graph [data-ply]').length === 5", timeout=60_000)
    assert graph.get_attribute("aria-pressed") == "true"
    box = page.locator("#graph svg").bounding_box()
    assert box is not None and box["height"] >= 120
    labels = page.locator("#graph .axis-label").all_text_contents()
    assert {"0%", "50%", "100%"} <= set(labels)
    assert str(page.get_attribute('#graph [data-ply="0"]', "aria-label")).startswith("The start: Red ")
    assert page.evaluate("""(() => { const r = document.querySelector('#graph').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; })()""")  # brought into view
    graph.click()
    assert page.is_hidden("#graph") and graph.get_attribute("aria-pressed") == "false"


def open_phone(browser: Any, site_url: str, watch: Any, fragment: str) -> Any:
    """The page on a 375 x 740 touch screen."""
    context = watched(new_context(browser, viewport={"width": 375, "height": 740}, has_touch=True,
                                          is_mobile=True), watch)
    return open_watched(context, watch, site_url + "#" + fragment)


def cell_width(page: Any, cell: str) -> float:
    return float(page.evaluate(
        f"document.querySelector('[data-cell=\"{cell}\"] .hex').getBoundingClientRect().width"))


def no_sideways_overflow(page: Any) -> bool:
    return bool(page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("n", [9, 11])
def test_on_a_phone_the_board_stands_tall_with_cells_big_enough_to_tap(
        browser: Any, site_url: str, watch: Any, n: int) -> None:
    page = open_phone(browser, site_url, watch, f"v1.{n}")
    assert page.get_attribute("#board svg", "data-layout") == "tall"
    # The long diagonal runs down the screen: a1 at the bottom, the far corner at the top.
    corner = "abcdefghijk"[n - 1] + str(n)
    low = page.locator('[data-cell="a1"]').bounding_box()
    high = page.locator(f'[data-cell="{corner}"]').bounding_box()
    assert low is not None and high is not None
    assert abs(low["x"] - high["x"]) < 2 and low["y"] > high["y"] + 300
    assert min(cell_width(page, c) for c in ("a1", "c3", corner)) >= 30
    assert no_sideways_overflow(page)
    page.tap('[data-cell="c3"]')  # one tap plays
    assert stone(page, "c3") == "red"
    page.context.close()
    watch.check()


def in_view(page: Any, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport as it stands (no scrolling)."""
    return bool(page.evaluate(f"""(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }})()"""))


def uncovered_by_the_action_bar(page: Any) -> bool:
    return bool(page.evaluate("""document.querySelector('#board').getBoundingClientRect().bottom
        <= document.querySelector('.play > .actions').getBoundingClientRect().top + 1"""))


@pytest.mark.parametrize("n", [9, 11])
def test_on_a_phone_the_board_status_undo_and_swap_share_one_screen(
        browser: Any, site_url: str, watch: Any, n: int) -> None:
    page = open_phone(browser, site_url, watch, f"v1.{n}.e4")  # Blue's first turn: swap offered
    assert page.evaluate("scrollY") == 0
    for selector in ("#board", "#status", '[data-action="undo"]', '[data-action="swap"]'):
        assert in_view(page, selector), selector
    assert uncovered_by_the_action_bar(page)
    assert cell_width(page, "a1") >= 30  # one tap plays, on 11 x 11 too
    page.context.close()
    watch.check()


def test_on_a_phone_the_result_and_the_rematch_are_in_view(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.9.a1.blue-resigns")
    for selector in ("#result", '[data-action="rematch"]', '[data-action="undo"]'):
        assert in_view(page, selector), selector
    page.context.close()
    watch.check()


def test_on_the_tall_board_the_arrow_keys_follow_the_screen(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.9")
    page.focus('[data-cell="e5"]')

    def focused() -> tuple[str, float, float]:
        name = str(page.evaluate("document.activeElement.getAttribute('data-cell')"))
        box = page.locator(f'[data-cell="{name}"] .hex').bounding_box()
        assert box is not None
        return name, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    start = focused()
    page.keyboard.press("ArrowRight")
    right = focused()
    assert abs(right[2] - start[2]) < 2 and right[1] > start[1] + 20  # straight to the right
    page.keyboard.press("ArrowLeft")
    assert focused()[0] == start[0]
    page.keyboard.press("ArrowUp")
    up = focused()
    assert up[2] < start[2] - 20 and abs(up[1] - start[1]) < 25  # up the screen, leaning a little
    page.keyboard.press("ArrowDown")
    assert focused()[0] == start[0]
    page.context.close()
    watch.check()


def test_on_a_phone_small_cells_ask_for_a_second_tap_in_view(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.13.a1")
    page.tap('[data-cell="g6"]')
    assert "Tap g6 again" in str(page.text_content("#ai-info")) and in_view(page, "#ai-info")
    page.context.close()
    watch.check()


def test_held_sideways_a_phone_shows_the_board_and_undo(browser: Any, site_url: str, watch: Any) -> None:
    context = watched(new_context(browser, viewport={"width": 740, "height": 375}, has_touch=True,
                                          is_mobile=True), watch)
    page = open_watched(context, watch, site_url + "#v1.9.e4")
    assert in_view(page, "#board") and in_view(page, '[data-action="undo"]') and uncovered_by_the_action_bar(page)
    context.close()
    watch.check()


def test_a_refused_taps_message_fades_and_escape_takes_one_away(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.9")
    page.tap('[data-cell="e5"]')  # the banned centre on the first move
    assert page.is_visible("#message")
    page.wait_for_selector("#message", state="hidden", timeout=15_000)
    page.tap('[data-cell="e5"]')
    assert page.is_visible("#message")
    page.keyboard.press("Escape")
    assert page.is_hidden("#message") and "centre" in str(page.text_content("#message"))
    page.context.close()
    watch.check()


def board_top(page: Any) -> float:
    return float(page.evaluate("document.querySelector('#board').getBoundingClientRect().top"))


@pytest.mark.parametrize(("width", "height", "mobile"), [(1280, 800, False), (375, 740, True)])
def test_the_board_stays_put_when_messages_and_the_spinner_come_and_go(
        browser: Any, site_url: str, watch: Any, width: int, height: int, mobile: bool) -> None:
    context = watched(new_context(browser, viewport={"width": width, "height": height}, has_touch=mobile,
                                          is_mobile=mobile), watch)
    page = open_watched(context, watch, site_url)
    top = board_top(page)
    page.click('[data-cell="e5"]')  # the centre on Red's first turn: refused, with a message
    assert page.is_visible("#message") and abs(board_top(page) - top) <= 1
    page.select_option("#opt-size", "9")
    page.select_option("#opt-mode", "computer")
    page.select_option("#opt-colour", "blue")
    page.select_option("#opt-level", "easy")
    page.click('[data-action="new"]')
    page.evaluate("scrollTo(0, 0)")  # back from the form, below the board on a phone
    top = board_top(page)
    page.wait_for_selector('[data-stone="red"]', timeout=60_000)  # getting ready, then its move
    assert abs(board_top(page) - top) <= 1
    click(page, "c3")
    page.wait_for_selector("#status.thinking", timeout=60_000)
    assert abs(board_top(page) - top) <= 1
    page.wait_for_selector("#status:not(.thinking)", timeout=60_000)
    assert page.is_visible("#ai-info") and abs(board_top(page) - top) <= 1
    context.close()
    watch.check()


def test_where_cells_are_small_the_first_tap_shows_the_stone_and_the_second_plays(
        browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, "v1.13")
    assert cell_width(page, "g6") < 30
    page.tap('[data-cell="g6"]')
    assert stone(page, "g6") is None
    assert "pending" in str(page.get_attribute('[data-cell="g6"]', "class"))
    page.tap('[data-cell="h7"]')  # another cell: it is the one shown now
    assert stone(page, "h7") is None and stone(page, "g6") is None
    page.tap('[data-cell="h7"]')
    assert stone(page, "h7") == "red"
    assert page.locator(".pending").count() == 0
    page.context.close()
    watch.check()


def test_a_long_move_list_scrolls_inside_its_panel(browser: Any, site_url: str, watch: Any) -> None:
    page = open_phone(browser, site_url, watch, long_game(moves=120, n=15, seed=4))
    assert page.locator("#moves [data-ply]").count() == 120 and page.locator("#moves li").count() == 60
    moves = page.evaluate("""(() => { const m = document.querySelector('#moves');
        const panel = m.closest('.panel');
        return [m.scrollWidth, m.clientWidth, m.scrollHeight, m.clientHeight,
                panel.scrollWidth, panel.clientWidth, m.scrollTop]; })()""")
    scroll_width, width, scroll_height, height, panel_scroll, panel_width, top = moves
    assert scroll_width <= width and panel_scroll <= panel_width  # nothing cut off sideways
    assert scroll_height > height and top > 0  # it scrolls, the newest move in view
    assert no_sideways_overflow(page)
    page.context.close()
    watch.check()


def test_the_banned_centre_is_marked_for_reds_first_move_only(open_page: Any) -> None:
    page = open_page("v1.9")
    assert "banned" in str(page.get_attribute('[data-cell="e5"]', "class")).split()
    assert "not allowed on Red's first move" in str(page.get_attribute('[data-cell="e5"]', "aria-label"))
    assert page.locator("#board .banned").count() == 1
    click(page, "d2")
    assert page.locator("#board .banned").count() == 0


def test_a_board_drawn_afresh_shows_every_cells_stone_classes_and_name(open_page: Any) -> None:
    from cachex.svg import cell_classes, cell_label, highlights

    game = Game.from_fragment(long_game(moves=40, n=9, seed=6))
    page = open_page(game.to_fragment())
    shown = page.evaluate("[...document.querySelectorAll('#board [data-cell]')].map(e => "
                          "[e.dataset.cell, e.dataset.stone || null, e.getAttribute('class'), "
                          "e.getAttribute('aria-label')])")
    stones = game.stones()
    last, winners = highlights(game)
    assert game.last_captures  # a capture on the last turn, whose flash a fresh page does not show
    assert shown == [[name, stones.get(name), cell_classes(name, last, winners), cell_label(name, stones.get(name))]
                     for name in game.cells()]
