"""The entries of a game's log: everything that happens at a table, in order.

A game is stored as its header plus an append-only list of entries. Replaying the entries
from the start rebuilds the game exactly (including undone moves and draw offers), so the
log is the only thing that must survive a crash.

Each entry is a small frozen value with a JSON form of its own. `intent` is the id the
client gave the request that produced it (empty for the server's own entries), so a
repeated request is recognised even after a restart.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, replace
from typing import Any

from motley.core.errors import StateError
from motley.core.record import Event

SERVER = -1  # the "seat" of entries the server makes itself (chance outcomes)


@dataclass(frozen=True)
class Logged:
    """What every entry carries beside its own facts: the id of the request that made it
    (`intent`) and the server time it was logged (`at`). Both are keyword-only, so each kind
    of entry lists its own facts first."""

    _: KW_ONLY
    intent: str = ""
    at: float = 0.0


@dataclass(frozen=True)
class Step(Logged):
    """An event of the game itself: a chance outcome, a decision or a resolved joint action.

    `draw` numbers chance outcomes: outcome n is picked with the RNG seeded by
    `{seed}/chance/{n}`, so anyone holding the revealed seed can re-check every roll.
    """

    event: Event
    seat: int = SERVER
    draw: int = -1


@dataclass(frozen=True)
class SeatEntry(Logged):
    """An entry about one seat: the seat that asked for it (for `Flag`, the seat that lost on
    time).

    Resigning, offering a draw, calling a game off, taking an invitation seat and losing on
    time are each this and only this; they are told apart by their type (and their log kind,
    `kind_of`). The other kinds add their own facts."""

    seat: int


@dataclass(frozen=True)
class Commit(SeatEntry):
    """One seat's secret choice at a simultaneous node, waiting for the others."""

    action: str


@dataclass(frozen=True)
class Undo(SeatEntry):
    """Take the game back to `to` steps (and withdraw every waiting commitment)."""

    to: int


@dataclass(frozen=True)
class Resign(SeatEntry):
    """`seat` gives the game up."""


@dataclass(frozen=True)
class Offer(SeatEntry):
    """A draw offer; it stands until answered or until the position changes."""


@dataclass(frozen=True)
class Answer(SeatEntry):
    """Accepting or declining the standing draw offer."""

    accept: bool


@dataclass(frozen=True)
class Join(SeatEntry):
    """Someone took an invitation seat (by no request of a seat's: its intent stays empty)."""


@dataclass(frozen=True)
class Flag(SeatEntry):
    """`seat`'s clock ran out (the server logs it)."""


@dataclass(frozen=True)
class Claim(SeatEntry):
    """`seat` claims the win because `gone`, an opponent, left the game long enough ago."""

    gone: int


@dataclass(frozen=True)
class Abort(SeatEntry):
    """`seat` calls the game off before it really began, its opponent having left."""


Entry = Step | Commit | Undo | Resign | Offer | Answer | Join | Flag | Claim | Abort

# read back by their log kind (`kind_of`), all alike
_SAID: dict[str, type[Resign | Offer | Abort | Join | Flag]] = {
    cls.__name__.lower(): cls for cls in (Resign, Offer, Abort, Join, Flag)
}


def kind_of(entry: Entry) -> str:
    return type(entry).__name__.lower()


def intent_of(entry: Entry) -> str:
    return entry.intent


def stamped(entry: Entry, at: float) -> Entry:
    """The entry with the server time it was made (clocks are replayed from these)."""
    return replace(entry, at=at)


def to_json(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"t": kind_of(entry), "seat": entry.seat}
    if isinstance(entry, Step):
        data["event"] = entry.event.to_json()
        if entry.draw >= 0:
            data["draw"] = entry.draw
    elif isinstance(entry, Commit):
        data["action"] = entry.action
    elif isinstance(entry, Undo):
        data["to"] = entry.to
    elif isinstance(entry, Answer):
        data["accept"] = entry.accept
    elif isinstance(entry, Claim):
        data["gone"] = entry.gone
    if entry.at:
        data["at"] = entry.at
    intent = intent_of(entry)
    if intent:
        data["intent"] = intent
    return data


def dumps(entry: Entry) -> str:
    return json.dumps(to_json(entry), separators=(",", ":"), sort_keys=True)


def from_json(data: Mapping[str, Any]) -> Entry:
    """Read an entry back; a malformed one raises StateError (the log is damaged)."""
    try:
        kind = data["t"]
        seat = _int(data["seat"])
        intent = str(data.get("intent", ""))
        at = _time(data.get("at", 0.0))
        if kind == "step":
            draw = _int(data.get("draw", -1))
            return Step(Event.from_json(data["event"]), seat, draw, intent=intent, at=at)
        if kind == "commit":
            return Commit(seat, str(data["action"]), intent=intent, at=at)
        if kind == "undo":
            return Undo(seat, _int(data["to"]), intent=intent, at=at)
        if kind in _SAID:
            return _SAID[kind](seat, intent=intent, at=at)
        if kind == "answer":
            if not isinstance(data["accept"], bool):
                raise TypeError
            return Answer(seat, data["accept"], intent=intent, at=at)
        if kind == "claim":
            return Claim(seat, _int(data["gone"]), intent=intent, at=at)
    except (KeyError, TypeError, ValueError):
        pass
    raise StateError(f"malformed log entry: {json.dumps(data)[:80]}")


def loads(text: str) -> Entry:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise StateError("a log entry is not valid JSON") from None
    if not isinstance(data, dict):
        raise StateError("a log entry is not a JSON object")
    return from_json(data)


def _time(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise TypeError
    return float(value)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError
    return value
