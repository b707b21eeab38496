import random
from collections import Counter

import pytest

from cachex import Game, Move
from cachex.colours import BLUE, RED
from cachex.engine import playout
from cachex.engine.playout import Groups, _playout_repeats, random_playout
from cachex.geometry import Geometry
from cachex.rules import DRAW, BoardCounts, ending, mover, place, play_code, stone_count, won_by


@pytest.mark.parametrize("n", [3, 4, 5, 9])
def test_random_playouts_replay_identically_through_game(n: int) -> None:
    geo = Geometry.of(n)
    for seed in range(60):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, 0, BoardCounts({bytes(board): 1}),
                                random.Random(seed).random, played)
        game = Game(n)
        for code in played:
            game.play(Move.from_code(code, n))
        assert game.outcome is not None
        expected = {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]
        assert winner == expected
        assert game.board == bytes(board)


@pytest.mark.parametrize("n", [5, 9])
def test_a_connection_only_through_captured_stones_is_never_a_playouts_win(
        n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Captures leave the playout's groups overstated; a seeming win is flooded
    # on the board (playout._regroup). Over the seeds, some seeming wins are not
    # wins, and every playout still ends as the game does.
    geo = Geometry.of(n)
    refuted = 0
    regroup = playout._regroup

    def counting(cell: int, colour: int, board: bytearray, *rest: list[int]) -> list[int]:
        nonlocal refuted
        group = regroup(cell, colour, board, *rest)  # type: ignore[arg-type]
        refuted += not winning_group(geo, board, group, colour)
        return group

    monkeypatch.setattr(playout, "_regroup", counting)
    for seed in range(60):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, 0, BoardCounts({bytes(board): 1}),
                                random.Random(seed).random, played, diamond_replies=True)
        game = Game(n)
        for code in played:
            game.play(Move.from_code(code, n))
        assert game.outcome is not None and game.board == bytes(board)
        assert winner == {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]
    assert refuted >= 3


def winning_group(geo: Geometry, board: bytes | bytearray, group: list[int], colour: int) -> bool:
    """Whether ``group``'s stones of ``colour`` touch both of that colour's edges."""
    first, second = geo.edges[colour]
    return bool(first.intersection(group)) and bool(second.intersection(group))


def test_playout_continues_a_game_in_progress() -> None:
    game = Game.from_fragment("v1.5.d2.swap.c2")
    geo = game.geometry
    board = bytearray(game.board)
    played: list[int] = []
    random_playout(geo, board, game.turn_count, BoardCounts(game.repetitions()),
                   random.Random(3).random, played)
    for code in played:
        game.play(Move.from_code(code, game.n))
    assert game.outcome is not None and game.board == bytes(board)


@pytest.mark.parametrize("policy", [{"bridge_replies": True}, {"diamond_replies": True}])
def test_informed_playouts_replay_identically_through_game(policy: dict[str, bool]) -> None:
    geo = Geometry.of(7)
    for seed in range(30):
        board = bytearray(geo.size)
        played: list[int] = []
        winner = random_playout(geo, board, 0, BoardCounts({bytes(board): 1}),
                                random.Random(seed).random, played,
                                bridge_replies=policy.get("bridge_replies", False),
                                diamond_replies=policy.get("diamond_replies", False))
        game = Game(7)
        for code in played:
            game.play(Move.from_code(code, 7))
        assert game.outcome is not None and game.board == bytes(board)
        assert winner == {None: DRAW, "red": RED, "blue": BLUE}[game.outcome.winner]


def first_playout_moves(fragment: str, **policy: bool) -> set[str]:
    """The first move of playouts from a game's position, over many seeds, with the game's moves as history."""
    game = Game.from_fragment(fragment)
    firsts = set()
    for seed in range(40):
        played = [move.code(game.n) for move in game.moves]
        random_playout(game.geometry, bytearray(game.board), game.turn_count, BoardCounts(game.repetitions()),
                       random.Random(seed).random, played,
                       bridge_replies=policy.get("bridge_replies", False),
                       diamond_replies=policy.get("diamond_replies", False))
        firsts.add(str(Move.from_code(played[game.turn_count], game.n)))
    return firsts


