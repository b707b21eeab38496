"""42-cluster's referee, bot and command line against faulty bots and bad arguments: every fault
loses the game of the bot that made it, within the timeout and with bounded memory; bad lines
and arguments get one clear line, never a traceback or a hang."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cluster42 import Game
from cluster42.__main__ import main
from cluster42.agent import COLOUR, play_protocol
from cluster42.referee import BotPlayer, referee_game

PYTHON = sys.executable
ROOT = Path(__file__).resolve().parent.parent

# A bot's opening: it answers init, then does at each turn what its body says.
OPENING = """\
import sys, time
for line in sys.stdin:
    words = line.split()
    if words[0] == "init":
        print("color", 5 * int(words[6]), flush=True)
    elif words[0] == "chips":
"""
BODIES = {
    "fetch_spam": "        while True:\n            sys.stdout.write('fetch cells\\n'); sys.stdout.flush()\n",
    "no_newline": "        while True:\n            sys.stdout.write('x' * 65536); sys.stdout.flush()\n",
    "quits": "        print('rotate 1', flush=True)\n        sys.exit(0)\n",
    "slow": "        time.sleep(0.3)\n        print('rotate 2', flush=True)\n",
}


def bot(tmp_path: Path, kind: str) -> str:
    path = tmp_path / f"{kind}.py"
    path.write_text(OPENING + BODIES[kind])
    return f"{PYTHON} {path}"


@pytest.mark.parametrize(("kind", "reason"), [("fetch_spam", "unread"), ("no_newline", "longer than")])
def test_a_bot_that_floods_the_referee_loses_at_once_with_bounded_memory(tmp_path: Path, kind: str,
                                                                          reason: str) -> None:
    started = time.perf_counter()
    result = referee_game((BotPlayer(bot(tmp_path, kind), "bot 1"), BotPlayer(bot(tmp_path, "slow"), "bot 2")),
                          Game(5, seed=3), 1.0)
    assert result.winner == 1 and result.reason.startswith("bot 1") and reason in result.reason
    assert time.perf_counter() - started < 20


def test_a_bot_that_quits_after_its_move_is_the_one_blamed(tmp_path: Path) -> None:
    result = referee_game((BotPlayer(bot(tmp_path, "quits"), "bot 1"), BotPlayer(bot(tmp_path, "slow"), "bot 2")),
                          Game(5, seed=3), 1.0)
    assert result.winner == 1 and result.reason.startswith("bot 1"), result.reason


@pytest.mark.parametrize("argument", [["--timeout", "inf"], ["--timeout", "1e309"], ["--timeout", "nan"],
                                      ["--timeout", "0"], ["--games", "\u0663"], ["--size", "\uff15"]])
def test_the_referee_refuses_odd_numbers_in_one_line(argument: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["referee", "a", "b", *argument])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "error: argument" in error


@pytest.mark.parametrize("game", ["cachex show v1.5.d2", "cubox show cubox.5", "chase show chase",
                                  "cluster42 show cluster42.5.s7"])
def test_a_command_whose_reader_closes_early_ends_without_a_traceback(game: str) -> None:
    reader = subprocess.run(f"{PYTHON} -m {game} | true", shell=True, cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=False)
    assert "Traceback" not in reader.stderr and "BrokenPipe" not in reader.stderr


def bot_answers(text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play_protocol(lambda situation, seconds: pytest.fail("no move is asked"), io.StringIO(text), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("lines", ["init 4 15 5 4 1.0 0\nchips -1 -1\n", "init 4 15 5 4 1.0 0\nchips 2 3\n",
                                   "init 4 15 5 4 1.0 0\nchips 9 9\n", "init 4 15 5 4 1.0 5\nchips 0 1\n",
                                   "init 4 15 5 4 inf 0\nchips 0 1\n", "init 4 15 5 4 nan 0\nchips 0 1\n",
                                   "init 4 15 5 4 1.0 0\nchips 0 \u0661\n", "init 4 1.5 5 4 1.0 0\n",
                                   "x" * 10_000_000 + "\n"])
def test_the_bot_refuses_a_bad_line_in_one_short_line(lines: str) -> None:
    status, _, error = bot_answers(lines)
    assert status == 1 and error.startswith("cluster42 bot: ") and error.count("\n") == 1 and len(error) < 300


def test_the_bot_answers_a_colour_valid_with_or_without_colour_blind_colours() -> None:
    for me in (0, 1):
        _, out, _ = bot_answers(f"init 4 15 5 4 1.0 {me}\n")
        assert out == f"color {COLOUR[me]}\n"
    assert COLOUR == (0, 5)  # the colours the original referee's README shows its bots answering


def test_the_bot_answers_init_before_loading_its_engine() -> None:
    """The bot answers ``color`` without importing the search (the referee allows 1 s)."""
    code = ("import sys, io\nfrom cluster42.__main__ import engine_chooser\nfrom cluster42.agent import play_protocol\n"
            "play_protocol(engine_chooser(), io.StringIO('init 4 15 5 4 1.0 1\\n'), sys.stdout)\n"
            "print('cluster42.engine' in sys.modules)")
    done = subprocess.run([PYTHON, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["color", "5", "False"]
