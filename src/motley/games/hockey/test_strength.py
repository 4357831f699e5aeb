"""Hockey Chess against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents.testing import against_random, wins
from motley.core import registry


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is five goals or every enemy piece taken within the turn limit."""
    bouts = against_random(registry.make("hockey"), "mcts:iterations=30", 2, "hockey-strength")
    notes = [
        f"{b.score:+g}: {b.played.state.reason} after {b.played.state.turns} turns" for b in bouts
    ]
    assert wins(bouts) == 2, notes
