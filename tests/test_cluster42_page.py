"""Playwright tests of the page playing 42-cluster (the shell with the 42-cluster view): the tray of
chips drawn and bags, drops and rotations by click and key, the turn and the fall animated
unless motion is reduced."""

from __future__ import annotations

from typing import Any

from browser import new_context, open_watched, watched


def pressed(page: Any) -> list[str]:
    return list(page.eval_on_selector_all('#board .chip-choice[aria-pressed="true"]',
                                          "els => els.map(e => e.dataset.chip)"))


def bag_text(page: Any, player: int) -> str:
    return str(page.locator("#board .tray .bag").nth(player - 1).text_content())


def test_the_tray_shows_the_chips_drawn_and_the_bags_and_a_line_drops_the_chip_chosen(open_page: Any) -> None:
    page = open_page("cluster42.5.s7")
    assert page.get_attribute("html", "data-game") == "cluster42" and page.text_content("header h1") == "42-cluster"
    assert pressed(page) == ["0"] and page.locator("#board .chip-choice").count() == 2
    assert bag_text(page, 1).count("15") == 2 and page.locator('#board .target[data-cell^="line "]').count() == 9
    assert page.locator('#board .target[data-cell^="gravity "]').count() == 6
    page.click('#board .chip-choice[data-chip="1"]')
    assert pressed(page) == ["1"] and page.get_attribute("html", "data-ply") is None
    assert page.get_attribute('#board .target[data-cell="line 2"]', "data-move") == "drop 2 1"
    page.click('#board .target[data-cell="line 2"]')
    page.wait_for_function("location.hash === '#cluster42.5.s7.2c1'")
    assert "14" in bag_text(page, 1) and pressed(page) == ["2"]  # the second player's draw now
    assert page.locator('#board .chip[data-value="1"]').count() == 2  # on the board and in the bag's legend


def test_the_keyboard_chooses_a_chip_and_the_boards_tab_stop_drops_it(open_page: Any) -> None:
    page = open_page("cluster42.5.s7")
    page.focus('#board .chip-choice[data-chip="1"]')
    page.keyboard.press("Enter")
    assert pressed(page) == ["1"] and page.get_attribute("#board", "data-ply") == "0"
    page.focus('#board [tabindex="0"]')
    name = str(page.get_attribute('#board [tabindex="0"]', "data-cell"))
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'")
    assert page.evaluate("location.hash").endswith(f".{name.split()[1]}c1")


def rotate(page: Any) -> None:
    page.click('#board .target[data-cell="gravity 1"]')
    page.wait_for_function("location.hash.endsWith('.r1')")


def test_a_rotation_turns_the_board_then_lets_the_chips_fall(open_page: Any) -> None:
    page = open_page("cluster42.5.s7.0c1.-1c2.1c1")
    rotate(page)
    assert page.locator("#board .c42-turning").count() == 1
    assert page.locator("#board .c42-falling").count() == 3  # every chip moves
    assert page.evaluate("document.getAnimations().length") >= 4
    assert "gravity 1" in str(page.get_attribute("#board > svg", "aria-label"))


def test_with_reduced_motion_the_board_turns_and_the_chips_fall_at_once(browser: Any, site_url: str,
                                                                       watch: Any) -> None:
    context = watched(new_context(browser, viewport={"width": 1100, "height": 900}, reduced_motion="reduce"),
                      watch)
    page = open_watched(context, watch, site_url + "#cluster42.5.s7.0c1.-1c2.1c1")
    rotate(page)
    assert page.locator("#board .c42-falling").count() == 3
    assert page.evaluate("document.getAnimations().length") == 0
    context.close()
    watch.check()


def test_a_one_chip_turn_offers_no_rotation_and_an_empty_bag_loses(open_page: Any) -> None:
    page = open_page("cluster42.5.k1.c1.s1")  # one chip each
    assert page.locator('#board .target[data-cell^="gravity "]').count() == 0
    assert page.locator("#board .chip-choice").count() == 1
    page.click('#board .target[data-cell="line 0"]')
    page.wait_for_function("location.hash.endsWith('.0c0')")
    page.click('#board .target[data-cell="line 1"]')
    page.wait_for_function("location.hash.endsWith('.1c1')")
    assert "Player 1's bag is empty" in str(page.text_content("#result-detail")) + str(page.text_content("#status"))


# A dealt game (as the referee records them) to its end, and one stopped before a deal.
DEALT_FINISHED = ("cluster42.4.dealt.00_2c0.32_r5.01_1c0.22_r4.11_r1.33_r3.10_0c1.32_r2.01_-3c0.22_r5.10_1c1.23_1c2."
                  "11_r4.33_r5.11_r4.33_-1c3.00_-3c0")
DEALT_WAITING = "cluster42.4.dealt.00_2c0.32_r5"


def test_a_finished_dealt_game_loads_and_its_graph_fills_in(open_page: Any) -> None:
    page = open_page(DEALT_FINISHED)
    assert "wins" in str(page.text_content("#status"))
    page.wait_for_function("document.querySelectorAll('#graph circle').length >= 18", timeout=120_000)


def test_a_dealt_game_before_its_deal_says_why_it_cannot_be_analysed_or_played_by_the_computer(
        open_page: Any) -> None:
    page = open_page(DEALT_WAITING)
    page.click('[data-action="analyse"]')
    page.wait_for_function("document.querySelector('#message').textContent.includes('no chips dealt')",
                           timeout=60_000)
    page = open_page(DEALT_WAITING.replace("dealt.", "dealt.1-easy."))
    page.wait_for_function("document.querySelector('#status').textContent.includes('cannot move here')",
                           timeout=60_000)
    assert "no chips dealt" in str(page.text_content("#message"))


def test_the_status_and_the_move_list_name_chips_and_turns_as_the_board_shows_them(open_page: Any) -> None:
    import re

    page = open_page("cluster42.5.s2a.-1c1.4c3.-2c0.r2.3c0")
    status = str(page.text_content("#status"))
    assert re.fullmatch(r"Player 2 to move with (red|amber|blue|teal) [●▲■◆] and (red|amber|blue|teal) [●▲■◆]",
                        status), status
    moves = [str(page.text_content(f'#moves [data-ply="{ply}"]')) for ply in range(1, 6)]
    # chip 1 is the first player's second colour (amber, a triangle); gravity 2 (down-right) from 3 (down)
    assert moves[0] == "▲ line -1" and moves[1] == "◆ line 4" and moves[3] == "turn ↘", moves
    assert not any(re.search(r"drop|rotate", text) for text in moves)
