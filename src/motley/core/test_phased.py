"""Declared phases: the node kind, actors, legal actions, refusals and returns derived once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from motley.core.errors import IllegalAction
from motley.core.phased import OVER, Outcome, Phase, PhasedRules
from motley.core.rules import NodeKind
from motley.core.spec import GameSpec

# a state is (step, last choice); step 0 a roll, 1 North alone, 2 both at once, 3 over
State = tuple[int, str]


class Steps(PhasedRules[State, str]):
    spec = GameSpec(
        id="steps",
        title="Steps",
        players=4,
        summary="",
        seed="",
        teams=((0, 2), (1, 3)),
        seat_names=("North", "East", "South", "West"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def phase(self, state: State) -> Phase:
        self.asked += 1
        step = state[0]
        if step == 0:
            return Phase.chance("roll")
        if step == 1:
            return Phase.decision(0, "lead")
        return Phase.simultaneous((1, 3), "answer") if step == 2 else OVER

    def choices(self, state: State, seat: int) -> Sequence[str]:
        return [f"{seat}a", f"{seat}b"]

    def outcome(self, state: State) -> Outcome | None:
        return Outcome(1, "East led") if state[0] == 3 else None

    def initial_state(self) -> State:
        return (0, "")

    def apply(self, state: State, action: str) -> State:
        return (state[0] + 1, action)

    def action_text(self, state: State, action: str) -> str:
        return action

    def parse_action(self, state: State, text: str, seat: int | None = None) -> str:
        self.refuse_out_of_turn(state, text, seat)
        return text

    def state_to_json(self, state: State) -> dict[str, Any]:
        return {"step": state[0]}

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return (int(data["step"]), "")


def test_kinds_actors_and_choices_follow_the_phase() -> None:
    game = Steps()
    roll, lead, answer, over = ((n, "") for n in range(4))
    assert game.kind(roll) is NodeKind.CHANCE and game.actors(roll) == ()
    assert game.legal_actions(roll) == []
    assert game.actors(lead) == (0,) and game.legal_actions(lead) == ["0a", "0b"]
    assert game.legal_actions(lead, 1) == []
    assert game.kind(answer) is NodeKind.SIMULTANEOUS
    assert game.legal_actions(answer) == []  # two seats act: name one
    assert game.legal_actions(answer, 3) == ["3a", "3b"]
    assert game.kind(over) is NodeKind.TERMINAL and game.actors(over) == ()


def test_the_phase_of_the_last_state_is_remembered() -> None:
    game = Steps()
    state: State = (1, "")
    for _ in range(5):
        game.kind(state)
        game.actors(state)
        game.legal_actions(state)
    assert game.asked == 1
    game.kind(tuple([1, ""]))  # type: ignore[arg-type]  # equal, another object: asked again
    assert game.asked == 2


def test_returns_are_shared_by_the_winners_team() -> None:
    assert Steps().returns((3, "")) == (-1.0, 1.0, -1.0, 1.0)
    assert Steps().returns((1, "")) == (0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("step", "seat", "said"),
    [
        (3, 0, "the game is over"),
        (0, 0, "no player acts now: the next step is left to chance"),
        (1, 2, "it is North's turn"),
        (2, 0, "East and West are the ones to act now"),
    ],
)
def test_refusals_name_the_rule(step: int, seat: int, said: str) -> None:
    with pytest.raises(IllegalAction, match=said):
        Steps().parse_action((step, ""), "x", seat)
