"""Computer players at Two Move Chess: decoupled MCTS beats random play (slow)."""

from __future__ import annotations

import pytest

from motley.agents.mcts import MctsPlayer
from motley.core.driver import RandomAgent, play
from motley.games.two_move.rules import TwoMove


@pytest.mark.slow
def test_decoupled_mcts_beats_random() -> None:
    """MCTS chooses its cards with decoupled statistics at the simultaneous node and its
    moves by plain UCT; against random cards and moves it takes the king."""
    rules = TwoMove()
    wins = []
    for index in range(4):
        seat = index % 2
        agents = {seat: MctsPlayer(iterations=100), 1 - seat: RandomAgent()}
        played = play(rules, agents, f"two-move-strength/{index}")
        assert played.record.result is not None
        wins.append(played.record.result[seat] > 0)
    assert sum(wins) >= 3, wins
