"""The game's link, for every game: the address that holds the whole game, copied and pasted.

``restore`` reads the address into the session (a refused move opens the
valid start and is explained), ``write`` keeps the address up to date without
adding history, ``copy`` hands the link to the clipboard, and
``open_pasted`` opens a pasted link or record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window

from web.shell import frame
from web.shell.dom import address_fragment, by_id, copy_link

if TYPE_CHECKING:
    from collections.abc import Callable

    from web.registry import GameEntry
    from web.shell.controls import Controls
    from web.shell.game_session import GameSession


class Links:
    """The page's address and the links pasted into it."""

    def __init__(self, game: GameEntry, session: GameSession, controls: Controls,
                 replaced: Callable[[], None]) -> None:
        self.game = game  # the page's game in web.registry
        self.session = session
        self.controls = controls
        self.replaced = replaced  # what the page does once another game is opened
        self.proxies: list[Any] = []
        self.last_fragment = ""  # what the address was last set to
        self.held_fragment = ""  # the game of a refused link, while the address keeps the link

    def restore(self) -> bool:
        """Put the game in the address's fragment into the session; whether it changed anything.

        A link with a refused move opens its valid start and says which move was
        refused and why; one with no valid start starts a new game. Either way the
        link as given stays in the address, and in the box to open a game, until
        the game changes.
        """
        text = address_fragment()
        if text in ("", "#", "#" + self.last_fragment):
            return False
        try:
            refused = self.session.load_start(text)
        except ValueError as exc:  # every game's errors are
            self.session.new_choice(self.session.choice())
            message = f"That link does not hold a valid game ({exc}). A new game has started instead."
        else:
            message = "" if refused is None else f"This link's {refused}, so the game opens just before it."
        self.controls.show_message(message)
        if message:
            self.held_fragment = self.session.to_fragment()  # the address waits for a change
            by_id("record-input").value = frame.fragment_of(text)
        frame.show_choice(self.session.choice())
        return True

    def write(self) -> None:
        """Keep the live game (and the computer's setting) in the address, adding no history;
        a link that was refused stays there until the game changes."""
        fragment = self.session.to_fragment()
        if fragment == self.held_fragment:
            return
        self.held_fragment = ""
        if fragment != self.last_fragment:
            self.last_fragment = fragment
            window.history.replaceState(None, "", "#" + fragment)

    def open_pasted(self) -> None:
        """Open the game of a pasted link or record; a bad one changes nothing."""
        field = by_id("record-input")
        if frame.open_elsewhere(self.game, str(field.value)):
            return
        text = frame.fragment_of(str(field.value))
        if not text:
            self.controls.show_message(f"Paste a link to a game, or a record such as {self.game.example}, "
                                       "then choose Open.")
            return
        try:
            self.session.load_fragment(text)
        except ValueError as exc:  # every game's errors are
            self.controls.show_message(f"That does not hold a valid game ({exc}). "
                                       "Nothing was changed.")
            return
        field.value = ""
        self.controls.show_message("")
        self.controls.show_info("")
        frame.show_choice(self.session.choice())
        self.replaced()

    def on_paste_key(self, event: Any) -> None:
        """Enter in the box opens what was pasted."""
        if str(event.key) == "Enter":
            event.preventDefault()
            self.open_pasted()

    def copy(self) -> None:
        """Copy the game's link, and say so; where the browser refuses, show it to copy by hand."""
        copy_link(str(window.location.href), self.controls.show_message, self.proxies)

