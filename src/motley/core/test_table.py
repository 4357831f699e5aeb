"""Table: commitments at simultaneous nodes stay hidden until the last seat commits."""

from __future__ import annotations

import pytest

from motley.core.errors import IllegalAction, StateError
from motley.core.rules import NodeKind
from motley.core.table import Table
from motley.core.toys import DiceRace, MatchingPennies, RaceState, Roll, Step

HEADS, TAILS = Step("heads"), Step("tails")


def pennies() -> Table:
    rules = MatchingPennies()
    return Table(rules, rules.initial_state())


def test_commitment_waits_and_is_hidden() -> None:
    table = pennies()
    assert table.kind is NodeKind.SIMULTANEOUS
    assert table.waiting_for() == (0, 1)
    assert table.default_seat() == 0
    after = table.play(HEADS, 0)
    assert after.state == table.state  # nothing resolved yet
    assert after.waiting_for() == (1,)
    assert after.default_seat() == 1
    assert after.pending_json(None) == {"0": "heads"}
    assert after.pending_json(0) == {"0": "heads"}
    assert after.pending_json(1) == {"0": "committed"}
    assert "heads" not in repr(after.pending_json(1))
    assert table.pending == {}  # the first table is untouched


def test_last_commitment_resolves() -> None:
    table = pennies().play(TAILS, 1)
    assert table.pending_json(0) == {"1": "committed"}
    resolved = table.play(TAILS, 0)
    assert resolved.pending == {}
    assert resolved.state.winners == (0,)  # a match: seat 0 takes the round
    assert resolved.waiting_for() == (0, 1)


def test_committing_twice_is_refused() -> None:
    table = pennies().play(HEADS, 0)
    with pytest.raises(IllegalAction, match="already committed") as info:
        table.play(TAILS, 0)
    assert "\n" not in str(info.value)
    with pytest.raises(IllegalAction, match="already committed"):
        table.parse("tails", 0)
    assert table.legal(0) == []
    assert table.legal(1) == [HEADS, TAILS]


def test_parse_through_the_table() -> None:
    table = pennies()
    assert table.parse("tails", 1) == TAILS
    assert table.parse("heads") == HEADS  # the first seat still to commit


def test_out_of_turn_at_a_decision_node() -> None:
    rules = DiceRace()
    table = Table(rules, rules.initial_state())
    with pytest.raises(IllegalAction, match="turn") as info:
        table.play(Step("walk"), 1)
    assert "\n" not in str(info.value)
    assert table.legal(1) == []
    moved = table.play(Step("walk"))
    assert moved.state.scores == (1, 0) and moved.default_seat() == 1


def test_illegal_action_is_refused() -> None:
    rules = DiceRace()
    table = Table(rules, rules.initial_state())
    with pytest.raises(IllegalAction):
        table.play(Step("fly"))
    with pytest.raises(IllegalAction):
        table.play(Roll(3))  # a die face is not a decision


def test_chance_node_through_the_table() -> None:
    rules = DiceRace()
    table = Table(rules, RaceState(rolling=True))
    assert table.kind is NodeKind.CHANCE
    assert table.legal() == [Roll(n) for n in range(1, 7)]
    assert table.parse("rolled 4") == Roll(4)
    assert table.play(Roll(4)).state.scores == (4, 0)
    with pytest.raises(IllegalAction):
        table.play(Roll(7))
    with pytest.raises(IllegalAction):
        table.play(Step("walk"))


def test_finished_game_refuses_everything() -> None:
    rules = DiceRace()
    table = Table(rules, RaceState(scores=(10, 3)))
    assert table.kind is NodeKind.TERMINAL
    assert table.waiting_for() == ()
    with pytest.raises(StateError):
        table.default_seat()
    with pytest.raises(IllegalAction, match="over"):
        table.play(Step("walk"), 0)
    rules_p = MatchingPennies()
    done = Table(rules_p, rules_p.state_from_json({"winners": [0, 0, 1]}))
    with pytest.raises(IllegalAction):
        done.play(HEADS, 0)
