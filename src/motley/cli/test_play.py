"""`motley play` driven through a scripted standard input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motley.cli.conftest import Runner, playing
from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.record import GameRecord, replay

Play = Runner

FOOLS_MATE = "f2f3\ne7e5\ng2g4\nd8h4\n"


@pytest.fixture
def run(run: Runner) -> Runner:
    return playing(run)


def load(path: Path) -> GameRecord:
    return GameRecord.from_json(json.loads(path.read_text()))


def test_fools_mate_ends_the_game_and_saves_the_record(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, out, err = run("chess", "--record", str(path), stdin=FOOLS_MATE)
    assert status == 0 and err == ""
    assert "♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜" in out
    assert "White to move>" in out and "Black to move>" in out
    assert "Result: Black wins by checkmate (returns: White -1, Black 1)." in out
    record = load(path)
    assert [text for e in record.events for _, text in e.actions] == [
        "f2f3",
        "e7e5",
        "g2g4",
        "d8h4",
    ]
    assert record.result == (-1.0, 1.0) and record.seed is not None
    rules = registry.make("chess")
    assert rules.is_terminal(replay(record)[-1])


def test_san_input_and_the_save_prompt(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    status, out, _ = run("chess", stdin=f"f3\ne5\ng4\nQh4#\n{path}\n")
    assert status == 0
    assert "Save the game record" in out and f"Record saved to {path}" in out
    assert load(path).result == (-1.0, 1.0)


def test_undo_moves_and_bad_moves(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    script = "f2f3\nmoves\ne2e5\nhello\ne7e6\nundo\ne7e5\ng2g4\nd8h4\n"
    status, out, err = run("chess", "--record", str(path), stdin=script)
    assert status == 0 and "Traceback" not in out + err
    assert "20 legal moves:" in out and "Na6 Nc6 Nf6 Nh6 a5 a6" in out
    assert "illegal action 'e2e5': the piece on e2 is not Black's" in out
    assert "'hello' is neither a coordinate move" in out
    assert "White took moves back." in out
    texts = [text for e in load(path).events for _, text in e.actions]
    assert texts == ["f2f3", "e7e5", "g2g4", "d8h4"]


def test_nothing_to_undo_and_help(run: Play) -> None:
    status, out, _ = run("chess", stdin="undo\nhelp\nboard\nquit\n\n")
    assert status == 0
    assert "Nothing to undo." in out and "list the actions open to you now" in out
    assert "Stopped; the game is unfinished." in out


def test_end_of_input_exits_cleanly(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, out, err = run("chess", "--record", str(path), stdin="e2e4\n")
    assert status == 0 and err == ""
    assert "Input ended; the game is unfinished." in out
    record = load(path)
    assert record.result is None and record.seed is None  # the seed stays secret
    assert len(record.events) == 1


def test_resign(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, out, _ = run("chess", "--record", str(path), stdin="e2e4\nresign\n")
    assert status == 0
    assert "Result: Black resigns: White wins (returns: White 1, Black -1)." in out
    assert load(path).result == (1.0, -1.0)


def test_computer_seats_play_as_the_driver_does(run: Play, tmp_path: Path) -> None:
    for game in ("chess", "chess960"):
        path = tmp_path / f"{game}.json"
        status, out, _ = run(
            game, "--seat", "0=random", "--seat", "black=random", "--seed", "11",
            "--record", str(path),
        )  # fmt: skip
        assert status == 0 and "Result:" in out
        rules = registry.make(game)
        expected = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed="11").record
        assert load(path).events == expected.events
        assert load(path).result == expected.result
    assert "Chance: sp " in out


def test_undo_against_the_computer_replays_its_answer(run: Play) -> None:
    status, out, _ = run("chess", "--seat", "1=random", "--seed", "3", stdin="e2e4\nundo\ne2e4\n")
    assert status == 0
    answers = [line.split("Black plays")[1] for line in out.splitlines() if "Black plays" in line]
    assert len(answers) == 2 and answers[0] == answers[1]


def test_a_lone_black_player_sees_the_board_from_black(run: Play) -> None:
    status, out, _ = run("chess", "--seat", "white=random", "--seed", "1", stdin="")
    assert status == 0
    assert "   h  g  f  e  d  c  b  a" in out
    assert "8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("nosuch",), "unknown game"),
        (("chess", "--seat", "2=human"), "no seat '2'"),
        (("chess", "--seat", "0=wizard"), "unknown player kind 'wizard'"),
        (("chess", "--seat", "white"), "SEAT=KIND"),
        (("chess", "--position", "8/8 w"), "FEN"),
    ],
)
def test_bad_setup_gives_one_line_and_status_2(
    run: Play, args: tuple[str, ...], needle: str
) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err
