"""The fast legality of plain moves and passes (`TurnRules.legal_steps`) against playing
every step.

`legal_steps` judges a plain move (a capture too) or a pass to a square by the repetition
of the position it leaves alone; the full test plays each step and asks whether the acts
can still be finished. Positions come
from seeded random games, with and without referees (no referee roll ends the acts then).
"""

from __future__ import annotations

import random

import pytest

from motley.core.testing import random_positions
from motley.games.hockey import HockeyChess
from motley.games.hockey.state import ACT


@pytest.mark.parametrize(("seed", "referees"), [(1, 2), (2, 0)])
def test_fast_steps_agree_with_playing_them(seed: int, referees: int) -> None:
    rules = HockeyChess({"referees": referees, "turn_limit": 60})
    turns = rules.turns
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(rules, rng, games=8, plies=400):
        if state.phase == ACT:
            options = turns.options(state)
            full = [a for a in options if turns.finishable(turns.advance(state, a))]
            if full or state.acts:
                assert turns.legal_steps(state) == full
                compared += 1
    assert compared > 300
