"""Each game's new-game settings kept in the browser (``localStorage``), for the next visit.

A bare address opens a fresh game of the game chosen last with the settings last
chosen for it (size, opponent, side, level, and who starts where the game lets
either side start). A stored value no longer valid for
the game (``web.registry``'s sizes, sides and levels) is ignored. The theme and
the sound are kept by ``web.shell.display``; ``index.html``'s script reads the
theme before Python starts, so the first paint has it.
"""

from __future__ import annotations

from web.registry import GameEntry
from web.shell.dom import keep, kept
from web.shell.game_session import Choice

SEPARATOR = "|"


def key(game: GameEntry) -> str:
    """The storage key of a game's settings."""
    return f"hexhall.settings.{game.name}"


def remember(game: GameEntry, choice: Choice) -> None:
    """Keep ``choice`` as ``game``'s settings (silently not, where storage is refused)."""
    keep(key(game), SEPARATOR.join((str(choice.size), choice.mode, choice.human, choice.level, choice.first)))


def remembered(game: GameEntry) -> Choice | None:
    """The settings kept for ``game``, or ``None`` if there are none (or they do not fit it)."""
    parts = kept(key(game)).split(SEPARATOR)
    if len(parts) not in (4, 5) or not parts[0].isdigit():
        return None
    choice = Choice(int(parts[0]), parts[1], parts[2], parts[3], parts[4] if len(parts) == 5 else "")
    return choice if choice.fits(game) else None
