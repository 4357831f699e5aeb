"""Group commit: every entry that arrives in one turn of the event loop goes to disk together.

A flush to disk costs a fraction of a millisecond, a transaction's bookkeeping about as much
again. `write` queues its batch and, if no flush is due yet, asks the loop for one after the
callbacks already waiting, so the moves of many games that arrive together share one
transaction and one fsync, and each waiter wakes only once its batch is on disk.

The flush runs on the event loop's own thread. A writer thread would wait for the interpreter
lock after every disk call while the loop holds it, and the loop would wait for the thread's
answer in turn; measured under load, those hand-overs cost far more than the short blocking
write they were meant to hide. If a combined write fails, each batch is retried alone so one
bad batch cannot sink the others.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from motley.web.store import Store, Write


class GroupWriter:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[Sequence[Write], asyncio.Future[None]]] = []
        self._due = False

    async def write(self, batch: Sequence[Write]) -> None:
        """Return once `batch` is safely on disk (or raise what the store raised)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((batch, future))
        if not self._due:
            self._due = True
            loop.call_soon(self._flush)
        await future

    def close(self) -> None:
        """Nothing to wait for: every write is flushed within the loop turn it was made in."""

    def _flush(self) -> None:
        jobs, self._waiting, self._due = self._waiting, [], False
        try:
            self.store.append([item for batch, _ in jobs for item in batch])
        except Exception:
            for batch, future in jobs:  # find the batch that failed; the others still go in
                try:
                    self.store.append(batch)
                except Exception as error:
                    _settle(future, error)
                else:
                    _settle(future, None)
            return
        for _, future in jobs:
            _settle(future, None)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():  # its waiter was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
