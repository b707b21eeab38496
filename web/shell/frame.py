"""The shell around a game: the site's name and the game's title, the games' links, the rules
panel and the new-game form, all derived from ``web.registry``.

The form offers the picked game's own sizes, sides and levels, and shows the
settings kept for it (``web.shell.preferences``), so a switch of the picker shows
what a New game of that game would start. A new game of another game is kept as
that game's settings, and the page starts afresh on it; a link to another game
does the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.registry import GAMES, SITE, GameEntry, entry, game_of
from web.shell.dom import GAME_KEY, address_fragment, by_id, keep, sentence
from web.shell.game_session import RANDOM, Choice
from web.shell.preferences import remember, remembered

if TYPE_CHECKING:
    from collections.abc import Callable


def dress(game: GameEntry, rules_html: str) -> None:
    """Set the shell up for ``game``: titles, the games' links, the picker, its rules, the form's
    options and the example of a record to open."""
    root = document.documentElement
    root.setAttribute("data-game", game.name)
    document.title = f"{game.title} · {SITE}"
    document.querySelector("header h1").textContent = game.title
    document.querySelector("header .tagline").textContent = game.tagline
    nav = by_id("games")
    nav.replaceChildren()
    picker = by_id("opt-game")
    picker.replaceChildren()
    for other in GAMES:
        link = document.createElement("a")
        link.textContent = other.title
        link.href = "#" + other.name
        if other is game:
            link.setAttribute("aria-current", "page")
        nav.appendChild(link)
        picker.appendChild(_option(other.name, other.title))
    picker.value = game.name
    by_id("rules-text").innerHTML = rules_html
    by_id("record-input").placeholder = game.example
    fill_form(game)


def fill_form(game: GameEntry) -> None:
    """Offer ``game``'s sizes, sides and levels in the new-game form."""
    _fill(by_id("opt-size"), [(str(n), str(n)) for n in game.sizes])
    first, second = game.sides
    either = "first" in game.offers  # either side may start: the form asks who does
    _fill(by_id("opt-colour"), [(first.code, first.label() + ("" if either else " (moves first)")),
                                (second.code, second.label() + (", may swap" if "swap" in game.offers else ""))])
    _fill(by_id("opt-level"), [(name, sentence(name)) for name in game.levels])
    _fill(by_id("opt-first"), [(first.code, first.label()), (second.code, second.label()),
                               (RANDOM, "Drawn at random")] if either else [])
    form = by_id("new-game")
    if either:
        form.setAttribute("data-first", "1")
    else:
        form.removeAttribute("data-first")


def show_choice(choice: Choice) -> None:
    """Make the new-game form show ``choice``."""
    by_id("opt-size").value = str(choice.size)
    by_id("opt-mode").value = choice.mode
    by_id("opt-colour").value = choice.human
    by_id("opt-level").value = choice.level
    by_id("opt-first").value = choice.first
    sync_form()


def sync_form(_event: Any = None) -> None:
    """Show the computer-only choices when the computer is chosen."""
    by_id("new-game").setAttribute("data-mode", by_id("opt-mode").value)


def picked() -> GameEntry:
    """The game the picker shows."""
    return entry(str(by_id("opt-game").value))


def on_pick(game: GameEntry, current: Callable[[], Choice]) -> None:
    """The picker changed: offer the picked game's options with its kept settings (the live
    game's, ``current()``, for the game on the page)."""
    chosen = picked()
    fill_form(chosen)
    show_choice(current() if chosen is game else remembered(chosen) or default_choice(chosen))


def read_choice() -> Choice:
    """The settings the form shows (not yet checked)."""
    either = by_id("new-game").hasAttribute("data-first")
    return Choice(int(by_id("opt-size").value), str(by_id("opt-mode").value), str(by_id("opt-colour").value),
                  str(by_id("opt-level").value), str(by_id("opt-first").value) if either else "")


def default_choice(game: GameEntry) -> Choice:
    """A first game of ``game``: its default size, two people, the first side (which also starts),
    its default level."""
    first = game.sides[0].code if "first" in game.offers else ""
    return Choice(game.default_size, "two", game.sides[0].code, game.default_level, first)


def starting_choice(game: GameEntry) -> Choice:
    """What a bare address (or the game's bare name) starts: the kept settings, else the default."""
    return remembered(game) or default_choice(game)


def open_other(game: GameEntry, choice: Choice) -> bool:
    """Whether the form picks another game than ``game``; if so, a new game of it starts
    (with ``choice``, kept as its settings) on a fresh page."""
    other = picked()
    if other is game:
        return False
    remember(other, choice)
    keep(GAME_KEY, other.name)
    _restart_at(other.name)
    return True


def started(game: GameEntry, choice: Choice) -> None:
    """A new game of ``game`` began with ``choice``: keep both for the next visit."""
    keep(GAME_KEY, game.name)
    remember(game, choice)
    show_choice(choice)


def open_elsewhere(game: GameEntry, pasted: str) -> bool:
    """Whether a pasted link or record is another game's; if so, the page starts afresh on it."""
    text = fragment_of(pasted)
    found = game_of(text)
    if found is None or found is game:
        return False
    _restart_at(text)
    return True


def fragment_of(text: str) -> str:
    """The record in a pasted link or record: what follows its first ``#``, trimmed."""
    if "#" in text:
        text = text.split("#", 1)[1]
    return text.strip()


def _restart_at(fragment: str) -> None:
    """Start the page afresh on the address ``#fragment`` (the game it holds opens)."""
    window.history.replaceState(None, "", "#" + fragment)
    window.location.reload()


def address_game(game: GameEntry) -> str:
    """What the address holds for the page of ``game``: "other" (another game's link: the page
    starts afresh on it), "bare" (nothing, or the game's bare name: a new game with the kept
    settings) or "record"."""
    text = address_fragment().lstrip("#").strip().lower()
    found = game_of(text)
    if found is not None and found is not game:
        window.location.reload()
        return "other"
    return "bare" if text in ("", game.name) else "record"


def toggle_more() -> None:
    """Show or hide the rarer actions behind "More…" (on a phone's action bar)."""
    bar = document.querySelector(".play > .actions")
    opening = bar.getAttribute("data-more") != "open"
    bar.setAttribute("data-more", "open" if opening else "closed")
    document.querySelector('[data-action="more"]').setAttribute("aria-expanded", "true" if opening else "false")


def _option(value: str, text: str) -> Any:
    option = document.createElement("option")
    option.value = value
    option.textContent = text
    return option


def _fill(select: Any, choices: list[tuple[str, str]]) -> None:
    """Replace a select's options."""
    select.replaceChildren()
    for value, text in choices:
        select.appendChild(_option(value, text))
