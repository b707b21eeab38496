"""What the games' command lines share: an argument parser whose errors are one line.

>>> OneLineParser(prog="game").prog
'game'
"""

from __future__ import annotations

import argparse
import sys


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)
