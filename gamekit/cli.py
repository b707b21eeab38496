"""What the games' command lines share: an argument parser whose errors are one line, strict
types for its numbers, a command run with the game's errors as one line, and an exit that a
closed output does not turn into a traceback.

>>> OneLineParser(prog="game").prog
'game'
>>> whole("12"), seconds("0.5")
(12, 0.5)
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, NoReturn

from gamekit.inputs import integer, shown

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

MAX_SECONDS = 3600.0  # the longest time a move an argument may give


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def whole(text: str) -> int:
    """An argument's whole number: an optional minus and ASCII digits (``argparse`` type)."""
    value = integer(text, 18)
    if value is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number (digits 0-9)")
    return value


def seconds(text: str) -> float:
    """An argument's seconds: a number of ASCII digits and a point, above 0 and at most an hour
    (``argparse`` type; ``inf``, ``nan`` and exponents are refused)."""
    if not text or any(c not in "0123456789." for c in text) or text.count(".") > 1 or text == ".":
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds such as 1.0")
    value = float(text)
    if not 0.0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{shown(text)} seconds: give more than 0 and at most {MAX_SECONDS:g}")
    return value


def command(parser: argparse.ArgumentParser, argv: Sequence[str] | None,
            act: Callable[[argparse.Namespace], int], errors: type[Exception] | tuple[type[Exception], ...],
            status: int = 1) -> int:
    """Run a game's command line: ``act`` on the arguments ``parser`` reads from ``argv``, its
    exit status; without a command the help (status 2); one of the game's ``errors`` is one
    line on stderr and exit ``status``."""
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return act(args)
    except errors as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return status


def run(main: Callable[[], int]) -> NoReturn:
    """Exit with ``main()``'s status; a reader that closed the output early (``| head``) ends it
    quietly, as a Unix command does."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more is written to the closed pipe at exit
        status = 1
    raise SystemExit(status)
