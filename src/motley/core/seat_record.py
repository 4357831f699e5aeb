"""Records for one seat: what a seat saw of a game, and nothing else.

A full `GameRecord` holds every action as played, secrets included, so it is for the end of
a game or for an arbiter. A `SeatRecord` is what may be handed to one seat (or to the
public, `SPECTATOR`) at any time: the game's header, the seat's first view, and for every
event the description that seat was given (`Rules.event_text_for`: the secret parts of other
seats' actions left out, announcements added) together with the change it brought to the
seat's view. Replaying it (`SeatRecord.views`) rebuilds every view the seat had, in order,
from the record alone.

Views change a little per event while growing long (a log of announcements), so each event
stores a JSON delta from the previous view rather than the whole view:

* `{"=": value}`: the new value replaces the old;
* `{"+": [items]}`: a list grew by these items at its end;
* `{"{}": {key: delta}, "-": [keys]}`: an object changed at these keys, lost those;
* `null`: nothing changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, StateError
from motley.core.record import Event, GameRecord, replay
from motley.core.rules import SPECTATOR, NodeKind, Rules

SEAT_RECORD_FORMAT = "motley-seat-record/1"


# -- JSON deltas ----------------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (where Python's == would take 1 for true)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def json_delta(old: Any, new: Any) -> Any:
    """The change from `old` to `new` (plain JSON values), or None if there is none."""
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {}
        for key, value in new.items():
            if key not in old:
                changed[key] = {"=": value}
            else:
                step = json_delta(old[key], value)
                if step is not None:
                    changed[key] = step
        gone = [key for key in old if key not in new]
        if not changed and not gone:
            return None
        delta: dict[str, Any] = {"{}": changed}
        if gone:
            delta["-"] = gone
        return delta
    if _same(old, new):
        return None
    if isinstance(old, list) and isinstance(new, list) and _same(new[: len(old)], old):
        return {"+": new[len(old) :]}
    return {"=": new}


def json_patch(old: Any, delta: Any) -> Any:
    """`old` changed by `delta` (as made by `json_delta`); StateError if they do not fit."""
    if delta is None:
        return old
    if not isinstance(delta, dict):
        raise StateError("seat record: a view change must be an object or null")
    if "=" in delta:
        return delta["="]
    if "+" in delta:
        if not isinstance(old, list) or not isinstance(delta["+"], list):
            raise StateError("seat record: a list change applied to something else")
        return old + delta["+"]
    if "{}" in delta:
        if not isinstance(old, dict) or not isinstance(delta["{}"], dict):
            raise StateError("seat record: an object change applied to something else")
        new = {k: v for k, v in old.items() if k not in delta.get("-", ())}
        for key, step in delta["{}"].items():
            new[key] = json_patch(old.get(key), step)
        return new
    raise StateError("seat record: unknown kind of view change")


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))


# -- describing events to a seat ------------------------------------------------------------


def view_json(rules: Rules[Any, Any], state: Any, seat: int) -> Any:
    """`seat`'s view of `state` as plain JSON."""
    return _plain(rules.view_to_json(rules.view(state, seat)))


def describe(
    rules: Rules[Any, Any], state: Any, event: Event, seat: int
) -> tuple[tuple[int, str], ...]:
    """The recorded `event` at `state` as `seat` is told it: (actor, text) pairs."""
    if event.kind is NodeKind.CHANCE:
        outcome = rules.parse_action(state, event.actions[0][1])
        return ((-1, rules.event_text_for(state, outcome, seat)),)
    return tuple(
        (actor, rules.event_text_for(state, rules.parse_action(state, text, actor), seat))
        for actor, text in event.actions
    )


# -- the record -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatEvent:
    """One event as a seat knows it: who acted and what it was told, and its view's change."""

    texts: tuple[tuple[int, str], ...]  # (acting seat, or -1 for chance; the description)
    change: Any  # JSON delta from the previous view

    def to_json(self) -> dict[str, Any]:
        return {"texts": [[seat, text] for seat, text in self.texts], "change": self.change}

    @staticmethod
    def from_json(data: Any) -> SeatEvent:
        try:
            texts = tuple((int(seat), str(text)) for seat, text in data["texts"])
            return SeatEvent(texts, data["change"])
        except (KeyError, TypeError, ValueError):
            raise StateError("seat record: malformed event") from None


@dataclass(frozen=True)
class SeatRecord:
    game: str
    version: int
    options: Mapping[str, Any]
    seat: int
    seed_hash: str  # the commitment only: the seed itself would give away secret chance
    first_view: Any
    events: tuple[SeatEvent, ...]
    result: tuple[float, ...] | None = None

    def views(self) -> list[Any]:
        """Every view of the seat, from the first to the last, rebuilt from the changes."""
        views = [self.first_view]
        for number, event in enumerate(self.events, 1):
            try:
                views.append(json_patch(views[-1], event.change))
            except StateError as error:
                raise StateError(f"seat record event {number}: {error}") from None
        return views

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": SEAT_RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seat": self.seat,
            "seed_hash": self.seed_hash,
            "first_view": self.first_view,
            "events": [e.to_json() for e in self.events],
        }
        if self.result is not None:
            data["result"] = list(self.result)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> SeatRecord:
        if not isinstance(data, Mapping) or data.get("format") != SEAT_RECORD_FORMAT:
            raise StateError(f"not a Motley seat record (expected {SEAT_RECORD_FORMAT!r})")
        try:
            result = data.get("result")
            return SeatRecord(
                game=str(data["game"]),
                version=int(data["version"]),
                options=dict(data["options"]),
                seat=int(data["seat"]),
                seed_hash=str(data["seed_hash"]),
                first_view=data["first_view"],
                events=tuple(SeatEvent.from_json(e) for e in data["events"]),
                result=None if result is None else tuple(float(x) for x in result),
            )
        except (KeyError, TypeError, ValueError):
            raise StateError("malformed seat record") from None


def export(record: GameRecord, seat: int, states: Sequence[Any] | None = None) -> SeatRecord:
    """What `seat` (a seat number or SPECTATOR) may keep of the game in `record`.

    `states` (every state of the game, as `core.record.replay` gives them) saves replaying.
    """
    rules = registry.make(record.game, record.options)
    if seat != SPECTATOR and not 0 <= seat < rules.spec.players:
        raise StateError(f"{record.game} has no seat {seat}")
    if states is None:
        states = replay(record)
    views = [view_json(rules, state, seat) for state in states]
    events = []
    for number, (state, event) in enumerate(zip(states, record.events, strict=False), 1):
        try:
            texts = describe(rules, state, event, seat)
        except MotleyError as error:
            raise StateError(f"record event {number}: {error}") from None
        events.append(SeatEvent(texts, json_delta(views[number - 1], views[number])))
    over = rules.kind(states[-1]) is NodeKind.TERMINAL
    return SeatRecord(
        game=record.game,
        version=record.version,
        options=dict(record.options),
        seat=seat,
        seed_hash=record.seed_hash,
        first_view=views[0],
        events=tuple(events),
        result=tuple(rules.returns(states[-1])) if over else None,
    )
