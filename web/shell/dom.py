"""The page's small DOM helpers, shared by every game's view: elements, stored settings, yielding.

Kept apart from the views so that opening one game loads none of another's code.
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy

THEME_KEY = "hexhall.theme"  # "dark" or "light"; absent: the system's choice
SOUND_KEY = "hexhall.sound"  # "off", or absent: on
GAME_KEY = "hexhall.game"  # the game a bare address opens (a name of web.registry's), absent: the first


def sentence(text: str) -> str:
    """``text`` with a capital first letter (MicroPython's ``str`` has no ``capitalize``)."""
    return text[:1].upper() + text[1:]


def address_fragment() -> str:
    """The address's fragment with its ``#``, as typed: percent escapes decoded (a link's
    non-ASCII characters are read and echoed as themselves), or as it stands where they are
    malformed."""
    text = str(window.location.hash or "")
    try:
        return str(js.decodeURIComponent(text))
    except Exception:  # a malformed escape: the game's reader refuses the text as it stands
        return text


def by_id(name: str) -> Any:
    """The element with this id."""
    return document.getElementById(name)


def action_button(name: str) -> Any:
    """The button with ``data-action=name``."""
    return document.querySelector(f'[data-action="{name}"]')


def pair_row(moves: Any, number: int) -> Any:
    """A new row of the move list ``moves`` for the pair of turns whose first is turn ``number``
    (numbered as chess sites number them: 1., 2., ...); the turns' buttons go in it."""
    row = document.createElement("li")
    row.className = "pair"
    label = document.createElement("span")
    label.className = "number"
    label.textContent = f"{(number + 1) // 2}."
    row.appendChild(label)
    moves.appendChild(row)
    return row


def show_result(over: bool, winner: str | None, person: str | None, winner_name: str, detail: str) -> None:
    """The result banner (``#result``), shown only when the game is ``over``: "You win" or "The
    computer wins" against the computer (``person`` is the person's side), else "<winner_name>
    wins", or "Draw" (``winner`` None); ``detail`` says how."""
    box = by_id("result")
    box.hidden = not over
    if not over:
        box.removeAttribute("data-folded")  # the next game's result shows again
        return
    if winner is None:
        headline = "Draw"
    elif person is not None:
        headline = "You win" if winner == person else "The computer wins"
    else:
        headline = winner_name + " wins"
    by_id("result-text").textContent = headline
    by_id("result-detail").textContent = detail
    box.setAttribute("data-winner", winner or "draw")


def copy_link(url: str, say: Any, proxies: list[Any]) -> None:
    """Copy ``url`` to the clipboard and ``say`` so; where the browser refuses, ``say`` it to copy
    by hand. ``proxies`` keeps the promise's callbacks alive."""
    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        say(f"Copy this link to share the game: {url}")
        return
    # Either may be called with no argument (a promise of nothing): take any.
    done = create_proxy(lambda *_: say("Link copied"))
    failed = create_proxy(lambda *_: say(f"Copy this link to share the game: {url}"))
    proxies += [done, failed]
    clipboard.writeText(url).then(done).catch(failed)


def keep(key: str, value: str) -> None:
    """Keep one setting's text in ``localStorage`` (silently not, where storage is refused)."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # private modes may refuse storage: nothing to keep
        return


def kept(key: str) -> str:
    """A setting's kept text, "" if none (or storage is refused)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage refused: nothing kept
        return ""
    return str(value) if value else ""


def _resume_later(resolve: Any, _reject: Any) -> None:
    window.setTimeout(resolve, 0)


_RESUME_LATER = create_proxy(_resume_later)


async def breathe() -> None:
    """End this main-thread task, going on in a new one once the browser has run its own.

    (MicroPython's ``asyncio.sleep(0)`` goes on in the same task.)
    """
    await js.Promise.new(_RESUME_LATER)
