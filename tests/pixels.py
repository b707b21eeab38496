"""What a change on the page looks like in pixels: a focus ring or a highlight found as the pixels
that differ between two screenshots of one place, and its contrast with the colours beside it
(WCAG's non-text contrast), for any game's drawing."""

from __future__ import annotations

import base64
from typing import Any

import numpy as np

DECODE = """async (data) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + data;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const bytes = context.getImageData(0, 0, image.width, image.height).data;
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return [image.width, image.height, btoa(text)];
}"""


def shot(page: Any, box: dict[str, float]) -> np.ndarray:
    """The pixels (rows, columns, RGB) of ``box`` on the screen, decoded by the page's canvas."""
    png = page.screenshot(clip=box)
    width, height, data = page.evaluate(DECODE, base64.b64encode(png).decode())  # RGBA bytes, base64
    return np.frombuffer(base64.b64decode(data), dtype=np.uint8).reshape(height, width, 4)[:, :, :3]


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    channels = [v / 255 for v in rgb]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _main_colours(pixels: np.ndarray, share: float) -> list[tuple[int, int, int]]:
    """The colours (to 1/16 of a channel, then averaged) that at least ``share`` of the pixels have."""
    quantised = pixels.astype(np.int32) // 16
    keys = quantised[:, 0] * 256 + quantised[:, 1] * 16 + quantised[:, 2]
    _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    found = []
    for index in np.nonzero(counts >= share * len(keys))[0]:
        r, g, b = (int(v) for v in pixels[inverse == index].mean(axis=0))
        found.append((r, g, b))
    return found


def change_contrast(marked: np.ndarray, plain: np.ndarray) -> tuple[float, int]:
    """How well what ``marked`` adds to ``plain`` (the pixels that differ) stands out, and how
    many pixels changed: for each main colour beside it (unchanged pixels within 2 px), the
    contrast of the added main colour that differs most from it (a dark ring with a light
    halo, or a ring beside a tint), and of these the lowest."""
    changed = np.abs(marked.astype(int) - plain.astype(int)).max(axis=2) > 48
    if not changed.any():
        return 0.0, 0
    near = changed.copy()
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            near |= np.roll(np.roll(changed, dy, axis=0), dx, axis=1)
    ring = _main_colours(marked[changed], 0.2)
    beside = _main_colours(marked[near & ~changed], 0.15)
    if not ring or not beside:
        return 0.0, int(changed.sum())
    return min(max(contrast(r, b) for r in ring) for b in beside), int(changed.sum())


def padded_box(page: Any, selector: str, pad: float = 6.0) -> dict[str, float]:
    """The bounding box of the element ``selector`` matches, widened by ``pad`` pixels each way."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return {"x": box["x"] - pad, "y": box["y"] - pad, "width": box["width"] + 2 * pad,
            "height": box["height"] + 2 * pad}


def focus_contrast(page: Any, selector: str) -> tuple[float, int]:
    """``change_contrast`` of the focused element ``selector`` matches against it unfocused."""
    box = padded_box(page, selector)
    focused = shot(page, box)
    page.evaluate("document.activeElement.blur()")
    return change_contrast(focused, shot(page, box))
