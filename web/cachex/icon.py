"""Write web/icon.svg, the site's app icon: a small Cachex game drawn by cachex.svg itself.

Run ``python -m web.cachex.icon``.

A test checks the committed icon is what this script makes, so the icon
follows any change to the board's drawing: run this after such a change.
"""

from pathlib import Path

from cachex.colours import PALETTE
from cachex.game import Game
from cachex.svg import Layout, board_svg

ICON = Path(__file__).resolve().parent.parent / "icon.svg"
# Red's chain up the middle of a 4 x 4 board, Blue's stones beside it.
ICON_GAME = "v1.4.b1.c1.b2.d2.b3.a3.b4"


def icon_svg(game: Game, background: str = PALETTE["paper"]) -> str:
    """A square picture of ``game``'s board without coordinates, for app icons.

    >>> icon = icon_svg(Game.from_fragment("v1.3.a1"))
    >>> icon.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 '), icon.count("<svg")
    (True, 2)
    """
    layout = Layout(game.n, margin=12.0)
    side = max(layout.width, layout.height)
    x, y = (side - layout.width) / 2, (side - layout.height) / 2
    board = board_svg(game, layout, coordinates=False).replace(
        "<svg ", f'<svg x="{x:.1f}" y="{y:.1f}" width="{layout.width:.1f}" '
                 f'height="{layout.height:.1f}" ', 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side:.1f} {side:.1f}">'
            f'<rect width="100%" height="100%" rx="{side * 0.12:.1f}" fill="{background}"/>'
            f"{board}</svg>")


def main() -> None:
    """Draw the icon game and write it."""
    ICON.write_text(icon_svg(Game.from_fragment(ICON_GAME)) + "\n")


if __name__ == "__main__":
    main()
