"""Skock against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is both enemy kings taken within the turn limit; seats alternate."""
    rules = registry.make("skock")
    wins, notes = 0, []
    for index in range(8):
        seat = index % 2
        agents = {
            seat: make_agent("mcts:iterations=100", "skock"),
            1 - seat: make_agent("random", "skock"),
        }
        played = play(rules, agents, f"skock-strength/{index}")
        result = played.record.result
        assert result is not None
        wins += result[seat] > 0
        notes.append(f"{result[seat]:+g} after {played.state.turns} throws")
    assert wins >= 7, notes
