"""Every game survives hostile input: any argument of any type to its public methods, any move
object of any field types, records of odd characters or great length, and requests to the
worker that are not what the page sends. Each ends in the game's own typed error (one short
line) or a correct result, with the game unchanged and still playable."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cachex
import chase
import cluster42
import cubox
from web import ai_worker

# Arguments a careless or hostile caller might pass: wrong types, look-alike letters,
# control and Unicode spaces, huge numbers, very long text.
HOSTILE: list[Any] = [None, True, False, 0, -1, 1, 5, 99, 10**30, 10**5000, 1.0, float("nan"), float("inf"), "",
                      "a1", "d2", "\x00", "\u212a1", "\u017f", "a1\u2003", "a\u00a01", "a1\t", [], {}, (1, 2),
                      (0,), object(), b"a1", "x" * 100_000, "white", "black", "x", "o", "1", "2", "red", "blue",
                      [1, 2], (True, False), "drop 0 0", "rotate 1", "a1-a2E", "swap", "pass"]

GAMES: dict[str, tuple[Any, type[ValueError], list[str]]] = {
    "cachex": (lambda: cachex.Game(5), cachex.CachexError,
               ["play", "check_legal", "is_legal", "resign", "stone_at", "parse_move"]),
    "cubox": (lambda: cubox.Game(5), cubox.CuboxError,
              ["play", "check_legal", "is_legal", "resign", "cubox_at", "position_of", "move_of"]),
    "cluster42": (lambda: cluster42.Game(5, seed=7), cluster42.ClusterError,
                  ["play", "check_legal", "is_legal", "resign", "deal", "bag", "owner"]),
    "chase": (lambda: chase.Game(), chase.ChaseError,
              ["play", "check_legal", "is_legal", "resign", "die_at", "points", "dice_count", "trace"]),
}
MODULES = {"cachex": cachex, "cubox": cubox, "cluster42": cluster42, "chase": chase}


def state(game: Any) -> tuple[str, str, int]:
    return game.to_fragment(), str(game), len(game.legal_moves())


def short_one_line(error: BaseException) -> bool:
    text = str(error)
    return "\n" not in text and len(text) <= 400


def still_playable(game: Any) -> None:
    if game.outcome is not None:
        return  # a resignation, which stands
    moves = game.legal_moves()
    assert moves, "a new game has moves"
    game.play(moves[0])
    game.undo()


def call_hostile(game: Any, error: type[ValueError], method: str, argument: Any) -> None:
    """Call ``method`` with ``argument``: a result, or ``error`` with nothing changed."""
    before = state(game)
    try:
        getattr(game, method)(argument)
    except error as exc:
        assert short_one_line(exc), f"{method}({argument!r:.40}): {exc!s:.200}"
        assert state(game) == before, f"{method}({argument!r:.40}) changed the game"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_any_argument_to_a_game_method_is_answered_or_refused_with_the_game_unchanged(name: str) -> None:
    make, error, methods = GAMES[name]
    for method in methods:
        for argument in HOSTILE:
            game = make()
            call_hostile(game, error, method, argument)
            still_playable(game)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_fuzzed_game_survives_random_hostile_calls_between_its_moves(name: str) -> None:
    """A game played at random, with hostile calls between the moves, ends as a clean game does."""
    make, error, methods = GAMES[name]
    rng = random.Random(name)
    for _ in range(3):
        game = make()
        for _ in range(60):
            if game.outcome is not None:
                break
            call_hostile(game, error, rng.choice(methods), rng.choice(HOSTILE))
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        assert type(game).from_fragment(game.to_fragment()).to_fragment() == game.to_fragment()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_records_of_hostile_text_are_refused_with_a_short_record_error(name: str) -> None:
    module = MODULES[name]
    game = GAMES[name][0]()
    good = game.to_fragment()
    for text in [*HOSTILE, good + ".\u212a1", good.upper().replace("S", "\u017f"), good + ".a\u20031",
                 good + "." + "x" * 500, good + "\x00", "#" + good + "\n" * 3]:
        try:
            found = module.Game.from_fragment(text)
        except module.RecordError as exc:
            assert short_one_line(exc), f"{text!r:.40}: {exc!s:.200}"
            assert len(str(exc)) < 300 or "x" * 100 not in str(exc), "a bad record is quoted short"
        else:
            assert text.strip().lstrip("#").lower() == good, f"{text!r:.40} was read as a record"
            assert found.to_fragment() == good


def test_look_alike_letters_and_inner_spaces_are_not_read_as_moves() -> None:
    for module, text in ((cachex, "\u212a1"), (cubox, "\u017f1"), (cluster42, "drop\u20030 1"),
                         (chase, "a1-a2\u212a"), (chase, "a1-\u00a0a2E"), (cluster42, "drop\t0 1")):
        with pytest.raises(module.InvalidMoveError, match="printable ASCII"):
            module.Move.parse(text)


FIELD = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                  st.text(max_size=6), st.tuples(st.integers(-3, 90)),
                  st.tuples(st.integers(-3, 90), st.integers(-3, 9)), st.lists(st.integers(0, 5), max_size=2))


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), fields=st.lists(FIELD, min_size=0, max_size=7))
def test_any_move_object_is_refused_with_the_game_unchanged_or_played(name: str, fields: list[Any]) -> None:
    """``Move(...)`` and its builders with fields of any types: refused with the game's own
    error, or a move the game refuses (unchanged) or plays (and writes a record it reopens)."""
    make, error, _ = GAMES[name]
    module = MODULES[name]
    builders = [module.Move] + [getattr(module.Move, b) for b in ("place", "drop", "rotate", "slide", "exchange")
                                if hasattr(module.Move, b)]
    game = make()
    for build in builders:
        try:
            move = build(*fields)
        except error:
            continue
        except TypeError:
            continue  # the wrong number of arguments: Python's own refusal of the call
        before = state(game)
        try:
            game.play(move)
        except error:
            assert state(game) == before
            continue
        assert type(game).from_fragment(game.to_fragment()).to_fragment() == game.to_fragment()
        game.undo()


def test_a_move_with_a_float_or_bool_field_leaves_a_42_cluster_game_exactly_as_it_was() -> None:
    game = cluster42.Game(5, seed=7)
    before = state(game), game.bag(0), game.gravity
    fields: list[tuple[Any, ...]] = [("rotate", 1.0), ("drop", 0, 1.0), ("drop", True, False), ("rotate", 1, 0)]
    for kind, *values in fields:
        with pytest.raises(cluster42.InvalidMoveError):
            game.play(cluster42.Move(kind, *values))
    assert (state(game), game.bag(0), game.gravity) == before
    with pytest.raises(cubox.InvalidMoveError):
        cubox.Move.place(True, True)


def test_a_full_42_cluster_board_with_one_chip_left_loses_for_the_player_who_cannot_move() -> None:
    game = cluster42.Game.from_fragment(
        "cluster42.3.k1.n19.c10.s1.-2c0.-2c1.-2c0.-1c1.-1c0.-1c1.-1c0.0c1.0c0.0c1.0c0.0c1.1c0.1c1.1c0.1c1.2c0."
        "2c1.2c0")
    assert game.outcome is not None and game.outcome.winner == "1" and game.outcome.reason == cluster42.game.BLOCKED
    assert "cannot move" in game.status() and game.legal_moves() == []


def test_a_chase_copy_keeps_who_started_and_undoes() -> None:
    game = chase.Game.from_fragment("chase.black.i5-d3sw")
    clone = game.copy()
    assert clone.to_fragment() == "chase.black.i5-d3sw" and clone.first == "black"
    clone.undo()
    assert clone.to_fragment() == "chase.black" and game.to_fragment() == "chase.black.i5-d3sw"


def test_wrong_argument_types_raise_each_games_own_errors() -> None:
    with pytest.raises(cubox.CuboxError):
        cubox.Game(5).resign([])  # type: ignore[arg-type]
    with pytest.raises(cachex.CachexError):
        cachex.Game(5).stone_at(5)  # type: ignore[arg-type]
    with pytest.raises(cluster42.ClusterError):
        cluster42.Game(5, dealt=True).deal(5)  # type: ignore[arg-type]
    for where in (99, -1, 81, True):
        with pytest.raises(chase.IllegalMoveError):
            chase.Game().die_at(where)
    assert chase.Game().die_at(80) == ("black", 1) and chase.Game().die_at("i9") == ("black", 1)


def long_chase_game(turns: int) -> chase.Game:
    """A legal game of ``turns`` turns, found by playing exchanges at random (no die is lost)."""
    rng = random.Random(5)
    game = chase.Game()
    while game.turn_count < turns:
        moves = [m for m in game.legal_moves() if m.is_exchange]
        rng.shuffle(moves)
        for move in moves:
            game.play(move)
            if game.outcome is None:
                break
            game.undo()
    return game


def test_long_games_reopen_from_their_links() -> None:
    game = long_chase_game(4000)
    assert chase.Game.from_fragment(game.to_fragment()).to_fragment() == game.to_fragment()
    rotations = "cluster42.10.k3.c9999.s1" + ".r0" * 6658
    assert cluster42.Game.from_fragment(rotations).turn_count == 6658


def test_a_long_rotating_42_cluster_game_judges_each_position_once() -> None:
    game = cluster42.Game(6, seed=1)
    game.play(game.legal_moves()[0])
    while game.outcome is None and len(game.draw) == 2:
        game.play(cluster42.Move.rotate(1 + 2 * (game.turn_count % 2)))
    assert game.turn_count > 40
    assert len(game._judged) <= 4  # the positions the rotations go back and forth among


# --- the worker -------------------------------------------------------------------------------

HOSTILE_REQUESTS = [
    '{"kind": {"a": 1}}', '{"kind": ["think"]}', "[" * 100_000 + "]" * 100_000, "{" * 5000,
    '{"kind": "think", "fragment": "chase", "iterations": 1e400, "seconds": 1, "slice_seconds": 0.1, "fresh": true}',
    '{"kind": "think", "fragment": "chase", "iterations": 10, "seconds": 1e400, "slice_seconds": 0.1, "fresh": true}',
    '{"kind": "think", "fragment": "chase", "iterations": 10, "seconds": NaN, "slice_seconds": 0.1, "fresh": true}',
    '{"kind": "analyse", "fragment": "chase", "seconds": Infinity}',
    '{"kind": "evaluate", "fragment": 5, "seconds": -1}',
    json.dumps({"kind": "think", "fragment": "cluster42.4.dealt.00_2c0.32_r5", "iterations": 10, "seconds": 0.1,
                "slice_seconds": 0.1, "fresh": True}),
    json.dumps({"kind": "analyse", "fragment": "cluster42.4.dealt.00_2c0.32_r5", "seconds": 0.05}),
    json.dumps({"kind": "think", "fragment": "cluster42.3.k1.n19.c10.s1.-2c0.-2c1.-2c0.-1c1.-1c0.-1c1.-1c0.0c1.0c0."
                "0c1.0c0.0c1.1c0.1c1.1c0.1c1.2c0.2c1.2c0", "iterations": 10, "seconds": 0.1, "slice_seconds": 0.1,
                "fresh": True}),
    "not json", "", "null", '"think"', "42",
]


@pytest.mark.parametrize("request_text", HOSTILE_REQUESTS, ids=range(len(HOSTILE_REQUESTS)))
def test_the_worker_answers_every_request_with_a_reply_never_an_exception(request_text: str) -> None:
    started = time.perf_counter()
    reply = json.loads(ai_worker.handle(request_text))
    assert reply["kind"] == "error" and reply["error"] and "\n" not in reply["error"]
    assert time.perf_counter() - started < 30  # refused, not searched for ever


def test_the_worker_evaluates_a_dealt_position_before_its_chips_are_dealt() -> None:
    reply = json.loads(ai_worker.handle(json.dumps({"kind": "evaluate", "fragment": "cluster42.4.dealt.00_2c0.32_r5",
                                                    "seconds": 0.05})))
    assert reply["kind"] == "evaluation" and 0.0 <= reply["first"] <= 1.0
