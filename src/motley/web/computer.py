"""Computer players for the server, run off the event loop.

`player(game, level)` is the one place strength levels are chosen: it asks `motley.agents`
for `player_for(game, level)` when that exists and otherwise plays uniformly random legal
actions. Players see only their seat's view, as everywhere in Motley.

Two pools run them: threads (cheap; fine for quick players and for tests, where games may be
registered only in the test process) and processes (the default for `motley serve`, so a
player thinking for seconds never slows the server). A process receives the state as JSON and
rebuilds it with the game's own `state_from_json`.
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import random
from abc import ABC, abstractmethod
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from motley.core import registry
from motley.core.driver import Agent, RandomAgent
from motley.core.rules import Rules


@dataclass(frozen=True)
class Job:
    """One decision to make: the game, the state, the seat and the player's strength."""

    rules: Rules[Any, Any]
    state: Any
    seat: int
    level: int
    rng_seed: str  # the player's own randomness, apart from the dice


def player(game: str, level: int) -> Agent:
    """The computer player for `game` at strength `level` (1 weakest)."""
    try:
        agents = importlib.import_module("motley.agents")
    except ImportError:
        return RandomAgent()
    player_for = getattr(agents, "player_for", None)
    if player_for is None:
        return RandomAgent()
    chosen: Agent = player_for(game, level)
    return chosen


def choose(rules: Rules[Any, Any], state: Any, seat: int, level: int, rng_seed: str) -> str:
    """Ask the player for one action; its notation is returned (the server checks it)."""
    actions = rules.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to choose")
    view = rules.view(state, seat)
    rng = random.Random(rng_seed)
    action = player(rules.spec.id, level).choose(rules, view, seat, actions, rng)
    return rules.action_text(state, action)


class Computers(ABC):
    @abstractmethod
    async def choose(self, job: Job) -> str: ...

    @abstractmethod
    def close(self) -> None: ...


class ThreadComputers(Computers):
    def __init__(self, workers: int = 2) -> None:
        self._pool: Executor = ThreadPoolExecutor(workers, thread_name_prefix="motley-computer")

    async def choose(self, job: Job) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, choose, job.rules, job.state, job.seat, job.level, job.rng_seed
        )

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class ProcessComputers(Computers):
    def __init__(self, workers: int = 1) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a threaded server
        self._pool: Executor = ProcessPoolExecutor(workers, mp_context=context)
        for _ in range(workers):  # load the games now, not while a player waits for a reply
            self._pool.submit(registry.game_ids)

    async def choose(self, job: Job) -> str:
        data = job.rules.state_to_json(job.state)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool,
            _choose_from_json,
            job.rules.spec.id,
            dict(job.rules.options),
            data,
            job.seat,
            job.level,
            job.rng_seed,
        )

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


@cache
def _rules(game: str, options: tuple[tuple[str, Any], ...]) -> Rules[Any, Any]:
    return registry.make(game, dict(options))


def _choose_from_json(
    game: str, options: dict[str, Any], data: dict[str, Any], seat: int, level: int, seed: str
) -> str:
    rules = _rules(game, tuple(sorted(options.items())))
    return choose(rules, rules.state_from_json(data), seat, level, seed)
