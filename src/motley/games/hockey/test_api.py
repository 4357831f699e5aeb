"""Hockey Chess through the game API: options, notation round trips, states as JSON."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.core.errors import IllegalAction, OptionError, StateError
from motley.core.rules import NodeKind
from motley.core.testing import json_copy
from motley.games.hockey.rules import HockeyChess
from motley.games.hockey.state import HockeyState


def walk(rules: HockeyChess, seed: int, limit: int = 400) -> list[HockeyState]:
    """The states of a seeded random game (at most `limit` of them)."""
    rng = random.Random(seed)
    state = rules.initial_state()
    states = [state]
    while rules.kind(state) is not NodeKind.TERMINAL and len(states) < limit:
        if rules.kind(state) is NodeKind.CHANCE:
            action = rng.choice(rules.chance_outcomes(state))[0]
        else:
            action = rng.choice(list(rules.legal_actions(state)))
        state = rules.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize(
    "options",
    [{"goals": 0}, {"referees": 9}, {"turn_limit": -1}, {"position": "8/8 w - -"}],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as info:
        HockeyChess(options)
    assert "\n" not in str(info.value)


def test_every_kind_of_action_round_trips() -> None:
    cases = [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -", ["e1g1", "e1c1", "a1a8"]),
        ("k7/8/8/1B6/8/8/8/K*7 w - -", ["b5e8f8", "pass:a1a2", "pass:a1b2"]),
        ("3K4/8/8/k7/8/8/8/7R w - -", ["d8 goal"]),
        ("7k/8/8/8/4R*3/8/8/3K4 w - -", ["pass:e4e9", "pass:e4e1"]),
    ]
    for position, wanted in cases:
        rules = HockeyChess({"position": position})
        state = rules.initial_state()
        found = [rules.action_text(state, a) for a in rules.legal_actions(state)]
        assert set(wanted) <= set(found)
        for action in rules.legal_actions(state):
            assert rules.parse_action(state, rules.action_text(state, action)) == action


def test_texts_of_every_phase_round_trip() -> None:
    rules = HockeyChess()
    seen: set[str] = set()
    for seed in range(3):
        for state in walk(rules, seed):
            if rules.kind(state) is NodeKind.TERMINAL:
                continue
            seen.add(state.phase)
            if rules.kind(state) is NodeKind.CHANCE:
                pairs = [(None, o) for o, _ in rules.chance_outcomes(state)]
            else:
                pairs = [(rules.actors(state)[0], a) for a in rules.legal_actions(state)]
            for seat, action in pairs:
                text = rules.action_text(state, action)
                assert rules.parse_action(state, text, seat) == action
    assert {"setup", "act", "drop", "roll", "ref"} <= seen


@pytest.mark.parametrize("seed", range(4))
def test_states_round_trip_through_json(seed: int) -> None:
    # every state: a computer player in another process receives them as JSON, mid-turn too
    # (an en-passant square must lapse once a piece has taken the pawn that double-stepped)
    rules = HockeyChess()
    for state in walk(rules, seed):
        data = json_copy(rules.state_to_json(state))
        again = rules.state_from_json(data)
        assert json_copy(rules.state_to_json(again)) == data
        assert again == state


def test_wrong_seat_is_told_whose_turn_it_is() -> None:
    rules = HockeyChess()
    state = rules.initial_state()
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "ref@d4", 1)
    assert "White's turn" in str(info.value)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("placement", "rnbqk*bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK*BN"),
        ("phase", "dance"),
        ("score", [1]),
        ("lost", ["QP", ""]),
        ("history", ["xyz"]),
        ("result", "white"),
        ("acts", 2),
        ("die", 3),
        ("keep", True),
        ("cell", "d4"),
        ("turns", "3"),
    ],
)
def test_inconsistent_states_are_refused(field: str, value: Any) -> None:
    rules = HockeyChess()
    state = walk(rules, 1, 12)[-1]
    data = json_copy(rules.state_to_json(state))
    data[field] = value
    with pytest.raises(StateError) as info:
        rules.state_from_json(data)
    assert "\n" not in str(info.value) and repr(field) in str(info.value)


def test_a_pawn_on_the_last_rank_is_refused() -> None:
    rules = HockeyChess({"position": "4k3/8/8/8/8/8/8/4K3 w - -"})
    data = json_copy(rules.state_to_json(rules.initial_state()))
    data["placement"] = "1P2k3/8/8/8/8/8/8/4K3"
    with pytest.raises(StateError):
        rules.state_from_json(data)
