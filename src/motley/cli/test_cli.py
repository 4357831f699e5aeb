"""The script-facing commands, run in-process through `main`, plus a few real processes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from motley.cli.conftest import Runner


def state_of(run: Runner, *args: str, stdin: str = "") -> dict[str, Any]:
    status, out, err = run(*args, stdin=stdin)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_games_lists_every_game_with_players_and_options(run: Runner) -> None:
    status, out, _ = run("games")
    assert status == 0
    assert "chess: Chess" in out and "chess960: Chess960" in out
    assert "players: 2 (White, Black)" in out
    assert "traits: chance" in out
    assert 'start="random"' in out and "repetition=3" in out


def test_new_prints_a_self_describing_state(run: Runner) -> None:
    doc = state_of(run, "new", "chess")
    assert doc["game"] == "chess" and doc["version"] == 1
    assert doc["options"]["repetition"] == 3
    assert doc["state"]["fen"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq")
    assert doc["pending"] == {}


def test_new_chess960_stays_at_chance_without_seed_and_deals_with_one(run: Runner) -> None:
    assert state_of(run, "new", "chess960")["state"]["fen"] is None
    seeded = state_of(run, "new", "chess960", "--seed", "7")
    assert seeded["state"]["fen"] is not None
    assert seeded == state_of(run, "new", "chess960", "--seed", "7")
    status, out, _ = run("legal", stdin=json.dumps(seeded))
    assert status == 0 and len(out.split()) >= 18  # knights in a corner have two moves less


def test_new_with_position_and_options(run: Runner) -> None:
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    doc = state_of(run, "new", "chess", "--position", fen, "--option", "repetition=5")
    assert doc["state"]["fen"] == fen
    assert doc["options"]["repetition"] == 5
    sp518 = state_of(run, "new", "chess960", "--position", "518")
    assert sp518["state"]["fen"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")


def test_legal_at_a_chance_node_lists_outcomes_with_probabilities(run: Runner) -> None:
    status, out, _ = run("legal", stdin=json.dumps(state_of(run, "new", "chess960")))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 960
    assert "sp 518  1/960" in lines


def test_legal_lists_moves_and_reads_files(run: Runner, tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state_of(run, "new", "chess")))
    status, out, _ = run("legal", str(path))
    assert status == 0
    pawn_moves = {f"{f}2{f}{r}" for f in "abcdefgh" for r in "34"}
    assert pawn_moves <= set(out.split())
    assert len(out.split()) == 20 and "g1f3" in out.split()


def test_apply_plays_moves_and_chance_outcomes(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "chess960"))
    doc = state_of(run, "apply", "sp 518", "e2e4", "Nf6", stdin=start)
    assert doc["state"]["fen"].startswith("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w")
    assert doc["game"] == "chess960"


def test_apply_reads_a_state_file(run: Runner, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state_of(run, "new", "chess")))
    doc = state_of(run, "apply", "e2e4", "--state", str(path))
    assert " b KQkq " in doc["state"]["fen"]
    assert len(doc["state"]["history"]) == 0  # a pawn move is irreversible


def test_apply_is_all_or_nothing(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "chess"))
    status, out, err = run("apply", "e2e4", "e7e5", "e2e4", stdin=start)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "e2e4" in err


def test_apply_checks_the_seat(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "chess"))
    status, _, err = run("apply", "e2e4", "--seat", "black", stdin=start)
    assert status == 2 and "not Black's turn" in err
    assert state_of(run, "apply", "e2e4", "--seat", "0", stdin=start)


def test_view_for_a_seat_and_a_spectator(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "chess"))
    view = state_of(run, "view", "--seat", "1", stdin=start)
    assert view["seat"] == 1 and view["game"] == "chess"
    assert view["view"]["fen"].startswith("rnbqkbnr/")
    assert view["pending"] == {}
    assert state_of(run, "view", "--seat", "spectator", stdin=start)["seat"] == -1


def test_perft_and_divide(run: Runner) -> None:
    status, out, _ = run("perft", "chess", "3")
    assert status == 0 and out.strip() == "8902"
    status, out, _ = run("perft", "chess", "2", "--divide")
    lines = out.strip().splitlines()
    assert lines[-1] == "400"
    assert "e2e4: 20" in lines and len([x for x in lines if ":" in x]) == 20
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
    assert run("perft", "chess", "2", "--position", kiwipete)[1].strip() == "2039"
    assert run("perft", "chess960", "2", "--position", "0")[1].strip() == "400"


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (("new", "nosuch"), "", "unknown game 'nosuch'"),
        (("new", "chess", "--position", "rnbqkbnr/8 w"), "", "FEN"),
        (("new", "chess", "--option", "colour=blue"), "", "no option 'colour'"),
        (("new", "chess", "--option", "repetition=often"), "", "whole number"),
        (("new", "chess", "--option", "repetition"), "", "NAME=VALUE"),
        (("new", "chess960", "--position", "960"), "", "0-959"),
        (("perft", "chess", "-1"), "", "depth"),
        (("perft", "chess", "two"), "", "invalid int"),
        (("perft", "chess960", "2"), "", "chance node"),
        (("legal",), "{", "not valid JSON"),
        (("legal",), "", "empty"),
        (("legal",), "[1, 2]", "JSON object"),
        (("legal",), '{"game": "chess", "version": 1}', "missing 'state'"),
        (("legal",), '{"game": "chess", "version": 9, "state": {}}', "version 9"),
        (("legal",), '{"game": "go", "version": 1, "state": {}}', "unknown game"),
        (("legal",), '{"game": "chess", "version": 1, "state": {"fen": 3}}', "fen"),
        (("legal",), '{"game": "chess", "version": 1, "state": {"fen": "x"}}', "FEN"),
        (("legal",), '{"game": "chess", "version": 1, "state": []}', "object"),
        (("legal", "/nonexistent/state.json"), "", "No such file"),
        (("view", "--seat", "3"), "NEW", "no seat '3'"),
        (("apply", "e2e5"), "NEW", "cannot move from e2 to e5"),
        (("apply", "e2e9"), "NEW", "'e9' is not a cell"),
        (("apply", "hello"), "NEW", "neither a coordinate move"),
        (("apply", "Qh5"), "NEW", "no queen"),
        (("apply", "sp 3"), "NEW", "sp 3"),
        (("pgn",), "{}", "not a Motley game record"),
        (("frobnicate",), "", "invalid choice"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(
    run: Runner, args: tuple[str, ...], stdin: str, needle: str
) -> None:
    if stdin == "NEW":
        stdin = json.dumps(state_of(run, "new", "chess"))
    status, out, err = run(*args, stdin=stdin)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err


def test_edited_state_pending_outside_a_simultaneous_node_is_rejected(run: Runner) -> None:
    doc = state_of(run, "new", "chess")
    doc["pending"] = {"0": "e2e4"}
    status, _, err = run("legal", stdin=json.dumps(doc))
    assert status == 2 and "simultaneous" in err


def test_pgn_of_a_record(run: Runner, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, _, _ = run("play", "chess", "--record", str(record), stdin="f2f3\ne7e5\ng2g4\nd8h4\n")
    assert status == 0
    status, out, _ = run("pgn", str(record))
    assert status == 0
    assert '[Result "0-1"]' in out and "1. f3 e5 2. g4 Qh4# {checkmate} 0-1" in out


def _motley(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "motley", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_process_exit_codes() -> None:
    done = _motley("new", "chess")
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "chess"
    moved = _motley("apply", "e2e4", stdin=done.stdout)
    assert moved.returncode == 0
    bad = _motley("apply", "e2e4", stdin=moved.stdout)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    unknown = _motley("new", "nosuch")
    assert unknown.returncode == 2 and unknown.stderr.startswith("motley: unknown game")


def test_process_help_and_usage() -> None:
    assert _motley("--help").returncode == 0
    missing = _motley("perft", "chess")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1


FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")


def test_a_finished_game_says_game_over(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "chess"))
    done = json.dumps(state_of(run, "apply", *FOOLS_MATE, stdin=start))
    status, out, err = run("legal", stdin=done)
    assert status == 0 and out == ""  # no actions for scripts; the reason for people
    assert err == "game over: Black wins by checkmate\n"
    status, out, err = run("apply", "a2a3", stdin=done)
    assert status == 2 and out == ""
    assert err == "motley: game over: Black wins by checkmate\n"


def test_apply_at_a_simultaneous_node_needs_a_seat(run: Runner) -> None:
    start = json.dumps(state_of(run, "new", "synchronous"))
    status, out, err = run("apply", "e2e4", stdin=start)
    assert status == 2 and out == ""
    assert "say which one commits (--seat white or --seat black)" in err
    committed = state_of(run, "apply", "e2e4", "--seat", "white", stdin=start)
    assert committed["pending"] == {"0": "e2e4"}


def test_a_deeply_nested_state_is_one_line_and_status_2() -> None:
    nested = '{"game": "chess", "version": 1, "state": ' + "[" * 100_000 + "]" * 100_000 + "}"
    done = _motley("legal", stdin=nested)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "motley: the input is nested too deeply to be a Motley file\n"


def test_chess960_reads_the_kings_step_for_castling(run: Runner) -> None:
    # the orthodox array (SP 518) with f1 and g1 cleared: e1g1 can only mean castling
    start = json.dumps(state_of(run, "new", "chess960", "--position", "518"))
    opened = json.dumps(state_of(run, "apply", "e2e4", "e7e5", "g1f3", "g8f6", stdin=start))
    ready = state_of(run, "apply", "f1c4", "f8c5", stdin=opened)
    castled = state_of(run, "apply", "e1g1", stdin=json.dumps(ready))
    assert castled == state_of(run, "apply", "e1h1", stdin=json.dumps(ready))
    # where castling cannot land the king there, the answer says how castling is written
    status, _, err = run("apply", "e1c1", stdin=json.dumps(ready))
    assert status == 2 and "write e1a1 or O-O-O" in err


def test_play_help_names_the_computer_levels(run: Runner) -> None:
    status, out, _ = run("play", "--help")
    assert status == 0
    assert "level1   level 1 (beginner)" in out and "level5   level 5 (expert)" in out


def test_the_readme_names_each_games_traits_as_its_header_does() -> None:
    from motley.core import registry

    readme = Path(__file__).parents[3] / "README.md"
    rows = [line.split("|") for line in readme.read_text().splitlines() if line.startswith("| `")]
    traits = {"chance", "hidden", "simultaneous", "teams", "cooperative", "puzzle"}
    # a row may name several ids: "`chess_golf_1` to `chess_golf_4`"
    listed = {
        game_id: row[3] for row in rows for game_id in re.findall(r"`([a-z0-9_]+)`", row[1])
    }
    assert "two_move" in listed and "chess_golf_4" in listed
    for game_id, column in listed.items():
        words = {w.strip(" ,()") for w in column.split()} & traits
        assert words == {t.value for t in registry.rules_class(game_id).spec.traits}, game_id
