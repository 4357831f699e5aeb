"""One websocket connection as the hub sees it: a seat, an outbox and a rate limit."""

from __future__ import annotations

import asyncio
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
        self.send_text(protocol.dumps(message))

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
