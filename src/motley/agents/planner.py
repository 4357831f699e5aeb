"""A player that plans the rest of its own turn, for games whose turn is several decisions.

Where a turn is a run of small decisions by one seat (Cooperative Chess: a card to the line,
a move, any number of captures, then the end), the best first step depends on the whole run.
The planner tries every sequence of its own decisions up to the next chance node or another
seat's turn, values where each ends with the game's evaluation (a finished game by its
returns), and plays the first step of the best sequence. Hidden cards are guessed: the same
plan is valued on `samples` full states drawn from the view, and the step with the best mean
is played. A sequence is cut short at `depth` steps or when the budget runs out.

The evaluation and the returns are compared on one scale: `scale` units of returns per unit
of evaluation (Cooperative Chess evaluates expected points over 100).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from motley.agents.alphabeta import position_key
from motley.agents.base import Budget, Clock, search_rng
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules


class _Spent(Exception):
    """The planner's clock ran out."""


@dataclass(frozen=True)
class TurnPlanner:
    """Exhaustive search of the player's own turn, valued by the evaluation."""

    seconds: float | None = 1.0
    samples: int = 4
    depth: int = 12
    scale: float = 100.0
    seed: int = 0

    def __post_init__(self) -> None:
        if self.seconds is not None:
            Budget(None, self.seconds)  # validates
        if self.samples < 1 or self.depth < 1 or not self.scale > 0:
            raise MotleyError("planner: samples and depth must be at least 1, scale positive")

    def choose(
        self,
        rules: Rules[Any, Any],
        view: Any,
        seat: int,
        actions: Sequence[Any],
        rng: random.Random,
    ) -> Any:
        if len(actions) == 1:
            return actions[0]
        own = search_rng(self.seed, rng)
        clock = None if self.seconds is None else Budget(None, self.seconds).clock()
        totals = [0.0] * len(actions)
        counted = 0
        for _ in range(self.samples):
            state = rules.sample_hidden(view, own)
            plan = _Plan(self, rules, seat, clock)
            try:
                values = [plan.best(rules.apply(state, a), 1) for a in actions]
            except _Spent:
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            counted += 1
            if clock is not None and clock.spent():
                break
        if not counted:  # not even one guess finished: value each action by itself
            state = rules.sample_hidden(view, own)
            plan = _Plan(self, rules, seat, None)
            totals = [plan.value(rules.apply(state, a)) for a in actions]
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return actions[tied[own.randrange(len(tied))]]


class _Plan:
    """The search of one guessed state (mutable: its table of positions already valued)."""

    def __init__(
        self, player: TurnPlanner, rules: Rules[Any, Any], seat: int, clock: Clock | None
    ) -> None:
        self.player = player
        self.rules = rules
        self.seat = seat
        self.clock = clock
        self.seen: dict[Hashable, float] = {}

    def value(self, state: Any) -> float:
        rules = self.rules
        if rules.kind(state) is NodeKind.TERMINAL:
            return float(rules.returns(state)[self.seat])
        return self.player.scale * float(rules.evaluate(state, self.seat))

    def best(self, state: Any, steps: int) -> float:
        """The best value the seat can reach from `state` before its turn ends."""
        rules = self.rules
        if (
            steps >= self.player.depth
            or rules.kind(state) is not NodeKind.DECISION
            or rules.actors(state) != (self.seat,)
        ):
            return self.value(state)
        key = position_key(rules, state)
        if key is not None and key in self.seen:
            return self.seen[key]
        if self.clock is not None and self.clock.spent():
            raise _Spent
        found = max(self.best(rules.apply(state, a), steps + 1) for a in rules.legal_actions(state))
        if key is not None:
            self.seen[key] = found
        return found
