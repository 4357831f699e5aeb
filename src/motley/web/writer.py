"""Group commit: many games' entries flushed to disk together, off the event loop.

A flush to disk costs milliseconds. One thread takes every batch that is waiting (new games
and log entries), writes them all in one transaction and only then wakes each waiter, so the
cost of a flush is shared by every move that arrived meanwhile instead of being paid once
per move. If a combined write
fails, each batch is retried alone so one bad batch cannot sink the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from motley.web.store import Store, Write

MAX_GROUP = 512  # batches per transaction


@dataclass
class _Job:
    batch: Sequence[Write]
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class GroupWriter:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="motley-writer", daemon=True)
        self._thread.start()

    async def write(self, batch: Sequence[Write]) -> None:
        """Return once `batch` is safely on disk (or raise what the store raised)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(batch, future, loop))
        await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            stop = False
            while len(jobs) < MAX_GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            self._flush(jobs)
            if stop:
                return

    def _flush(self, jobs: list[_Job]) -> None:
        try:
            self.store.append([a for job in jobs for a in job.batch])
        except Exception:
            for job in jobs:  # find the batch that failed; the others still go in
                try:
                    self.store.append(job.batch)
                except Exception as error:
                    _settle(job, error)
                else:
                    _settle(job, None)
            return
        for job in jobs:
            _settle(job, None)


def _settle(job: _Job, error: BaseException | None) -> None:
    def finish() -> None:
        if job.future.done():
            return
        if error is None:
            job.future.set_result(None)
        else:
            job.future.set_exception(error)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        job.loop.call_soon_threadsafe(finish)
