"""The no-leak guarantee, checked over every registered game.

"What seat p cannot see" is, by definition, whatever `sample_hidden(view(s, p), rng)` may
change: any state it returns must look exactly like `s` to p. So the properties are:

1. every state sampled from p's view gives p the byte-identical view JSON, the same kind of
   node, the same actors and (when p acts) the same actions;
2. event descriptions (`Rules.event_text_for`, and the move list's `Rules.notate`) tell p
   exactly what p learns: in the real state
   and in every sampled twin, two actions described to p alike lead to the same view for p,
   and (in games with secrets) two actions leading to the same view are described alike; so a
   description depends only on what p could see before and after, never on the rest;
3. a record exported for p (`core.seat_record`) replays p's views in order from the record
   alone, and two games that p cannot tell apart export byte-identical records for p.

States come from seeded random games through the driver; hypothesis picks the game's seed,
the moment, the seat and the random streams of the sampler.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motley.core import present, registry
from motley.core.driver import RandomAgent, play
from motley.core.errors import MotleyError, StateError
from motley.core.record import Event, GameRecord, replay
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.seat_record import (
    SeatEvent,
    SeatRecord,
    describe,
    export,
    json_delta,
    json_patch,
    view_json,
)
from motley.core.spec import Trait
from motley.core.toys import Card, HighCard, HighCardState

GAME_IDS = registry.game_ids()
SEEDS = 2
PLAYOUT_EVENTS = 200  # long enough for captures, burials and answers to pile up
ALTERNATIVES = 10  # other actions tried per state


@functools.cache
def playout(game_id: str, seed: int) -> tuple[Rules[Any, Any], tuple[Any, ...], GameRecord]:
    rules = registry.make(game_id)
    agents = {s: RandomAgent() for s in range(rules.spec.players)}
    played = play(rules, agents, f"no-leak/{seed}", max_events=PLAYOUT_EVENTS)
    return rules, tuple(replay(played.record)), played.record


def seats_of(rules: Rules[Any, Any]) -> list[int]:
    return [*range(rules.spec.players), SPECTATOR]


def view_bytes(rules: Rules[Any, Any], state: Any, seat: int) -> str:
    return json.dumps(rules.view_to_json(rules.view(state, seat)), sort_keys=True)


def scene_bytes(rules: Rules[Any, Any], state: Any, seat: int) -> str:
    """The table `seat` is shown, and the gesture of each of its actions."""
    view = rules.view(state, seat)
    gestures = [rules.gesture(view, a) for a in rules.legal_actions(state, seat)]
    return json.dumps(present.to_json((rules.scene(view, seat), gestures)), sort_keys=True)


def texts_of(rules: Rules[Any, Any], state: Any, actions: list[Any]) -> list[str]:
    return [rules.action_text(state, a) for a in actions]


def some(
    rules: Rules[Any, Any], state: Any, options: list[Any], keep: str, rng: random.Random
) -> list[Any]:
    """Up to ALTERNATIVES of `options`, always with the one whose text is `keep` if any."""
    chosen = [a for a in options if rules.action_text(state, a) == keep]
    others = [a for a in options if a not in chosen]
    rng.shuffle(others)
    return chosen + others[:ALTERNATIVES]


def tell(rules: Rules[Any, Any], state: Any, action: Any, seat: int) -> tuple[str, str]:
    """What `seat` is told of `action`: its event text and its line in the move list."""
    return rules.event_text_for(state, action, seat), rules.notate(state, action, seat)


def told_of(rules: Rules[Any, Any], state: Any, event: Event, seat: int) -> tuple[Any, ...]:
    """`tell` for each action of a recorded event."""
    if event.kind is NodeKind.CHANCE:
        return ((-1, *tell(rules, state, rules.parse_action(state, event.actions[0][1]), seat)),)
    return tuple(
        (s, *tell(rules, state, rules.parse_action(state, text, s), seat))
        for s, text in event.actions
    )


def outcomes(
    rules: Rules[Any, Any], state: Any, event: Event, seat: int, rng: random.Random
) -> list[tuple[tuple[tuple[int, str], ...], str]]:
    """For actions at `state` like `event` (it and others): (description to seat, view after)."""
    found = []
    if event.kind is NodeKind.CHANCE:
        options = [o for o, _ in rules.chance_outcomes(state)]
        for outcome in some(rules, state, options, event.actions[0][1], rng):
            after = rules.apply(state, outcome)
            told = ((-1, *tell(rules, state, outcome, seat)),)
            found.append((told, view_bytes(rules, after, seat)))
        return found
    if event.kind is NodeKind.DECISION:
        actor, text = event.actions[0]
        for action in some(rules, state, list(rules.legal_actions(state, actor)), text, rng):
            after = rules.apply(state, action)
            told = ((actor, *tell(rules, state, action, seat)),)
            found.append((told, view_bytes(rules, after, seat)))
        return found
    try:
        base = {s: rules.parse_action(state, text, s) for s, text in event.actions}
    except MotleyError:
        return found  # the recorded joint action is not open here: nothing to compare
    for actor, text in event.actions:
        for action in some(rules, state, list(rules.legal_actions(state, actor)), text, rng):
            joint = {**base, actor: action}
            after = rules.apply_joint(state, joint)
            told = tuple((s, *tell(rules, state, joint[s], seat)) for s in sorted(joint))
            found.append((told, view_bytes(rules, after, seat)))
    return found


# -- 1 and 2: views and event descriptions ---------------------------------------------------


def check_moment(game_id: str, seed: int, index: int, seat: int, streams: list[int]) -> None:
    rules, states, record = playout(game_id, seed)
    index = min(index, len(states) - 1)
    state = states[index]
    view = rules.view(state, seat)
    shown = view_bytes(rules, state, seat)
    twins = [rules.sample_hidden(view, random.Random(s)) for s in streams]
    actors = rules.actors(state)
    for twin in twins:
        assert view_bytes(rules, twin, seat) == shown, f"{game_id}: a twin looks different"
        assert rules.kind(twin) is rules.kind(state), f"{game_id}: kind depends on secrets"
        assert rules.actors(twin) == actors, f"{game_id}: who acts depends on secrets"
        assert scene_bytes(rules, twin, seat) == scene_bytes(rules, state, seat), (
            f"{game_id}: the table shown to seat {seat} depends on secrets"
        )
        if seat in actors:
            mine = texts_of(rules, state, list(rules.legal_actions(state, seat)))
            assert texts_of(rules, twin, list(rules.legal_actions(twin, seat))) == mine
    if index >= len(record.events):
        return
    event = record.events[index]
    told = told_of(rules, state, event, seat)
    after = view_bytes(rules, states[index + 1], seat)
    hidden = Trait.HIDDEN in rules.spec.traits
    rng = random.Random(streams[0])
    for world in (state, *twins):
        for other_told, other_after in outcomes(rules, world, event, seat, rng):
            if other_told == told:
                assert other_after == after, (
                    f"{game_id}: {told} is told to seat {seat} for events that change its "
                    "view differently: the description hides what the seat learns"
                )
            elif hidden:
                assert other_after != after, (
                    f"{game_id}: seat {seat} is told {told} or {other_told} for events it "
                    "cannot tell apart: the description gives away a secret"
                )


MOMENT = {
    "seed": st.integers(0, SEEDS - 1),
    "index": st.integers(0, PLAYOUT_EVENTS),
    "seat_index": st.integers(0, 8),
    "streams": st.lists(st.integers(0, 2**32 - 1), min_size=2, max_size=3),
}


def moments_test(examples: int) -> Callable[..., None]:
    """A test of `examples` drawn moments per game: nothing unseen reaches the seat drawn."""

    @pytest.mark.parametrize("game_id", GAME_IDS)
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(**MOMENT)
    def test(game_id: str, seed: int, index: int, seat_index: int, streams: list[int]) -> None:
        seats = seats_of(registry.make(game_id))
        check_moment(game_id, seed, index, seats[seat_index % len(seats)], streams)

    drawn: Callable[..., None] = test  # hypothesis's decorators are untyped
    return drawn


test_nothing_unseen_reaches_a_seat = moments_test(12)
test_nothing_unseen_reaches_a_seat_at_length = pytest.mark.slow(moments_test(120))


# -- 3: records for one seat ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seat_record_replays_the_seats_views(game_id: str) -> None:
    rules, states, record = playout(game_id, 0)
    for seat in seats_of(rules):
        exported = export(record, seat, states)
        data = json.loads(json.dumps(exported.to_json()))
        assert "seed" not in data, "a seat record never carries the seed (it fixes every secret)"
        again = SeatRecord.from_json(data)
        assert again == exported
        assert again.views() == [view_json(rules, s, seat) for s in states]
        told = [describe(rules, s, e, seat) for s, e in zip(states, record.events, strict=False)]
        assert [e.texts for e in again.events] == told
        if Trait.HIDDEN not in rules.spec.traits:
            assert [e.texts for e in again.events] == [e.actions for e in record.events]


class SecretHighCard(HighCard):
    """The toy high-card game, telling each seat only its own card as it is dealt, and the
    cards shown when they are compared."""

    spec = replace(HighCard.spec, id="toy-secret-high-card", title="Secret high card")

    def event_text_for(self, state: HighCardState, action: Any, seat: int) -> str:
        if isinstance(action, Card) and seat != len(state.hands):
            return f"a card for {self.spec.seat_name(len(state.hands))}"
        words = self.action_text(state, action)
        if words in ("show", "call"):
            words += " ({} against {})".format(*state.hands)
        return words


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Both toy high-card games registered for one test (records name games by id)."""
    monkeypatch.setitem(registry._GAMES, HighCard.spec.id, HighCard)
    monkeypatch.setitem(registry._GAMES, SecretHighCard.spec.id, SecretHighCard)
    yield


