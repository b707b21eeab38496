"""The learnt move prior: its features (``cachex.patterns``), their fit (``bench.patterns``)
and its use by the search."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench.patterns import contests, fit, fitted_records, kept_games, likelihood, table_text, top_share
from cachex.colours import BLUE, EMPTY, RED
from cachex.engine.patterns import (
    CAPTURE_NONE,
    CAPTURE_OFFSET,
    CAPTURE_STOPS,
    CAPTURE_TAKES,
    CONTACT_OFFSET,
    CONTACT_SAVE,
    FEATURES,
    GROUP_CAPTURE,
    GROUP_CONTACT,
    GROUP_LINES,
    GROUP_SHAPE,
    LINES_OFFSET,
    WEIGHTS_FILE,
    features,
    frames,
    group_of,
    read_weights,
    strengths,
    weight_table,
)
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY, Settings
from cachex.game import Game
from cachex.geometry import NO_CELL, Geometry


def random_board(n: int, seed: int) -> tuple[bytearray, int]:
    """A board of seeded random stones (about a third of the cells) and a stone on it."""
    rng = random.Random(seed)
    board = bytearray(rng.choice((EMPTY, EMPTY, RED, BLUE)) for _ in range(n * n))
    stones = [c for c in range(n * n) if board[c]]
    return board, rng.choice(stones) if stones else NO_CELL


@pytest.mark.parametrize("seed", range(12))
def test_features_are_the_same_for_blue_on_the_transposed_board_with_colours_exchanged(seed: int) -> None:
    n = 5 + seed % 3
    geo = Geometry.of(n)
    board, last = random_board(n, seed)
    swapped = bytearray(n * n)
    for c in range(n * n):
        swapped[geo.mirror[c]] = {EMPTY: EMPTY, RED: BLUE, BLUE: RED}[board[c]]
    mover = RED if board[last] == BLUE else BLUE
    here = features(board, geo, mover, last)
    there = features(swapped, geo, BLUE if mover == RED else RED, geo.mirror[last])
    assert here == {c: there[geo.mirror[c]] for c in here}


@pytest.mark.parametrize("seed", range(12))
def test_features_are_the_same_on_the_board_turned_half_a_turn(seed: int) -> None:
    n = 4 + seed % 4
    geo = Geometry.of(n)
    board, last = random_board(n, seed)
    turned = bytearray(reversed(board))  # cell i goes to size - 1 - i
    me = RED if board[last] == BLUE else BLUE
    there = features(turned, geo, me, geo.size - 1 - last)
    here = features(board, geo, me, last)
    assert here == {c: there[geo.size - 1 - c] for c in here}


def test_the_frame_puts_each_players_own_edge_across_its_rows() -> None:
    geo = Geometry.of(5)
    red, blue = frames(geo)[RED], frames(geo)[BLUE]
    own, other = geo.size, geo.size + 1  # the markers past the mover's edge and the opponent's
    # a1 for Red: below it (steps with dr = -1) lies Red's own edge; left of it Blue's.
    assert red[0].count(own) == 2 and red[0].count(other) == 2
    # a1 for Blue is the same corner seen transposed: two steps past each edge too.
    assert blue[0].count(own) == 2 and blue[0].count(other) == 2
    # c1 (bottom row, middle) is on Red's edge only, and on no edge of Blue's own.
    c1 = geo.index(0, 2)
    assert set(red[c1]) & {own, other} == {own} and set(blue[c1]) & {own, other} == {other}
    # b2's neighbours are all on the board, in both frames, and the same six cells.
    b2 = geo.index(1, 1)
    assert max(red[b2]) < geo.size and sorted(red[b2]) == sorted(blue[b2]) == sorted(geo.neighbours[b2])


def test_a_capturing_cell_and_a_cell_the_opponent_would_capture_on_are_marked() -> None:
    game = Game(5)
    geo = game.geometry
    board = bytearray(25)
    # Diamond b2-c2 (short diagonal) with tips c1 and b3: Blue holds b2 and c2.
    b2, c2, c1, b3 = geo.index(1, 1), geo.index(1, 2), geo.index(0, 2), geo.index(2, 1)
    board[b2] = board[c2] = BLUE
    board[c1] = RED
    assert features(board, geo, RED)[b3][GROUP_CAPTURE] == CAPTURE_OFFSET + CAPTURE_TAKES
    assert features(board, geo, BLUE)[b3][GROUP_CAPTURE] == CAPTURE_OFFSET + CAPTURE_STOPS
    assert features(board, geo, RED)[geo.index(4, 4)][GROUP_CAPTURE] == CAPTURE_OFFSET + CAPTURE_NONE


def test_the_free_corner_of_a_diamond_the_last_stone_threatens_is_a_save() -> None:
    geo = Geometry.of(5)
    board = bytearray(25)
    b2, c2, c1, b3 = geo.index(1, 1), geo.index(1, 2), geo.index(0, 2), geo.index(2, 1)
    board[b2] = board[c2] = BLUE
    board[c1] = RED  # Red's last stone threatens b3, which would take b2 and c2
    assert features(board, geo, BLUE, c1)[b3][GROUP_CONTACT] == CONTACT_OFFSET + CONTACT_SAVE


def test_a_strength_is_the_product_of_the_weights_and_unknown_features_weigh_one() -> None:
    geo = Geometry.of(4)
    board = bytearray(16)
    cells = [0, 5]
    found = features(board, geo, RED, NO_CELL, cells)
    weights = {found[0][GROUP_SHAPE]: 3.0, found[0][GROUP_CAPTURE]: 0.5}
    assert strengths(board, geo, RED, NO_CELL, cells, weight_table(weights))[0] == pytest.approx(1.5)
    assert strengths(board, geo, RED, NO_CELL, cells, weight_table({}))[1] == 1.0


def test_the_fit_raises_a_feature_that_is_always_played_and_lowers_one_never_played() -> None:
    rng = random.Random(1)
    train = []
    for _ in range(200):
        # Four candidates; the one with shape feature 1 is always played, whatever its lines.
        cands = [(0 if k else 1, LINES_OFFSET + rng.randrange(3), CAPTURE_OFFSET, CONTACT_OFFSET)
                 for k in range(4)]
        rng.shuffle(cands)
        train.append((next(i for i, c in enumerate(cands) if c[0] == 1), cands))
    weights = fit(train, iterations=5, log=False)
    assert weights[1] > 5 * weights[0]
    assert top_share(train, weights) == 1.0
    assert likelihood(train, weights) > likelihood(train, [1.0] * FEATURES)


def test_a_kept_game_becomes_one_contest_per_placement_from_turn_three_on() -> None:
    found = contests("v1.5.c2.swap.a1.e5.a2")
    assert len(found) == 3  # a1, e5 and a2; the first stone and the steal are left out
    (chosen, cands), hit = found[0]
    assert len(cands) == 24  # Blue's b3 (c2 stolen) leaves 24 empty cells
    assert chosen == 0 and 0.0 <= hit <= 1.0  # a1 is the first empty cell


def test_a_kept_game_that_is_not_a_valid_record_is_refused_with_its_reason() -> None:
    with pytest.raises(ValueError, match="not a valid record"):
        contests("v1.5.c2.c2")


def test_kept_games_leave_out_games_at_a_small_share_of_the_limits(tmp_path: Path) -> None:
    arena = tmp_path / "arena.jsonl"
    rows = [{"n": 5, "budget": 25.0, "game": "v1.5.c2.a1"}, {"n": 5, "budget": 2.5, "game": "v1.5.c2.a2"},
            {"n": 5, "budget": 25.0}]
    arena.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert kept_games((arena,)) == ["v1.5.c2.a1"]
    arena.write_text("not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1 is not JSON"):
        kept_games((arena,))


@pytest.mark.skipif(not (Path(__file__).parent.parent / ".git").exists(), reason="needs the git history")
def test_the_games_the_table_in_use_was_fitted_on_are_as_many_as_it_says_and_all_still_kept() -> None:
    fitted = fitted_records()
    assert len(fitted) == json.loads(WEIGHTS_FILE.read_text())["games"]
    assert set(fitted) <= set(kept_games())


def test_every_feature_index_has_one_group_and_others_are_refused() -> None:
    assert [group_of(f) for f in (0, LINES_OFFSET, CAPTURE_OFFSET, CONTACT_OFFSET, FEATURES - 1)] == [
        GROUP_SHAPE, GROUP_LINES, GROUP_CAPTURE, GROUP_CONTACT, GROUP_CONTACT]
    with pytest.raises(ValueError, match="feature index"):
        group_of(FEATURES)


def test_the_written_table_holds_the_weights_of_the_features_met_often(tmp_path: Path) -> None:
    weights = [1.0] * FEATURES
    weights[3], weights[4], weights[5] = 2.5, 0.25, 1.001
    seen = [0] * FEATURES
    seen[3] = seen[5] = 50
    seen[4] = 2  # too rare to keep
    path = tmp_path / "weights.json"
    path.write_text(table_text(weights, seen, 7, 70, "abc"))
    assert read_weights(path) == {3: 2.5} and json.loads(path.read_text())["games"] == 7
    assert json.loads(path.read_text())["sources"] == "abc"


def test_the_learnt_prior_values_a_capture_above_a_quiet_far_cell() -> None:
    # Blue's b2 and c2 can be taken at b3 (Red holds c1); Red to move.
    game = Game.from_fragment("v1.5.c1.b2.e5.c2")
    search = MCTS(Settings(prior_weight=10, pattern_prior=True), seed=1)
    search.advance(game)
    root = search.root
    assert root is not None
    geo = game.geometry
    values = search.prior_values(geo, root, bytearray(game.board), geo.index(1, 2))
    assert all(0.0 <= v <= 1.0 for v in values) and max(values) == 1.0
    assert values[root.index[geo.index(2, 1)]] > values[root.index[geo.index(4, 0)]]


def test_the_computer_primes_its_root_with_the_learnt_prior_of_the_last_stone_played() -> None:
    game = Game.from_fragment("v1.7.d2.b6.c3")
    search = MCTS(PLAY, seed=1)
    search.search(game, iterations=1)
    root = search.root
    assert root is not None and root.primed
    board = bytearray(game.board)
    learnt = search.prior_values(game.geometry, root, board, game.moves[-1].code(7))
    assert learnt != search.prior_values(game.geometry, root, board)  # the last stone counts
    assert learnt != MCTS().prior_values(game.geometry, root, board)  # not the distance prior
    weight = PLAY.prior_weight
    untried = [i for i in range(len(root.moves)) if root.visits[i] == weight]
    assert len(untried) == len(root.moves) - 1  # the one iteration went through one move
    assert all(root.wins[i] == pytest.approx(weight * learnt[i]) for i in untried)


def test_the_computer_primes_every_node_the_first_time_it_chooses_there() -> None:
    from cachex.engine.tree import Node

    game = Game.from_fragment("v1.7.d2.b6.c3")
    search = MCTS(PLAY, seed=1)
    search.search(game, iterations=1)
    root = search.root
    assert root is not None and root.primed and root.virtual == PLAY.prior_weight
    search.search(game, iterations=400)
    chosen_at: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.total and len(node.moves) > 1 and not node.proven:
            chosen_at.append(node)
        stack.extend(child for child in node.children if child is not None)
    assert len(chosen_at) > 20
    assert all(node.primed and node.virtual for node in chosen_at)
