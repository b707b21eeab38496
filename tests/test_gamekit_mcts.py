"""The shared tree search (``gamekit.mcts``) and the plain UCT every strength match measures it
against (``bench.plain_uct``), on small games whose answers are known."""

from __future__ import annotations

import random

from bench.plain_uct import plain_uct
from gamekit.mcts import LOST, MCTS, PROOF_SHARE, UNPROVEN, WON


class Nim:
    """Take 1, 2 or 3 (up to ``most``) from a pile; who takes the last wins."""

    def __init__(self, pile: int, mover: int = 1, most: int = 2) -> None:
        self.pile, self.mover, self.most = pile, mover, most

    def moves(self) -> list[int]:
        return [m for m in range(1, self.most + 1) if m <= self.pile]

    def copy(self) -> Nim:
        return Nim(self.pile, self.mover, self.most)

    def play(self, move: int) -> int:
        self.pile -= move
        self.mover = 3 - self.mover
        return 3 - self.mover if self.pile == 0 else 0

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        played = []
        while True:
            move = rng.choice(self.moves())
            played.append(move)
            if self.play(move):
                return 3 - self.mover, played


class Race(Nim):
    """Nim where the last take draws instead: no winner, and no moves left."""

    def copy(self) -> Race:
        return Race(self.pile, self.mover, self.most)

    def play(self, move: int) -> int:
        self.pile -= move
        self.mover = 3 - self.mover
        return 0

    def playout(self, rng: random.Random) -> tuple[int, list[int]]:
        played = []
        while self.pile:
            move = rng.choice(self.moves())
            played.append(move)
            self.play(move)
        return 0, played


def test_a_winning_move_is_found_and_proved() -> None:
    search = MCTS(Nim(3, most=3), random.Random(1)).run(iterations=1000)
    assert search.best_move() == 3
    assert search.root.proven == LOST  # the player who moved into the root has lost
    assert search.chance() == 1.0
    assert search.settled()


def test_a_lost_position_is_proved_lost_for_the_player_to_move() -> None:
    search = MCTS(Nim(4, most=3), random.Random(2)).run(iterations=5000)
    assert search.root.proven == WON
    assert search.chance() == 0.0


def test_the_move_leaving_a_multiple_of_three_is_chosen() -> None:
    for pile, move in ((7, 1), (8, 2), (10, 1), (11, 2)):
        assert MCTS(Nim(pile), random.Random(pile)).run(iterations=3000).best_move() == move


def test_ranked_lists_only_searched_moves_most_visited_first() -> None:
    search = MCTS(Nim(30, most=3), random.Random(4)).run(iterations=2)
    ranked = search.ranked()
    assert len(ranked) == 2 and all(visits > 0 for _, visits, _ in ranked)
    search.run(iterations=500)
    visits = [count for _, count, _ in search.ranked()]
    assert visits == sorted(visits, reverse=True) and sum(visits) == search.root.visits


def test_drawn_ends_count_half_and_prove_nothing() -> None:
    search = MCTS(Race(6, most=2), random.Random(5)).run(iterations=400)
    assert search.root.proven == UNPROVEN
    assert abs(search.chance() - 0.5) < 1e-9
    assert search.best_move() in (1, 2)


def test_a_search_in_slices_matches_one_search_of_the_same_iterations() -> None:
    whole = MCTS(Nim(25, most=3), random.Random(6)).run(iterations=900)
    sliced = MCTS(Nim(25, most=3), random.Random(6))
    for _ in range(3):
        sliced.run(iterations=300)
    assert sliced.iterations == whole.iterations == 900
    assert sliced.ranked() == whole.ranked()


def test_the_plain_uct_leaves_a_multiple_of_three_too() -> None:
    for pile, move in ((7, 1), (8, 2)):
        chosen, iterations = plain_uct(Nim(pile), 0.2, random.Random(pile))
        assert chosen == move and iterations >= 1


def test_a_win_at_once_is_played_after_a_single_iteration() -> None:
    for seed in range(5):  # 20 moves, one wins at once: the first expansion finds it
        search = MCTS(Nim(20, most=20), random.Random(seed)).run(iterations=1)
        assert search.settled() and search.best_move() == 20


def test_every_move_letting_the_opponent_win_at_once_is_proved_lost_within_two_visits_each() -> None:
    for seed in range(3):  # each of the 20 moves leaves a pile the opponent takes whole
        search = MCTS(Nim(21, most=20), random.Random(seed)).run(iterations=40)
        assert search.root.proven == WON
        assert all(child.visits <= 2 for child in search.root.children)


def test_a_position_proved_lost_is_searched_on_without_proofs_for_its_move() -> None:
    search = MCTS(Nim(8, most=3), random.Random(5)).run(iterations=3000)  # 8 is lost: a multiple of 4
    assert search.root.proven == WON and search.chance() == 0.0  # the proof is kept
    assert search.iterations == 3000 and not search.settled()
    resisting = search.resisting
    assert resisting is not None and resisting.visits == 3000 - search.root.visits
    assert all(child.proven == UNPROVEN for child in resisting.children)
    assert search.best_move() == max(resisting.children, key=lambda child: child.visits).move


class Told:
    """A game's exact search that settles on its ``slices``-th slice with ``answer``."""

    def __init__(self, answer: tuple[int, int], slices: int = 1) -> None:
        self.answer, self.slices = answer, slices
        self.asked: list[float] = []

    def advance(self, seconds: float) -> tuple[int, int] | None:
        self.asked.append(seconds)
        return self.answer if len(self.asked) >= self.slices else None


class ProvedNim(Nim):
    """Nim whose position offers the exact search ``told`` (the same one for every copy)."""

    def __init__(self, pile: int, told: Told) -> None:
        super().__init__(pile)
        self.told = told

    def copy(self) -> ProvedNim:
        return ProvedNim(self.pile, self.told)

    def proof(self, clock: object) -> Told:
        return self.told


def test_a_win_the_exact_search_settles_is_the_answer_and_ends_the_search() -> None:
    told = Told((1, 1), slices=2)  # 1 in fact loses: the answer can only come from the proof
    search = MCTS(ProvedNim(61, told), random.Random(1))
    assert not search.step(0.01)
    assert search.step(0.01)
    assert search.best_move() == 1 and search.chance() == 1.0
    assert told.asked == [0.01 * PROOF_SHARE] * 2
    iterations = search.iterations
    assert search.step(0.01) and search.iterations == iterations and len(told.asked) == 2


def test_a_loss_the_exact_search_settles_sends_the_search_on_without_proofs() -> None:
    search = MCTS(ProvedNim(61, Told((-1, 1))), random.Random(1))
    search.step(0.05)
    assert search.root.proven == WON and search.chance() == 0.0
    assert search.resisting is not None
    visits = search.resisting.visits
    search.run(iterations=300)
    assert search.resisting.visits == visits + 300


def test_a_search_without_time_or_capped_to_a_few_iterations_never_asks_for_the_exact_search() -> None:
    told = Told((1, 2))
    search = MCTS(ProvedNim(7, told), random.Random(1)).run(iterations=500)
    assert told.asked == [] and search.best_move() == 1
    capped = MCTS(ProvedNim(61, told), random.Random(1)).run(iterations=100, seconds=1.0)
    assert told.asked == [] and capped.iterations == 100
