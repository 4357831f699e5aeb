"""Game records: everything needed to replay a game exactly, as JSON.

A record names the game, its version and options, the hash of the seed of the RNG that chose
chance outcomes, and every event in order: chance outcomes, decisions and joint (simultaneous)
actions, each as action text. Replaying parses each text against the state it was played in,
so a record edited by hand fails with a clear error instead of silently diverging.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from motley.core import registry
from motley.core.errors import MotleyError, StateError
from motley.core.rules import NodeKind, Rules

RECORD_FORMAT = "motley-record/1"


def seed_hash(seed: int | str) -> str:
    """The public commitment to a seed: its SHA-256, shown before the game, checked after."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


@dataclass(frozen=True)
class Event:
    """One step of a game: a chance outcome, one seat's decision, or a joint action."""

    kind: NodeKind
    actions: tuple[tuple[int, str], ...]  # (seat, text); seat -1 for chance

    def to_json(self) -> dict[str, Any]:
        if self.kind is NodeKind.CHANCE:
            return {"chance": self.actions[0][1]}
        if self.kind is NodeKind.DECISION:
            seat, text = self.actions[0]
            return {"seat": seat, "action": text}
        return {"joint": {str(seat): text for seat, text in self.actions}}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        try:
            if "chance" in data:
                return Event(NodeKind.CHANCE, ((-1, str(data["chance"])),))
            if "joint" in data:
                joint = data["joint"]
                return Event(
                    NodeKind.SIMULTANEOUS,
                    tuple(sorted((int(s), str(t)) for s, t in joint.items())),
                )
            return Event(NodeKind.DECISION, ((int(data["seat"]), str(data["action"])),))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise StateError(f"malformed record event: {json.dumps(data)[:80]}") from None


@dataclass(frozen=True)
class GameRecord:
    game: str
    version: int
    options: Mapping[str, Any]
    seed_hash: str
    events: tuple[Event, ...] = ()
    seed: str | None = None  # revealed once the game is over
    result: tuple[float, ...] | None = None
    players: tuple[str, ...] = field(default=())
    start: Mapping[str, Any] | None = None  # state JSON when the game began mid-way

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seed_hash": self.seed_hash,
            "events": [e.to_json() for e in self.events],
        }
        if self.players:
            data["players"] = list(self.players)
        if self.start is not None:
            data["start"] = dict(self.start)
        if self.seed is not None:
            data["seed"] = self.seed
        if self.result is not None:
            data["result"] = list(self.result)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise StateError(f"not a Motley game record (expected format {RECORD_FORMAT!r})")
        try:
            events = tuple(Event.from_json(e) for e in data["events"])
            result = data.get("result")
            return GameRecord(
                game=str(data["game"]),
                version=int(data["version"]),
                options=dict(data.get("options", {})),
                seed_hash=str(data.get("seed_hash", "")),
                events=events,
                seed=None if data.get("seed") is None else str(data["seed"]),
                result=None if result is None else tuple(float(x) for x in result),
                players=tuple(str(p) for p in data.get("players", ())),
                start=None if data.get("start") is None else dict(data["start"]),
            )
        except (KeyError, TypeError, ValueError):
            raise StateError("malformed game record") from None


def apply_event(rules: Rules[Any, Any], state: Any, event: Event) -> Any:
    """Parse and apply one recorded event, checking it fits the node it was recorded at."""
    kind = rules.kind(state)
    if kind is not event.kind:
        raise StateError(
            f"record expects a {event.kind.value} node here, the game is at {kind.value}"
        )
    if kind is NodeKind.CHANCE:
        return rules.apply(
            state, rules.check_legal(state, rules.parse_action(state, event.actions[0][1]))
        )
    if kind is NodeKind.DECISION:
        seat, text = event.actions[0]
        if rules.actors(state) != (seat,):
            raise StateError(f"record has seat {seat} acting out of turn")
        return rules.apply(state, rules.parse_action(state, text, seat))
    joint = {seat: rules.parse_action(state, text, seat) for seat, text in event.actions}
    if sorted(joint) != sorted(rules.actors(state)):
        raise StateError("record's joint action does not match the seats to act")
    return rules.apply_joint(state, joint)


def replay(record: GameRecord) -> list[Any]:
    """Every state of the recorded game, from the initial state to the last."""
    rules = registry.make(record.game, record.options)
    if rules.spec.version != record.version:
        raise StateError(
            f"record is for {record.game} version {record.version}; "
            f"this Motley has version {rules.spec.version}"
        )
    states = [
        rules.initial_state() if record.start is None else rules.state_from_json(record.start)
    ]
    for number, event in enumerate(record.events, 1):
        try:
            states.append(apply_event(rules, states[-1], event))
        except MotleyError as error:
            raise StateError(f"record event {number}: {error}") from None
    return states