def test_diamond_replies_save_an_adjacent_pair_threatened_at_a_tip() -> None:
    # Red's c2-c3 pair; Blue's b3 takes one tip, so Red takes the other, d2.
    assert first_playout_moves("v1.5.c2.a1.c3.b3", diamond_replies=True) == {"d2"}
    assert len(first_playout_moves("v1.5.c2.a1.c3.b3", bridge_replies=True)) > 1  # bridges only


def test_diamond_and_bridge_replies_answer_an_intruded_bridge() -> None:
    # Red's c2 and d3 form a bridge over c3 and d2; Blue intrudes at c3.
    for policy in ("diamond_replies", "bridge_replies"):
        assert first_playout_moves("v1.5.c2.a1.d3.c3", **{policy: True}) == {"d2"}


def boards_after(geo: Geometry, start: bytes, turn: int, codes: list[int]) -> list[tuple[bytes, list[int]]]:
    """Each board after each of ``codes`` (placements from turn ``turn`` on), with the cells it emptied."""
    board = bytearray(start)
    after = []
    for code in codes:
        emptied = place(board, geo, code, mover(turn))
        turn += 1
        after.append((bytes(board), emptied))
    return after


@pytest.mark.parametrize("n", [3, 4, 5])
def test_playouts_end_where_the_rules_do_when_earlier_boards_have_occurred_often(n: int) -> None:
    # The boards of one playout are given as having occurred ``often`` times
    # before; a second playout from the same start must stop exactly at the
    # first turn at which ``ending`` ends the game, counting every board.
    geo = Geometry.of(n)
    start = bytearray(geo.size)
    start[0], start[-1] = RED, BLUE
    draws = 0
    for seed in range(150):
        rng = random.Random(seed)
        earlier: list[int] = []
        random_playout(geo, bytearray(start), 2, BoardCounts({bytes(start): 1}), rng.random, earlier)
        for often in (0, 5, 6):
            base = {bytes(start): 1}
            base.update({board: often for board, _ in boards_after(geo, bytes(start), 2, earlier) if often})
            board = bytearray(start)
            played: list[int] = []
            winner = random_playout(geo, board, 2, BoardCounts(dict(base)), rng.random, played)
            counts = BoardCounts(base)
            ends = []
            for turn, (after, _) in enumerate(boards_after(geo, bytes(start), 2, played), 3):
                ends.append(ending(won_by(after, geo, played[turn - 3]), counts.add(after), turn))
            assert all(end is None for end in ends[:-1]) and ends[-1] is not None
            assert (winner == DRAW) == (ends[-1] != "connection")
            draws += ends[-1] == "repetition"
    assert draws > 0  # the repetition path was taken


def test_playout_repeats_counts_the_rebuilt_boards_equal_to_a_board() -> None:
    geo = Geometry.of(5)
    start = bytearray(geo.size)
    start[6], start[18] = RED, BLUE
    for seed in range(40):
        played: list[int] = []
        random_playout(geo, bytearray(start), 2, BoardCounts({bytes(start): 1}), random.Random(seed).random,
                       played)
        after = boards_after(geo, bytes(start), 2, played)
        removals = [(k, emptied) for k, (_, emptied) in enumerate(after, 1) if emptied]
        for k in range(1, len(played) + 1, 3):
            board = after[k - 1][0]
            expected = Counter(b for b, _ in after[:k])[board]
            assert _playout_repeats(bytes(start), RED, played[:k], removals, bytearray(board)) == expected


def test_board_counts_know_the_most_stones_of_any_board_counted() -> None:
    counts = BoardCounts({bytes([1, 0, 2, 0]): 1})
    assert counts.most == 2
    counts.add(bytearray([1, 1, 2, 0]))
    assert counts.most == 3 == stone_count(bytes([1, 1, 2, 0]))
    assert BoardCounts({bytes(4): 1}, most=2).most == 2


