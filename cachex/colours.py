"""Colours: the one owner of who is who.

People and the public API name the colours ``"red"`` and ``"blue"`` (the
closed type ``Colour``); the raw board and the search store them as the small
ints ``RED`` and ``BLUE`` (``EMPTY`` for no stone), which index tables and
compare fast. The two forms meet only here.

>>> colour_name(RED), colour_code("blue"), opponent(RED) == BLUE, opposite("red")
('red', 2, True, 'blue')
>>> colour_code("green")
Traceback (most recent call last):
...
ValueError: unknown colour 'green': choose 'red' or 'blue'
"""

from __future__ import annotations

from typing import Literal

Colour = Literal["red", "blue"]
COLOURS: tuple[Colour, Colour] = ("red", "blue")

# Stone codes on a raw board (one byte per cell).
EMPTY = 0
RED = 1
BLUE = 2

_NAMES: dict[int, Colour] = {RED: "red", BLUE: "blue"}
_TITLES = {"red": "Red", "blue": "Blue"}
_CODES: dict[str, int] = {"red": RED, "blue": BLUE}


# The board's paint: the one source for the SVG picture (``cachex.svg``), the PNG
# and the page, which sets each as a CSS custom property (``--red`` and so on).
PALETTE: dict[str, str] = {
    "red": "#d43a2f",        # Red's stones and edges
    "blue": "#2f62d4",       # Blue's
    "cell": "#f3ead7",       # an empty cell
    "cell-line": "#8a7a5c",  # a cell's outline
    "win": "#ffe27a",        # a cell of the winning chain
    "win-line": "#b08900",   # and its outline
    "mark": "#fff",          # the last move's dot
    "paper": "#fbf8f2",      # the background of the page, the PNG and the icon
}


def colour_name(code: int) -> Colour:
    """``"red"`` or ``"blue"`` for a stone code (``KeyError`` for ``EMPTY``)."""
    return _NAMES[code]


def stone_name(code: int) -> Colour | None:
    """The colour of a cell's stone code, ``None`` for an empty cell."""
    return _NAMES.get(code)


def colour_code(name: str) -> int:
    """``RED`` or ``BLUE`` for a colour's name; ``ValueError`` for anything else."""
    code = _CODES.get(name) if isinstance(name, str) else None
    if code is None:
        raise ValueError(f"unknown colour {name!r}: choose 'red' or 'blue'")
    return code


def colour_title(name: str) -> str:
    """The colour's name for the start of a sentence: ``"Red"`` or ``"Blue"``."""
    colour_code(name)  # ValueError for anything else
    return _TITLES[name]


def opponent(code: int) -> int:
    """The other player's stone code (``RED`` <-> ``BLUE``)."""
    return RED + BLUE - code


def opposite(name: str) -> Colour:
    """The other player's colour name (``"red"`` <-> ``"blue"``); ``ValueError`` for others."""
    return _NAMES[opponent(colour_code(name))]
