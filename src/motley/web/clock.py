"""Chess clocks kept by the server: a time control, and the time left on every seat's clock.

Pure values: every change is `tick(now, acting)` with the server's time, so the same code
runs a live game and replays a stored one (each log entry carries the time it was made).

* The clocks of the seats to act run; at a simultaneous node that is every seat still to
  choose, and a seat that has committed stops its clock.
* A seat whose clock stops (its turn is complete) gains the increment (Fischer's rule). A
  compound turn (a die, then a move, then a pass) is one turn: its clock keeps running, and
  the chance steps inside it take no time, since the server draws them at once.
* At a chance node nobody's clock changes: the seats that were running stay running.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from motley.core.errors import OptionError

MAX_MINUTES = 600.0
MAX_INCREMENT = 600.0
# the presets the lobby offers, as lichess players know them: minutes + seconds per move
PRESETS = ((1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 0))


@dataclass(frozen=True)
class TimeControl:
    """Minutes for the game plus seconds added after each completed turn."""

    initial: float  # seconds on each clock at the start
    increment: float = 0.0  # seconds added after each completed turn

    @staticmethod
    def of(minutes: Any, increment: Any = 0) -> TimeControl:
        """From lobby input; a bad value is a one-line OptionError."""
        for name, given, limit in (
            ("minutes", minutes, MAX_MINUTES),
            ("increment", increment, MAX_INCREMENT),
        ):
            if isinstance(given, bool) or not isinstance(given, int | float):
                raise OptionError(f"the clock's {name} must be a number, not {given!r}")
            if not math.isfinite(given) or not 0 <= given <= limit:
                raise OptionError(f"the clock's {name} must be from 0 to {limit:g}")
        if minutes <= 0:
            raise OptionError("a clock needs more than 0 minutes")
        return TimeControl(float(minutes) * 60.0, float(increment))

    @property
    def text(self) -> str:
        """ "3+2": minutes plus increment, as players write it."""
        return f"{self.initial / 60:g}+{self.increment:g}"

    def to_json(self) -> dict[str, float]:
        return {"minutes": self.initial / 60.0, "increment": self.increment}

    @staticmethod
    def from_json(data: Any) -> TimeControl | None:
        """From a request or a stored header: None, or {"minutes": m, "increment": i}."""
        if data is None:
            return None
        if not isinstance(data, Mapping):
            raise OptionError("'clock' must be null or an object with minutes and increment")
        return TimeControl.of(data.get("minutes"), data.get("increment", 0))


@dataclass(frozen=True)
class Clocks:
    """Time left on each seat's clock as of `since`, and whose clocks run from then."""

    control: TimeControl
    left: tuple[float, ...]
    running: frozenset[int] = frozenset()
    since: float = 0.0

    @staticmethod
    def start(control: TimeControl, seats: int, now: float) -> Clocks:
        return Clocks(control, (control.initial,) * seats, frozenset(), now)

    def left_at(self, now: float) -> tuple[float, ...]:
        """Time left on every clock at `now` (negative once a flag has fallen)."""
        spent = max(0.0, now - self.since)
        return tuple(
            left - spent if seat in self.running else left for seat, left in enumerate(self.left)
        )

    def tick(self, now: float, acting: Iterable[int] | None) -> Clocks:
        """The clocks after something happened at `now`.

        `acting`: the seats to act from now on, or None at a chance node (nothing changes
        hands). Time since the last tick is charged to the running clocks; a clock that
        stops gains the increment.
        """
        now = max(now, self.since)  # a stamp from before the last one changes nothing
        left = list(self.left_at(now))
        running = self.running if acting is None else frozenset(acting)
        for seat in self.running - running:
            left[seat] += self.control.increment
        return Clocks(self.control, tuple(left), running, now)

    def stop(self, now: float) -> Clocks:
        """All clocks stopped at `now` (the game is over); no increment for the last turn."""
        now = max(now, self.since)
        return Clocks(self.control, self.left_at(now), frozenset(), now)

    def flag_time(self) -> float | None:
        """When the first running clock reaches zero (None if none runs)."""
        if not self.running:
            return None
        return self.since + min(self.left[seat] for seat in self.running)

    def flagged(self, now: float) -> tuple[int, ...]:
        """Running seats out of time at `now`, in seat order."""
        left = self.left_at(now)
        return tuple(seat for seat in sorted(self.running) if left[seat] <= 0)

    def to_json(self, now: float) -> dict[str, Any]:
        """For a frame: the page counts down from `left` by the time since `since`, using
        `now` (the server's time when the frame was made) to allow for its own clock."""
        return {
            "control": self.control.text,
            "initial": self.control.initial,
            "increment": self.control.increment,
            "left": [round(left, 3) for left in self.left],
            "running": sorted(self.running),
            "since": self.since,
            "now": now,
        }


def think_budget(left: float, increment: float) -> float:
    """The most a computer may spend on one move: a twentieth of its time plus most of its
    increment, and never more than half of what is left, so it cannot run out."""
    return max(0.0, min(left / 2.0, left / 20.0 + 0.8 * increment))
