"""Hockey Chess against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is five goals or every enemy piece taken within the turn limit."""
    rules = registry.make("hockey")
    wins, notes = 0, []
    for index in range(2):
        seat = index % 2
        agents = {
            seat: make_agent("mcts:iterations=30", "hockey"),
            1 - seat: make_agent("random", "hockey"),
        }
        played = play(rules, agents, f"hockey-strength/{index}")
        result = played.record.result
        assert result is not None
        wins += result[seat] > 0
        notes.append(f"{result[seat]:+g}: {played.state.reason} after {played.state.turns} turns")
    assert wins == 2, notes
