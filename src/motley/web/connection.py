"""One websocket connection as the hub sees it (a seat, an outbox, a rate limit), and the
limits kept per client address."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from motley.web import protocol

OUTBOX_LIMIT = 512  # messages waiting for a slow client before it is dropped (it can reconnect)
RATE = 30.0  # messages per second a client may send, on average
BURST = 90.0


class Connection:
    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.seat: int | None = None  # None until hello; SPECTATOR for a watcher
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self._rate = rate
        self._burst = burst
        self._allowance = burst
        self._checked = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        try:
            text = protocol.dumps(message)
        except TypeError:  # a client's lone surrogate echoed in a reply: escape it instead
            text = json.dumps(message)
        self.send_text(text)

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()  # too far behind: better a reconnect and a fresh snapshot
            return
        self.outbox.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)

    def allow(self) -> bool:
        """Token bucket: False when the client sends faster than its rate for too long."""
        now = time.monotonic()
        self._allowance = min(self._burst, self._allowance + (now - self._checked) * self._rate)
        self._checked = now
        if self._allowance < 1.0:
            return False
        self._allowance -= 1.0
        return True


class PerClient:
    """Token buckets and open-connection counts kept per client address.

    A client is its network address, so everyone behind one proxy or NAT shares a budget;
    the limits are set well above what one person needs. Full buckets are forgotten, so
    the table stays as small as the set of clients active in the last minute or so.
    """

    FORGET_AT = 10_000  # entries before full buckets are dropped

    def __init__(self, rate: float, burst: float, connections: int) -> None:
        self.rate = rate  # actions per second refilled
        self.burst = burst
        self.connections = connections  # open sockets allowed at once
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (allowance, when)
        self._open: dict[str, int] = {}

    def allow(self, client: str, now: float | None = None) -> bool:
        """Take one action from the client's bucket; False when it is empty."""
        now = time.monotonic() if now is None else now
        allowance, checked = self._buckets.get(client, (self.burst, now))
        allowance = min(self.burst, allowance + (now - checked) * self.rate)
        if len(self._buckets) > self.FORGET_AT:
            self._forget(now)
        if allowance < 1.0:
            self._buckets[client] = (allowance, now)
            return False
        self._buckets[client] = (allowance - 1.0, now)
        return True

    def wait(self, client: str) -> float:
        """Seconds until the client may act again."""
        allowance, _ = self._buckets.get(client, (self.burst, 0.0))
        return max(0.0, (1.0 - allowance) / self.rate)

    def _forget(self, now: float) -> None:
        for client, (allowance, checked) in list(self._buckets.items()):
            if allowance + (now - checked) * self.rate >= self.burst:
                del self._buckets[client]

    def open(self, client: str) -> bool:
        """Count a new connection; False (and not counted) when the client has its limit."""
        count = self._open.get(client, 0)
        if count >= self.connections:
            return False
        self._open[client] = count + 1
        return True

    def closed(self, client: str) -> None:
        count = self._open.get(client, 0) - 1
        if count > 0:
            self._open[client] = count
        else:
            self._open.pop(client, None)