def test_a_playout_is_drawn_at_once_when_its_first_board_has_occurred_six_times() -> None:
    # Every board the first move can make has occurred six times (and has the
    # most stones of any board counted), so the seventh ends the playout.
    geo = Geometry.of(4)
    for seed in range(20):
        start = bytearray(geo.size)
        boards = boards_after(geo, bytes(start), 0, random.Random(seed).sample(range(1, geo.size), 6))
        start = bytearray(boards[-1][0])
        base = {bytes(start): 1}
        for cell in range(geo.size):
            if not start[cell]:
                base[boards_after(geo, bytes(start), 6, [cell])[0][0]] = 6
        played: list[int] = []
        winner = random_playout(geo, bytearray(start), 6, BoardCounts(base), random.Random(seed).random, played)
        assert len(played) == 1
        assert winner == DRAW or won_by(boards_after(geo, bytes(start), 6, played)[0][0], geo, played[0])


def group_partition(groups: Groups, board: bytearray) -> tuple[dict[int, int], set[frozenset[int]]]:
    """Each stone's group edge bits, and the groups as sets of cells, from a ``Groups``."""
    def find(c: int) -> int:
        while groups.parent[c] != c:
            c = groups.parent[c]
        return c

    roots: dict[int, set[int]] = {}
    for c, stone in enumerate(board):
        if stone:
            roots.setdefault(find(c), set()).add(c)
    bits = {c: groups.root_bits[root] for root, cells in roots.items() for c in cells}
    return bits, {frozenset(cells) for cells in roots.values()}


@pytest.mark.parametrize("n", [4, 5, 7])
def test_followed_groups_match_groups_built_afresh_through_captures_and_the_steal(n: int) -> None:
    geo = Geometry.of(n)
    captures = steals = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(n)
        board = bytearray(game.board)
        groups = Groups(geo, bytearray(board)).copy(board)
        while game.outcome is None:
            legal = game.legal_moves()
            # Every other game steals, when it may.
            move = legal[-1] if seed % 2 and legal[-1].is_swap else rng.choice(legal)
            code = move.code(n)
            captured = play_code(board, geo, code, mover(game.turn_count))
            captures += bool(captured)
            steals += move.is_swap
            won = groups.follow(code, mover(game.turn_count), captured)
            game.play(move)
            assert bytes(board) == game.board
            assert won == won_by(board, geo, code)
            assert group_partition(groups, board) == group_partition(Groups(geo, board), board)
    assert captures >= 5 and steals >= 5  # the games exercised what the groups must follow


def test_a_playout_with_the_callers_groups_plays_as_one_with_its_own() -> None:
    geo = Geometry.of(7)
    game = Game.from_fragment("v1.7.d2.c3.e3.b5.c5.d4")
    for seed in range(20):
        results = []
        for given in (False, True):
            board = bytearray(game.board)
            played: list[int] = []
            groups = Groups(geo, board) if given else None
            winner = random_playout(geo, board, game.turn_count, BoardCounts(game.repetitions()),
                                    random.Random(seed).random, played, diamond_replies=True,
                                    groups=groups)
            results.append((winner, played, bytes(board)))
        assert results[0] == results[1]


def test_a_playout_refuses_groups_of_another_board() -> None:
    geo = Geometry.of(5)
    board = bytearray(geo.size)
    with pytest.raises(ValueError, match="another board"):
        random_playout(geo, board, 2, BoardCounts(), random.Random(1).random,
                       groups=Groups(geo, bytearray(geo.size)))


def test_counting_on_a_copy_of_the_board_counts_leaves_the_original_as_it_was() -> None:
    empty, one = bytes(9), bytes([1] + [0] * 8)
    counts = BoardCounts({empty: 1})
    counts.add(one)
    copy = counts.copy()
    copy.add(one)
    copy.add(empty)
    assert (counts.count(one), counts.count(empty)) == (1, 1)
    assert (copy.count(one), copy.count(empty)) == (2, 2)