def every_moment(game_id: str) -> None:
    rules, states, _ = playout(game_id, 0)
    for index in range(len(states)):
        for seat in seats_of(rules):
            check_moment(game_id, 0, index, seat, [1, 2])


def test_the_property_catches_a_description_that_tells_a_secret(high_card: None) -> None:
    """The plain toy game describes every deal by its card, to everyone: caught."""
    with pytest.raises(AssertionError, match="gives away a secret"):
        every_moment(HighCard.spec.id)


def test_games_a_seat_cannot_tell_apart_export_alike(high_card: None) -> None:
    """Two deals that differ only in the first seat's card: the second seat's record (and
    the public one) are byte-identical; the first seat's are not."""
    every_moment(SecretHighCard.spec.id)
    records = []
    for first in (1, 2):
        events = (
            Event(NodeKind.CHANCE, ((-1, f"card {first}"),)),
            Event(NodeKind.CHANCE, ((-1, "card 4"),)),
            Event(NodeKind.DECISION, ((0, "raise"),)),
            Event(NodeKind.DECISION, ((1, "fold"),)),
        )
        record = GameRecord(SecretHighCard.spec.id, 1, {}, "", events)
        records.append({seat: export(record, seat).to_json() for seat in (0, 1, SPECTATOR)})
    assert records[0][1] == records[1][1]
    assert records[0][SPECTATOR] == records[1][SPECTATOR]
    assert records[0][0] != records[1][0]
    assert SeatRecord.from_json(records[0][1]).events[0].texts == ((-1, "a card for Dealer"),)


