"""What runs by itself beside the requests: computer players' turns and the clocks' flag timers.

A computer thinks as a task of its own, on the state it saw; its move is planned and stored
under the game's lock only if the game has not moved on meanwhile. A person's running clock
arms a timer that logs the loss on time when it reaches zero, whether anyone asks or not.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from motley.web import decide as rulings
from motley.web.clock import think_budget
from motley.web.computer import ComputerError, Computers, Job
from motley.web.entries import Entry, Flag
from motley.web.header import COMPUTER, Header
from motley.web.live import LiveGame
from motley.web.match import Match
from motley.web.planning import plan_request

log = logging.getLogger("motley.web")

RETRY_SECONDS = 5.0  # a computer that could not choose, or a move that could not be stored
FLAG_MARGIN = 0.02  # seconds past a clock's zero before the server looks (never early)

# stores the entries that turned a live game's match into the given one, and tells everyone
Commit = Callable[[LiveGame, Match, list[Entry]], Awaitable[None]]


class Scheduler:
    """Starts computer turns and flag timers for live games, and cancels them on close."""

    def __init__(
        self,
        computers: Computers,
        clock: Callable[[], float],
        plays: Callable[[Header], bool],
        commit: Commit,
        delay: float = 0.0,
    ) -> None:
        self.computers = computers
        self.clock = clock
        self.plays = plays  # whether this server's computers take turns in a game
        self.commit = commit
        self.delay = delay
        self._tasks: set[asyncio.Task[None]] = set()

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    def schedule(self, live: LiveGame) -> None:
        """Arm the flag timer, and start every computer whose turn it is and is not thinking."""
        self._arm(live)
        match = live.match
        if not self.plays(match.header):
            return
        for seat in match.waiting():
            if match.header.seats[seat].kind == COMPUTER and seat not in live.thinking:
                live.thinking.add(seat)
                self._start(self._think(live, seat, match))

    def _start(self, job: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- clocks --------------------------------------------------------------------------------

    async def flag(self, live: LiveGame, now: float) -> bool:
        """Log a loss on time if a person's clock has run out by `now` (with the lock held).

        A computer's clock is never flagged: its moves are stamped within its budget (see
        `computer_time`), so it cannot run out through the server's own delays."""
        match = live.match
        if match.clocks is None or match.over:
            return False
        people = [s for s in match.clocks.flagged(now) if match.header.seats[s].kind != COMPUTER]
        if not people:
            return False
        entry = Flag(people[0], at=now)
        try:
            await self.commit(live, match.apply(entry), [entry])
        except Exception:
            log.exception("could not store a loss on time in game %s", match.header.id)
            return False
        return True

    def _arm(self, live: LiveGame) -> None:
        """Wake up when the first running clock of a person reaches zero, to flag it."""
        if live.flag_timer is not None:
            live.flag_timer.cancel()  # still asleep: it clears itself before it acts
            live.flag_timer = None
        match = live.match
        if match.clocks is None or match.over:
            return
        running = [s for s in match.clocks.running if match.header.seats[s].kind != COMPUTER]
        if not running:
            return
        due = match.clocks.since + min(match.clocks.left[s] for s in running)
        live.flag_timer = self._start(self._flag_at(live, due))

    async def _flag_at(self, live: LiveGame, due: float) -> None:
        await asyncio.sleep(max(0.0, due - self.clock()) + FLAG_MARGIN)
        live.flag_timer = None  # from here on nothing cancels this task mid-write
        async with live.lock:
            flagged = await self.flag(live, self.clock())
        if not flagged:
            self.schedule(live)  # the clocks moved on meanwhile: wait for the new due time

    # -- computer players ------------------------------------------------------------------------

    async def _think(self, live: LiveGame, seat: int, seen: Match) -> None:
        retry = False
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            header = seen.header
            job = Job(
                seen.rules,
                seen.state,
                seat,
                header.computer_level(seat),
                f"{header.seed}/seat/{seat}/{seen.version}",
                header.id,
            )
            try:
                text = await self.computers.choose(job)
            except ComputerError as error:
                # never a random move in its place: the game waits and the computer tries again
                log.error("%s; it will try again", error)
                retry = True
                return
            async with live.lock:
                match = live.match
                if match.moved_at != seen.moved_at or seat not in match.waiting():
                    return  # the game moved on (an undo, a resignation) while it thought
                request = rulings.Request(seat, rulings.ACT, text)
                at = computer_time(match, seat, self.clock())
                try:
                    after, made = plan_request(match, request, at)
                except rulings.Rejected as rejected:
                    log.error("game %s refused its computer's %r: %s", header.id, text, rejected)
                    return
                try:
                    await self.commit(live, after, made)
                except Exception:
                    log.exception("could not store game %s; the computer will retry", header.id)
                    retry = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer turn failed in game %s", seen.header.id)
        finally:
            live.thinking.discard(seat)
        if retry:
            await asyncio.sleep(RETRY_SECONDS)
        self.schedule(live)


def computer_time(match: Match, seat: int, now: float) -> float:
    """When a computer's move counts as made: never later than its budget allows, so the
    server's own delays cannot make it lose on time (the others lose nothing by it)."""
    clocks = match.clocks
    if clocks is None or seat not in clocks.running:
        return now
    budget = think_budget(clocks.left[seat], clocks.control.increment)
    return min(now, clocks.since + budget)
