"""Pictures of a position to save: any game's SVG drawing (its package's ``svg``),
and a PNG from it; each view names the file and gives the drawing.

Both are made in the browser and handed to it as downloads; the PNG is the
SVG drawn on a canvas at twice its size, on the page's background.
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

PNG_SCALE = 2


def sized_svg(svg: str, width: float, height: float) -> str:
    """A drawing with an explicit width and height (for files and canvases), its labels in
    the page's font."""
    font = str(window.getComputedStyle(document.documentElement).fontFamily).replace('"', "'")
    size = f'width="{width:.0f}" height="{height:.0f}" font-family="{font}" '
    return svg.replace("<svg ", "<svg " + size, 1)


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


def download_drawing(name: str, svg: str, width: float, height: float, kind: str, paper: str) -> None:
    """Save an SVG drawing (without a size of its own; ``width`` x ``height`` in its units) as
    an SVG file, or for ``kind`` "png" as a PNG drawn on a canvas at ``PNG_SCALE`` times its
    size, on the colour ``paper``."""
    if kind == "svg":
        _download(name, _blob(sized_svg(svg, width, height), "image/svg+xml"))
        return
    width, height = round(width * PNG_SCALE), round(height * PNG_SCALE)
    source = js.URL.createObjectURL(_blob(sized_svg(svg, width, height), "image/svg+xml"))
    image = js.Image.new()

    def drawn(_event: Any) -> None:
        canvas = document.createElement("canvas")
        canvas.width = width
        canvas.height = height
        context = canvas.getContext("2d")
        context.fillStyle = paper
        context.fillRect(0, 0, width, height)
        context.drawImage(image, 0, 0, width, height)
        js.URL.revokeObjectURL(source)
        canvas.toBlob(create_proxy(lambda blob: _download(name, blob)), "image/png")

    image.onload = create_proxy(drawn)
    image.src = source
