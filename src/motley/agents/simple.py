"""The two baseline players: uniformly random, and greedy one-ply lookahead."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from motley.agents.base import SeatValues, random_joint, search_rng
from motley.core.driver import pick_outcome
from motley.core.errors import MotleyError
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Trait


@dataclass(frozen=True)
class RandomPlayer(Player):
    """Any legal action, uniformly (the seed varies the choice between players)."""

    seed: int = 0

    def decide(self, turn: Turn) -> Any:
        own = search_rng(self.seed, turn.rng)
        return turn.actions[own.randrange(len(turn.actions))]


@dataclass(frozen=True)
class GreedyPlayer(Player):
    """The action whose immediate result the game's evaluation likes best.

    A finished game counts for more than any evaluation, so a winning move is always taken.
    Where the result is uncertain the player averages over `samples` guesses: full states
    consistent with its view (hidden information), outcomes of a chance node that follows
    the action, or the other seats' choices at a simultaneous node (taken as random).
    """

    seed: int = 0
    samples: int = 8

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise MotleyError(f"greedy: samples must be at least 1, not {self.samples}")

    def decide(self, turn: Turn) -> Any:
        rules, seat, actions = turn.rules, turn.seat, turn.actions
        own = search_rng(self.seed, turn.rng)
        values = SeatValues(rules)
        guesses = self.samples if Trait.HIDDEN in rules.spec.traits else 1
        states = [rules.sample_hidden(turn.view, own) for _ in range(guesses)]
        scores = [0.0] * len(actions)
        for state in states:
            simultaneous = rules.kind(state) is NodeKind.SIMULTANEOUS
            for index, action in enumerate(actions):
                if simultaneous:
                    scores[index] += self._joint_value(rules, values, state, seat, action, own)
                else:
                    after = rules.apply(state, action)
                    scores[index] += self._value_after(rules, values, after, seat, own)
        best = max(scores)
        tied = [i for i, score in enumerate(scores) if score >= best - 1e-12]
        return actions[tied[own.randrange(len(tied))]]

    def _joint_value(
        self,
        rules: Rules[Any, Any],
        values: SeatValues,
        state: Any,
        seat: int,
        action: Any,
        rng: random.Random,
    ) -> float:
        total = 0.0
        for _ in range(self.samples):
            joint = random_joint(rules, state, rng, {seat: action})
            total += self._value_after(rules, values, rules.apply_joint(state, joint), seat, rng)
        return total / self.samples

    def _value_after(
        self, rules: Rules[Any, Any], values: SeatValues, state: Any, seat: int, rng: random.Random
    ) -> float:
        if rules.kind(state) is not NodeKind.CHANCE:
            return values.of_seat(state, seat)
        outcomes = rules.chance_outcomes(state)
        if len(outcomes) <= self.samples:  # few outcomes: the exact expectation
            return sum(
                float(p) * values.of_seat(rules.apply(state, outcome), seat)
                for outcome, p in outcomes
            )
        drawn = [pick_outcome(outcomes, rng) for _ in range(self.samples)]
        return sum(values.of_seat(rules.apply(state, o), seat) for o in drawn) / self.samples
