"""Computer players for the server: a bounded pool of workers, fair across games.

`player(game, level)` is the one place strength levels are chosen (`player_for` in
`motley.agents`), held to the server's time budget for the level. Players see only their
seat's view, as everywhere in Motley.

Two lanes keep a cheap player from waiting behind a deep one: levels 1-2 (random, greedy)
play on the quick lane, levels 3-5 (searches) on the deep lane. Each lane serves its games
in turn (round robin by game), so one game, or one client with several games, never takes
every turn of a lane. Every move has a hard deadline: a search that overruns it is stopped
(its worker replaced) and the player's own search is asked again with a short budget, its
quick search. A worker that dies is replaced and asked the same question again. A computer
never plays a random move in place of its own choice: when even its quick search fails the
caller gets `ComputerError` and tries later.

Workers are processes for `motley serve` (a player thinking for seconds never slows the
server; a stuck one can be stopped) and threads for tests, where games may be registered only
in the test process. A process receives the state as JSON and rebuilds it with the game's own
`state_from_json`; it ignores SIGINT and SIGTERM, so a signal sent to the whole process group
leaves the server to stop its workers in order instead of losing a move half made.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import random
import signal
from abc import ABC, abstractmethod
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from multiprocessing.connection import Connection
from typing import Any

from motley.agents import player_for
from motley.core import registry
from motley.core.driver import Agent
from motley.core.rules import Rules

log = logging.getLogger("motley.web")

QUICK_LEVELS = frozenset({1, 2})  # played on the quick lane
# seconds a level's search may take for one move on the server (its own caps may be lower)
BUDGETS = {1: 2.0, 2: 4.0, 3: 3.0, 4: 8.0, 5: 15.0}
GRACE = 2.0  # past its budget a worker is stopped: the search ignored its own clock
QUICK_SECONDS = 0.5  # the budget of the quick search asked for after an overrun
ATTEMPTS = 3  # a worker that dies is replaced and asked again this many times
START_SECONDS = 120.0  # a new worker process has this long to load the games


class ComputerError(Exception):
    """The computer player could not choose (workers kept dying, or its search failed)."""


class _Overtime(Exception):
    pass


class _Died(Exception):
    pass


class _Failed(Exception):
    pass


@dataclass(frozen=True)
class Job:
    """One decision to make: the game, the state, the seat and the player's strength."""

    rules: Rules[Any, Any]
    state: Any
    seat: int
    level: int
    rng_seed: str  # the player's own randomness, apart from the dice
    game_id: str = ""  # the live game asking, for taking turns between games


def player(game: str, level: int, quick: bool = False) -> Agent:
    """The computer player for `game` at strength `level` (1 weakest), within its budget.

    `quick` asks for the same player with a short budget: its own search, cheaper.
    """
    return _budgeted(player_for(game, level), QUICK_SECONDS if quick else BUDGETS[level], quick)


def _budgeted(agent: Agent, seconds: float, quick: bool) -> Agent:
    """The agent with its time cap at most `seconds` (a quick one also samples less)."""
    if not is_dataclass(agent) or isinstance(agent, type):
        return agent
    values = {f.name: getattr(agent, f.name) for f in fields(agent)}
    changes: dict[str, Any] = {}
    if "seconds" in values:
        current = values["seconds"]
        changes["seconds"] = seconds if current is None else min(current, seconds)
    if quick and "samples" in values:
        changes["samples"] = 1
    budgeted: Agent = replace(agent, **changes)
    return budgeted


def choose(
    rules: Rules[Any, Any], state: Any, seat: int, level: int, rng_seed: str, quick: bool = False
) -> str:
    """Ask the player for one action; its notation is returned (the server checks it)."""
    actions = rules.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to choose")
    view = rules.view(state, seat)
    rng = random.Random(rng_seed)
    action = player(rules.spec.id, level, quick).choose(rules, view, seat, actions, rng)
    return rules.action_text(state, action)


