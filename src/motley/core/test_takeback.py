"""Take back never reveals or re-rolls: the five leaks the games could show, and chess."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import motley.games  # noqa: F401  (registers the games)
from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.record import Event
from motley.core.rules import NodeKind, Rules
from motley.core.takeback import refusal, states_before

Found = tuple[Rules[Any, Any], list[Any], list[Event]]


def game(game_id: str, seed: int, events: int = 150) -> Found:
    """A seeded random game: its rules, the state before each event, and the events."""
    rules = registry.make(game_id)
    seats = {s: RandomAgent() for s in range(rules.spec.players)}
    record = play(rules, seats, seed=seed, max_events=events).record
    played = list(record.events)
    return rules, states_before(rules, rules.initial_state(), played), played


def first(
    found: Found, test: Callable[[Rules[Any, Any], Any, Event], bool], after: int = -1
) -> int:
    """The index of the first event after `after` that passes `test`."""
    rules, states, events = found
    return next(i for i, e in enumerate(events) if i > after and test(rules, states[i], e))


def told(rules: Rules[Any, Any], state: Any, event: Event, seat: int) -> str:
    actor, text = event.actions[0]
    return rules.event_text_for(state, rules.parse_action(state, text, actor), seat)


def judge(found: Found, index: int, seat: int, count: int = 1) -> str:
    rules, states, events = found
    return refusal(rules, states[index], events[index : index + count], [seat])


def by(seat: int, kind: NodeKind = NodeKind.DECISION) -> Callable[[Event], bool]:
    return lambda e: e.kind is kind and e.actions[0][0] == seat


def test_chess_moves_can_always_be_taken_back() -> None:
    rules, states, events = found = game("chess", 1, 80)
    assert refusal(rules, states[0], events, [0, 1]) == ""
    assert all(judge(found, i, 0) == "" for i in range(len(events)))


def test_a_masquerade_capture_answer_cannot_be_taken_back() -> None:
    found = game("masquerade", 5)
    asked = first(found, lambda r, s, e: by(0)(e) and "?" in told(r, s, e, 0))
    assert judge(found, asked, 0).startswith("cannot take back: a secret was revealed (")
    # a quiet move asks nothing of the secret table, and filling in a table tells nothing
    quiet = first(found, lambda r, s, e: by(0)(e) and told(r, s, e, 0) == e.actions[0][1])
    assert judge(found, quiet, 0) == ""
    assert judge(found, 0, 0) == "" and found[2][0].actions[0][0] == 0
    # the player who holds the table knows every answer: nothing is revealed to them
    assert judge(found, asked, 1) == ""


def test_a_tar_pit_card_drawn_cannot_be_taken_back() -> None:
    found = game("tar_pit", 5)
    _, _, events = found
    move = first(found, lambda r, s, e: by(0)(e) and e.actions[0][1][1:2].isdigit())
    assert judge(found, move, 0) == ""  # a move of one's own pieces reveals nothing
    draw = first(found, lambda r, s, e: e.kind is NodeKind.CHANCE, after=move)
    assert judge(found, draw, 0).startswith("cannot take back: chance has drawn since (")
    # over the draw as part of a longer stretch, too
    assert judge(found, move, 0, draw - move + 1).startswith("cannot take back: chance")
    # the other side's card played from a secret hand shows a card it held
    shown = first(found, lambda r, s, e: by(1)(e) and e.actions[0][1].startswith("play"))
    assert judge(found, shown, 0).startswith("cannot take back: a secret was revealed")
    assert events[shown].actions[0][1] in judge(found, shown, 0)


def test_a_telepathic_partner_card_turned_up_cannot_be_taken_back() -> None:
    found = game("telepathic", 5)
    rules, states, events = found
    # seat 2 predicts face down, then seat 0 moves and the card is turned up
    predicted = first(found, lambda r, s, e: by(2)(e) and e.actions[0][1].startswith("predict"))
    assert judge(found, predicted, 0) == ""  # face down: seat 0 learns nothing yet
    moved = first(found, lambda r, s, e: by(0)(e), after=predicted)
    assert "predicted" in told(rules, states[moved], events[moved], 0)
    assert judge(found, moved, 0).startswith("cannot take back: a secret was revealed")
    assert judge(found, predicted, 0, moved - predicted + 1).startswith("cannot take back")


def test_a_two_move_pair_revealed_cannot_be_taken_back() -> None:
    found = game("two_move", 5)
    joint = first(found, lambda r, s, e: e.kind is NodeKind.SIMULTANEOUS)
    assert judge(found, joint, 0) == "cannot take back: Black's secret choice was revealed"
    assert judge(found, joint, 1) == "cannot take back: White's secret choice was revealed"
    # the moves the cards then make are seen by everyone and hide nothing
    after = first(found, lambda r, s, e: by(0)(e), after=joint)
    assert judge(found, after, 0) == ""


def test_a_zombie_burial_seen_coming_back_cannot_be_taken_back() -> None:
    found = game("zombie", 0)
    rules, states, events = found
    back = first(found, lambda r, s, e: by(1)(e) and "comes back" in told(r, s, e, 0))
    assert judge(found, back, 0).startswith("cannot take back: a secret was revealed (")
    # where Black buried stays secret at the burial itself: White hears only "bury P"
    burial = first(found, lambda r, s, e: by(1)(e) and e.actions[0][1].startswith("bury"))
    assert told(rules, states[burial], events[burial], 0).count("@") == 0
    assert judge(found, burial, 0) == ""


@pytest.mark.parametrize("game_id", ["hockey", "combat_chess"])
def test_a_roll_of_the_dice_cannot_be_taken_back(game_id: str) -> None:
    found = game(game_id, 2, 40)
    roll = first(
        found, lambda r, s, e: e.kind is NodeKind.CHANCE and bool(r.dice(s, parse(r, s, e)))
    )
    assert judge(found, roll, 0).startswith("cannot take back: the dice were rolled (")


def parse(rules: Rules[Any, Any], state: Any, event: Event) -> Any:
    return rules.parse_action(state, event.actions[0][1])
