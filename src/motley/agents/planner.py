"""A player that plans whole turns, for games whose turn is several decisions.

Where a turn is a run of small decisions by one seat (Cooperative Chess: a card to the line,
a move, any number of captures, then the end), the best first step depends on the whole run.
The planner tries every sequence of its own decisions up to the next chance node or another
seat's turn, values where each ends with the game's evaluation (a finished game by its
returns), and plays the first step of the best sequence. Hidden cards are guessed: the same
plan is valued on `samples` full states drawn from the view, and the step with the best mean
is played. A sequence is cut short at `depth` steps or when the budget runs out.

With `turns` above 1 the plan goes on through the turns that follow, on each guess: a chance
node takes one outcome drawn with its odds (the guess fixes the cards still to come, as a
player who reads the line imagines the next draw), and a partner's turn is planned for the
best as well, since partners share one score (utility `COOPERATIVE`; in any other game the
plan stops at another seat's turn). Seeing a turn further is what lets a player set up a
capture that only the partner can make (a king walked into attack, a card beside a king
card). Only the `beam` ends of the own turn the evaluation likes best are looked beyond (the
same draws after each, so they are compared fairly); every other end keeps its value plus
the mean that looking further added to those. A guess whose plan does not finish in time is
left out; with none finished, each action is valued by itself.

The evaluation and the returns are compared on one scale: `scale` units of returns per unit
of evaluation (Cooperative Chess evaluates expected points over 100).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from motley.agents.alphabeta import position_key
from motley.agents.base import Budget, Clock, search_rng
from motley.core.errors import MotleyError
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Utility


class _Spent(Exception):
    """The planner's clock ran out."""


@dataclass(frozen=True)
class TurnPlanner(Player):
    """Exhaustive search of the player's own turn (and `turns - 1` more), valued by the
    evaluation."""

    forced_at_once: ClassVar[bool] = True

    seconds: float | None = 1.0
    samples: int = 4
    depth: int = 12
    scale: float = 100.0
    seed: int = 0
    turns: int = 1
    beam: int = 6

    def __post_init__(self) -> None:
        if self.seconds is not None:
            Budget(None, self.seconds)  # validates
        counts = (self.samples, self.depth, self.turns, self.beam)
        if min(counts) < 1 or not self.scale > 0:
            raise MotleyError(
                "planner: samples, depth, turns and beam must be at least 1, scale positive"
            )

    def decide(self, turn: Turn) -> Any:
        rules, view, seat, actions = turn.rules, turn.view, turn.seat, turn.actions
        own = search_rng(self.seed, turn.rng)
        clock = None if self.seconds is None else Budget(None, self.seconds).clock()
        guesses = [
            (rules.sample_hidden(view, own), own.getrandbits(32)) for _ in range(self.samples)
        ]
        totals = [0.0] * len(actions)
        counted = 0
        for state, seed in guesses:
            plan = _Plan(self, rules, seat, clock, seed)
            try:
                values = plan.values(state, actions)
            except _Spent:
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            counted += 1
            if clock is not None and clock.spent():
                break
        if not counted:  # not even one guess finished: value each action by itself
            plan = _Plan(self, rules, seat, None, guesses[0][1])
            totals = [plan.value(rules.apply(guesses[0][0], a)) for a in actions]
        best = max(totals)
        tied = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return actions[tied[own.randrange(len(tied))]]


