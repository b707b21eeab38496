"""Command line: ``python -m cluster42 show|bot|referee|play``.

``show RECORD`` prints a game's position; ``bot`` is our computer as a bot
of the referee's protocol; ``referee CMD1 CMD2`` plays bot programs against
each other; ``play CMD`` lets a person play a bot at the terminal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from cluster42.agent import Chooser
from cluster42.agent import main as bot_main
from cluster42.board import MAX_SIZE, MIN_SIZE
from cluster42.errors import ClusterError
from cluster42.game import SIDE_TITLES, Game
from cluster42.levels import UNCAPPED
from cluster42.notation import Move
from cluster42.referee import BotPlayer, Fault, Player, referee_game
from gamekit.cli import OneLineParser, command, run, seconds, whole
from gamekit.stats import wilson

if TYPE_CHECKING:
    from cluster42.engine import Situation


def build_parser() -> argparse.ArgumentParser:
    """The ``cluster42`` command's argument parser."""
    parser = OneLineParser(prog="python -m cluster42",
                           description="42-cluster: n in a row with gravity and chips drawn from bags.",
                           epilog="A game record looks like 'cluster42.5.s1f.0c1.r4': the game, the board "
                                  "edge, the draws' seed, then every move.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    show = commands.add_parser("show", help="print the position of a game record")
    show.add_argument("fragment", help="a game record such as 'cluster42.5.s1f.0c1' (a whole link works too)")
    commands.add_parser("bot", help="play as a bot of the referee's protocol on standard input and output",
                        description="Our computer as a bot: it reads the referee's lines on standard input "
                                    "and answers on standard output, within each move's timeout.")
    referee = commands.add_parser("referee", help="play two bot programs against each other",
                                  description="Play bot programs (commands in any language) against each "
                                              "other, seats alternating, and sum up the results.")
    referee.add_argument("bots", nargs=2, metavar="CMD", help="a bot's command, such as 'python3 mybot.py'")
    play = commands.add_parser("play", help="play a bot yourself at the terminal")
    play.add_argument("bot", metavar="CMD", help="the bot's command, such as 'python -m cluster42 bot'")
    play.add_argument("--first", action="store_true", help="move first (the bot moves first otherwise)")
    for sub in (referee, play):
        if sub is referee:
            sub.add_argument("--games", type=whole, default=2, help="games to play (default 2)")
        sub.add_argument("--size", type=whole, default=5, help=f"board edge, {MIN_SIZE} to {MAX_SIZE} (default 5)")
        sub.add_argument("--colours", type=whole, default=2, help="colours each player (default 2)")
        sub.add_argument("--n", type=whole, default=4, help="run to win (default 4)")
        sub.add_argument("--timeout", type=seconds, default=1.0, help="seconds a bot has a move (default 1.0)")
        sub.add_argument("--seed", type=whole, help="seed of the draws (default: random)")
    return parser


class Human(Player):
    """A person at the terminal: shown the position, asked for a move until one is legal."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.name = "you"
        self.stdin = stdin
        self.stdout = stdout

    def start(self, init: str, timeout: float) -> None:
        self.stdout.write("Moves: 'drop POS V' drops chip V at line POS; 'rotate G' turns gravity to G "
                          "(0 up .. 3 down .. 5 up-left) and discards both chips.\n")

    def tell(self, line: str) -> None:
        self.stdout.write(f"The bot plays {line}.\n")

    def ask(self, game: Game, timeout: float) -> Move:
        while True:
            self.stdout.write(f"\n{game}\nyour move> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise Fault("left the game")
            try:
                move = Move.parse(line)
                game.check_legal(move)
            except ClusterError as exc:
                self.stdout.write(f"{exc}\n")
                continue
            return move


def _game(args: argparse.Namespace, seed: int | None) -> Game:
    return Game(args.size, args.colours, args.n, seed=seed)


def referee(args: argparse.Namespace, out: TextIO) -> int:
    """Play ``args.games`` games between the two bots and print each result and a summary."""
    if args.games < 1 or args.timeout <= 0:
        raise ValueError("--games and --timeout must be positive")
    _game(args, 0)  # the options are checked before any bot starts
    bots = (BotPlayer(args.bots[0], "bot 1"), BotPlayer(args.bots[1], "bot 2"))
    master = random.Random(args.seed)
    wins = [0, 0]
    for number in range(args.games):
        seats = (bots[0], bots[1]) if number % 2 == 0 else (bots[1], bots[0])
        result = referee_game(seats, _game(args, master.getrandbits(32)), args.timeout)
        winner = seats[result.winner]
        wins[bots.index(winner)] += 1
        out.write(f"game {number + 1}: {seats[0].name} first; {winner.name} wins: {result.reason}; "
                  f"{result.record}\n")
        out.flush()
    low, high = wilson(wins[0], args.games)
    out.write(f"bot 1 ({args.bots[0]}): {wins[0]} wins; bot 2 ({args.bots[1]}): {wins[1]} wins; "
              f"of {args.games} games, bot 1 won {wins[0] / args.games:.0%} (Wilson 95%: {low:.0%} to {high:.0%})\n")
    return 0


def play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """A person against a bot at the terminal."""
    if args.timeout <= 0:
        raise ValueError("--timeout must be positive")
    game = _game(args, args.seed)
    bot = BotPlayer(args.bot, "the bot")
    human = Human(stdin, out)
    seats: tuple[Player, Player] = (human, bot) if args.first else (bot, human)
    result = referee_game(seats, game, args.timeout, note=lambda line: None)
    out.write(f"\n{Game.from_fragment(result.record)}\n{seats[result.winner].name} won: {result.reason}.\n"
              f"The game's record: {result.record}\n")
    return 0


def engine_chooser() -> Chooser:
    """Our computer's choice for a bot: its search for the seconds the bot may use (the engine
    is imported at the first move, after the bot has answered ``init``)."""

    def choose(situation: Situation, seconds: float) -> Move:
        from cluster42.engine import choose_situation_move

        return choose_situation_move(situation, UNCAPPED, seconds)

    return choose


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return command(build_parser(), argv, _act, ValueError)  # the game's errors and the referee's


def _act(args: argparse.Namespace) -> int:
    if args.command == "show":
        print(Game.from_fragment(args.fragment))
        return 0
    if args.command == "bot":
        return bot_main(engine_chooser())
    if args.command == "referee":
        return referee(args, sys.stdout)
    return play(args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    run(main)


__all__ = ["SIDE_TITLES", "main"]
