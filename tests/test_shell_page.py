"""Playwright tests of what the page's shell gives every game of the registry: the site's and
the game's titles, the games' links, the new-game form, links and Open across games, and the
board's hooks. A game added to ``web.registry`` is tested here without a line more."""

from __future__ import annotations

from typing import Any

import pytest

from web.registry import GAMES, SITE, GameEntry

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


@by_game
def test_the_form_offers_the_picked_games_own_options_and_starts_exactly_what_was_chosen(
        open_page: Any, game: GameEntry) -> None:
    page = open_page(other_than(game).example)
    page.select_option("#opt-game", game.name)
    assert options(page, "#opt-size") == [str(n) for n in game.sizes]
    assert options(page, "#opt-colour") == [side.code for side in game.sides]
    assert options(page, "#opt-level") == list(game.levels)
    assert game.sides[1].label() in str(page.text_content("#opt-colour"))  # each side with its paint
    chosen = [game.name, str(game.sizes[1]), "computer", game.sides[1].code, game.levels[0]]
    for name, value in zip(("size", "mode", "colour", "level"), chosen[1:], strict=True):
        page.select_option(f"#opt-{name}", value)
    page.click('[data-action="new"]')
    ready(page, game)
    assert form(page) == chosen and page.title() == f"{game.title} · {SITE}"
    page.wait_for_function("document.querySelector('#board').dataset.ply === '1'",
                           timeout=COMPUTER_TIMEOUT_MS)  # the computer, the first side, moved
    again = open_page()  # a bare address: the game chosen last, with its settings
    ready(again, game)
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
    assert page.evaluate("location.hash") != "#" + game.name  # the new game's record took its place
    assert page.get_attribute("#board", "data-ply") == "0"
    assert page.locator("#board [data-cell]").count() > 0
    assert page.locator("#rules-text li").count() >= 3
