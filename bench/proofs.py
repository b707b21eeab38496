"""Where a game was decided: proof search on every position of a game record.

For each position from turn 2 on, whether the player to move can force a win
and, if not proven, whether the opponent can, each within a node budget
(``cachex.engine.solver``). The first position with a forced win shows the move
before it as the one that lost. ``--entries`` gives the proof table the room
the computer's has (``cachex.agent.proof_entries``: 83,116 on 5 x 5) instead
of twice the node budget, and ``--turns`` limits the positions looked at. Run::

    python -m bench.proofs v1.5.b2.a5.b5.b3.c4.d2.b4 --nodes 200000
    python -m bench.proofs v1.5.a5.swap.d1.c3.b3.a5.b5.d3.c2.b2.c2 --turns 11 11 --entries 83116 --nodes 2000000

``--missed`` looks instead at the referee agent's games lost to the pool in the
arena's results (``bench.results``: those of one commit's players' code on one
board size) for the wins it passed over: every position where it was to move
with at most ``--empties`` empty cells and a win the solver proves within
``--seconds`` of CPU time, its table as big as the agent's. A game decided
beyond the solver's reach shows none::

    python -m bench.proofs --missed --same-code HEAD --size 7 --seconds 1

``--refuted`` looks at the same lost games for the move that lost them: the
agent's first move after which the solver proves the opponent's forced win
within ``--seconds``, how many positions that took, and how many of the
agent's moves there are refuted within ``--alternatives`` positions each (the
rest held, as far as that budget tells). A game lost by a refutation the
solver finds in a few hundred positions is one a check of the chosen move
would have saved, if some move held::

    python -m bench.proofs --refuted --same-code HEAD --size 9 --seconds 1

With ``--back S`` it also walks back from each such move's position over the
agent's earlier ones, proving each lost within S seconds, to the earliest it
proves: where the position was already lost, the move that lost the game came
before it (in rule 60's 9 x 9 losses, four of five)::

    python -m bench.proofs --refuted --same-code 3de45e4 --size 9 --seconds 1 --back 10
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bench.pool import PLAYERS
from bench.results import RESULTS, GameRecord, read, same_code
from cachex.agent import proof_entries
from cachex.colours import colour_code, colour_name, opponent
from cachex.engine.settings import PLAY
from cachex.engine.solver import Solver
from cachex.errors import CachexError
from cachex.game import Game
from cachex.geometry import check_size
from cachex.notation import Move

if TYPE_CHECKING:
    from collections.abc import Callable

    Clock = Callable[[], float]

# Every position the solver takes: from turn 2 on (the steal is not one of its moves).
ALL_TURNS = (2, 1 << 30)
# ``missed_wins`` looks at positions with at most this many empty cells by default:
# where the agent's search brings the proof search in.
MISSED_EMPTIES = PLAY.solve_empties
# ``first_refuted`` tries each other move of the refuted move's position with this many positions.
ALTERNATIVE_NODES = 1_000
# ``lost_before``'s proof table: about 240 MB on 9 x 9 (``cachex.engine.solver.entry_bytes``), room
# for proofs like those that settled positions of rule 60's lost 9 x 9 games before their
# first refuted move (23,000 to 322,000 positions, 1 to 8 s).
BACK_ENTRIES = 500_000


def position_proofs(fragment: str, nodes: int, entries: int | None = None,
                    turns: tuple[int, int] = ALL_TURNS) -> list[str]:
    """One line per position of the game from turn ``turns[0]`` to ``turns[1]``: the
    turn, the mover, the move played, the proofs (the table holding ``entries``
    positions, by default twice ``nodes``)."""
    whole = Game.from_fragment(fragment)
    game = Game(whole.n)
    lines = []
    for move in [*whole.moves, None]:
        if max(ALL_TURNS[0], turns[0]) <= game.turn_count <= turns[1] and game.outcome is None:
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


def missed_wins(fragment: str, colour: str, seconds: float,
                empties: int = MISSED_EMPTIES, clock: Clock = time.process_time) -> list[str]:
    """One line per position of the game where ``colour`` was to move with at most
    ``empties`` empty cells and the solver proves a win for it within ``seconds`` of
    CPU time (its table as big as the agent's): the turn, the empty cells, the move
    played and the proof's winning move (``clock``: the CPU time's, unless another is
    given). ``ValueError`` for a bad colour or record."""
    me = colour_code(colour)
    whole = Game.from_fragment(fragment)
    game = Game(whole.n)
    lines = []
    for move in whole.moves:
        free = game.empty_count
        if game.turn_count >= ALL_TURNS[0] and game.mover == me and free <= empties:
            solver = Solver(game.geometry, max_entries=proof_entries(game.n))
            proof = solver.prove(game.board, me, me, seconds=seconds, clock=clock)
            if proof.status == "proven" and proof.move >= 0:
                lines.append(f"turn {game.turn_count}: {free} empty cells, played {move}, "
                             f"{Move.from_code(proof.move, game.n)} wins ({proof.nodes} positions)")
        game.play(move)
    return lines


def first_refuted(fragment: str, colour: str, seconds: float,
                  alternatives: int = ALTERNATIVE_NODES, clock: Clock = time.process_time) -> str | None:
    """The first move of ``colour`` in the game after which the solver proves the
    opponent's forced win within ``seconds`` of CPU time (its table as big as the
    agent's), as a line: the turn, the move, the empty cells after it, the proof's
    positions, and how many of ``colour``'s legal moves there (the played one among
    them) are refuted within ``alternatives`` positions each. ``None`` if no move
    is. ``ValueError`` for a bad colour or record."""
    found = _first_refuted(fragment, colour, seconds, alternatives, clock)
    return None if found is None else found[1]


def position_at(fragment: str, turn: int, first: int = 0) -> tuple[Game, Game]:
    """The record's whole game and its position after the first ``turn`` moves, one
    with a move played (from turn ``first`` on). ``ValueError`` for another turn,
    ``CachexError`` for a bad record."""
    whole = Game.from_fragment(fragment)
    if not first <= turn < len(whole.moves):
        raise ValueError(f"turn {turn} is not a position of this game with a move played: the "
                         f"record has {len(whole.moves)} moves, so choose from {first} to "
                         f"{len(whole.moves) - 1}")
    game = Game(whole.n)
    for move in whole.moves[:turn]:
        game.play(move)
    return whole, game


def lost_before(fragment: str, colour: str, turn: int, seconds: float | None,
                nodes: int | None = None, clock: Clock = time.process_time) -> str:
    """Whether ``colour``'s position at ``turn`` (before its move there) was already
    lost: walking back over its earlier positions, the earliest the solver proves
    lost within ``seconds`` of CPU time (or ``nodes`` positions) each, its table
    ``BACK_ENTRIES``, up to the first it does not, as a line. The move that lost
    the game is then the one before that position, or earlier. ``ValueError`` for
    a bad colour, record or turn."""
    me = colour_code(colour)
    opp = opponent(me)
    whole, game = position_at(fragment, turn, ALL_TURNS[0])
    if game.mover != me:
        raise ValueError(f"turn {turn} is not {colour}'s to play")
    earliest: tuple[int, int] | None = None  # turn, positions
    while True:  # back over ``colour``'s positions, two turns at a time
        proof = Solver(game.geometry, max_entries=BACK_ENTRIES).prove(
            game.board, me, opp, nodes=nodes, seconds=seconds, clock=clock)
        if proof.status != "proven":
            break
        earliest = (game.turn_count, proof.nodes)
        if game.turn_count - 2 < ALL_TURNS[0]:
            break
        game.undo()
        game.undo()
    budget = f"{seconds:g} s" if seconds is not None else f"{nodes} positions"
    if earliest is None:
        return f"its position (turn {turn}) was not proven lost within {budget}"
    t, proved = earliest
    when = "its own position" if t == turn else f"{turn - t} turns earlier"
    before = (f"; the move before it: {whole.moves[t - 2]} at turn {t - 2}" if t - 2 >= ALL_TURNS[0]
              else "")
    return (f"already lost at turn {t}, {when} (proven in {proved} positions; "
            f"not proven before it within {budget}){before}")


def _first_refuted(fragment: str, colour: str, seconds: float, alternatives: int,
                   clock: Clock = time.process_time) -> tuple[int, str] | None:
    """``first_refuted``'s finding with the turn of the refuted move."""
    me = colour_code(colour)
    opp = opponent(me)
    whole = Game.from_fragment(fragment)
    game = Game(whole.n)
    for move in whole.moves:
        before = game.copy() if game.mover == me and game.turn_count >= ALL_TURNS[0] else None
        game.play(move)
        if before is None or game.outcome is not None:  # only the agent's moves are copied back
            continue
        solver = Solver(game.geometry, max_entries=proof_entries(game.n))
        proof = solver.prove(game.board, opp, opp, seconds=seconds, clock=clock)
        if proof.status != "proven":
            continue
        legal = before.legal_moves()
        refuted = 0
        for other in legal:
            after = before.copy()
            after.play(other)
            if after.outcome is None:
                answer = Solver(game.geometry, max_entries=2 * alternatives).prove(
                    after.board, opp, opp, nodes=alternatives)
                refuted += answer.status == "proven"
        return before.turn_count, (
            f"turn {before.turn_count}: played {move}, {game.empty_count} empty cells after it, "
            f"refuted in {proof.nodes} positions; {refuted} of {len(legal)} moves there refuted "
            f"within {alternatives} positions each")
    return None


