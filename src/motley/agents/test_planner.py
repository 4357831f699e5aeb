"""The turn planner: its own turn, the turns that follow when it looks further, and replay."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from motley.agents.planner import TurnPlanner
from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Utility
from motley.core.toys import toy_spec

Moves = tuple[str, ...]


class Relay(Rules[Moves, str]):
    """Two partners: seat 0 plays it `safe` (worth 0.6) or makes a `setup` (0.5 as it stands),
    a card is drawn, then seat 1 may `take` what a setup left (1.0) or `pass`."""

    spec = toy_spec(
        "toy-relay", "Relay", "One partner sets up what the other takes.",
        utility=Utility.COOPERATIVE,
    )

    def initial_state(self) -> Moves:
        return ()

    def kind(self, state: Moves) -> NodeKind:
        kinds = (NodeKind.DECISION, NodeKind.CHANCE, NodeKind.DECISION, NodeKind.TERMINAL)
        return kinds[len(state)]

    def actors(self, state: Moves) -> tuple[int, ...]:
        return {0: (0,), 2: (1,)}.get(len(state), ())

    def legal_actions(self, state: Moves, seat: int | None = None) -> Sequence[str]:
        return {0: ["safe", "setup"], 2: ["take", "pass"]}.get(len(state), [])

    def chance_outcomes(self, state: Moves) -> Sequence[tuple[str, Fraction]]:
        return [("low", Fraction(1, 2)), ("high", Fraction(1, 2))]

    def apply(self, state: Moves, action: str) -> Moves:
        return (*state, action)

    def evaluate(self, state: Moves, seat: int) -> float:
        return 0.6 if state[:1] == ("safe",) else 0.5

    def returns(self, state: Moves) -> tuple[float, ...]:
        value = 1.0 if (state[0], state[-1]) == ("setup", "take") else self.evaluate(state, 0)
        return (value, value)

    def action_text(self, state: Moves, action: str) -> str:
        return action

    def parse_action(self, state: Moves, text: str, seat: int | None = None) -> str:
        return text

    def state_to_json(self, state: Moves) -> dict[str, Any]:
        return {"moves": list(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> Moves:
        return tuple(data["moves"])


class Rivals(Relay):
    """The same moves between opponents: seat 1's choice is no help to seat 0."""

    spec = replace(Relay.spec, id="toy-rivals", utility=Utility.ZERO_SUM)


def first_choice(rules: Rules[Any, Any], turns: int) -> str:
    planner = TurnPlanner(seconds=None, samples=2, scale=1.0, turns=turns, seed=4)
    state = rules.initial_state()
    actions = list(rules.legal_actions(state))
    return str(planner.choose(rules, state, 0, actions, random.Random(1)))


def test_a_planner_of_its_own_turn_takes_what_the_evaluation_likes_now() -> None:
    assert first_choice(Relay(), 1) == "safe"


def test_looking_a_turn_further_sets_up_what_the_partner_takes() -> None:
    """Through the draw and the partner's turn: the set-up is worth its capture."""
    assert first_choice(Relay(), 2) == "setup"


def test_an_opponents_turn_is_not_planned_for_the_planner() -> None:
    assert first_choice(Rivals(), 2) == "safe"


def test_turns_and_beam_must_be_at_least_one() -> None:
    with pytest.raises(MotleyError, match="at least 1"):
        TurnPlanner(turns=0)
    with pytest.raises(MotleyError, match="at least 1"):
        TurnPlanner(beam=0)


@pytest.mark.parametrize("game", ["cooperative", "cooperative_solitaire"])
def test_the_planner_replays_its_choices_without_a_clock(game: str) -> None:
    """With no time budget, plans two turns deep give the same choice for the same seed."""
    rules = registry.make(game)
    state = rules.initial_state()
    while rules.kind(state) is not NodeKind.DECISION or len(rules.legal_actions(state)) < 3:
        # past the deal and the first card played, to the turn's moves
        choices = rules.chance_outcomes(state) if rules.kind(state) is NodeKind.CHANCE else [
            (a, 1) for a in rules.legal_actions(state)
        ]
        state = rules.apply(state, choices[0][0])
    (seat,) = rules.actors(state)
    actions = list(rules.legal_actions(state))
    planner = TurnPlanner(seconds=None, samples=2, turns=2, beam=3, seed=3)
    picks = {
        rules.action_text(
            state, planner.choose(rules, rules.view(state, seat), seat, actions, random.Random(5))
        )
        for _ in range(2)
    }
    assert len(picks) == 1
