"""Keeping the garbage collector's pauses short in a server that holds many games.

CPython's cycle collector stops everything while it scans the objects of the generations it
collects, and a full collection scans every live object: the move tables, and the history of
every game in memory (its positions, steps and descriptions). At a few hundred games that is
a pause of a hundred milliseconds or more, every few seconds under load.

Almost none of that is ever garbage in a cycle: game histories are immutable values freed by
reference counting when a game leaves memory, whether or not the collector watches them. So
the server moves everything alive into the collector's permanent generation (`gc.freeze`)
every `FREEZE_SECONDS`; the collections in between scan only what is newer. Anything frozen
that later becomes cyclic garbage waits for the full collection done every `FULL_SECONDS`,
one pause in several minutes instead of one in seconds.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass

FREEZE_SECONDS = 2.0
FULL_SECONDS = 300.0


@dataclass
class Collector:
    freeze_seconds: float = FREEZE_SECONDS
    full_seconds: float = FULL_SECONDS
    full_collections: int = 0

    def start(self) -> None:
        """Collect once, then freeze what is left (the tables built at start among it)."""
        gc.collect()
        gc.freeze()
        self._last_full = time.monotonic()

    def tick(self, now: float) -> None:
        if now - self._last_full >= self.full_seconds:
            gc.unfreeze()
            gc.collect()
            self.full_collections += 1
            self._last_full = now
        gc.freeze()

    async def run(self) -> None:
        self.start()
        while True:
            await asyncio.sleep(self.freeze_seconds)
            self.tick(time.monotonic())
