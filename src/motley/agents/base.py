"""What every computer player shares: budgets, private randomness and seat values.

A player is configured once (budget, seed, tuning) and then asked for one action at a time
through the driver's `Agent` protocol. It sees only the view of its seat; when a search needs
full states it asks `rules.sample_hidden(view, rng)` for them, which for a game of perfect
information just hands the state back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, Trait, Utility

#: how much a finished game outweighs any heuristic value (evaluations lie in [-1, 1])
TERMINAL_WEIGHT = 2.0


@dataclass(frozen=True)
class Budget:
    """How long a search may run: a count of iterations (or nodes), seconds, or both.

    A search stops when the first limit is reached. Only a count-only budget makes a player
    reproducible: the clock varies from run to run and machine to machine.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise MotleyError(f"an iteration budget must be at least 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise MotleyError(f"a time budget must be positive, not {self.seconds}")
        if self.iterations is None and self.seconds is None:
            raise MotleyError("a search needs an iteration or a time budget")

    def clock(self) -> Clock:
        return Clock(self)


def now() -> float:
    """The searches' clock in seconds (one name, so a test can put a fake clock in its place)."""
    return time.perf_counter()


class Clock:
    """Counts a search's work against its budget (mutable: one per search)."""

    __slots__ = ("deadline", "done", "limit", "seconds", "started")

    def __init__(self, budget: Budget) -> None:
        self.limit = budget.iterations
        self.seconds = budget.seconds
        self.started = now()
        self.deadline = None if budget.seconds is None else self.started + budget.seconds
        self.done = 0

    def elapsed(self) -> float:
        return now() - self.started

    def tick(self) -> bool:
        """Count one unit of work; True while the budget allows another."""
        self.done += 1
        return not self.spent()

    def spent(self) -> bool:
        if self.limit is not None and self.done >= self.limit:
            return True
        return self.deadline is not None and now() >= self.deadline


def search_rng(seed: int, rng: random.Random) -> random.Random:
    """The player's own stream for one decision: its seed mixed with the driver's stream.

    Drawing from the driver's per-seat stream keeps successive moves of a game different;
    mixing in the seed lets two players with different seeds differ in the same seat.
    """
    return random.Random(f"{seed}/{rng.getrandbits(64)}")


def action_key(rules: Rules[Any, Any], state: Any, action: Any) -> Hashable:
    """A dictionary key for an action: the action itself when hashable, else its text."""
    try:
        hash(action)
    except TypeError:
        return rules.action_text(state, action)
    return action  # type: ignore[no-any-return]


def has_heuristic(rules: Rules[Any, Any] | type[Rules[Any, Any]]) -> bool:
    """Does the game supply its own evaluation (rather than the API's constant 0)?"""
    cls = rules if isinstance(rules, type) else type(rules)
    return cls.evaluate is not Rules.evaluate


def perfect_information(spec: GameSpec) -> bool:
    """Turn-based and fully visible: where minimax search is sound."""
    return not spec.traits & {Trait.HIDDEN, Trait.SIMULTANEOUS}


def team_table(spec: GameSpec) -> tuple[tuple[int, ...], ...]:
    """For each seat, the seats whose results it shares (itself, team-mates, or everyone)."""
    seats = range(spec.players)
    if spec.utility is Utility.COOPERATIVE:
        return tuple(tuple(seats) for _ in seats)
    if spec.teams:
        return tuple(next((t for t in spec.teams if s in t), (s,)) for s in seats)
    return tuple((s,) for s in seats)


class SeatValues:
    """Per-seat values of states for one game: real returns at the end, heuristics before.

    Team-mates' evaluations are averaged so that a team plays for the team, and a
    cooperative game is valued the same by every seat.
    """

    def __init__(self, rules: Rules[Any, Any]) -> None:
        self.rules = rules
        spec = rules.spec
        self.players = spec.players
        self.teams = team_table(spec)
        self.heuristic = has_heuristic(rules)
        # in a two-sided zero-sum game one evaluation gives both seats' values
        self.mirror = spec.utility is Utility.ZERO_SUM and spec.players == 2

    def terminal(self, state: Any) -> tuple[float, ...]:
        return tuple(float(r) for r in self.rules.returns(state))

    def estimate(self, state: Any) -> tuple[float, ...]:
        """Heuristic values per seat in [-1, 1] (zeros when the game has no evaluation)."""
        if not self.heuristic:
            return (0.0,) * self.players
        evaluate = self.rules.evaluate
        if self.mirror:
            first = float(evaluate(state, 0))
            return (first, -first)
        raw = [float(evaluate(state, seat)) for seat in range(self.players)]
        return tuple(sum(raw[m] for m in team) / len(team) for team in self.teams)

    def of_seat(self, state: Any, seat: int) -> float:
        """One seat's value: weighted returns if the game is over, else its heuristic."""
        if self.rules.kind(state) is NodeKind.TERMINAL:
            return TERMINAL_WEIGHT * self.terminal(state)[seat]
        return self.heuristic_of(state, seat)

    def heuristic_of(self, state: Any, seat: int) -> float:
        """One seat's (team-averaged) evaluation, whether or not the game is over."""
        if not self.heuristic:
            return 0.0
        team = self.teams[seat]
        if len(team) == 1:
            return float(self.rules.evaluate(state, seat))
        return sum(float(self.rules.evaluate(state, m)) for m in team) / len(team)


def random_joint(
    rules: Rules[Any, Any], state: Any, rng: random.Random, fixed: dict[int, Any] | None = None
) -> dict[int, Any]:
    """One action per actor of a simultaneous node: `fixed` where given, else uniform."""
    joint = dict(fixed or {})
    for seat in rules.actors(state):
        if seat not in joint:
            options = rules.legal_actions(state, seat)
            joint[seat] = options[rng.randrange(len(options))]
    return joint


def pick_index(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to non-negative `weights`."""
    total = sum(weights)
    if total <= 0:
        return rng.randrange(len(weights))
    ticket = rng.random() * total
    for index, weight in enumerate(weights):
        ticket -= weight
        if ticket < 0:
            return index
    return len(weights) - 1
