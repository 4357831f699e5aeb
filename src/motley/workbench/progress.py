"""A plain-text progress bar on standard error: games done, rate and time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 28
QUIET_INTERVAL = 10.0  # seconds between lines when the stream is not a terminal


class Progress:
    """Redraws one line in a terminal; elsewhere (logs, CI) prints a line now and then."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None) -> None:
        self.total = total
        self.start_done = done
        self.done = done
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self.last_line = 0.0
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if self.live or self.done >= self.total or now - self.last_line >= QUIET_INTERVAL:
            self.last_line = now
            self.draw()

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        fresh = self.done - self.start_done
        rate = fresh / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        filled = WIDTH * self.done // self.total if self.total else WIDTH
        bar = "#" * filled + "." * (WIDTH - filled)
        eta = "--:--" if left is None else clock(left)
        return (
            f"[{bar}] {self.done}/{self.total} games  {rate:.2f} games/s  "
            f"elapsed {clock(elapsed)}  left {eta}"
        )

    def draw(self) -> None:
        if self.live:
            self.stream.write("\r" + self.line())
            if self.done >= self.total:
                self.stream.write("\n")
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()


def clock(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
