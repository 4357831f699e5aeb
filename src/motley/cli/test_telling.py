"""`motley play` tells each game in its own words: help, events per seat, phases, forced
choices, and take backs refused once something hidden or random was seen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motley.cli.conftest import Runner, playing

Play = Runner

ONLY_MOVE = "7k/8/8/8/8/8/6q1/7K w - - 0 1"  # White's king must take the queen


@pytest.fixture
def run(run: Runner) -> Runner:
    return playing(run)


def test_help_shows_the_games_own_actions(run: Play) -> None:
    status, out, _ = run("chess", stdin="help\nquit\n\n")
    assert status == 0
    assert "Chess: Orthodox chess" in out.split("White to move> ")[1]
    assert ", or N" in out  # a knight move as written and as the move list writes it
    status, out, _ = run("masquerade", "--seat", "1=random", stdin="help\nquit\n\n")
    help_text = out.split("table> ")[1]
    assert "Masquerade Chess:" in help_text and "  KK" in help_text  # a square of the table
    assert "e2e4" not in help_text and "SAN" not in help_text  # no chess help here


def test_each_seat_is_told_what_it_may_know(run: Play) -> None:
    status, out, _ = run("tar_pit", "--seat", "black=random", "--seed", "4", stdin="")
    assert status == 0
    assert "Chance: draw " in out  # White's own card, named
    assert "Chance: a card for Black" in out  # Black's, not
    assert "Chance decides." not in out


def test_the_phase_is_named_in_the_prompt(run: Play) -> None:
    _, out, _ = run("masquerade", "--seat", "1=random", stdin="")
    assert "White is filling in Black's secret table> " in out
    assert "White to move>" not in out
    position = "r3k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
    _, out, _ = run("zombie", "--position", position, "--seat", "1=random", stdin="e4d5\n")
    assert "White: e4d5; no zombies anywhere" in out  # the mover hears the announcement
    assert "White is burying a captured pawn> " in out


def test_a_forced_action_is_offered_and_played_with_enter(run: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("chess", "--position", ONLY_MOVE, "--seat", "1=random", "--record", str(path))
    status, out, _ = run(*args, stdin="\n")
    assert status == 0
    assert "Your only choice is Kxg2: press Enter to play it." in out
    events = json.loads(path.read_text())["events"]
    assert events[0] == {"seat": 0, "action": "h1g2"}


def test_take_back_is_refused_once_a_secret_was_seen(run: Play) -> None:
    script = "e2e4\nno card\nundo\n"
    status, out, _ = run("tar_pit", "--seat", "black=random", "--seed", "4", stdin=script)
    assert status == 0
    assert "cannot take back: " in out
    assert "took moves back" not in out


def test_take_back_still_works_in_chess(run: Play) -> None:
    _, out, _ = run("chess", "--seat", "black=random", "--seed", "3", stdin="e2e4\nundo\n")
    assert "White took moves back." in out and "cannot take back" not in out
