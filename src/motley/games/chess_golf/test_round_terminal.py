"""A round of Chess Golf in `motley play`: two golfers hot-seat, bids told only when both are in."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from motley.cli.main import main
from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.record import GameRecord, replay
from motley.games.chess_golf.round import Bid, GolfRound
from motley.games.chess_golf.round_present import hole_view
from motley.games.chess_golf.solver import solve
from motley.games.chess_golf.state import BID, PUT

SEED = "3"


def golfer_1_shows_a_par(rules: GolfRound) -> tuple[list[str], list[str]]:
    """The first hole as the seed deals it: a shortest solution, and the pieces put back."""
    chance = random.Random(f"{SEED}/chance")  # the driver's chance stream for this seed
    state = rules.initial_state()
    while state.phase != BID:
        state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), chance))
    found = solve(rules.puzzle, hole_view(state))
    assert found is not None
    state = rules.apply_joint(state, {0: Bid(len(found)), 1: Bid(0)})
    for move in found.moves:
        state = rules.apply(state, move)
    puts = []
    while state.phase == PUT:
        action = rules.legal_actions(state)[0]
        puts.append(rules.action_text(state, action))
        state = rules.apply(state, action)
    return list(found.texts), puts


def test_two_golfers_play_a_hole_and_the_bids_show_only_when_both_are_in(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rules = registry.make("chess_golf_2", {"holes": 1})
    assert isinstance(rules, GolfRound)
    path, puts = golfer_1_shows_a_par(rules)
    par = len(path)
    # Enter passes the device between the golfers' secret bids
    script = ["", f"bid {par}", "", "impossible", "", *path, *puts, ""]
    record = tmp_path / "round.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(script) + "\n"))
    args = ["chess_golf_2", "--option", "holes=1", "--seed", SEED, "--record", str(record)]
    status = main(["play", *args])
    out, err = capsys.readouterr()
    assert status == 0 and "Traceback" not in out + err, err
    before, revealed, after = out.partition("Revealed: ")
    assert revealed, out[-2000:]
    # golfer 2 bids knowing only that golfer 1 has bid, not what
    second = before.rsplit("Pass the device to Golfer 2", 1)[1]
    assert "Golfer 1 committed" in second and f"bid {par}" not in second
    assert after.startswith(f"Golfer 1: bid {par}; Golfer 2: impossible")
    assert f"Bids, hole 1: Golfer 1 {par} moves, Golfer 2 impossible" in after
    assert f"Hole 1: par {par}: {' '.join(path)}" in after
    assert "Hole 2 of 1" not in after  # putting pieces back is still hole 1
    # golfer 2's wrong "impossible" scores the highest bid plus one
    totals = f"Golfer 1 {par}, Golfer 2 {par + 1}"
    assert f"Golfer 1 wins by the lowest course total ({totals})" in after
    final = replay(GameRecord.from_json(json.loads(record.read_text())))[-1]
    assert rules.totals(final) == (par, par + 1)
