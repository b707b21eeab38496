"""Command line: ``python -m cubox show <record>`` prints a game as pbmserv's text board."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cubox.errors import CuboxError
from cubox.game import Game
from gamekit.cli import OneLineParser, command, run


def build_parser() -> argparse.ArgumentParser:
    """The ``cubox`` command's argument parser."""
    parser = OneLineParser(prog="python -m cubox", description="Cubox: Cameron Browne's stacking connection game.",
                     epilog="A game record looks like 'cubox.8.d4.swap.f6': the game, the board size, "
                            "then every move.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    show = commands.add_parser("show", help="print the position of a game record as a text board",
                               description="Print the position of a game record as pbmserv draws it: "
                                           "cubox as hexagons (xxx, ooo), the moves of the player to "
                                           "move marked ^, the possible stacks listed, and the status.")
    show.add_argument("fragment", help="a game record such as 'cubox.6.c1.c3' (a whole link works too)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return command(build_parser(), argv, lambda args: _show(args.fragment), CuboxError)


def _show(fragment: str) -> int:
    print(Game.from_fragment(fragment))
    return 0


if __name__ == "__main__":
    run(main)