@dataclass(eq=False)
class _Plan:
    """The search of one guessed state (mutable: its tables of positions already valued)."""

    player: TurnPlanner
    rules: Rules[Any, Any]
    seat: int
    clock: Clock | None
    seed: int
    partners: bool = field(init=False)
    seen: dict[Hashable, float] = field(init=False, default_factory=dict)
    # where the own turn may end: each end's state and its value by the evaluation
    ends: dict[Hashable, tuple[Any, float]] = field(init=False, default_factory=dict)
    # the ends valued turns further
    further: dict[Hashable, float] | None = field(init=False, default=None)
    # what the turns further add, on average, to an end not looked at
    gain: float = field(init=False, default=0.0)
    # True while looking beyond the ends of the own turn
    looking: bool = field(init=False, default=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.partners = self.rules.spec.utility is Utility.COOPERATIVE
        self.rng = random.Random(self.seed)

    def values(self, state: Any, actions: Any) -> list[float]:
        """Each action's value on this guess."""
        rules = self.rules
        after = [rules.apply(state, a) for a in actions]
        first = [self.best(s, 1, 1, self.seat) for s in after]
        if self.player.turns <= 1 or not self.ends:
            return first
        # look further from the most promising ends of the turn only (the beam)
        ends = sorted(self.ends.items(), key=lambda item: -item[1][1])[: self.player.beam]
        further: dict[Hashable, float] = {}
        self.looking = True
        for key, (end, value) in ends:
            if rules.kind(end) is NodeKind.TERMINAL:
                further[key] = value
                continue
            self.rng = random.Random(self.seed)  # the same draws after every end compared
            further[key] = self.best(end, 0, self.player.turns, self.seat)
        looked = [further[k] - v for k, (e, v) in ends if rules.kind(e) is not NodeKind.TERMINAL]
        self.gain = sum(looked) / len(looked) if looked else 0.0
        self.further = further
        self.looking = False
        self.seen = {}
        return [self.best(s, 1, 1, self.seat) for s in after]

    def value(self, state: Any) -> float:
        rules = self.rules
        if rules.kind(state) is NodeKind.TERMINAL:
            return float(rules.returns(state)[self.seat])
        return self.player.scale * float(rules.evaluate(state, self.seat))

    def end(self, state: Any, turns: int) -> float:
        """The value of a state where a run of decisions stops: by the evaluation, or, for
        an end of the own turn once the ends have been looked beyond, by what follows it."""
        if self.looking or self.player.turns <= 1:
            return self.value(state)
        key = position_key(self.rules, state)
        if self.further is None:
            found = self.value(state)
            if key is not None:
                self.ends[key] = (state, found)
            return found
        if key is not None and key in self.further:
            return self.further[key]
        if self.rules.kind(state) is NodeKind.TERMINAL:
            return self.value(state)
        return self.value(state) + self.gain

    def best(self, state: Any, steps: int, turns: int, actor: int | None) -> float:
        """The best value reachable from `state` within `turns` runs of decisions (the
        current run by `actor`, None when a chance node has just ended one)."""
        rules = self.rules
        kind = rules.kind(state)
        if steps >= self.player.depth * turns or kind is NodeKind.TERMINAL:
            return self.end(state, turns)
        if kind is NodeKind.CHANCE:
            if actor is not None:  # the run of decisions ends here: a turn further
                if turns <= 1:
                    return self.end(state, turns)
                turns -= 1
            actor = None
        elif kind is NodeKind.DECISION:
            (mover,) = rules.actors(state)
            if mover != actor:  # a new run of decisions: a turn further
                if actor is not None:
                    if turns <= 1:
                        return self.end(state, turns)
                    turns -= 1
                if mover != self.seat and not self.partners:
                    return self.value(state)
                actor = mover
        else:
            return self.value(state)
        key = position_key(rules, state)
        if key is not None:
            key = (key, turns, actor)
            if key in self.seen:
                return self.seen[key]
        if self.clock is not None and self.clock.spent():
            raise _Spent
        if kind is NodeKind.CHANCE:
            outcomes = rules.chance_outcomes(state)
            (drawn,) = self.rng.choices(
                [o for o, _ in outcomes], [float(p) for _, p in outcomes]
            )
            found = self.best(rules.apply(state, drawn), steps + 1, turns, None)
        else:
            found = max(
                self.best(rules.apply(state, a), steps + 1, turns, actor)
                for a in rules.legal_actions(state)
            )
        if key is not None:
            self.seen[key] = found
        return found
