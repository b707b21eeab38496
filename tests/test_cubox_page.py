"""Playwright tests of the page playing Cubox (the shell with the Cubox view)."""

from __future__ import annotations

from typing import Any

from test_cubox import SECOND_EXAMPLE

DEADLOCK = "cubox.4.a1.c1.e1.g1.c3.a3.a5.a7.b2.d2.c5.b4.c3.b6.e3.f2"  # X, then O, must pass


def targets(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#board .target", "els => els.map(e => e.dataset.name)"))


def test_a_cubox_link_opens_cubox_and_clicks_drop_and_swap(open_page: Any) -> None:
    page = open_page("cubox.5")
    assert page.get_attribute("html", "data-game") == "cubox" and page.text_content("header h1") == "Cubox"
    assert len(targets(page)) == 15 and page.input_value("#opt-game") == "cubox"
    assert page.get_attribute("#record-input", "placeholder") == "cubox.8.e5.swap"  # what to open
    page.click('#board .target[data-name="c1"]')
    page.wait_for_function("location.hash === '#cubox.5.c1'")
    assert page.is_visible('[data-action="swap"]') and "or swap" in str(page.text_content("#status"))
    page.click('[data-action="swap"]')
    page.wait_for_function("location.hash === '#cubox.5.c1.swap'")
    assert page.get_attribute('#board [data-name="c1"][data-stone]', "data-stone") == "o"
    page.click('[data-action="undo"]')
    page.wait_for_function("location.hash === '#cubox.5.c1'")


def test_a_stack_is_played_by_clicking_its_outline_and_the_keyboard_plays_too(open_page: Any) -> None:
    page = open_page("cubox.3.a3.a1.e1.c1")
    assert targets(page) == ["c3", "a5", "b2"]
    assert page.get_attribute('#board .target[data-name="b2"]', "data-level") == "2"
    page.click('#board .target[data-name="b2"]')
    assert page.get_attribute('#board [data-name="b2"][data-stone]', "data-level") == "2"
    page.focus('#board .target[data-name="c3"]')
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash === '#cubox.3.a3.a1.e1.c1.b2.c3'")


def test_the_seeds_example_opens_with_o_winning_through_d2(open_page: Any) -> None:
    page = open_page(SECOND_EXAMPLE)
    assert page.text_content("#result-text") == "O (blue) wins" and page.is_visible("#result")
    label = page.get_attribute('#board [data-name="d2"][data-stone]', "aria-label")
    assert label is not None and "winning chain" in label and "level 2" in label
    page.click("#board svg", position={"x": 4, "y": 4})  # a corner the result, over the board, leaves free
    assert "game is over" in str(page.text_content("#message"))


def test_a_link_with_an_illegal_move_opens_just_before_it_and_says_why(open_page: Any) -> None:
    page = open_page("cubox.5.c1.c1")
    assert "c1" in str(page.text_content("#message")) and page.is_visible("#message")
    assert page.get_attribute('#board [data-name="c1"][data-stone]', "data-stone") == "x"


def test_passes_are_offered_only_when_forced_and_two_make_a_deadlock_draw(open_page: Any) -> None:
    page = open_page(DEADLOCK)
    assert targets(page) == [] and page.is_visible('[data-action="pass"]')
    page.click('[data-action="pass"]')
    page.click('[data-action="pass"]')
    assert page.text_content("#result-text") == "Draw"
    assert "deadlock" in str(page.text_content("#result-detail")).lower()
    assert open_page("cubox.5").is_hidden('[data-action="pass"]')


def test_the_computer_plays_cubox_from_the_worker(open_page: Any) -> None:
    page = open_page("cubox.4.x-beginner")  # the computer is X and moves first
    page.wait_for_selector("#board [data-stone]", timeout=60_000)
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Your move as O (blue)')")
    assert page.evaluate("location.hash").startswith("#cubox.4.x-beginner.")


def test_on_a_phone_the_cubox_board_status_undo_and_swap_share_one_screen(
        browser: Any, site_url: str, watch: Any) -> None:
    from test_cachex_page import in_view, open_phone

    page = open_phone(browser, site_url, watch, "cubox.8.e5")  # O's first turn: swap offered
    for selector in ("#board svg", "#status", '[data-action="undo"]', '[data-action="swap"]'):
        assert in_view(page, selector), selector
    width = page.evaluate("document.querySelector('#board .target circle').getBoundingClientRect().width")
    assert width >= 26  # the tap target of a hollow (the hexagon is a few pixels wider)
    page.tap('#board .target[data-name="c1"]')
    page.wait_for_function("location.hash === '#cubox.8.e5.c1'")
    page.context.close()
    watch.check()


def test_the_move_list_and_the_arrow_keys_review_a_cubox_game(open_page: Any) -> None:
    page = open_page("cubox.4.a1.c1.e1")
    page.click('#moves [data-ply="1"]')
    assert page.get_attribute("#board", "data-ply") == "1" and "Reviewing move 1 of 3" in str(
        page.text_content("#status"))
    assert page.locator("#board [data-stone]").count() == 1 and targets(page) == []
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#board", "data-ply") == "2"
    page.keyboard.press("Home")
    assert page.get_attribute("#board", "data-ply") == "0"
    page.keyboard.press("End")
    assert page.get_attribute("#board", "data-ply") == "3" and page.is_hidden('[data-action="live"]')
    assert page.evaluate("location.hash") == "#cubox.4.a1.c1.e1"  # reviewing never rewrites the game


def test_the_cubox_position_saves_as_svg_and_png(open_page: Any) -> None:
    import struct
    from pathlib import Path

    from cubox import Game
    from cubox.svg import board_svg, size

    page = open_page(SECOND_EXAMPLE)
    with page.expect_download() as saved:
        page.click('[data-action="export-svg"]')
    assert saved.value.suggested_filename == "cubox-6-move-14.svg"
    svg = Path(saved.value.path()).read_text()
    width, height = size(Game(6).board)
    assert svg.startswith(f'<svg width="{width:.0f}" height="{height:.0f}"')
    assert svg.endswith(board_svg(Game.from_fragment(SECOND_EXAMPLE), marks=False)[len("<svg "):])
    with page.expect_download() as saved:
        page.click('[data-action="export-png"]')
    png = Path(saved.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (round(2 * width), round(2 * height))
