"""Playwright tests of the page playing Chase (the shell with the Chase view): a move built click
by click with its paths previewed, the way chosen where two reach one cell, exchanges, the
sharing of lost points, who starts, and the glued border drawn."""

from __future__ import annotations

from typing import Any

import pytest

from chase import Game
from chase.board import name, step

# A position where the 3 on f5 reaches f2 two ways: east round the glued border, or north-west
# off the top row (found by random play).
AMBIGUOUS = ("chase.a8-c9ne.i9-i1e.a6=3,a7=4.i8=1,i9=4.a5-f3nw.i6=6,i7=3.a9-a1e.i7=2,i8=2.a3-c2nw.i6-c3sw."
             "a6=2,a7=5.i3-g2sw.a4-d6ne.g2-i3ne.a5=2,a6=4.i4xf3sw.(a1)a6=6,a7=3.c3-i6ne.d6-a7se.i1-h1sw."
             "a7=5,b8=1.i7=1,i8=3.a2-a3e.i3-g2sw.b8-b9e.g2-g4e.c2-c4e.i7-h8se.c9-a1se.g4-i3nw.b2-f5se.i3-g2sw."
             "b9-b1e.f3=2,g2=3.a1=1,b1=2.i8=2,i9=5.c4-a3sw.i5-e7se.b3-c2nw.h8=2,i8=1.a3-a1w.h8-h7nw.c2-c3e."
             "h7=6,i6=2.a5=5,a6=3.f3=1,g2=4.a9-b9nw.i6-i4w.a5=4,a6=4.i8-h9se.b1-d9nw.h1-g1se.b9-b8w.g1-h2ne."
             "a6=5,a7=4.h9-i9ne.c3-c4e.h7-d1ne.a5=3,a6=6.g2-g7w")
# A position where black lost points and two of its dice tie for lowest (found by random play).
SHARING = ("chase.a2=3,a3=2.i3=1,i4=6.a1-b1nw.i7-f6sw.a4=5,a5=4.i3=4,i4=3.a2=2,a3=3.i8-i6w.a3=5,a4=3.i9-i8w."
           "a4=6,a5=1.i5-e3sw.a4=1,a5=6.f6-f3w.a9-a8w.f3-c1sw.a6=2,a7=3.e3-e8w.a3=6,a4=1.i4-d7se.a3=5,a4=2."
           "i2=5,i3=2.a7-d9ne.i6-i4w.a5-e3nw.d7-i9ne.d9-d3e.i1=5,i2=2.a1=1,b1=2.e8-i6nw.d3-g1nw.i1=6,i2=1."
           "b1-b9sw.i8=3,i9=3.a3=4,a4=3.i4-g3sw.a2=4,a3=5.i1=3,i2=4.g1-d3se.i1=2,i9=4.b9-b2e.c1-c7w.a2=1,b2=5."
           "c7-c1e.a2-b3ne.i8=4,i9=3.e3-i5ne.i8=2,i9=5.b2=3,b3=3.i6=1,i7=4.a1-a2e.i2=5,i3=1.a2=3,b3=1.i8=5,i9=2."
           "d3-g1nw.i3-h3sw.g1-g7w.i7=6,i8=3.a6-c7ne.h3-i2nw.a2=2,b2=4.h2-c4se.b3-a2sw")