def test_seat_record_refuses_garbage() -> None:
    good = SeatRecord("chess", 1, {}, 0, "", {"log": []}, ())
    for bad in (
        {},
        {**good.to_json(), "format": "motley-record/1"},
        {**good.to_json(), "events": [{"texts": 5, "change": None}]},
        {k: v for k, v in good.to_json().items() if k != "seat"},
    ):
        with pytest.raises(StateError):
            SeatRecord.from_json(bad)
    tampered = SeatRecord(
        "chess",
        1,
        {},
        0,
        "",
        {"log": []},
        (SeatEvent(((0, "e2e4"),), {"{}": {"log": {"{}": {}}}}),),
    )
    with pytest.raises(StateError) as info:
        tampered.views()
    assert "\n" not in str(info.value)


# -- deltas -----------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(old=JSON, new=JSON)
def test_json_delta_rebuilds_the_new_value(old: Any, new: Any) -> None:
    rebuilt = json_patch(old, json_delta(old, new))
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(new, sort_keys=True)


def test_json_delta_is_small_for_a_growing_list() -> None:
    old = {"log": ["a"] * 50, "turn": 0}
    new = {"log": ["a"] * 50 + ["b"], "turn": 1}
    assert json_delta(old, new) == {"{}": {"log": {"+": ["b"]}, "turn": {"=": 1}}}
    assert json_delta(new, new) is None
    assert json_delta({"x": 1}, {"x": True}) == {"{}": {"x": {"=": True}}}
