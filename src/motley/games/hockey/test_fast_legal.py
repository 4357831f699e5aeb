"""The fast legality of plain moves (`TurnRules.legal_steps`) against playing every step.

`legal_steps` judges a plain move by the repetition of the position it leaves alone; the
full test plays each step and asks whether the acts can still be finished. Positions come
from seeded random games, with and without referees (no referee roll ends the acts then).
"""

from __future__ import annotations

import random

import pytest

from motley.core.driver import pick_outcome
from motley.core.rules import NodeKind
from motley.games.hockey import HockeyChess
from motley.games.hockey.state import ACT


@pytest.mark.parametrize(("seed", "referees"), [(1, 2), (2, 0)])
def test_fast_steps_agree_with_playing_them(seed: int, referees: int) -> None:
    rules = HockeyChess({"referees": referees, "turn_limit": 60})
    turns = rules.turns
    rng = random.Random(seed)
    compared = 0
    for _ in range(8):
        state = rules.initial_state()
        for _ in range(400):
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                break
            if kind is NodeKind.CHANCE:
                state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
                continue
            if state.phase == ACT:
                options = turns.options(state)
                full = [a for a in options if turns.finishable(turns.advance(state, a))]
                if full or state.acts:
                    assert turns.legal_steps(state) == full
                    compared += 1
            actions = rules.legal_actions(state)
            state = rules.apply(state, actions[rng.randrange(len(actions))])
    assert compared > 300
