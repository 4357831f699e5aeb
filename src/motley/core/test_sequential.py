"""The sequential wrapper: simultaneous nodes as hidden commitments made one seat at a time."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from motley.core import registry
from motley.core.errors import IllegalAction, StateError
from motley.core.record import apply_event
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.sequential import Sequential, SequentialState, sequential
from motley.core.spec import Trait
from motley.core.testing import check_playout, json_copy
from motley.core.toys import DiceRace, MatchingPennies, Step


def view_json(rules: Sequential, state: SequentialState, seat: int) -> str:
    return json.dumps(rules.view_to_json(rules.view(state, seat)), sort_keys=True)


def test_pennies_commit_in_turn_and_resolve_together() -> None:
    rules = Sequential(MatchingPennies())
    assert rules.spec.id == "toy-pennies+sequential"
    assert Trait.HIDDEN in rules.spec.traits and Trait.SIMULTANEOUS not in rules.spec.traits
    state = rules.initial_state()
    assert rules.kind(state) is NodeKind.DECISION and rules.actors(state) == (0,)
    assert rules.legal_actions(state, 1) == []
    state = rules.apply(state, rules.parse_action(state, "heads"))
    assert rules.actors(state) == (1,) and state.inner.winners == ()
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "tails", 0)
    state = rules.apply(state, rules.parse_action(state, "tails", 1))
    assert state.inner.winners == (1,) and state.committed == ()


def test_a_later_seat_never_sees_an_earlier_commitment() -> None:
    """The no-leak property: change what seat 0 committed, seat 1's view stays identical."""
    rules = Sequential(MatchingPennies())
    start = rules.initial_state()
    heads = rules.apply(start, Step("heads"))
    tails = rules.apply(start, Step("tails"))
    assert view_json(rules, heads, 1) == view_json(rules, tails, 1)
    assert view_json(rules, heads, SPECTATOR) == view_json(rules, tails, SPECTATOR)
    assert view_json(rules, heads, 0) != view_json(rules, tails, 0)  # it sees its own
    assert '"committed": [0]' in view_json(rules, heads, 1)  # only *that* seat 0 committed
    assert "heads" not in rules.render(heads, 1) and "heads" in rules.render(heads, 0)


def test_sample_hidden_keeps_own_commitment_and_draws_the_others() -> None:
    rules = Sequential(MatchingPennies())
    state = rules.apply(rules.initial_state(), Step("heads"))
    own = {rules.sample_hidden(rules.view(state, 0), random.Random(n)) for n in range(20)}
    assert own == {state}
    drawn = {
        rules.sample_hidden(rules.view(state, 1), random.Random(n)).committed for n in range(40)
    }
    assert drawn == {((0, Step("heads")),), ((0, Step("tails")),)}
    with pytest.raises(StateError):
        rules.sample_hidden("not a view", random.Random(0))


def test_games_without_simultaneous_nodes_pass_through() -> None:
    race = DiceRace()
    rules = Sequential(race)
    state = rules.initial_state()
    assert rules.kind(state) is race.kind(state.inner)
    assert rules.legal_actions(state) == race.legal_actions(state.inner)
    rolled = rules.apply(state, Step("roll"))
    assert rules.chance_outcomes(rolled) == race.chance_outcomes(rolled.inner)


@pytest.mark.parametrize("game_id", ["synchronous", "two_move"])
@pytest.mark.parametrize("seed", [0, 1])
def test_conformance_of_wrapped_games(game_id: str, seed: int) -> None:
    """Seeded random games through the driver pass every node check (views included) and
    their records replay on the wrapper."""
    rules = sequential(game_id)
    played = check_playout(rules, seed, max_events=6000, deep_every=7)
    state = rules.initial_state()
    for event in played.record.events:
        assert event.kind is not NodeKind.SIMULTANEOUS
        state = apply_event(rules, state, event)
    assert json_copy(rules.state_to_json(state)) == json_copy(rules.state_to_json(played.state))


def test_conformance_of_wrapped_toy() -> None:
    for seed in range(6):
        check_playout(Sequential(MatchingPennies()), seed, max_events=50)


def test_synchronous_wrapped_hides_a_move_until_both_are_in() -> None:
    rules = sequential("synchronous")
    start = rules.initial_state()
    e4 = rules.apply(start, rules.parse_action(start, "e2e4"))
    d4 = rules.apply(start, rules.parse_action(start, "d2d4"))
    assert view_json(rules, e4, 1) == view_json(rules, d4, 1)
    assert rules.legal_actions(e4, 1) == rules.legal_actions(d4, 1)
    both = rules.apply(e4, rules.parse_action(e4, "e7e5", 1))
    assert both.inner.turn == 2 and rules.actors(both) == (0,)


def test_state_json_round_trip_and_refusals() -> None:
    rules = sequential("two_move", {"first_face_up": "KR"})
    state = rules.initial_state()
    state = rules.apply(state, rules.parse_action(state, "NB"))
    data: dict[str, Any] = json_copy(rules.state_to_json(state))
    assert data["committed"] == [[0, "NB"]]
    assert rules.state_from_json(data) == state
    bad: list[Any] = [
        {},
        {"inner": data["inner"], "committed": "NB"},
        {"inner": data["inner"], "committed": [[1, "NB"]]},
        {"inner": data["inner"], "committed": [[0, "KR"]]},
        {"inner": data["inner"], "committed": [[0, "NB"], [1, "NB"]]},
    ]
    for garbage in bad:
        with pytest.raises(StateError) as info:
            rules.state_from_json(garbage)
        assert "\n" not in str(info.value)


def test_wrapper_of_registered_game_keeps_its_options() -> None:
    rules = sequential("synchronous", {"first_blow": "attacker"})
    assert rules.options["first_blow"] == "attacker"
    assert registry.make("synchronous").options["first_blow"] == "any"