def lost_to_the_pool(games: list[GameRecord], n: int) -> list[GameRecord]:
    """The referee agent's (``agent``, no settings) games on the ``n`` board lost to one
    of the pool's agents (``bench.pool.PLAYERS``), with their records."""
    return [g for g in games if g.n == n and g.first == "agent" and g.result == "loss"
            and g.second in PLAYERS and g.game]


# What a report finds in one lost game: a summary for its heading, lines under it, and
# whether it found what the report counts.
Finding = tuple[str, list[str], bool]


def _each_lost_game(commit: str, n: int, path: Path,
                    look: Callable[[GameRecord], Finding]) -> tuple[list[str], int, int]:
    """``look``'s finding in each game of ``commit``'s players' code on the ``n`` board
    that the agent lost to the pool, as lines; then how many games it counted, of how many."""
    chosen, _ = same_code(read(path), commit)
    lost = lost_to_the_pool(chosen, n)
    lines, counted = [], 0
    for g in lost:
        summary, details, found = look(g)
        counted += found
        lines.append(f"{g.commit} against {g.second} as {g.first_colour}, {g.turns} turns: {summary}")
        lines.extend(f"  {line}" for line in details)
    return lines, counted, len(lost)


def missed_report(commit: str, n: int, seconds: float, empties: int = MISSED_EMPTIES,
                  path: Path = RESULTS, clock: Clock = time.process_time) -> list[str]:
    """``missed_wins`` for each game of ``commit``'s players' code on the ``n`` board
    that the agent lost to the pool, then how many of them passed over a win."""
    def look(g: GameRecord) -> Finding:
        found = missed_wins(g.game, g.first_colour, seconds, empties, clock)
        return f"{len(found)} positions with a win", found, bool(found)

    lines, missed, lost = _each_lost_game(commit, n, path, look)
    lines.append(f"{missed} of {lost} lost games passed over a win the solver proves "
                 f"within {seconds:g} s (from {empties} empty cells down)")
    return lines


