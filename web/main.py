"""The page's entry point, run by PyScript's MicroPython on the main thread.

It imports the page (``web/page.py``), gives the browser back the task in
which PyScript started, then starts the page, which goes on in short tasks
of its own: the page never freezes while it comes up.
"""

import asyncio


async def main() -> None:
    """Start the page in a task of its own."""
    from web.page import Page, breathe

    await breathe()
    await Page().start()


STARTING = asyncio.create_task(main())  # noqa: RUF006 (the module stays loaded, and so does this)
