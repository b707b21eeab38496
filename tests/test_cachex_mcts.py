import math
import random
from collections.abc import Callable

import pytest

from cachex import Game, Move
from cachex.colours import BLUE, RED
from cachex.engine.book import Book
from cachex.engine.result import SearchResult
from cachex.engine.search import MCTS, choose_move
from cachex.engine.settings import PLAY, Settings
from cachex.engine.tree import Node, rave_mean
from cachex.geometry import Geometry
from cachex.levels import LEVEL_NAMES, search_budget


def test_plays_a_win_in_one_and_knows_it() -> None:
    result = MCTS(seed=1).search(Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4"), iterations=20)
    assert str(result.move) == "a5"
    assert result.win_chance == 1.0 and result.proven == "win"


def test_blocks_the_only_threat() -> None:
    # Blue threatens e3 only (a3 b3 c3 d3 with e2 held by Red).
    game = Game.from_fragment("v1.5.e2.a3.a1.b3.e5.c3.b1.d3")
    result = MCTS(seed=2).search(game, iterations=40)
    assert str(result.move) == "e3"
    assert set(result.visits) == {"e3"}


def test_breaks_a_double_threat_by_capture() -> None:
    # Blue threatens both e3 and e2; only capturing b3 and c3 (Red c2 with b4) saves Red.
    game = Game.from_fragment("v1.5.b4.a3.a1.b3.e5.c3.e1.d3")
    result = MCTS(seed=3).search(game, iterations=40)
    assert str(result.move) == "c2"
    assert set(result.visits) == {"c2"}


def test_a_lost_position_is_proven_lost() -> None:
    game = Game.from_fragment("v1.5.e5.a3.a1.b3.d5.c3.e1.d3")  # two threats, no capture
    result = MCTS(seed=4).search(game, iterations=40)
    assert result.proven == "loss" and result.win_chance == 0.0


def test_same_seed_and_budget_give_the_same_search() -> None:
    game = Game.from_fragment("v1.7.c3.e4")
    first = MCTS(seed=7).search(game, iterations=300)
    second = MCTS(seed=7).search(game, iterations=300)
    assert (first.move, first.win_chance, first.visits) == (second.move, second.win_chance, second.visits)
    assert first.iterations == 300
    assert sum(first.visits.values()) == 300
    assert 0.0 <= first.win_chance <= 1.0


def test_the_steal_is_part_of_the_search() -> None:
    result = MCTS(seed=5).search(Game.from_fragment("v1.5.b2"), iterations=400)
    assert "swap" in result.visits


def test_the_tree_is_kept_between_moves() -> None:
    search = MCTS(seed=6)
    game = Game(7)
    game.play("b2")
    result = search.search(game, iterations=500)
    game.play(result.move)
    search.advance(game)
    assert search.root is not None and search.root.total > 0
    game.play("a1")  # a reply the tree may or may not hold: the search goes on from it
    before = search.root.total if search.root is not None and search.root_moves == game.moves else 0
    search.search(game, iterations=50)
    assert search.root is not None and search.root.total >= 50 + before


def test_memory_stays_bounded_on_the_largest_board() -> None:
    search = MCTS(seed=8, max_slots=3000)
    search.search(Game(15), iterations=400)
    assert search.slots <= 3000 + 15 * 15


@pytest.mark.parametrize(("fragment", "kwargs", "message"), [
    ("v1.3.a1.c1.a2.c2.a3", {"iterations": 10}, "game is over"),
    ("v1.5", {}, "give a budget"),
    ("v1.5", {"iterations": 0}, "at least 1"),
])
def test_bad_searches_are_refused(fragment: str, kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MCTS().search(Game.from_fragment(fragment), kwargs.get("iterations"))


def test_levels_are_named_and_checked() -> None:
    assert LEVEL_NAMES[0] == "beginner" and LEVEL_NAMES[-1] == "strongest"
    assert search_budget("beginner")[0] < search_budget("hard")[0]
    with pytest.raises(ValueError, match="unknown level 'godlike'"):
        choose_move(Game(5), "godlike")


@pytest.mark.parametrize("ai_colour", ["red", "blue"])
def test_beats_a_random_player(ai_colour: str) -> None:
    rng = random.Random(11)
    search = MCTS(seed=12)
    game = Game(5)
    while game.outcome is None:
        if game.to_move == ai_colour:
            game.play(search.search(game, iterations=150).move)
        else:
            game.play(rng.choice(game.legal_moves()))
    assert game.outcome.winner == ai_colour


def test_a_kept_subtree_counts_only_its_own_slots() -> None:
    search = MCTS(seed=9)
    game = Game(7)
    game.play("b2")
    result = search.search(game, iterations=300)
    before = search.slots
    game.play(result.move)
    search.advance(game)
    assert 0 < search.slots < before


def test_without_tactics_the_search_still_sees_a_winning_move() -> None:
    search = MCTS(Settings(tactics=False, bridge_replies=False), seed=10)
    result = search.search(Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4"), iterations=300)
    assert str(result.move) == "a5"


@pytest.mark.parametrize(("fragment", "mover"), [("v1.5.b2", "blue"), ("v1.5.b2.c4", "red")])
def test_the_result_says_whose_chance_it_gives(fragment: str, mover: str) -> None:
    result = MCTS(seed=13).search(Game.from_fragment(fragment), iterations=200)
    other = "red" if mover == "blue" else "blue"
    assert result.colour == mover
    assert result.chance_for(mover) == result.win_chance
    assert result.chance_for(other) == pytest.approx(1 - result.win_chance)
    with pytest.raises(ValueError, match="unknown colour"):
        result.chance_for("green")


def test_a_proven_loss_gives_the_opponent_certainty() -> None:
    result = MCTS(seed=4).search(Game.from_fragment("v1.5.e5.a3.a1.b3.d5.c3.e1.d3"), iterations=40)
    assert result.colour == "red" and result.chance_for("blue") == 1.0


def test_a_search_in_slices_goes_on_from_where_it_stopped() -> None:
    game = Game.from_fragment("v1.7.c3.e4")
    search = MCTS(seed=3)
    first = search.search(game, iterations=100)
    second = search.search(game, iterations=100)
    assert sum(second.visits.values()) == 200 and search.root is not None
    assert search.root.total == 200 and search.slots > 0
    assert first.iterations == second.iterations == 100


def test_the_best_line_starts_with_the_move_and_replays_legally() -> None:
    game = Game.from_fragment("v1.5.c2.b3")
    result = MCTS(seed=14).search(game, iterations=3000)
    assert len(result.line) >= 3 and result.line[0] == str(result.move)
    for move in result.line:
        game.play(move)  # raises if the line were not a legal sequence


def book_estimates(n: int) -> list[float]:
    """The book's estimate of every first cell on an ``n`` board, -1 at the centre."""
    from cachex.engine.book import estimated_value
    return [-1.0 if v is None else v for v in (estimated_value(n, c) for c in range(n * n))]


def book_cells(n: int) -> tuple[int, int]:
    """A first cell the book steals (worth over half) and one it leaves without a
    booked reply (so the search answers it), on an ``n`` board."""
    from cachex.engine.book import book_reply
    values = book_estimates(n)
    stolen = max(range(n * n), key=lambda c: values[c])
    left = min((c for c in range(n * n) if values[c] >= 0 and book_reply(n, c) is None),
               key=lambda c: values[c])
    assert values[stolen] > 0.5 > values[left]
    return stolen, left


def test_the_book_opens_where_red_fares_best_against_the_field_and_says_so() -> None:
    from cachex.engine.book import MARGIN, opening_chance
    chances = [opening_chance(7, c) for c in range(49)]
    best = max(c for c in chances if c is not None)
    result = MCTS(Settings(book=True), seed=1).search(Game(7), iterations=100)
    chance = chances[result.move.code(7)]
    assert chance is not None and chance >= best - MARGIN
    assert result.iterations == 0 and result.win_chance == pytest.approx(chance, abs=1e-4)
    assert result.booked


@pytest.mark.parametrize("n", [7, 9, 11])
def test_the_book_opens_off_the_rim_where_every_estimate_is_near_one_half(n: int) -> None:
    # Every first stone the book may choose is off the rim, where the pool's rim rule
    # steals it, and among the weakest for its owner by the estimates.
    from cachex.engine.book import opening_value
    from cachex.geometry import Geometry
    geo = Geometry.of(n)
    chosen = {MCTS(Settings(book=True), seed=seed).search(Game(n), iterations=1).move.code(n) for seed in range(40)}
    off_rim = {c: v for c in range(n * n) if (v := opening_value(n, c)) is not None and not geo.on_rim(c)}
    assert chosen and not any(geo.on_rim(c) for c in chosen)
    assert all(off_rim[c] <= min(off_rim.values()) + 0.02 for c in chosen)


def test_the_book_steals_a_stone_worth_more_than_half_and_leaves_the_others() -> None:
    stolen, left = book_cells(7)
    for seed in range(3):
        search = MCTS(Settings(book=True), seed=seed)
        steal = search.search(Game.from_fragment("v1.7." + str(Move.from_code(stolen, 7))), iterations=50)
        assert steal.move == Move.swap() and steal.booked
        placed = search.search(Game.from_fragment("v1.7." + str(Move.from_code(left, 7))), iterations=200)
        assert placed.move != Move.swap() and placed.iterations == 200 and not placed.booked


def test_the_book_steals_a_stone_proven_to_win_though_its_estimate_is_below_half() -> None:
    cell = Move.parse("c2").code(4)
    entry = Book.of(4).cells[cell]  # type: ignore[union-attr]
    assert entry is not None and entry.proven == 1 and entry.value < 0.5  # the estimate alone would leave it
    result = MCTS(Settings(book=True), seed=1).search(Game.from_fragment("v1.4.c2"), iterations=50)
    assert result.move == Move.swap() and result.booked and result.win_chance == 1.0


def test_blue_answers_a_stone_proven_lost_with_a_reply_the_solver_proves_wins() -> None:
    from cachex.engine.solver import Solver
    for first in ("b2", "a1", "d2"):
        game = Game.from_fragment(f"v1.4.{first}")
        result = MCTS(Settings(book=True), seed=1).search(game, iterations=50)
        assert result.booked and result.iterations == 0 and result.proven == "win"
        assert result.move != Move.swap()
        game.play(result.move)
        proof = Solver(game.geometry).prove(game.board, RED, BLUE, nodes=200_000)
        assert proof.status == "proven"


def test_after_a_steal_red_answers_with_the_reply_the_owner_fared_worst_against() -> None:
    """On 5 x 5, of the replies to a stolen d2 (a blue stone on b4) with games enough,
    Red plays the one its owner fared worst against, reflected by the steal."""
    from cachex.engine.book import book_reply, opening_value, reply_shares
    from cachex.rules import stolen_cell
    d2 = Move.parse("d2").code(5)
    worst, share = min(reply_shares(5, d2), key=lambda item: item[1])
    assert share < 0.5 and book_reply(5, d2) == worst
    result = MCTS(Settings(book=True), seed=1).search(Game.from_fragment("v1.5.d2.swap"), iterations=50)
    assert result.move == Move.from_code(stolen_cell(Geometry.of(5), worst), 5)
    assert result.booked and result.iterations == 0
    value = opening_value(5, d2)
    assert value is not None and result.win_chance == pytest.approx(1 - value, abs=1e-4)
    assert result.colour == "red" and result.proven is None


def test_the_answer_to_a_steal_is_the_books_reply_in_the_reflected_position() -> None:
    """After the steal and Red's booked answer, the board reflected with the colours
    exchanged is the board of the stone left and Blue's booked reply."""
    from cachex.engine.book import answer_to_steal, book_reply
    geo = Geometry.of(5)
    answered = 0
    for stone in range(25):
        answer, reply = answer_to_steal(5, stone), book_reply(5, stone)
        assert (answer is None) == (reply is None)
        if stone == geo.index(2, 2) or answer is None or reply is None:
            continue
        stolen = Game.from_fragment(f"v1.5.{Move.from_code(stone, 5)}.swap.{Move.from_code(answer, 5)}")
        left = Game.from_fragment(f"v1.5.{Move.from_code(stone, 5)}.{Move.from_code(reply, 5)}")
        exchanged = {RED: BLUE, BLUE: RED, 0: 0}
        assert all(exchanged[stolen.board[geo.mirror[c]]] == left.board[c] for c in range(25))
        answered += 1
    assert answered >= 10


def test_after_a_steal_of_a_stone_proven_lost_red_answers_with_a_proven_win() -> None:
    from cachex.engine.solver import Solver
    for first in ("b2", "a1"):
        game = Game.from_fragment(f"v1.4.{first}.swap")
        result = MCTS(Settings(book=True), seed=1).search(game, iterations=50)
        assert result.booked and result.proven == "win" and result.win_chance == 1.0
        game.play(result.move)
        assert Solver(game.geometry).prove(game.board, BLUE, RED, nodes=200_000).status == "proven"


def test_after_a_steal_without_a_booked_answer_or_without_a_steal_the_search_decides() -> None:
    from cachex.engine.book import answer_to_steal
    unanswered = next(c for c in range(25) if c != 12 and answer_to_steal(5, c) is None)
    for fragment in (f"v1.5.{Move.from_code(unanswered, 5)}.swap", "v1.5.d2.a4"):
        result = MCTS(Settings(book=True), seed=1).search(Game.from_fragment(fragment), iterations=60)
        assert not result.booked and result.iterations == 60


def test_on_4x4_red_opens_off_the_rim_a_stone_proven_lost_for_its_owner() -> None:
    """Such a stone wins for Red if Blue steals it, as two of the field's three
    steal rules do (all but the one that judges by the proofs)."""
    from cachex.engine.book import proven_value
    geo = Geometry.of(4)
    for seed in range(4):
        result = MCTS(Settings(book=True), seed=seed).search(Game(4), iterations=10)
        cell = result.move.code(4)
        assert proven_value(4, cell) == 0 and not geo.on_rim(cell)
        assert result.booked and result.win_chance == pytest.approx(2 / 3, abs=1e-4)


def test_without_a_book_for_the_size_the_search_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    from cachex.engine import book

    assert MCTS(Settings(book=True), seed=1).search(Game(15), iterations=20).booked  # every size has one now
    monkeypatch.setitem(book._BOOKS, 15, None)  # as if the size had no data file
    result = MCTS(Settings(book=True), seed=1).search(Game(15), iterations=20)
    assert result.iterations == 20 and not result.booked


def test_the_prior_favours_cells_on_short_connections() -> None:
    # Red's c1, c2 and c4: c3 completes the shortest connection; the prior alone
    # (one playout, so no playout statistics yet) ranks it above a far corner.
    game = Game.from_fragment("v1.5.c1.a1.c2.a5.c4.e5")
    search = MCTS(Settings(prior_weight=10, prior_after=0), seed=1)
    search.search(game, iterations=1)
    root = search.root
    assert root is not None and root.primed
    c3, e1 = root.index[game.geometry.index(2, 2)], root.index[game.geometry.index(0, 4)]
    assert root.wins[c3] / root.visits[c3] > root.wins[e1] / root.visits[e1]


def test_expanding_after_a_visit_grows_a_smaller_tree_for_the_same_playouts() -> None:
    game = Game.from_fragment("v1.9.c3.e5.d4")
    eager = MCTS(Settings(prior_weight=10), seed=5)
    eager.search(game, iterations=600)
    patient = MCTS(Settings(prior_weight=10, expand_after=1), seed=5)
    patient.search(game, iterations=600)
    assert patient.slots < eager.slots / 2


@pytest.mark.parametrize("after", [0, 1, 3])
def test_expanding_late_still_proves_a_win_in_two(after: int) -> None:
    # Blue's d3 (or e2) makes two threats (see test_a_lost_position_is_proven_lost):
    # the proof needs Red's node below the root, which late expansion adds later.
    game = Game.from_fragment("v1.5.e5.a3.a1.b3.d5.c3.e1")
    result = MCTS(Settings(expand_after=after), seed=2).search(game, iterations=3000)
    assert result.proven == "win"
    game.play(result.move)
    assert MCTS(seed=2).search(game, iterations=40).proven == "loss"


def test_a_negative_expansion_count_is_refused() -> None:
    with pytest.raises(ValueError, match="expand_after counts earlier visits"):
        MCTS(Settings(expand_after=-1))


def test_a_proven_win_settles_its_node_and_is_taken() -> None:
    # Red to move wins at a5; without tactics the solver has to find it.
    search = MCTS(Settings(tactics=False), seed=3)
    result = search.search(Game.from_fragment("v1.5.a1.e1.a2.e2.a3.e3.a4.e4"), iterations=300)
    assert str(result.move) == "a5" and result.proven == "win"
    assert search.root is not None and search.root.settled


# An arena game at 4de3548 (7 x 7), after 123 turns of a capture fight: Blue,
# to move, wins by force (the solver needs 24 positions) but played b4 with
# its budget nearly spent, when a search of 8 playouts left the proof 6 positions.
LATE_WIN = (
    "v1.7.a1.g1.a3.f1.a2.a4.c3.c4.e1.d4.d3.d2.e3.f2.a5.c5.b6.c3.b1.a6.b5.a6.e2.c5.d3.f1"
    ".d2.f4.a7.d5.e5.e4.f3.e4.g3.g2.f4.f2.f5.d6.c6.d5.g5.d6.e5.c6.g4.e6.f6.d7.f7.g6.e7.b2"
    ".b3.a4.b4.a4.c4.b2.b7.c3.b3.a3.a4.c4.a2.b3.c3.c4.b3.a3.d3.b2.b3.c2.c1.d1.c2.b2.a2.a3"
    ".b2.c2.c1.b3.b2.a3.c3.b3.b4.c4.a4.b3.b2.a3.c3.b3.b4.c4.a4.b3.b2.a3.c3.b3.b4.c4.b2.b3"
    ".a4.a3.c3.b3.b4.c4.b2.b3.g7.a4.c2.d1.c3"
)


def test_a_search_of_a_few_playouts_still_proves_a_short_forced_win() -> None:
    result = MCTS(PLAY, seed=1).search(Game.from_fragment(LATE_WIN), iterations=8)
    assert result.proven == "win"
    assert str(result.move) == "b6"


def test_checking_only_the_choice_still_looks_for_the_forced_win_where_the_game_can_be_settled() -> None:
    # ``check_only`` gives the general proof share to the check alone; on a board
    # within ``solve_empties`` the forced win is looked for first all the same.
    settings = PLAY.changed(proof_share=0.1, check_only=True, proof_from=0)
    result = MCTS(settings, seed=1).search(Game.from_fragment(LATE_WIN), iterations=8)
    assert result.proven == "win"
    assert str(result.move) == "b6"


@pytest.mark.parametrize(("fragment", "checked"), [("v1.7.c3.e4", False), ("v1.9.c3.e5.d4", True)])
def test_the_choice_is_checked_by_proof_search_only_from_the_proof_size_up(
        monkeypatch: pytest.MonkeyPatch, fragment: str, checked: bool) -> None:
    # ``proof_from`` 9: a 7 x 7 search spends nothing on proofs (outside the
    # small-board share), a 9 x 9 one checks its choice.
    from cachex.engine.proof import Prover

    calls: list[str] = []

    def called(name: str) -> Callable[..., tuple[int, bool]]:
        def record(*args: object) -> tuple[int, bool]:
            calls.append(name)
            return 0, True  # no positions spent, settled
        return record

    monkeypatch.setattr(Prover, "check_choice", called("check"))
    monkeypatch.setattr(Prover, "prove_win", called("win"))
    settings = PLAY.changed(proof_share=0.1, check_only=True, proof_from=9)
    MCTS(settings, seed=1).search(Game.from_fragment(fragment), iterations=50)
    assert calls == (["check"] if checked else [])


@pytest.mark.parametrize("size", [-1, 16])
def test_a_proof_size_off_the_boards_is_refused(size: int) -> None:
    with pytest.raises(ValueError, match="proof_from is a board size up to 15"):
        MCTS(Settings(proof_from=size))


def test_moves_proven_to_lose_are_no_longer_searched() -> None:
    # Blue threatens e3 only: without tactics, every other Red move is proven
    # lost once Blue's win below it is found, and then left alone.
    search = MCTS(Settings(tactics=False), seed=4)
    game = Game.from_fragment("v1.5.e2.a3.a1.b3.e5.c3.b1.d3")
    first = search.search(game, iterations=1500)
    assert str(first.move) == "e3"
    root = search.root
    assert root is not None and root.settled
    lost = [i for i, child in enumerate(root.children) if child is not None and child.proven]
    assert lost
    before = [root.visits[i] for i in lost]
    search.search(game, iterations=500)
    assert [root.visits[i] for i in lost] == before


def test_a_search_keeps_to_seconds_of_the_clock_it_is_given() -> None:
    # A clock that advances one second per reading: read at the start, then
    # after every 16 playouts, so 3 seconds end the search after 48 playouts.
    ticks = iter(range(1000))
    result = MCTS(seed=2).search(Game(5), seconds=3.0, clock=lambda: float(next(ticks)))
    assert result.iterations == 48 and result.seconds == 4.0  # the closing reading too


def test_the_agent_times_its_search_by_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from cachex.agent import Player

    clocks = []
    original = MCTS.search

    def spy(self: MCTS, game: Game, iterations: int | None = None, seconds: float | None = None,
            clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        clocks.append(clock)
        return original(self, game, iterations, seconds, clock)

    monkeypatch.setattr(MCTS, "search", spy)
    player = Player("blue", 5, time_limit=5.0)
    player.turn("red", ("PLACE", 0, 1))
    player.action()
    assert clocks == [time.process_time]


def _nodes(root: Node) -> list[Node]:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(child for child in node.children if child is not None)
    return found


@pytest.mark.parametrize("settings", [Settings(), Settings(prior_weight=10, expand_after=1, diamond_replies=True,
                                                             leaf_playouts=2)])
def test_every_nodes_kept_means_and_exploration_factors_match_its_statistics_after_a_search(
        settings: Settings) -> None:
    search = MCTS(settings, seed=4)
    search.search(Game.from_fragment("v1.7.d2.c3.e3.b5.c5.d4"), iterations=1500)
    nodes, primed = [search.root], 0
    for node in nodes:
        assert node is not None
        primed += node.primed and node.virtual > 0
        assert node.means == [rave_mean(n, won, an, amaf_won, settings.rave_bias) for n, won, an, amaf_won in
                              zip(node.visits, node.wins, node.amaf_visits, node.amaf_wins, strict=True)]
        assert node.shrinks == [1.0 / math.sqrt(n + 1) for n in node.visits]
        nodes.extend(child for child in node.children if child is not None)
    assert len(nodes) > 50 and bool(primed) == bool(settings.prior_weight)


def test_a_line_out_of_the_tree_is_valued_by_the_mean_of_its_leaf_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[bytearray, bytes, list[int] | None]] = []

    def alternating(geo: Geometry, board: bytearray, turn: int, counts: object, rand: object,
                    played: list[int] | None, *rest: object) -> int:
        calls.append((board, bytes(board), played))
        return RED if len(calls) % 2 else BLUE

    monkeypatch.setattr("cachex.engine.search.random_playout", alternating)
    search = MCTS(Settings(leaf_playouts=2), seed=3)
    search.search(Game.from_fragment("v1.7.d2.c3.e3"), iterations=40)
    root = search.root
    assert root is not None and len(calls) == 80
    assert sum(root.wins) == 0.5 * sum(root.visits) == 20.0
    for (extra, before, line), (last, at_last, sequence) in zip(calls[::2], calls[1::2], strict=True):
        assert extra is not last and before == at_last  # the extra playout runs on a copy
        assert line is not sequence and sequence is not None and line == sequence[-1:]


def test_fewer_than_one_leaf_playout_is_refused() -> None:
    with pytest.raises(ValueError, match="leaf_playouts counts playouts from a leaf"):
        MCTS(Settings(leaf_playouts=0))