def refuted_report(commit: str, n: int, seconds: float, alternatives: int = ALTERNATIVE_NODES,
                   path: Path = RESULTS, back: float = 0.0, clock: Clock = time.process_time) -> list[str]:
    """``first_refuted`` for each game of ``commit``'s players' code on the ``n`` board
    that the agent lost to the pool, then how many of them had such a move. With
    ``back`` seconds, under each such move ``lost_before`` for its position."""
    def look(g: GameRecord) -> Finding:
        found = _first_refuted(g.game, g.first_colour, seconds, alternatives, clock)
        if found is None:
            return "no move refuted", [], False
        details = [lost_before(g.game, g.first_colour, found[0], back, clock=clock)] if back > 0 else []
        return found[1], details, True

    lines, found, lost = _each_lost_game(commit, n, path, look)
    lines.append(f"{found} of {lost} lost games had a move of the agent's after which the "
                 f"solver proves the opponent's win within {seconds:g} s")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fragment", nargs="?", help="a game record, such as v1.5.b2.a5.b5")
    parser.add_argument("--nodes", type=int, default=200_000,
                        help="positions each proof search may evaluate (default 200000)")
    parser.add_argument("--entries", type=int, default=None,
                        help="positions the proof table may hold (default twice --nodes)")
    parser.add_argument("--turns", type=int, nargs=2, default=ALL_TURNS, metavar=("FIRST", "LAST"),
                        help="only the positions from turn FIRST to LAST")
    lost = parser.add_mutually_exclusive_group()
    lost.add_argument("--missed", action="store_true",
                      help="the wins passed over in the agent's games lost to the pool")
    lost.add_argument("--refuted", action="store_true",
                      help="the move that lost each of the agent's games lost to the pool")
    parser.add_argument("--same-code", metavar="C", default="HEAD",
                        help="with --missed or --refuted: the games of this commit's players' code "
                             "(default HEAD)")
    parser.add_argument("--size", type=int, metavar="N", help="with --missed or --refuted: the N x N games")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="with --missed or --refuted: CPU seconds for each proof (default 1)")
    parser.add_argument("--empties", type=int, default=MISSED_EMPTIES,
                        help=f"with --missed: positions with at most this many empty cells (default {MISSED_EMPTIES})")
    parser.add_argument("--back", type=float, default=0.0, metavar="S",
                        help="with --refuted: also whether the refuted move's position was already "
                             "lost, walking back with S CPU seconds a position (default 0: not)")
    parser.add_argument("--alternatives", type=int, default=ALTERNATIVE_NODES,
                        help="with --refuted: positions for each other move of the losing move's "
                             f"position (default {ALTERNATIVE_NODES})")
    args = parser.parse_args()
    if args.missed or args.refuted:
        option = "--missed" if args.missed else "--refuted"
        if args.fragment is not None:
            parser.error(f"give a game record or {option}, not both")
        if args.size is None:
            parser.error(f"{option} needs --size N")
        if args.seconds <= 0:
            parser.error(f"--seconds must be above 0, not {args.seconds}")
        if args.empties < 0:
            parser.error(f"--empties counts empty cells: at least 0, not {args.empties}")
        if args.alternatives < 1:
            parser.error(f"--alternatives must be at least 1, not {args.alternatives}")
        if args.back < 0:
            parser.error(f"--back is CPU seconds, at least 0, not {args.back}")
        try:
            check_size(args.size)
            lines = (missed_report(args.same_code, args.size, args.seconds, args.empties) if args.missed
                     else refuted_report(args.same_code, args.size, args.seconds, args.alternatives,
                                         back=args.back))
        except (CachexError, ValueError) as exc:
            parser.error(str(exc))
        print("\n".join(lines))
        return
    if args.fragment is None:
        parser.error("give a game record, or --missed or --refuted")
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