class Computers(ABC):
    @abstractmethod
    async def choose(self, job: Job) -> str:
        """The player's action text; ComputerError when it cannot choose."""

    @abstractmethod
    def close(self) -> None:
        """Stop every worker; nothing is left running."""


# -- workers --------------------------------------------------------------------------------------


class Worker(ABC):
    """Answers one job at a time; `restart` replaces whatever is running."""

    @abstractmethod
    async def ask(self, job: Job, quick: bool, timeout: float) -> str: ...

    @abstractmethod
    async def restart(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...


class ThreadWorker(Worker):
    """A thread of the server (tests). An overrunning thread cannot be stopped, only left."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="motley-computer")

    async def ask(self, job: Job, quick: bool, timeout: float) -> str:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self._pool, choose, job.rules, job.state, job.seat, job.level, job.rng_seed, quick
        )
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise _Overtime from None
        except Exception as error:
            raise _Failed(f"{type(error).__name__}: {error}") from None

    async def restart(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="motley-computer")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class ProcessWorker(Worker):
    """A child process, spoken to over a pipe; started on first use, killed when stuck."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")  # never fork a threaded server
        self._process: Any = None
        self._conn: Connection | None = None
        self._ready = False
        self._spawn()  # now, so the games load before a player waits for a reply

    @property
    def pid(self) -> int | None:
        return None if self._process is None else int(self._process.pid)

    def _spawn(self) -> None:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child,), name="motley-computer", daemon=True
        )
        self._process, self._conn, self._ready = process, parent, False
        process.start()
        child.close()

    async def _started(self) -> Connection:
        if self._conn is None:
            self._spawn()
        conn = self._conn
        assert conn is not None
        if not self._ready:
            # the child says so once the games are loaded, so no move's clock counts that
            if not await _readable(conn, START_SECONDS) or _receive(conn) != ("ready", ""):
                self.close()
                raise _Died
            self._ready = True
        return conn

    async def ask(self, job: Job, quick: bool, timeout: float) -> str:
        conn = await self._started()
        call = (
            job.rules.spec.id,
            dict(job.rules.options),
            job.rules.state_to_json(job.state),
            job.seat,
            job.level,
            job.rng_seed,
            quick,
        )
        try:
            conn.send(call)
        except (OSError, ValueError):
            raise _Died from None
        if not await _readable(conn, timeout):
            raise _Overtime
        kind, value = _receive(conn)
        if kind == "ok":
            return value
        if kind == "error":
            raise _Failed(value)
        raise _Died

    async def restart(self) -> None:
        self.close()
        self._spawn()

    def close(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            with contextlib.suppress(Exception):
                process.kill()  # it ignores SIGTERM and holds nothing worth keeping
                process.join(5)
                process.close()


def _receive(conn: Connection) -> tuple[str, str]:
    try:
        kind, value = conn.recv()
    except (EOFError, OSError, ValueError, TypeError):
        return ("died", "")
    return str(kind), str(value)


async def _readable(conn: Connection, timeout: float) -> bool:
    """Wait until the pipe has a message (or the other end closed); False on timeout."""
    if conn.poll():
        return True
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    fd = conn.fileno()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await asyncio.wait_for(ready, timeout)
        return True
    except TimeoutError:
        return False
    finally:
        loop.remove_reader(fd)


def _serve(conn: Connection) -> None:
    """A worker process: answer calls until the pipe closes."""
    # the server stops its workers itself; a signal to the whole group must not cut a move
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    registry.game_ids()  # load the games before saying ready
    conn.send(("ready", ""))
    while True:
        try:
            call = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = ("ok", _choose_from_json(*call))
        except Exception as error:  # a player's fault: the server decides what follows
            reply = ("error", f"{type(error).__name__}: {error}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


@cache
def _rules(game: str, options: tuple[tuple[str, Any], ...]) -> Rules[Any, Any]:
    return registry.make(game, dict(options))


def _choose_from_json(
    game: str,
    options: dict[str, Any],
    data: dict[str, Any],
    seat: int,
    level: int,
    seed: str,
    quick: bool,
) -> str:
    rules = _rules(game, tuple(sorted(options.items())))
    return choose(rules, rules.state_from_json(data), seat, level, seed, quick)


# -- the pool -------------------------------------------------------------------------------------


@dataclass
class _Pending:
    job: Job
    answer: asyncio.Future[str]


class Lane:
    """Workers and a queue per game, served in turn (round robin by game)."""

    def __init__(self, name: str, workers: list[Worker]) -> None:
        self.name = name
        self.workers = workers
        self._queues: OrderedDict[str, deque[_Pending]] = OrderedDict()
        self._wake: asyncio.Event | None = None
        self._runners: list[asyncio.Task[None]] = []

    async def submit(self, job: Job) -> str:
        if self._wake is None:
            self._wake = asyncio.Event()
            self._runners = [asyncio.create_task(self._run(w)) for w in self.workers]
        pending = _Pending(job, asyncio.get_running_loop().create_future())
        self._queues.setdefault(job.game_id, deque()).append(pending)
        self._wake.set()
        try:
            return await pending.answer
        finally:
            pending.answer.cancel()  # a no-op once answered; otherwise the runner skips it

    def waiting(self) -> int:
        return sum(len(queue) for queue in self._queues.values())

    def _take(self) -> _Pending | None:
        while self._queues:
            game, queue = next(iter(self._queues.items()))
            pending = queue.popleft()
            del self._queues[game]
            if queue:
                self._queues[game] = queue  # to the back: every other game goes first
            if not pending.answer.done():
                return pending
        return None

    async def _run(self, worker: Worker) -> None:
        assert self._wake is not None
        while True:
            pending = self._take()
            if pending is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            try:
                text = await _answer(worker, pending.job)
            except ComputerError as error:
                if not pending.answer.done():
                    pending.answer.set_exception(error)
            else:
                if not pending.answer.done():
                    pending.answer.set_result(text)

    def close(self) -> None:
        for task in self._runners:
            task.cancel()
        for worker in self.workers:
            worker.close()


async def _answer(worker: Worker, job: Job) -> str:
    """The player's own choice, or its quick search after an overrun; never a random move."""
    where = f"game {job.game_id or job.rules.spec.id}, level {job.level}"
    for quick in (False, True):
        budget = (QUICK_SECONDS if quick else BUDGETS.get(job.level, QUICK_SECONDS)) + GRACE
        for _ in range(ATTEMPTS):
            try:
                return await worker.ask(job, quick, budget)
            except _Died:
                log.warning("a computer worker died (%s); replaced, asking again", where)
                await worker.restart()
            except _Overtime:
                log.warning("a computer overran %.1f s (%s); stopped it", budget, where)
                await worker.restart()
                break
            except _Failed as error:
                log.error("the computer player failed (%s): %s", where, error)
                break
        else:
            raise ComputerError(f"computer workers keep dying ({where})")
    raise ComputerError(f"the computer player could not choose ({where})")


class Pool(Computers):
    """The quick lane and the deep lane."""

    def __init__(self, make: Callable[[], Worker], deep_workers: int = 1) -> None:
        self.quick = Lane("quick", [make()])
        self.deep = Lane("deep", [make() for _ in range(max(1, deep_workers))])

    def lane(self, level: int) -> Lane:
        return self.quick if level in QUICK_LEVELS else self.deep

    async def choose(self, job: Job) -> str:
        return await self.lane(job.level).submit(job)

    def pids(self) -> list[int]:
        """Process ids of the running workers (none for threads)."""
        workers = [*self.quick.workers, *self.deep.workers]
        return [w.pid for w in workers if isinstance(w, ProcessWorker) and w.pid is not None]

    def close(self) -> None:
        self.quick.close()
        self.deep.close()


class ThreadComputers(Pool):
    def __init__(self, workers: int = 1) -> None:
        super().__init__(ThreadWorker, workers)


class ProcessComputers(Pool):
    def __init__(self, workers: int = 1) -> None:
        super().__init__(ProcessWorker, workers)
