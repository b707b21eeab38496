"""Where a game was decided: proof search on every position of a game record.

For each position from turn 2 on, whether the player to move can force a win
and, if not proven, whether the opponent can, each within a node budget
(``cachex.solver``). The first position with a forced win shows the move
before it as the one that lost. Run::

    python -m bench.proofs v1.5.b2.a5.b5.b3.c4.d2.b4 --nodes 200000
"""

from __future__ import annotations

import argparse
import time

from cachex.colours import colour_name, opponent
from cachex.errors import CachexError
from cachex.game import Game
from cachex.solver import Solver


def position_proofs(fragment: str, nodes: int) -> list[str]:
    """One line per position of the game: the turn, the mover, the move played, the proofs."""
    whole = Game.from_fragment(fragment)
    game = Game(whole.n)
    lines = []
    for move in [*whole.moves, None]:
        if game.turn_count >= 2 and game.outcome is None:
            me = game.mover
            solver = Solver(game.geometry, max_entries=nodes * 2)
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
    args = parser.parse_args()
    if args.nodes < 1:
        parser.error(f"--nodes must be at least 1, not {args.nodes}")
    try:
        lines = position_proofs(args.fragment, args.nodes)
    except (CachexError, ValueError) as exc:
        parser.error(str(exc))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
