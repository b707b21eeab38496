"""The page's main thread runs the package under MicroPython: it must agree with CPython.

The vendored MicroPython (the page's own) runs in Node over the files that
PyScript's config in index.html gives the page and the games' bundles,
replays many game records (random games with captures and steals, finished
and running, and bad ones) and describes what the page shows of each;
CPython does the same and the two must be equal.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cachex import Game

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tests" / "micropython"
sys.path.insert(0, str(HARNESS))

from conformance import report  # noqa: E402


def random_records(count: int, seed: int) -> list[str]:
    """Records of seeded random games on every size, some cut short, some finished.

    A third of the games steal at turn 2 (where ``swap`` is the last legal move).
    """
    rng = random.Random(seed)
    records = []
    for k in range(count):
        game = Game(3 + k % 13)
        stop = rng.choice([1, 2, 5, 20, 400])
        while game.outcome is None and game.turn_count < stop:
            moves = game.legal_moves()
            steal = game.turn_count == 1 and rng.random() < 0.3  # more steals than at random
            game.play(moves[-1] if steal else rng.choice(moves))
        records.append(game.to_fragment())
    return records


def captures_and_steals(records: list[str]) -> tuple[int, int]:
    games = [Game.from_fragment(r) for r in records]
    return (sum(1 for g in games for t in g.history if t.captured),
            sum(1 for g in games if g.turn_count > 1 and g.moves[1].is_swap))


def run_micropython(script: Path, data: object, tmp_path: Path) -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run MicroPython (it is on this kind of machine)")
    if not (ROOT / "node_modules/@micropython/micropython-webassembly-pyscript").exists():
        pytest.fail("MicroPython is missing: run scripts/setup.sh (the test command does)")
    source = tmp_path / "input.json"
    source.write_text(json.dumps(data))
    done = subprocess.run([node, str(HARNESS / "run.mjs"), str(script), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_micropython_shows_every_game_as_cpython_does(tmp_path: Path) -> None:
    records = [
        *random_records(30, seed=5),
        "v1.9.i9.c5.d5.e4.d4",  # a capture
        "v1.5.d2.swap.e5", "v1.5.c3", "v1.5.d2.d2", "v1.2", "v2.9", "v1.9.k", "#V1.5.D2",
        "v1.9.c3.c3", "v1.9.c3..d4", "v1.9.c3.e5.zz.d4",  # a valid start, then a refused move
        "v1.3.a1.c1.a2.c2.a3",  # a win
    ]
    captures, steals = captures_and_steals([r for r in records if r.startswith("v1.")
                                            and _valid(r)])
    assert captures >= 5 and steals >= 3  # the records exercise the rules that matter
    expected = report(records)
    got = json.loads(run_micropython(HARNESS / "conformance.py", records, tmp_path))
    assert len(got) == len(expected)
    for record, mine, theirs in zip(records, got, expected, strict=True):
        assert mine == theirs, f"MicroPython differs from CPython on {record!r}"


def _valid(record: str) -> bool:
    try:
        Game.from_fragment(record)
    except ValueError:
        return False
    return True


def test_a_failing_script_fails_the_harness(tmp_path: Path) -> None:
    script = tmp_path / "bad.py"
    script.write_text("raise ValueError('on purpose')\n")
    with pytest.raises(AssertionError, match="on purpose"):
        run_micropython(script, [], tmp_path)


def test_micropython_reads_and_writes_every_worker_message_as_cpython_does(tmp_path: Path) -> None:
    from protocol_check import protocol_report

    from gamekit.protocol import Analyse, ErrorReply, Evaluate, EvaluateReply, SearchReply, Think, encode

    texts = [encode(message) for message in (
        Think("v1.9.e5.d4", 1200, 4.0, 0.15, True), Analyse("v1.5", 0.15), Evaluate("v2.7-red-hard.d4", 0.15),
        SearchReply("swap", 1, [0.25, 0.75], {"swap": 40, "c3": 2}, 42, 0.31, 120,
                    None, ["swap", "b2"], True, False),
        EvaluateReply(0.5), ErrorReply("the game is over: there is nothing to search"))]
    texts += ["not json", "[1, 2]", '{"kind": "dance"}', '{"kind": "think", "fragment": "v1.5"}',
              '{"kind": "evaluation", "red": "high"}']
    expected = protocol_report(texts)
    assert sum("round trip" in line for line in expected) == 6
    assert sum(line.startswith("ProtocolError") for line in expected) == 5
    got = json.loads(run_micropython(HARNESS / "protocol_check.py", texts, tmp_path))
    assert got == expected


def same_under_micropython(script: str, records: list[str], expected: list[dict[str, Any]], tmp_path: Path) -> None:
    """Each record's report by the harness ``script`` under MicroPython is CPython's (``expected``)."""
    got = json.loads(run_micropython(HARNESS / script, records, tmp_path))
    assert len(got) == len(expected)
    for record, mine, theirs in zip(records, got, expected, strict=True):
        assert mine == theirs, f"MicroPython differs from CPython on {record!r}"


def test_micropython_plays_cubox_as_cpython_does(tmp_path: Path) -> None:
    import random

    from cubox_check import cubox_report

    from cubox import Game as CuboxGame

    records = []
    rng = random.Random(3)
    for size in (3, 4, 5, 6, 8):
        for _ in range(4):
            game = CuboxGame(size)
            while game.outcome is None:
                game.play(rng.choice(game.legal_moves()))
            records.append(game.to_fragment())
    records += ["cubox.6.c1.c3.e1.c5.e3.a5.d4.e5.g1.e7.g5.i1.c7.d2",  # the seed's second example
                "cubox.4.a1.c1.e1.g1.c3.a3.a5.a7.b2.d2.c5.b4.c3.b6.e3.f2.pass.pass",  # a deadlock
                "cubox.5.c1.c1", "cubox.5.o-hard.c1.swap", "cubox.2", "v1.5.c3", "cubox.5.c1..d2", "#CUBOX.16"]
    expected = cubox_report(records)
    assert sum("error" in shown for shown in expected) == 2 and sum(bool(s.get("refused")) for s in expected) == 2
    same_under_micropython("cubox_check.py", records, expected, tmp_path)


def test_micropython_plays_42_cluster_and_draws_its_chips_as_cpython_does(tmp_path: Path) -> None:
    import random

    from cluster42_check import cluster42_report

    from cluster42 import Game as ClusterGame

    records = []
    rng = random.Random(5)
    for size in (3, 4, 5, 6):
        for k in (1, 2, 3):
            game = ClusterGame(size, colours_per_player=k, seed=rng.getrandbits(32))
            while game.outcome is None:
                game.play(rng.choice(game.legal_moves()))
            records.append(game.to_fragment())
    records += ["cluster42.5.dealt.01_0c1.23_r4", "cluster42.5.s7.2-hard.0c1", "cluster42.5.s7.0c1.1-resigns",
                "cluster42.2.s1", "cluster42.5.s7.0c9", "cluster42.5.s7.0c1..r2", "#CLUSTER42.10.S0"]
    expected = cluster42_report(records)
    assert sum("error" in shown for shown in expected) == 1 and sum(bool(s.get("refused")) for s in expected) == 2
    same_under_micropython("cluster42_check.py", records, expected, tmp_path)


def test_micropython_plays_chase_as_cpython_does(tmp_path: Path) -> None:
    import random

    from chase_check import chase_report

    from chase import Game as ChaseGame

    records = []
    rng = random.Random(7)
    for number in range(6):
        game = ChaseGame(first="white" if number % 2 else "black")
        while game.outcome is None and game.turn_count < 60 + 40 * number:
            game.play(rng.choice(game.legal_moves()))
            if number == 0 and game.owed and len(game.shares()) > 1:
                break  # a game whose player to move chooses how to share lost points
        records.append(game.to_fragment())
    records += ["chase.a5-f8ne.i6-e4sw.a6xe4nw", "chase.black.white-hard.i5-d3sw.white-resigns", "chase.a5-f9",
                "chase.a5-f8ne..i6", "#CHASE.A5-F8", "cubox.5"]
    expected = chase_report(records)
    assert sum("error" in shown for shown in expected) == 1 and sum(bool(s.get("refused")) for s in expected) == 2
    assert any(len(shown.get("shares", [])) > 1 for shown in expected)
    same_under_micropython("chase_check.py", records, expected, tmp_path)
