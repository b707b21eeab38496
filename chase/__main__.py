"""Command line: ``python -m chase show RECORD`` prints a game's position, its moves and the
legal moves of the player to move."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from chase.errors import ChaseError
from chase.game import Game
from gamekit.cli import OneLineParser, command, run


def build_parser() -> OneLineParser:
    """The ``chase`` command's argument parser."""
    parser = OneLineParser(prog="python -m chase", description="Chase: dice on a wrapped hex board.",
                           epilog="A game record looks like 'chase.a5-f8ne.i5-d3sw': the game ('chase.black' if black "
                                  "started), then every move in Abstract Play's notation.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    show = commands.add_parser("show", help="print the position of a game record")
    show.add_argument("fragment", help="a game record such as 'chase.a5-f8ne' (a whole link works too)")
    show.add_argument("--moves", action="store_true", help="also list the legal moves of the player to move")
    return parser


def show(fragment: str, moves: bool) -> str:
    """The text of ``show``: the position and status, the moves played, and the legal moves."""
    game = Game.from_fragment(fragment)
    lines = [str(game)]
    played = [f"{turn.number}. {turn.move}" for turn in game.history]
    if played:
        lines.append("moves: " + " ".join(played))
    if moves:
        legal = [str(move) for move in game.legal_moves()]
        lines.append(f"legal moves ({len(legal)}): " + " ".join(legal))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return command(build_parser(), argv, _act, ChaseError)


def _act(args: argparse.Namespace) -> int:
    print(show(args.fragment, args.moves))
    return 0


if __name__ == "__main__":
    run(main)
