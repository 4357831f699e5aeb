"""Combat Chess II against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is every enemy leader killed within the turn limit; seats alternate."""
    rules = registry.make("combat_chess")
    wins, notes = 0, []
    for index in range(10):
        seat = index % 2
        agents = {
            seat: make_agent("mcts:iterations=300", "combat_chess"),
            1 - seat: make_agent("random", "combat_chess"),
        }
        played = play(rules, agents, f"combat-strength/{index}")
        result = played.record.result
        assert result is not None
        wins += result[seat] > 0
        notes.append(f"{result[seat]:+g} after {played.state.turns} turns")
    assert wins >= 7, notes
