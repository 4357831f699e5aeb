"""Skock against the computer players: a searching player beats random (slow)."""

from __future__ import annotations

import pytest

from motley.agents.testing import against_random, wins
from motley.core import registry


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is both enemy kings taken within the turn limit; seats alternate."""
    bouts = against_random(registry.make("skock"), "mcts:iterations=100", 8, "skock-strength")
    notes = [f"{b.score:+g} after {b.played.state.turns} throws" for b in bouts]
    assert wins(bouts) >= 7, notes
