"""Combat Chess II against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents.testing import against_random, wins
from motley.core import registry


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is every enemy leader killed within the turn limit; seats alternate."""
    bouts = against_random(
        registry.make("combat_chess"), "mcts:iterations=300", 10, "combat-strength"
    )
    notes = [f"{b.score:+g} after {b.played.state.turns} turns" for b in bouts]
    assert wins(bouts) >= 7, notes
