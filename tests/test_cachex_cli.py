import subprocess
import sys
from pathlib import Path

import pytest

from cachex.__main__ import main
from cachex.game import Game
from cachex.svg import board_svg


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
                                  ["show"], [], ["svg", "v1.5.zz"], ["svg"],
                                  ["svg", "v1.5", "-o", "/no/such/dir/x.svg"]])
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


def test_svg_draws_the_position_as_the_page_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["svg", "http://127.0.0.1:8000/#v1.3.a1.c1.a2.c2.a3"]) == 0
    out = capsys.readouterr().out.strip()
    assert out == board_svg(Game.from_fragment("v1.3.a1.c1.a2.c2.a3"))
    assert out.count('class="cell win"') + out.count('class="cell last win"') == 3
    assert 'data-cell="a3" data-stone="red"' in out and ">a</text>" in out


def test_svg_writes_a_file(tmp_path: Path) -> None:
    target = tmp_path / "game.svg"
    assert main(["svg", "v2.5.blue-hard.d2.swap", "-o", str(target)]) == 0
    assert target.read_text().startswith("<svg") and 'data-cell="b4" data-stone="blue"' in target.read_text()
