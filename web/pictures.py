"""Pictures of a position to save: SVG as ``cachex.svg`` draws it, and PNG from it.

Both are made in the browser and handed to it as downloads; the PNG is the
SVG drawn on a canvas at twice its size, on the page's background.
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from cachex.colours import PALETTE
from cachex.game import Game
from cachex.svg import Layout, board_svg

PNG_SCALE = 2


def picture_name(game: Game, extension: str) -> str:
    """A file name that says what the picture shows: ``cachex-9x9-move-23.svg``."""
    return f"cachex-{game.n}x{game.n}-move-{game.turn_count}.{extension}"


def sized_svg(game: Game, scale: float = 1.0) -> str:
    """The board's picture with an explicit width and height (for files and canvases),
    its labels in the page's font."""
    layout = Layout(game.n)
    font = str(window.getComputedStyle(document.documentElement).fontFamily).replace('"', "'")
    size = f'width="{layout.width * scale:.0f}" height="{layout.height * scale:.0f}" font-family="{font}" '
    return board_svg(game, layout).replace("<svg ", "<svg " + size, 1)


def _blob(text: str, kind: str) -> Any:
    options = js.Object.new()
    options.type = kind
    return js.Blob.new(to_js([text]), options)


def _download(name: str, blob: Any) -> None:
    """Hand ``blob`` to the browser as a download called ``name``."""
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)


def download_text(name: str, text: str, kind: str) -> None:
    """Save ``text`` (of MIME type ``kind``) as a file called ``name``."""
    _download(name, _blob(text, kind))


def download_svg(game: Game) -> None:
    """Save the position as an SVG file."""
    _download(picture_name(game, "svg"), _blob(sized_svg(game), "image/svg+xml"))


def download_png(game: Game) -> None:
    """Save the position as a PNG file, drawn from the SVG at ``PNG_SCALE`` times its size."""
    layout = Layout(game.n)
    width, height = round(layout.width * PNG_SCALE), round(layout.height * PNG_SCALE)
    source = js.URL.createObjectURL(_blob(sized_svg(game, PNG_SCALE), "image/svg+xml"))
    image = js.Image.new()
    name = picture_name(game, "png")

    def drawn(_event: Any) -> None:
        canvas = document.createElement("canvas")
        canvas.width = width
        canvas.height = height
        context = canvas.getContext("2d")
        context.fillStyle = PALETTE["paper"]
        context.fillRect(0, 0, width, height)
        context.drawImage(image, 0, 0, width, height)
        js.URL.revokeObjectURL(source)
        canvas.toBlob(create_proxy(lambda blob: _download(name, blob)), "image/png")

    image.onload = create_proxy(drawn)
    image.src = source
