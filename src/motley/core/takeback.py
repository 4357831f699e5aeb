"""Taking moves back without revealing or re-rolling anything.

A take back is fair only over steps that told the asking seat nothing it did not know
before: otherwise a player could look (at a card, a die, a secret answer, where a piece was
buried) and then choose again knowing it. Every shell asks here, so the terminal and the
web app refuse the same take backs with the same reason.

What a step revealed is judged from the seat's views, never from the game's name:

* a chance step (a roll, a draw, a deal) is refused outright: taking it back would roll or
  draw again, and the seat has usually seen the result;
* a joint step at a simultaneous node shows every other seat's secret choice;
* a decision reveals hidden information when the seat's view after it depends on what the
  seat could not see before. The seat's view before is filled in with `sample_hidden` a few
  times (the ways the hidden part might be, as far as the seat knows); if the same action
  then leads to a different view for one of them, the step showed which way it was (a
  Masquerade "Capture?" answered, a zombie coming back, a partner's card turned up). A game
  whose view of a state is the state itself hides nothing, and is not sampled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from motley.core.errors import MotleyError
from motley.core.record import Event
from motley.core.rules import NodeKind, Rules

SAMPLES = 24  # fillings of the hidden part tried per step; a fixed RNG keeps answers stable


def refusal(
    rules: Rules[Any, Any], start: Any, events: Sequence[Event], seats: Iterable[int]
) -> str:
    """Why `events` played from `start` cannot be taken back by the people at `seats`
    ("cannot take back: ..."), or "" when they revealed nothing to any of them."""
    seats = tuple(seats)
    states = states_before(rules, start, events)
    # the plain reasons first (a roll, a draw, a choice made together), the sampling after
    for judge in (_plain_refusal, _hidden_refusal):
        for state, event in zip(states, events, strict=False):
            for seat in seats:
                reason = judge(rules, state, event, seat)
                if reason:
                    return f"cannot take back: {reason}"
    return ""


def states_before(rules: Rules[Any, Any], start: Any, events: Sequence[Event]) -> list[Any]:
    """The state before each event, then the state after the last."""
    states = [start]
    for event in events:
        states.append(_after(rules, states[-1], event))
    return states


def _after(rules: Rules[Any, Any], state: Any, event: Event) -> Any:
    if event.kind is NodeKind.SIMULTANEOUS:
        joint = {s: rules.parse_action(state, text, s) for s, text in event.actions}
        return rules.apply_joint(state, joint)
    seat, text = event.actions[0]
    return rules.apply(state, _parse(rules, state, seat, text))


def _parse(rules: Rules[Any, Any], state: Any, seat: int, text: str) -> Any:
    return rules.parse_action(state, text) if seat < 0 else rules.parse_action(state, text, seat)


def _plain_refusal(rules: Rules[Any, Any], state: Any, event: Event, seat: int) -> str:
    """A chance step, or a joint step showing another seat's secret choice."""
    if event.kind is NodeKind.CHANCE:
        outcome = rules.parse_action(state, event.actions[0][1])
        told = rules.event_text_for(state, outcome, seat)
        if rules.dice(state, outcome):
            return f"the dice were rolled ({told})"
        return f"chance has drawn since ({told})"
    if event.kind is NodeKind.SIMULTANEOUS:
        others = [s for s, _ in event.actions if s != seat]
        if others:
            names = " and ".join(rules.spec.seat_name(s) for s in others)
            return f"{names}'s secret choice was revealed"
    return ""


def _hidden_refusal(rules: Rules[Any, Any], state: Any, event: Event, seat: int) -> str:
    """A decision that showed `seat` something its view hid."""
    if event.kind is not NodeKind.DECISION:
        return ""
    actor, text = event.actions[0]
    action = rules.parse_action(state, text, actor)
    if _reveals(rules, state, action, actor, seat):
        told = rules.event_text_for(state, action, seat)
        return f"a secret was revealed ({told})"
    return ""


def _reveals(rules: Rules[Any, Any], state: Any, action: Any, actor: int, seat: int) -> bool:
    """Whether playing `action` showed `seat` something of what its view hid."""
    before = rules.view(state, seat)
    if before is state:
        return False  # the seat sees the whole state: nothing is hidden from it
    known = rules.view_to_json(before)
    after = rules.view_to_json(rules.view(rules.apply(state, action), seat))
    rng = random.Random(0)
    text = rules.action_text(state, action)
    # told the action in full, the seat learns that it could be played (a card held)
    told_in_full = rules.event_text_for(state, action, seat).startswith(text)
    for _ in range(SAMPLES):
        try:
            guess = rules.sample_hidden(before, rng)
        except MotleyError:
            continue
        if rules.view_to_json(rules.view(guess, seat)) != known:
            continue  # the filling does not reproduce the view: it cannot judge
        try:
            # the action as written, read again in the guess (actions may carry state)
            then = rules.apply(guess, rules.parse_action(guess, text, actor))
        except MotleyError:
            if told_in_full:
                return True  # it could not have been played there: seeing it rules that out
            continue  # the seat was told only part of it: this filling cannot judge
        if rules.view_to_json(rules.view(then, seat)) != after:
            return True
    return False
