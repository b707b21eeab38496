"""Command line: ``python -m cachex show <record>`` prints a game as text;
``python -m cachex svg <record>`` draws it as an SVG picture."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cachex.errors import CachexError
from cachex.game import Game
from cachex.record import fragment_of
from cachex.svg import board_svg
from gamekit.cli import OneLineParser, command, run


def build_parser() -> argparse.ArgumentParser:
    """The ``cachex`` command's argument parser."""
    parser = OneLineParser(
        prog="python -m cachex",
        description="Cachex: Hex with captures and a swap rule.",
        epilog="A game record looks like 'v1.9.d2.swap.e5': version, board size, "
               "then every move. It is the part after '#' in a shared link.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    subcommands = {}
    for name, summary, description in (
            ("show", "print the position of a game record as a text board",
             "Print the position of a game record as a text board "
             "(R = Red, B = Blue, . = empty) with whose turn it is or the result."),
            ("svg", "draw the position of a game record as an SVG picture",
             "Draw the position of a game record as an SVG picture, as the page draws "
             "it: coordinates, the last move marked and any winning chain highlighted.")):
        command = subcommands[name] = commands.add_parser(name, help=summary,
                                                          description=description)
        command.add_argument("fragment", help="a game record such as 'v1.9.d2.swap.e5' "
                                              "(a whole link works too)")
    subcommands["svg"].add_argument("-o", "--output", metavar="FILE",
                     help="write the picture to FILE instead of printing it")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    return command(build_parser(), argv, _act, CachexError, status=2)


def _act(args: argparse.Namespace) -> int:
    game = Game.from_fragment(fragment_of(args.fragment))
    if args.command == "show":
        print(game)
        return 0
    picture = board_svg(game)
    if args.output is None:
        print(picture)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as file:
            file.write(picture + "\n")
    except OSError as exc:
        print(f"python -m cachex: error: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    run(main)
