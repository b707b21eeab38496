"""Write web/icon.svg, the page's app icon: a small game drawn by cachex.svg itself.

A test checks the committed icon is what this script makes, so the icon
follows any change to the board's drawing: run this after such a change.
"""

from pathlib import Path

from cachex.game import Game
from cachex.svg import icon_svg

ICON = Path(__file__).resolve().parent.parent / "web" / "icon.svg"
# Red's chain up the middle of a 4 x 4 board, Blue's stones beside it.
ICON_GAME = "v1.4.b1.c1.b2.d2.b3.a3.b4"


def main() -> None:
    """Draw the icon game and write it."""
    ICON.write_text(icon_svg(Game.from_fragment(ICON_GAME)) + "\n")


if __name__ == "__main__":
    main()
