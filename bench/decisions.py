"""Single decisions: would fresh searches still play a recorded (losing) move?

Each position is a game record and a turn, ``FRAGMENT@TURN``: the position
after the record's first TURN moves, where the move played next is the one
looked at (say, the move ``bench.proofs --refuted --back`` names as the one
that lost). With ``--same-code C --size N`` a position may instead be
``INDEX@TURN``: the INDEX-th (from 0) of the games that commit's players' code
lost to the pool on the N board, in the order ``bench.proofs`` lists them.
Every position is searched afresh ``--seeds`` times for ``--seconds`` of CPU
time with the computer's settings (``cachex.engine.settings.PLAY``, its proof table as
the agent's), or with each ``--settings`` given (the arena's ``name=value``
form, comma-separated, over ``PLAY``), and the report says how often each
chose the recorded move. A change meant to avoid such moves can be looked at
here in minutes, before any games::

    python -m bench.decisions --same-code 0e20353 --size 9 0@40 1@98 2@51 3@49 4@72 \\
        --seconds 1 --seeds 2 --settings "" --settings prior_after=10
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

from bench.arena import setting
from bench.proofs import lost_to_the_pool, position_at
from bench.results import RESULTS, read, same_code
from cachex.agent import proof_entries
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY, Settings
from cachex.errors import CachexError
from cachex.game import Game
from cachex.notation import Move


@dataclass(frozen=True)
class Decision:
    """A position to search (``game``) and the move the record played there."""

    name: str
    game: Game
    played: Move


def decision(fragment: str, turn: int, name: str | None = None) -> Decision:
    """The position after the record's first ``turn`` moves and the move played next.

    ``ValueError`` when the record has no move after ``turn`` moves;
    ``CachexError`` for a bad record.
    """
    whole, game = position_at(fragment, turn)
    return Decision(name or f"{fragment}@{turn}", game, whole.moves[turn])


def parse_position(text: str, commit: str | None = None, n: int | None = None,
                   path: Path = RESULTS) -> Decision:
    """A ``FRAGMENT@TURN`` position, or with ``commit`` and ``n`` an ``INDEX@TURN`` one
    (the games of the results file ``path``)."""
    where, at, turn = text.rpartition("@")
    if not at or not where or not turn.isdigit():
        raise ValueError(f"position {text!r} is not FRAGMENT@TURN or INDEX@TURN")
    if not where.isdigit():
        return decision(where, int(turn))
    if commit is None or n is None:
        raise ValueError(f"position {text!r} names a lost game by its index: give --same-code and --size")
    chosen, _ = same_code(read(path), commit)
    lost = lost_to_the_pool(chosen, n)
    index = int(where)
    if index >= len(lost):
        raise ValueError(f"{commit}'s players' code lost {len(lost)} games to the pool on "
                         f"{n} x {n}: no game {index}")
    return decision(lost[index].game, int(turn), f"{commit} lost game {index}@{turn}")


def search_settings(text: str) -> Settings:
    """``PLAY`` with the comma-separated ``name=value`` settings of ``text`` changed
    ("" for ``PLAY`` itself); ``ValueError`` for an unknown setting or a bad value."""
    return Settings.from_mapping(dict(setting(kv) for kv in text.split(",") if kv), PLAY)


def choices(item: Decision, settings: Settings, seconds: float, seeds: int) -> list[Move]:
    """The moves fresh searches choose at ``item``'s position, one per seed from 0."""
    found = []
    for seed in range(seeds):
        search = MCTS(settings, seed=seed, proof_entries=proof_entries(item.game.n))
        found.append(search.search(item.game, seconds=seconds, clock=time.process_time).move)
    return found


def report(items: list[Decision], variants: list[str], seconds: float, seeds: int) -> list[str]:
    """One line per position and settings, the moves chosen (``=`` the recorded one),
    then per settings how often the recorded move was chosen."""
    parsed = [search_settings(text) for text in variants]
    same = [0] * len(variants)
    lines = []
    for item in items:
        lines.append(f"{item.name}: turn {item.game.turn_count}, {item.game.to_move} to move, "
                     f"played {item.played}")
        for k, (text, settings) in enumerate(zip(variants, parsed, strict=True)):
            moves = choices(item, settings, seconds, seeds)
            same[k] += sum(move == item.played for move in moves)
            shown = " ".join(f"{move}{'=' if move == item.played else ''}" for move in moves)
            lines.append(f"  {text or 'PLAY'}: {shown}")
    total = len(items) * seeds
    lines.extend(f"{text or 'PLAY'}: the recorded move {same[k]} of {total}"
                 for k, text in enumerate(variants))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="+", metavar="POSITION",
                        help="FRAGMENT@TURN, or INDEX@TURN with --same-code and --size")
    parser.add_argument("--same-code", metavar="C", help="INDEX@TURN counts the games this commit's players' code lost")
    parser.add_argument("--size", type=int, metavar="N", help="INDEX@TURN counts the N x N games")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a search (default 1)")
    parser.add_argument("--seeds", type=int, default=2, help="searches per position and settings (default 2)")
    parser.add_argument("--settings", action="append", metavar="NAME=VALUE,...",
                        help="settings over PLAY, one variant each time given (default: PLAY alone)")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error(f"--seconds must be above 0, not {args.seconds}")
    if args.seeds < 1:
        parser.error(f"--seeds must be at least 1, not {args.seeds}")
    try:
        items = [parse_position(text, args.same_code, args.size) for text in args.positions]
        lines = report(items, args.settings or [""], args.seconds, args.seeds)
    except (CachexError, ValueError) as exc:
        parser.error(str(exc))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
