"""What is fixed when a game is created: the game, its options, who sits where, the seed."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from motley.core.errors import OptionError, StateError
from motley.core.record import seed_hash
from motley.web.clock import TimeControl

LOCAL = "local"  # a person at the creator's device (several make a hot-seat game)
COMPUTER = "computer"
INVITE = "invite"  # a friend who joins through an invitation link (or from the lobby)
SEAT_KINDS = (LOCAL, COMPUTER, INVITE)
LEVELS = (1, 2, 3, 4, 5)


def secret_hash(secret: str) -> str:
    """Seat tokens and invitation codes are stored only as hashes."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class SeatPlan:
    kind: str
    level: int = 0  # computer strength, 1-5

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class Header:
    id: str
    game: str
    rules_version: int
    options: Mapping[str, Any]
    seats: tuple[SeatPlan, ...]
    seed: str
    listed: bool = True  # shown in the lobby's open and running lists
    invites: tuple[str, ...] = ()  # per seat: hash of the invitation code ("" for none)
    created: float = field(default_factory=time.time)
    clock: TimeControl | None = None  # None: no clocks (every game stored before clocks)

    @property
    def seed_hash(self) -> str:
        return seed_hash(self.seed)

    def computer_level(self, seat: int) -> int:
        plan = self.seats[seat]
        return plan.level if plan.kind == COMPUTER else 0

    @property
    def all_local(self) -> bool:
        """No seat belongs to someone elsewhere: hot-seat or against the computer."""
        return all(plan.kind != INVITE for plan in self.seats)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "seats": [plan.to_json() for plan in self.seats],
            "seed": self.seed,
            "listed": self.listed,
            "invites": list(self.invites),
            "created": self.created,
        }
        if self.clock is not None:  # written only when set: older headers stay byte-identical
            data["clock"] = self.clock.to_json()
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

    @staticmethod
    def loads(text: str) -> Header:
        try:
            data = json.loads(text)
            seats = tuple(SeatPlan(str(s["kind"]), int(s["level"])) for s in data["seats"])
            return Header(
                id=str(data["id"]),
                game=str(data["game"]),
                rules_version=int(data["rules_version"]),
                options=dict(data["options"]),
                seats=seats,
                seed=str(data["seed"]),
                listed=bool(data["listed"]),
                invites=tuple(str(h) for h in data["invites"]),
                created=float(data["created"]),
                clock=TimeControl.from_json(data.get("clock")),
            )
        except (KeyError, TypeError, ValueError, OptionError, json.JSONDecodeError):
            raise StateError("a stored game header is damaged") from None