def targets(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#board .target[data-cell]", "els => els.map(e => e.dataset.cell)"))


def test_a_die_shows_where_it_may_go_with_each_path_and_a_second_click_plays(open_page: Any) -> None:
    page = open_page("chase.a5-f8ne.i6-e4sw")
    assert page.get_attribute("html", "data-game") == "chase" and page.text_content("header h1") == "Chase"
    assert "f8" in targets(page) and page.locator("#board .ghost").count() == 18  # the glued border's columns
    page.click('#board .target[data-cell="f8"]')
    game = Game.from_fragment("chase.a5-f8ne.i6-e4sw")
    ends = sorted({str(m).split("-")[1][:2] for m in game.legal_moves() if str(m).startswith("f8-")})
    assert sorted(targets(page)) == ends == ["a1", "a5", "f3", "f4", "g5"]
    assert page.locator("#board .preview").count() == 5  # each way drawn
    paths = page.eval_on_selector_all("#board .preview", "els => els.map(e => e.querySelectorAll('polyline').length)")
    assert max(paths) == 2  # the way east leaves one side and comes in at the other
    assert page.locator("#board .chosen").count() == 1 and "Now choose" in str(page.text_content("#ai-info"))
    page.keyboard.press("Escape")
    assert "f8" in targets(page) and page.locator("#board .preview").count() == 0
    page.click('#board .target[data-cell="f8"]')
    page.click('#board .target[data-cell="a1"]')  # through the glued border, bumping the 1 on a1 north-east
    page.wait_for_function("location.hash === '#chase.a5-f8ne.i6-e4sw.f8-a1se'")
    assert page.get_attribute("#board", "data-ply") == "3"


def test_where_two_ways_reach_one_cell_a_third_click_chooses_the_way(open_page: Any) -> None:
    game = Game.from_fragment(AMBIGUOUS)
    assert {str(m) for m in game.legal_moves() if str(m).startswith("f5-f2")} == {"f5-f2E", "f5-f2NW"}
    page = open_page(AMBIGUOUS)
    page.click('#board .target[data-cell="f5"]')
    page.click('#board .target[data-cell="f2"]')
    assert sorted(targets(page)) == ["via f6", "via g4"] and page.get_attribute("#board", "data-ply") == str(
        game.turn_count)
    page.click('#board .target[data-cell="via g4"]')
    page.wait_for_function("location.hash.endsWith('.f5-f2nw')")


def test_an_exchange_is_a_die_the_mark_to_its_neighbour_then_the_new_values(open_page: Any) -> None:
    page = open_page("chase")
    page.click('#board .target[data-cell="a1"]')
    assert "a1~a2" in targets(page) and "a1~a9" not in targets(page)  # 1 and 1 across the border share no other way
    page.click('#board .target[data-cell="a1~a2"]')
    assert targets(page) == ["a1=2,a2=1"]
    page.click('#board .target[data-cell="a1=2,a2=1"]')
    page.wait_for_function("location.hash === '#chase.a1=2,a2=1'")
    assert page.get_attribute('#board [data-stone="white"][aria-label$="on a1"]', "aria-label") == "white 2 on a1"


def test_the_player_who_lost_points_chooses_above_the_board_which_dice_take_them(open_page: Any) -> None:
    game = Game.from_fragment(SHARING)
    assert game.to_move == "black" and len(game.shares()) == 2 and game.owed > 0
    page = open_page(SHARING)
    buttons = page.locator("#board .share-choice")
    assert buttons.count() == 2 and buttons.nth(0).get_attribute("aria-pressed") == "true"
    page.click('#board .share-choice[data-share="1"]')
    assert page.get_attribute('#board .share-choice[data-share="1"]', "aria-pressed") == "true"
    first = targets(page)[0]
    page.click(f'#board .target[data-cell="{first}"]')
    page.click("#board .target[data-cell]:not(.chosen)")
    if page.get_attribute("#board", "data-ply") != str(game.turn_count + 1):
        page.click("#board .target[data-cell]")  # an exchange's values, or a way
    page.wait_for_function(f"document.querySelector('#board').dataset.ply === '{game.turn_count + 1}'")
    played = Game.from_fragment(str(page.evaluate("location.hash"))[1:]).moves[-1]
    assert played.share == game.shares()[1]


def test_who_starts_is_chosen_in_the_form_and_kept_in_the_link(open_page: Any) -> None:
    page = open_page("chase")
    assert page.is_visible("#opt-first")
    page.select_option("#opt-first", "black")
    page.click('[data-action="new"]')
    page.wait_for_function("location.hash === '#chase.black'")
    assert str(page.text_content("#status")).startswith("Black")
    page.select_option("#opt-first", "random")
    page.click('[data-action="new"]')
    page.wait_for_function("location.hash === '#chase' || location.hash === '#chase.black'")
    assert page.input_value("#opt-first") == "random"


@pytest.mark.parametrize(("fragment", "plies"), [("chase", 1), ("chase.black-easy", 2)])
def test_the_hinted_move_plays_by_its_clicks_and_the_board_goes_on(open_page: Any, fragment: str,
                                                                    plies: int) -> None:
    """Hint, then the hinted die and its destination: the move is played (and against the
    computer, it answers), between two people as against the computer."""
    page = open_page(fragment)
    page.click('[data-action="hint"]')
    page.wait_for_function("document.querySelector('#ai-info').textContent.startsWith('Hint: ')", timeout=60_000)
    hinted = str(page.text_content("#ai-info")).removeprefix("Hint: ").split(" (")[0]
    move = Game().check_legal(hinted)[0]
    assert page.locator(f'#board .hint[data-cell="{name(move.start)}"]').count() == 1
    page.click(f'#board .target[data-cell="{name(move.start)}"]')
    if move.is_exchange:
        page.click(f'#board .target[data-cell="{name(move.start)}~{name(move.to)}"]')
        page.click(f'#board .target[data-cell="{move}"]')
    else:
        page.click(f'#board .target[data-cell="{name(move.to)}"]')
        if page.locator('#board .target[data-cell^="via "]').count():  # two ways reach it: the hinted one
            page.click(f'#board .target[data-cell="via {name(step(move.start, move.direction)[0])}"]')
    page.wait_for_function(f"location.hash.startsWith('#{fragment}.{move.token()}')")
    page.wait_for_function(f"document.querySelector('#board').dataset.ply === '{plies}'", timeout=60_000)
    assert "Now choose" not in str(page.text_content("#ai-info"))


# The die on a9 may bump the one on a8 (a8 is a destination) or exchange points with it.
EXCHANGE_BESIDE_A_DESTINATION = "chase.a5-f8ne.i6-e4sw.a6xe4nw.(i9)i4-e2sw"
HIT = """t => { const r = t.querySelector('circle').getBoundingClientRect();
  const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return at !== null && at.closest('.target') === t; }"""


def test_an_exchange_mark_beside_a_destination_takes_its_own_click_and_every_target_its_own(
        open_page: Any) -> None:
    page = open_page(EXCHANGE_BESIDE_A_DESTINATION)
    page.click('#board .target[data-cell="a9"]')
    assert {"a9~a8", "a8"} <= set(targets(page))
    assert all(page.eval_on_selector_all("#board svg .target", f"els => els.map({HIT})"))  # none hidden
    page.click('#board .target[data-cell="a9~a8"]')  # refused by Playwright if anything lay over it
    assert page.get_attribute("#board", "data-ply") == "4" and page.locator("#board .target.value").count() > 0


def test_the_last_move_is_marked_where_the_die_came_from_and_where_it_went(open_page: Any) -> None:
    from chase.board import cell
    from chase.svg import centre

    page = open_page("chase.a5-f8ne")
    for selector, where in (("#board circle.last.from", "a5"), ("#board circle.last:not(.from)", "f8")):
        x, y = centre(cell(where))
        assert (page.get_attribute(selector, "cx"), page.get_attribute(selector, "cy")) == (f"{x:.1f}", f"{y:.1f}")


# White's capture b7xf9NE leaves black with four dice: the game ends (found by random play).
LAST_CAPTURE = ("chase.a7-d6nw.i9-i8w.a3-d5ne.i1=1,i9=2.a5=3,a6=6.i4-d7se.a5xd7ne.(i1)i2=1,i3=6.d6=2,d7=4."
                "i9-g1se.a1-a9w.i5-e7se.d5=4,d6=1.e7xa9se.(a8)a7-c8ne.i6-f8se.a2xa9w.(i2)g1-g8w.d5-b3sw."
                "g8-i7nw.b3-b7e.i1-c7sw.a8xc7nw.(i8,h7)f8-f5w.c7=5,d7=1.i2-d9sw.d7-e6nw.i8-c2se.c7xc2w.(i7,f5)"
                "d9xc2se.(d6)d6=5,e6=2.h7=6,i7=3.d6=3,e6=4.h7-h1w.a4-e2nw.i7-f9se.e2-e7w.h1-b4se")


def test_a_capture_that_ends_the_game_from_the_keyboard_leaves_the_focus_on_the_results_rematch(
        open_page: Any) -> None:
    page = open_page(LAST_CAPTURE)
    for part in ("b7", "f9"):
        page.focus(f'#board .target[data-cell="{part}"]')
        page.keyboard.press("Enter")
    page.wait_for_function("location.hash.endsWith('b7xf9ne')")
    assert page.is_visible("#result") and page.evaluate("document.activeElement.dataset.action") == "rematch"
