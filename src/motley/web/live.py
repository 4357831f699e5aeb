"""A game in memory: its match, its lock, who is connected, and how it is rebuilt from the store.

The store keeps every game; a `LiveGame` exists only while a game is played or watched, and a
game that left memory is replayed from its log (`rebuild`) when it is asked for again.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Mapping

from motley.core import registry
from motley.core.errors import MotleyError, StateError
from motley.web import entries
from motley.web.connection import Connection
from motley.web.header import Header
from motley.web.header import secret_hash as hashed
from motley.web.match import Match

MAX_REJECTIONS = 256  # remembered per game, so a retried request gets the same answer
IDLE_SECONDS = 600.0  # an unwatched game untouched this long leaves memory (the store keeps it)


class NotFound(MotleyError):
    """No game with that id."""


class LiveGame:
    """A game in memory: the match, its lock, its connections and its seat tokens."""

    def __init__(self, match: Match, tokens: Mapping[int, str]) -> None:
        self.match = match
        self.lock = asyncio.Lock()
        self.seats_by_hash = {digest: seat for seat, digest in tokens.items()}
        self.connections: set[Connection] = set()
        self.rejections: OrderedDict[tuple[int, str], str] = OrderedDict()
        self.thinking: set[int] = set()
        self.touched = time.monotonic()
        # people's seats with no connection, and since when (server time); see presence.py
        self.away: dict[int, float] = {}
        self.flag_timer: asyncio.Task[None] | None = None

    def idle(self, now: float) -> bool:
        """Nobody connected, nothing running, and not asked for in the last IDLE_SECONDS."""
        return (
            not self.connections
            and not self.thinking
            and not self.lock.locked()
            and now - self.touched > IDLE_SECONDS
        )

    def seat_of(self, token: str) -> int | None:
        try:
            return self.seats_by_hash.get(hashed(token))
        except UnicodeEncodeError:  # a lone surrogate: no token of ours
            return None

    def remember(self, key: tuple[int, str], reason: str) -> None:
        self.rejections[key] = reason
        while len(self.rejections) > MAX_REJECTIONS:
            self.rejections.popitem(last=False)


def rebuild(header: Header, bodies: tuple[str, ...]) -> Match:
    """Replay a stored log; a log that no longer fits the rules fails with a clear error."""
    try:
        rules = registry.make(header.game, header.options)
    except MotleyError as error:
        raise StateError(f"game {header.id} cannot be opened here: {error}") from None
    if rules.spec.version != header.rules_version:
        raise StateError(
            f"game {header.id} was played under version {header.rules_version} of "
            f"{rules.spec.title}; this server has version {rules.spec.version}"
        )
    match = Match.start(header, rules, frozenset())
    for number, body in enumerate(bodies, 1):
        try:
            match = match.apply(entries.loads(body))
        except MotleyError as error:
            raise StateError(f"game {header.id}, entry {number}: {error}") from None
    return match
