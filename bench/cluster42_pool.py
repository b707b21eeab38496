"""42-cluster's sparring pool: bots of different styles to measure the computer against.

- ``random``: any legal move.
- ``greedy``: a win at once (a drop, or a rotation, which may also hand the win over), else
  among the moves after which the opponent cannot win at once with any chip it may draw or
  by rotating (all moves if none is), the one with the best longest-run difference, windows
  of the winning length holding one value (by how full) and chips left.
- ``lookahead``: two plies: each of its moves, then the opponent's best reply for each
  chip pair it might draw (weighted by its chance), judged as the greedy judges.
- ``plain``: plain Monte Carlo: UCB1 over its moves, each tried by a uniformly random
  playout over sampled draws, written straight over ``cluster42.rules``; nothing else.

Each speaks the referee's protocol: ``python -m bench.cluster42_pool greedy`` is a bot
for ``python -m cluster42 referee``. Every style knows only what a bot knows (the
opponent's discards are sampled).
"""

from __future__ import annotations

import math
import random
import sys
import time
from itertools import combinations_with_replacement

from cluster42.agent import main as bot_main
from cluster42.engine import Situation
from cluster42.notation import Move
from cluster42.rules import EMPTY, NO_ONE, fall, judge, landing

STYLES = ("random", "greedy", "lookahead", "plain")


class Plain:
    """A position played straight through the rules library: cells, gravity, bags by colour,
    the player to move and its chips."""

    def __init__(self, situation: Situation, rng: random.Random) -> None:
        self.board = situation.board
        self.n = situation.n
        self.k = situation.per_player
        self.cells = list(situation.cells)
        self.gravity = situation.gravity
        self.bags = situation.sampled_bags(rng)
        self.player = situation.player
        self.drawn = situation.drawn

    def copy(self) -> Plain:
        clone = Plain.__new__(Plain)
        clone.__dict__.update(self.__dict__)
        clone.cells = list(self.cells)
        clone.bags = [list(self.bags[0]), list(self.bags[1])]
        return clone

    def moves(self) -> list[Move]:
        moves = [Move.drop(pos, chip) for pos in self.board.positions() for chip in sorted(set(self.drawn))
                 if landing(self.board, self.cells, self.gravity, pos) >= 0]
        if len(self.drawn) == 2:
            moves += [Move.rotate(g) for g in range(6)]
        return moves

    def play(self, move: Move, rng: random.Random) -> int:
        """Play ``move``, draw the next player's chips; the winner (0 or 1) or -1."""
        bag = self.bags[self.player]
        base = self.player * self.k
        if move.is_rotation:
            for chip in self.drawn:
                bag[chip - base] -= 1
            self.gravity = move.gravity
            self.cells = fall(self.board, self.cells, self.gravity)
        else:
            self.cells[landing(self.board, self.cells, self.gravity, move.pos)] = move.chip
            bag[move.chip - base] -= 1
        winner, _ = judge(self.board, self.cells, self.n, self.k)
        mover = self.player
        self.player = 1 - mover
        if winner != NO_ONE:
            return winner
        chips = [self.player * self.k + j for j, count in enumerate(self.bags[self.player]) for _ in range(count)]
        if not chips:
            return mover
        self.drawn = tuple(rng.sample(chips, min(2, len(chips))))
        return -1


def random_move(situation: Situation, seconds: float, rng: random.Random) -> Move:
    return rng.choice(Plain(situation, rng).moves())


def _winner_after(state: Plain, move: Move, rng: random.Random) -> tuple[int, Plain]:
    after = state.copy()
    return after.play(move, rng), after


def _opponent_wins_at_once(state: Plain, player: int) -> bool:
    """Whether ``player``, to move in ``state``, wins at once with some chip its bag may hold
    (a drop) or, holding two chips or more, with a rotation."""
    for chip in [player * state.k + j for j, count in enumerate(state.bags[player]) if count]:
        for pos in state.board.positions():
            cell = landing(state.board, state.cells, state.gravity, pos)
            if cell < 0:
                continue
            state.cells[cell] = chip
            won = judge(state.board, state.cells, state.n, state.k)[0] == player
            state.cells[cell] = EMPTY
            if won:
                return True
    if sum(state.bags[player]) >= 2:
        for gravity in range(6):
            if judge(state.board, fall(state.board, state.cells, gravity), state.n, state.k)[0] == player:
                return True
    return False


