import subprocess
import sys

import pytest

from cachex.__main__ import main


def test_show_prints_a_text_board_with_whose_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "v1.5.d2.swap.c2"]) == 0
    out = capsys.readouterr().out
    assert "a b c d e" in out
    assert " 4   . B . . .  4" in out
    assert " 2   . . R . .  2" in out
    assert out.strip().endswith("Blue to move")


def test_show_accepts_a_whole_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "http://127.0.0.1:8000/#v1.3.a1.c1.a2.c2.a3"]) == 0
    assert "Red wins" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["show", "v1.5.d2.d2"], ["show", "nonsense"], ["bogus"],
                                  ["show"], []])
def test_bad_input_is_one_line_on_stderr_and_exit_two(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    if argv:
        assert len(err.strip().splitlines()) == 1 and "error" in err


def test_module_runs_with_help() -> None:
    result = subprocess.run([sys.executable, "-m", "cachex", "--help"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0
    assert "show" in result.stdout and "v1.9.d2.swap.e5" in result.stdout
