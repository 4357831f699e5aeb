"""Combat Chess II against the computer players: a searching player beats random (slow), and
alpha-beta weighs a fight's dice exactly."""

from __future__ import annotations

import random

import pytest

from motley.agents.alphabeta import AlphaBeta, AlphaBetaPlayer
from motley.agents.testing import against_random, wins
from motley.core import registry
from motley.games.combat_chess.evaluate import WIN_CHANCE
from motley.games.combat_chess.state import COMBAT, CombatState


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Every win is every enemy leader killed within the turn limit; seats alternate."""
    bouts = against_random(
        registry.make("combat_chess"), "mcts:iterations=300", 10, "combat-strength"
    )
    notes = [f"{b.score:+g} after {b.played.state.turns} turns" for b in bouts]
    assert wins(bouts) >= 7, notes


def test_a_fights_thirty_six_rolls_are_searched_as_three_positions() -> None:
    """A win, a loss or a tie (rolled again): searched once each with their whole chance,
    where a sample of the 36 pairs of dice would only guess the odds."""
    rules = registry.make("combat_chess", {"position": "4k3/8/8/3qP3/3pK3/8/8/B7 w -/-/-/-"})
    start = rules.initial_state()
    assert isinstance(start, CombatState)
    fight = start._replace(phase=COMBAT, active=28, target=35)  # the king against the queen
    search = AlphaBeta(AlphaBetaPlayer(seconds=None, depth=1), rules, 0, random.Random(0))
    ends = search.distinct(fight, rules.chance_outcomes(fight))
    assert len(ends) == 3
    chances = {child.board[35] if child.board[28] == "." else "tie": p for p, child in ends}
    tie = chances.pop("tie")
    assert chances["K"] / (1 - tie) == pytest.approx(WIN_CHANCE[1])
    assert chances["q"] / (1 - tie) == pytest.approx(1 - WIN_CHANCE[1])
