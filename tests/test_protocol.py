"""The page's messages to the worker and back, and the worker that answers them."""

from __future__ import annotations

import itertools
import json

import pytest

from cachex import Game
from cachex.engine.search import MCTS
from cachex.engine.settings import PLAY
from cachex.engine.worker import Worker
from gamekit.protocol import (
    MESSAGES,
    Analyse,
    ErrorReply,
    Evaluate,
    EvaluateReply,
    ProtocolError,
    SearchReply,
    Think,
    decode,
    encode,
)


def reply(worker: Worker, request: Think | Analyse | Evaluate) -> object:
    return decode(worker.handle(encode(request)))


@pytest.mark.parametrize("message", [
    Think("v1.9.e5.d4", 1200, 4.0, 0.15, True), Analyse("v1.5.c2", 0.15), Evaluate("v1.7", 0.1),
    SearchReply("c3", 0, [0.6, 0.4], {"c3": 9}, 9, 0.2, 30, "win", ["c3"], False, True),
    EvaluateReply(0.25), ErrorReply("no"),
])
def test_every_message_survives_its_json_text(message: object) -> None:
    text = encode(message)  # type: ignore[arg-type]
    assert json.loads(text)["kind"] == type(message).KIND  # type: ignore[attr-defined]
    assert decode(text) == message


def test_every_kind_of_message_is_known_by_one_name() -> None:
    kinds = [kind.KIND for kind in MESSAGES]
    assert len(set(kinds)) == len(kinds) == 6 and all(kinds)


@pytest.mark.parametrize(("text", "message"), [
    ("", "JSON text"),
    ("[1]", "JSON object"),
    ('{"fragment": "v1.5"}', "unknown message kind None"),
    ('{"kind": "dance"}', "unknown message kind 'dance'"),
    ('{"kind": "analyse", "fragment": "v1.5"}', "the analyse message needs fragment, seconds"),
    ('{"kind": "evaluate", "fragment": "v1.5", "seconds": "soon"}', "wrong type"),
])
def test_a_text_that_is_no_message_is_refused_by_a_protocol_error(text: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        decode(text)
    assert issubclass(ProtocolError, ValueError)


def test_the_worker_answers_a_bad_request_or_game_with_an_error_reply() -> None:
    worker = Worker(seed=1)
    assert isinstance(decode(worker.handle("nonsense")), ErrorReply)
    over = reply(worker, Think("v1.3.a1.c1.a2.c2.a3", 10, 1.0, 0.1, True))
    assert isinstance(over, ErrorReply) and "game is over" in over.error
    bad = reply(worker, Analyse("v1.5.z9", 0.1))
    assert isinstance(bad, ErrorReply) and "z9" in bad.error
    wrong = decode(worker.handle(encode(EvaluateReply(0.5))))
    assert isinstance(wrong, ErrorReply) and "not evaluation" in wrong.error


def test_the_worker_evaluates_a_finished_game_by_its_result() -> None:
    worker = Worker(seed=1)
    won = reply(worker, Evaluate("v1.3.a1.c1.a2.c2.a3", 0.1))
    assert isinstance(won, EvaluateReply) and won.first == 1.0


def ticking() -> itertools.count[int]:
    return itertools.count()


def test_a_think_in_slices_is_the_search_of_the_whole_budget() -> None:
    # An iteration budget: the slices (one second of a clock that ticks once a
    # reading, 16 iterations between readings) end the same search the one call makes.
    game = Game.from_fragment("v1.9.c3.e5.d4")
    whole = MCTS(PLAY, seed=4).search(game, iterations=400)
    ticks = ticking()
    thinking = MCTS(PLAY, seed=4).think(game, iterations=400, clock=lambda: float(next(ticks)))
    steps = 0
    while not thinking.finished:
        sliced = thinking.step(3.0)
        steps += 1
    assert steps > 3
    assert (sliced.move, sliced.visits, sliced.win_chance, sliced.iterations) == (
        whole.move, whole.visits, whole.win_chance, whole.iterations)


def test_the_worker_keeps_one_moves_search_between_the_pages_slices() -> None:
    ticks = ticking()  # a second a reading of the clock, one reading per 16 iterations
    worker = Worker(seed=2, clock=lambda: float(next(ticks)))
    fragment = "v1.7.d2.c3"
    first = reply(worker, Think(fragment, 300, 600.0, 2.0, True))
    assert isinstance(first, SearchReply) and first.iterations < 300 and not first.finished
    last = first
    while not last.finished:
        nxt = reply(worker, Think(fragment, 300, 600.0, 2.0, False))
        assert isinstance(nxt, SearchReply) and nxt.iterations >= last.iterations  # the same search, going on
        last = nxt
    assert last.iterations == 300 and sum(last.visits.values()) >= 300
    again = reply(worker, Think(fragment, 300, 600.0, 2.0, True))  # fresh: a new move's search
    assert isinstance(again, SearchReply) and again.iterations < 300


def test_the_worker_answers_the_opening_from_the_book_at_once() -> None:
    booked = reply(Worker(seed=1), Think("v1.9", 1200, 4.0, 0.15, True))
    assert isinstance(booked, SearchReply) and booked.booked and booked.finished and booked.iterations == 0


def test_a_sliced_think_keeps_every_slice_short_while_it_proves() -> None:
    # 16 empty cells with solve_empties 16: the proof search looks for the forced
    # win first, for most of the budget, and finds it over many slices, none long.
    from cachex.engine.settings import Settings

    game = Game.from_fragment("v1.6.f1.c6.f3.c1.a1.b2.c5.f4.c4.d6.b6.d3.c3.b1.b3.d5.f2.b5.b6.e6.c2.e3")
    ticks = ticking()  # a second a reading: the solver reads every 64 positions
    thinking = MCTS(Settings(solve_empties=16), seed=1).think(game, seconds=3000.0,
                                                                clock=lambda: float(next(ticks)))
    slices = []
    while not thinking.finished:
        before = thinking.spent
        result = thinking.step(20.0)
        slices.append(thinking.spent - before)
    assert result.proven == "win"
    assert len(slices) > 20 and max(slices) <= 25  # a few readings past a slice's end at most


def test_the_pages_worker_hands_each_request_to_the_engine_its_record_names() -> None:
    from web.ai_worker import handle

    cubox = decode(handle(encode(Think("cubox.3.a1.e1.a3.c3", 100, 1.0, 0.15, True))))
    assert isinstance(cubox, SearchReply) and (cubox.move, cubox.player) == ("a5", 0)
    cachex = decode(handle(encode(Think("v1.3.a1.c1.a2.c2", 50, 1.0, 0.15, True))))
    assert isinstance(cachex, SearchReply) and (cachex.move, cachex.player) == ("a3", 0)
    refused = decode(handle("not json"))
    assert isinstance(refused, ErrorReply) and "JSON" in refused.error
