"""`motley match` and `motley ladder` through the real command line parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from motley.cli.main import main
from motley.cli.workbench import parse_levels
from motley.core.errors import MotleyError


def test_match_prints_the_table_and_writes_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    argv = ["match", "chess", "--agent", "greedy", "--agent", "random", "--games", "2"]
    argv += ["--workers", "0", "--out", str(out), "--option", "no_progress_plies=30"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "greedy" in captured.out and "draw rate" in captured.out
    assert f"report: {out / 'report.html'}" in captured.out
    assert "2/2 games" in captured.err
    assert (out / "report.html").exists()
    assert main(argv) == 0
    assert "2 of 2 games were already in" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "chess"], "name the players"),
        (["match", "chess", "--agent", "wizard"], "unknown agent 'wizard'"),
        (["match", "chess", "--agent", "mcts:speed=9"], "no setting 'speed'"),
        (["match", "chess", "--agent", "mcts:iterations=0"], "at least 1"),
        (["match", "nogame", "--agent", "random"], "unknown game"),
        (["match", "chess", "--agent", "random", "--option", "repetition=x"], "whole number"),
        (["ladder", "chess", "--levels", "0-3"], "1 to 5"),
        (["match", "chess", "--agent", "random", "--workers", "-1"], "--workers"),
        (
            ["match", "chess", "--agent", "random", "--scheduler", "nowhere"],
            "cannot start or reach",
        ),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main([*argv, "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_levels_text() -> None:
    assert parse_levels("1-5") == [1, 2, 3, 4, 5]
    assert parse_levels("1,3-4") == [1, 3, 4]
    with pytest.raises(MotleyError):
        parse_levels("3")
    with pytest.raises(MotleyError):
        parse_levels("a-b")