def _runs_and_windows(state: Plain, me: int) -> float:
    """The longest run of each player (its difference, ten a chip) and every window of the
    winning length holding chips of one value only (the square of how many, for their owner)."""
    longest = [0, 0]
    windows = 0.0
    n, k, cells = state.n, state.k, state.cells
    for run in state.board.runs:
        length, previous = 0, EMPTY
        for position, i in enumerate(run):
            value = cells[i]
            length = length + 1 if value != EMPTY and value == previous else (1 if value != EMPTY else 0)
            previous = value
            if value != EMPTY and length > longest[value // k]:
                longest[value // k] = length
            if position >= n - 1:
                held = [cells[j] for j in run[position - n + 1:position + 1] if cells[j] != EMPTY]
                if held and all(v == held[0] for v in held):
                    windows += len(held) ** 2 if held[0] // k == me else -len(held) ** 2
    return 10.0 * (longest[me] - longest[1 - me]) + windows


def greedy_move(situation: Situation, seconds: float, rng: random.Random) -> Move:
    """A win at once; else, among the moves after which the opponent cannot win at once (all
    moves if none is safe), the best by runs, windows and chips left."""
    state = Plain(situation, rng)
    me = state.player
    moves = state.moves()
    rng.shuffle(moves)
    scored = []
    for move in moves:
        winner, after = _winner_after(state, move, rng)
        if winner == me:
            return move
        if winner == 1 - me:
            scored.append((-2, 0.0, move))
            continue
        safe = 0 if _opponent_wins_at_once(after, 1 - me) else 1
        chips = sum(after.bags[me]) - sum(after.bags[1 - me])
        scored.append((safe, _runs_and_windows(after, me) + 2.0 * chips, move))
    return max(scored, key=lambda item: (item[0], item[1]))[2]


def evaluate(state: Plain, me: int) -> float:
    """The greedy's judgement: runs, windows and chips left."""
    return _runs_and_windows(state, me) + 2.0 * (sum(state.bags[me]) - sum(state.bags[1 - me]))


def lookahead_move(situation: Situation, seconds: float, rng: random.Random) -> Move:
    """Two plies over the opponent's draws, judging its moves in a random order until
    ``seconds`` run out."""
    deadline = time.perf_counter() + seconds
    state = Plain(situation, rng)
    me = state.player
    other = 1 - me
    best, best_score = None, -math.inf
    moves = state.moves()
    rng.shuffle(moves)
    for move in moves:
        if best is not None and time.perf_counter() > deadline:
            break
        winner, after = _winner_after(state, move, rng)
        if winner == me:
            return move
        if winner == other:
            score = -1e9
        elif winner == -1:
            bag = after.bags[other]
            chips = [other * state.k + j for j, count in enumerate(bag) for _ in range(count)]
            total, score = 0.0, 0.0
            for pair in set(combinations_with_replacement(sorted(set(chips)), 2)):
                a, b = pair
                weight = chips.count(a) * (chips.count(b) - (a == b)) * (1 if a == b else 2)
                if weight <= 0:
                    continue
                after.drawn = pair
                worst = math.inf
                for reply in after.moves():
                    reply_winner, last = _winner_after(after, reply, rng)
                    value = -1e6 if reply_winner == other else 1e6 if reply_winner == me else evaluate(last, me)
                    worst = min(worst, value)
                score += weight * worst
                total += weight
            score = score / total if total else evaluate(after, me)
        else:
            score = evaluate(after, me)
        if score > best_score:
            best, best_score = move, score
    assert best is not None
    return best


def plain_move(situation: Situation, seconds: float, rng: random.Random) -> Move:
    """Flat UCB1 (c = sqrt 2) over the moves, each pull a random playout over sampled draws."""
    deadline = time.perf_counter() + seconds
    root = Plain(situation, rng)
    me = root.player
    moves = root.moves()
    wins = [0.0] * len(moves)
    pulls = [0] * len(moves)
    total = 0
    while total < len(moves) or time.perf_counter() < deadline:
        if total < len(moves):
            arm = total
        else:
            log_total = math.log(total)
            arm = max(range(len(moves)), key=lambda a: wins[a] / pulls[a] + math.sqrt(2 * log_total / pulls[a]))
        state = Plain(situation, rng)
        winner = state.play(moves[arm], rng)
        while winner == -1:
            winner = state.play(rng.choice(state.moves()), rng)
        pulls[arm] += 1
        wins[arm] += winner == me
        total += 1
    return moves[max(range(len(moves)), key=lambda a: pulls[a])]


CHOOSERS = {"random": random_move, "greedy": greedy_move, "lookahead": lookahead_move, "plain": plain_move}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in CHOOSERS:
        print(f"usage: python -m bench.cluster42_pool {{{','.join(STYLES)}}}", file=sys.stderr)
        return 2
    choose = CHOOSERS[argv[0]]
    rng = random.Random()
    return bot_main(lambda situation, seconds: choose(situation, seconds, rng))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
