"""Skock through the game API: the throw, notation, errors, JSON, records, options."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from motley.chesslike.testing import (
    evaluations_in_range,
    one_line_refusals,
    refuses_states,
    replays_to_its_end,
    states_round_trip,
)
from motley.chesslike.testing import play_on as play_texts
from motley.core import registry
from motley.core.driver import RandomAgent, pick_outcome, play
from motley.core.errors import IllegalAction, NotationError, OptionError
from motley.core.rules import NodeKind
from motley.games.skock import Skock
from motley.games.skock.perft import count_turns
from motley.games.skock.state import CHOOSE, OVER, PLACE, STEP, Roll, SkockState

RANDOM = {0: RandomAgent(), 1: RandomAgent()}


def test_registered_with_its_header() -> None:
    rules = registry.make("skock")
    assert isinstance(rules, Skock)
    assert rules.spec.players == 2 and rules.spec.seat_names == ("White", "Black")
    assert {o.name for o in rules.spec.options} >= {"king_die", "turn_limit", "position"}


def test_the_throw_is_a_chance_node_over_unordered_pairs() -> None:
    rules = Skock()
    start = rules.initial_state()
    assert rules.kind(start) is NodeKind.CHANCE and rules.actors(start) == ()
    outcomes = dict((rules.action_text(start, o), p) for o, p in rules.chance_outcomes(start))
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert outcomes["roll 1 4"] == Fraction(2, 36) and outcomes["roll 3 3"] == Fraction(1, 36)
    assert rules.parse_action(start, "roll 4 1") == Roll(1, 4)  # either order is read
    assert rules.parse_action(start, "ROLL 6 6") == Roll(6, 6)
    for outcome, _ in rules.chance_outcomes(start):
        assert rules.parse_action(start, rules.action_text(start, outcome)) == outcome


def test_a_turn_is_one_decision_per_step() -> None:
    rules = Skock()
    state = play_texts(rules, rules.initial_state(), "roll 1 4")
    assert rules.kind(state) is NodeKind.DECISION and rules.actors(state) == (0,)
    state = play_texts(rules, state, "1:f4e5")
    assert state.phase == CHOOSE and state.dice == (4,) and state.moved == 36  # e5
    state = play_texts(rules, state, "4:g2f4")
    assert state.phase == STEP and state.left == 3 and rules.legal_actions(state, 1) == []


def test_capital_squares_and_a_missing_die_are_read() -> None:
    rules = Skock()
    state = play_texts(rules, rules.initial_state(), "roll 1 4")
    assert rules.action_text(state, rules.parse_action(state, "F4E5")) == "1:f4e5"
    state = play_texts(rules, state, "1:f4e5")
    assert rules.action_text(state, rules.parse_action(state, "g2f4")) == "4:g2f4"
    state = play_texts(rules, state, "4:G2F4")
    assert rules.action_text(state, rules.parse_action(state, "4:f4g2")) == "f4g2"


def test_a_missing_die_is_refused_when_either_die_fits() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/K5N1 w - -"})
    state = play_texts(rules, rules.initial_state(), "roll 1 2")
    with pytest.raises(IllegalAction, match="1:g1f3 or 2:g1f3"):
        rules.parse_action(state, "g1f3")


def thrown_1_4() -> tuple[Skock, SkockState]:
    rules = Skock()
    return rules, play_texts(rules, rules.initial_state(), "roll 1 4")


test_bad_input_gets_one_line_naming_the_rule = one_line_refusals(
    thrown_1_4,
    [
        ("", NotationError, "not a Skock action"),
        ("e2e4e5e6", NotationError, "not a Skock action"),
        ("4:i2f4", NotationError, "not a Skock action"),
        ("roll 7 1", NotationError, "dice show 1 to 6"),
        ("roll 6 1", IllegalAction, "dice are not being thrown"),
        ("2:g2f4", IllegalAction, "no die left shows 2"),
        ("1:e2e3", IllegalAction, "holds a piece of your own"),
        ("1:e5e4", IllegalAction, "no White piece"),
        ("1:g2g4", IllegalAction, "cannot step"),
        ("4:f4e5", IllegalAction, "only the last may capture"),
        ("1:b4a5", IllegalAction, "no way to finish the turn"),
        ("1:f4f5", IllegalAction, "cannot step"),
        ("back", IllegalAction, "only a double"),
        ("pass", IllegalAction, "no two pieces can use the dice"),
        ("Q@d1", IllegalAction, "no pieces are being brought back"),
        ("g2f4", IllegalAction, "name the die"),
    ],
)


def test_mid_die_errors() -> None:
    rules = Skock()
    state = play_texts(rules, rules.initial_state(), "roll 1 4", "1:f4e5", "4:g2f4")
    with pytest.raises(IllegalAction, match="must first use its 3 steps"):
        rules.parse_action(state, "e5d6")
    with pytest.raises(IllegalAction, match="only the last may capture"):
        rules.parse_action(state, "f4e6")
    with pytest.raises(IllegalAction, match="it is White's turn"):
        rules.parse_action(state, "f4g2", seat=1)
    with pytest.raises(IllegalAction):
        rules.apply(state, rules.parse_action(rules.initial_state(), "roll 2 2"))


def test_the_roll_is_refused_at_a_decision_and_steps_at_the_throw() -> None:
    rules = Skock()
    with pytest.raises(IllegalAction, match="thrown first"):
        rules.parse_action(rules.initial_state(), "1:f4e5")
    with pytest.raises(IllegalAction):
        rules.check_legal(rules.initial_state(), Roll(0, 9))


def test_state_json_round_trips_through_a_game() -> None:
    rules = Skock()
    states_round_trip(rules, play(rules, RANDOM, "json", max_events=400).record)


def test_state_json_refuses_nonsense() -> None:
    rules = Skock()
    good = rules.state_to_json(play_texts(rules, rules.initial_state(), "roll 1 4", "1:f4e5"))

    def broken(**changes: Any) -> dict[str, Any]:
        return {**good, **changes}

    bad_states = [
        {},
        {"fen": 7},
        broken(board="8/8/8"),
        broken(board="rnbqkbnr/8/8/8/8/8/8/RNBQXBNR"),
        broken(turn=2),
        broken(queues=["", ""] * 2),
        broken(queues=["X", ""]),
        broken(phase="dancing"),
        broken(dice=[1, 7]),
        broken(dice=[1, 4], moved="e5"),  # two dice left yet a piece has moved
        broken(moved="e6"),  # the first die's piece is not White's
        broken(phase="step", piece="a1", die=4, left=3),  # a rook boxed in: no way to finish
        broken(phase="roll"),
        broken(result="white"),
        broken(queues=["PPPPPPPPPPPPPPPPPP", ""]),  # more than 32 white pieces
    ]
    refuses_states(rules, bad_states)


def test_options_are_checked() -> None:
    for options in ({"king_die": 7}, {"turn_limit": -1}, {"position": "8/8 w - -"},
                    {"position": "k7/8/8/8/8/8/8/8 w - -"}, {"setup": "random"}):  # fmt: skip
        with pytest.raises(OptionError):
            Skock(options)


def test_a_recorded_random_game_replays_to_the_same_state() -> None:
    rules = Skock()
    played = play(rules, RANDOM, 11)
    final = replays_to_its_end(rules, played)
    assert rules.state_to_json(final) == rules.state_to_json(played.state)


def test_every_offered_step_can_be_finished_in_random_games() -> None:
    """At every turn start with small dice, every path through the offered actions ends."""
    rules = Skock()
    rng = random.Random("no dead ends")
    state = rules.initial_state()
    looked = 0
    while rules.kind(state) is not NodeKind.TERMINAL and state.turns < 120:
        if rules.kind(state) is NodeKind.CHANCE:
            state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
            continue
        if state.phase == CHOOSE and len(state.dice) == 2 and sum(state.dice) <= 4:
            assert count_turns(rules, state) >= 1  # raises DeadEnd if a step leads nowhere
            looked += 1
        actions = rules.legal_actions(state)
        state = rules.apply(state, actions[rng.randrange(len(actions))])
    assert looked >= 8


def test_the_turn_limit_draws() -> None:
    rules = Skock({"turn_limit": 3})
    state = rules.initial_state()
    for _ in range(3):
        state = play_texts(rules, state, "roll 2 3", "pass")
    assert state.phase == OVER and rules.returns(state) == (0.0, 0.0)
    assert "turn limit" in rules.render(state)


def test_random_games_end_and_evaluate_stays_in_range() -> None:
    rules = Skock()
    results = set()
    for seed in range(4):
        played = play(rules, RANDOM, seed, on_event=None)
        assert rules.kind(played.state) is NodeKind.TERMINAL
        results.add(played.record.result)
    assert len(results) >= 2
    evaluations_in_range(rules, random.Random(3), 600)


def test_evaluate_prefers_more_material() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/KQ6 w - -"})
    assert rules.evaluate(rules.initial_state(), 0) > 0 > rules.evaluate(rules.initial_state(), 1)


def test_render_shows_board_queues_and_turn() -> None:
    rules = Skock()
    state = play_texts(rules, rules.initial_state(), "roll 1 4", "1:f4e5", "4:g2f4")
    text = rules.render(state)
    assert "White's queue: -" in text and "Black's queue: P" in text
    assert "knight on f4 has 3 of 4 steps left" in text


@pytest.mark.parametrize(
    "options",
    [
        {"kings_return": False},
        {"promotion_compulsory": True},
        {"free_promotion": True},
        {"pawn_double_step": True},
        {"king_die": 1},
    ],
)
def test_boolean_options_play_and_replay(options: dict[str, Any]) -> None:
    rules = Skock(options)
    replays_to_its_end(rules, play(rules, RANDOM, "options"))


def test_kings_that_do_not_return_leave_the_game() -> None:
    rules = Skock({"position": "k6k/8/8/8/8/8/8/R3K1N1 w - -", "kings_return": False})
    state = play_texts(rules, rules.initial_state(), "roll 1 6", "6:a1b1", "b1a1", "a1b1")
    state = play_texts(rules, state, "b1a1", "a1a2", "a2a8", "1:g1h3")
    assert state.queues == ("", "")


def test_the_double_step_option() -> None:
    rules = Skock({"position": "k7/8/8/8/8/P7/8/K7 w - -", "pawn_double_step": True})
    state = play_texts(rules, rules.initial_state(), "roll 1 2")
    assert "1:a3a5" in [rules.action_text(state, a) for a in rules.legal_actions(state)]
    plain = Skock({"position": "k7/8/8/8/8/P7/8/K7 w - -"})
    state = play_texts(plain, plain.initial_state(), "roll 1 2")
    assert "1:a3a5" not in [plain.action_text(state, a) for a in plain.legal_actions(state)]


def test_placing_refuses_a_forward_row() -> None:
    rules = Skock({"position": "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - BN"})
    state = play_texts(rules, rules.initial_state(), "roll 2 2", "back")
    assert state.phase == PLACE
    with pytest.raises(IllegalAction, match="as far back as possible"):
        rules.parse_action(state, "B@a6")
    with pytest.raises(IllegalAction, match="no queen"):
        rules.parse_action(state, "Q@f8")
