"""Computer players at Synchronous Chess: searching beats random play (slow).

Decoupled MCTS chooses at each simultaneous node from its own statistics and plays a mixed
strategy drawn from its visit counts, so against random moves it wins material steadily but
mates only now and then; the same search through `core.sequential` (commitments made in
turn, the later one hidden) plays its best reply and mates reliably.
"""

from __future__ import annotations

from typing import Any

import pytest

from motley.agents.mcts import MctsPlayer
from motley.core.driver import RandomAgent, play
from motley.core.rules import Rules
from motley.core.sequential import Sequential, sequential
from motley.games.synchronous.rules import Synchronous


def match(rules: Rules[Any, Any], iterations: int, games: int) -> list[tuple[float, float]]:
    """(MCTS's result, its material evaluation at the end) per game, alternating colours."""
    results = []
    for index in range(games):
        seat = index % 2
        agents = {seat: MctsPlayer(iterations=iterations), 1 - seat: RandomAgent()}
        played = play(rules, agents, f"synchronous-strength/{index}")
        assert played.record.result is not None
        results.append((played.record.result[seat], rules.evaluate(played.state, seat)))
    return results


@pytest.mark.slow
def test_decoupled_mcts_beats_random() -> None:
    """Never a loss, at least one win, and ahead on material on average (the no-progress
    limit is shortened so that drawn games end soon after the last capture)."""
    results = match(Synchronous({"no_progress_turns": 20}), 60, 4)
    assert all(result >= 0 for result, _ in results), results
    assert any(result > 0 for result, _ in results), results
    assert sum(material for _, material in results) / len(results) > 0.2, results


@pytest.mark.slow
def test_mcts_through_sequential_commitments_beats_random() -> None:
    rules: Sequential = sequential("synchronous")
    results = match(rules, 60, 4)
    assert sum(result > 0 for result, _ in results) >= 3, results
