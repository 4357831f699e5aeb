"""Playing strength: searching players beat the baselines (slow)."""

from __future__ import annotations

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play


def wins_against(game: str, player: str, opponent: str, games: int) -> tuple[int, list[str]]:
    rules = registry.make(game)
    wins = 0
    notes = []
    for index in range(games):
        seat = index % 2
        agents = {seat: make_agent(player, game), 1 - seat: make_agent(opponent, game)}
        played = play(rules, agents, f"strength/{index}")
        result = played.record.result
        assert result is not None
        wins += result[seat] > 0
        notes.append(f"{result[seat]:+g} in {played.plies}")
    return wins, notes


@pytest.mark.slow
def test_mcts_beats_random_at_chess() -> None:
    """No adjudication: every win is a checkmate within the normal draw rules."""
    wins, notes = wins_against("chess", "mcts:iterations=300", "random", 10)
    assert wins >= 9, notes


@pytest.mark.slow
def test_alphabeta_beats_greedy_at_chess() -> None:
    wins, notes = wins_against("chess", "alphabeta:nodes=2000", "greedy", 6)
    assert wins >= 5, notes
