"""Take back in the browser: refused once a secret was seen, and the control hidden then."""

from __future__ import annotations

import pytest

from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.rules import NodeKind
from motley.web.decide import UNDO, Rejected, Request, can_take_back, decide
from motley.web.entries import Step, Undo
from motley.web.frames import live_frame
from motley.web.header import Header, SeatPlan
from motley.web.match import Match


def against_the_computer(game: str, seed: int, upto: int) -> Match:
    """A game of a person (seat 0) against the computer, with the first `upto` events of a
    seeded random game played."""
    rules = registry.make(game)
    seats = (SeatPlan("local"), SeatPlan("computer", 3))
    header = Header("g", game, rules.spec.version, {}, seats, "seed", created=1.0)
    match = Match.start(header, rules, frozenset())
    agents = {0: RandomAgent(), 1: RandomAgent()}
    for event in play(rules, agents, seed=seed, max_events=upto).record.events:
        if event.kind is NodeKind.CHANCE:
            match = match.apply(Step(event, draw=match.draws))
        else:
            match = match.apply(Step(event, event.actions[0][0]))
    return match


def test_chess_moves_and_the_computers_reply_can_be_taken_back() -> None:
    match = against_the_computer("chess", 1, 6)
    assert can_take_back(match, 0) and live_frame(match, 0)["can_take_back"]
    assert decide(match, Request(0, UNDO)) == [Undo(0, 4, intent="")]
    assert not live_frame(match, 1)["can_take_back"]  # the computer's seat takes nothing back


def test_a_zombie_seen_coming_back_cannot_be_taken_back() -> None:
    # in this game Black's 35th event, f5e6, brings a buried pawn back at f5
    quiet = against_the_computer("zombie", 0, 4)
    assert can_take_back(quiet, 0) and live_frame(quiet, 0)["can_take_back"]
    seen = against_the_computer("zombie", 0, 35)
    last = seen.steps[-1].entry
    assert isinstance(last, Step) and last.event.actions == ((1, "f5e6"),)
    with pytest.raises(Rejected, match=r"^cannot take back: a secret was revealed \(f5e6; a"):
        decide(seen, Request(0, UNDO))
    assert not can_take_back(seen, 0) and live_frame(seen, 0)["can_take_back"] is False
