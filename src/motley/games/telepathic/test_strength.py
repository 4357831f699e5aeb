"""Computer players at Telepathic Chess: an MCTS team beats a random team (slow)."""

from __future__ import annotations

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play


@pytest.mark.slow
def test_mcts_team_beats_random_team() -> None:
    """Both seats of one team search (each from its own view: the mover never sees its
    partner's card); the colours alternate."""
    rules = registry.make("telepathic")
    wins, notes = 0, []
    for index in range(4):
        team = index % 2
        agents = {
            seat: make_agent("mcts:iterations=60" if seat % 2 == team else "random", "telepathic")
            for seat in range(4)
        }
        played = play(rules, agents, f"telepathic-strength/{index}")
        result = played.record.result
        assert result is not None
        wins += result[team] > 0
        notes.append(f"{result[team]:+g} after {played.state.turns} team turns")
    assert wins >= 3, notes
