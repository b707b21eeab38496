"""The player's settings kept in the browser (``localStorage``), for the next visit.

A bare address opens a fresh game with the last settings chosen (size,
opponent, colour, level); the theme and the sound are kept too. A stored
value that is no longer valid is ignored. (``web/loading.js`` reads the
theme under ``web.dom.THEME_KEY`` before Python starts, so the first paint has it.)
"""

from __future__ import annotations

from pyscript import window

from web.session import Settings

KEY = "cachex.settings"
SEPARATOR = "|"


def remember(settings: Settings) -> None:
    """Keep ``settings`` for the next visit (silently not, where storage is refused)."""
    text = SEPARATOR.join((str(settings.n), settings.mode, settings.human, settings.level))
    try:
        window.localStorage.setItem(KEY, text)
    except Exception:
        return


def remembered() -> Settings | None:
    """The settings kept by ``remember``, or ``None`` if there are none (or they are bad)."""
    try:
        text = window.localStorage.getItem(KEY)
    except Exception:
        return None
    if not text:
        return None
    parts = str(text).split(SEPARATOR)
    if len(parts) != 4 or not parts[0].isdigit():
        return None
    try:
        return Settings(int(parts[0]), parts[1], parts[2], parts[3]).check()
    except ValueError:
        return None
