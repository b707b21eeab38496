"""Where a game was decided: proof search on every position of a game record.

For each position from turn 2 on, whether the player to move can force a win
and, if not proven, whether the opponent can, each within a node budget
(``cachex.solver``). The first position with a forced win shows the move
before it as the one that lost. ``--entries`` gives the proof table the room
the computer's has (``cachex.agent.proof_entries``: 83,116 on 5 x 5) instead
of twice the node budget, and ``--turns`` limits the positions looked at. Run::

    python -m bench.proofs v1.5.b2.a5.b5.b3.c4.d2.b4 --nodes 200000
    python -m bench.proofs v1.5.a5.swap.d1.c3.b3.a5.b5.d3.c2.b2.c2 --turns 11 11 --entries 83116 --nodes 2000000
"""

from __future__ import annotations

import argparse
import time

from cachex.colours import colour_name, opponent
from cachex.errors import CachexError
from cachex.game import Game
from cachex.solver import Solver


def position_proofs(fragment: str, nodes: int, entries: int | None = None,
                    turns: tuple[int, int] = (2, 1 << 30)) -> list[str]:
    """One line per position of the game from turn ``turns[0]`` to ``turns[1]``: the
    turn, the mover, the move played, the proofs (the table holding ``entries``
    positions, by default twice ``nodes``)."""
    whole = Game.from_fragment(fragment)
    game = Game(whole.n)
    lines = []
    for move in [*whole.moves, None]:
        if max(2, turns[0]) <= game.turn_count <= turns[1] and game.outcome is None:
            me = game.mover
            solver = Solver(game.geometry, max_entries=entries or nodes * 2)
            start = time.process_time()
            mine = solver.prove(game.board, me, me, nodes=nodes)
            theirs = (solver.prove(game.board, me, opponent(me), nodes=nodes)
                      if mine.status != "proven" else None)
            spent = time.process_time() - start
            played = "-" if move is None else str(move)
            text = (f"turn {game.turn_count}: {colour_name(me)} to move, played {played}; "
                    f"mover wins: {mine.status} ({mine.nodes} positions)")
            if theirs is not None:
                text += f"; opponent wins: {theirs.status} ({theirs.nodes} positions)"
            lines.append(f"{text}; {spent:.1f} s")
        if move is not None:
            game.play(move)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fragment", help="a game record, such as v1.5.b2.a5.b5")
    parser.add_argument("--nodes", type=int, default=200_000,
                        help="positions each proof search may evaluate (default 200000)")
    parser.add_argument("--entries", type=int, default=None,
                        help="positions the proof table may hold (default twice --nodes)")
    parser.add_argument("--turns", type=int, nargs=2, default=(2, 1 << 30), metavar=("FIRST", "LAST"),
                        help="only the positions from turn FIRST to LAST")
    args = parser.parse_args()
    if args.nodes < 1:
        parser.error(f"--nodes must be at least 1, not {args.nodes}")
    if args.entries is not None and args.entries < 1:
        parser.error(f"--entries must be at least 1, not {args.entries}")
    if args.turns[0] > args.turns[1]:
        parser.error(f"--turns: the first turn {args.turns[0]} is after the last {args.turns[1]}")
    try:
        lines = position_proofs(args.fragment, args.nodes, args.entries, (args.turns[0], args.turns[1]))
    except (CachexError, ValueError) as exc:
        parser.error(str(exc))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
