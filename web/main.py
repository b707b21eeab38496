"""The page's entry point, run by PyScript's MicroPython on the main thread.

It gives the browser back the task in which PyScript started, then opens the
game the address holds (a ``cubox.…`` record is Cubox, any other Cachex; a
bare address opens the game chosen last) and starts its page, which goes on
in short tasks of its own: the page never freezes while it comes up. Each
game's files (listed in ``cachex.toml``, ``cubox.toml``) are fetched, as one
bundle of bytecode, only when that game is opened (``web.loader``).
"""

import asyncio


def chosen_game() -> str:
    """The game to open: the address's, else the one kept from the last visit."""
    from pyscript import window

    from web.dom import GAME_KEY, kept

    fragment = str(window.location.hash or "").lstrip("#").strip().lower()
    if fragment:
        return "cubox" if fragment.startswith("cubox") else "cachex"
    return "cubox" if kept(GAME_KEY) == "cubox" else "cachex"


async def main() -> None:
    """Start the chosen game's page in a task of its own."""
    from web.dom import breathe
    from web.loader import load_game

    await breathe()
    game = chosen_game()
    await load_game(game)
    if game == "cubox":
        from web.cubox_page import CuboxPage

        await CuboxPage().start()
        return
    from web.page import Page

    await Page().start()


STARTING = asyncio.create_task(main())  # noqa: RUF006 (the module stays loaded, and so does this)
