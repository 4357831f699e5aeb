"""Test support: positions from random play, bouts against random, a toy game with chance.

`reached_positions` draws player nodes from seeded random games of any game.

`against_random` plays a computer player against the random one, seats alternating, for the
strength tests every game keeps beside its rules.

Lottery (a toy game, not registered): the first seat picks one of four tickets, a die
decides what it pays, and the second seat gets the opposite. The tickets are built so that
only the expectation picks the right one: the long shot has the best single outcome, the
sure thing the best worst case, and the die ticket the best mean.

| ticket   | pays (to the first seat)        | mean  |
|----------|---------------------------------|-------|
| sure     | 0                               | 0     |
| coin     | +1 on 1-3, -1 on 4-6            | 0     |
| die      | +1 on 3-6, -1 on 1-2            | +1/3  |
| longshot | +3 on 6, -1 on 1-5              | -1/3  |
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from motley.agents.registry import make_agent
from motley.core.driver import Played, play, random_walk
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import Trait
from motley.core.toys import toy_spec

S = TypeVar("S")


@dataclass(frozen=True)
class Bout:
    """One game of a player against random: the player's seat, its return and the game."""

    seat: int
    score: float
    played: Played


def against_random(rules: Rules[Any, Any], player: str, games: int, label: str) -> list[Bout]:
    """`games` seeded games of `player` (an agent spec) against random, seats alternating."""
    game = rules.spec.id
    bouts = []
    for index in range(games):
        seat = index % 2
        agents = {seat: make_agent(player, game), 1 - seat: make_agent("random", game)}
        played = play(rules, agents, f"{label}/{index}")
        result = played.record.result
        if result is None:
            raise AssertionError(f"{game} game {label}/{index} did not end")
        bouts.append(Bout(seat, result[seat], played))
    return bouts


def wins(bouts: Sequence[Bout]) -> int:
    return sum(bout.score > 0 for bout in bouts)


def reached_positions(rules: Rules[Any, Any], seed: int, count: int) -> list[Any]:
    """`count` non-terminal player nodes, each drawn from along its own seeded random game."""
    rng = random.Random(f"positions/{rules.spec.id}/{seed}")
    found: list[Any] = []
    for _ in range(count):
        walk = random_walk(rules, rules.initial_state(), rng, 400)
        met = [state for state in walk if rules.kind(state) is not NodeKind.CHANCE]
        found.append(met[rng.randrange(len(met))])
    return found


TICKETS = ("sure", "coin", "die", "longshot")


def payout(ticket: str, face: int) -> float:
    if ticket == "coin":
        return 1.0 if face <= 3 else -1.0
    if ticket == "die":
        return 1.0 if face >= 3 else -1.0
    if ticket == "longshot":
        return 3.0 if face == 6 else -1.0
    return 0.0


@dataclass(frozen=True)
class LotteryState:
    ticket: str = ""
    face: int = 0  # 0 until the die is rolled (the sure ticket is never rolled)


class Lottery(Rules[LotteryState, str]):
    spec = toy_spec(
        "toy-lottery", "Lottery", "Pick a ticket; a die decides what it pays.", Trait.CHANCE,
    )

    def initial_state(self) -> LotteryState:
        return LotteryState()

    def kind(self, state: LotteryState) -> NodeKind:
        if not state.ticket:
            return NodeKind.DECISION
        if state.ticket != "sure" and not state.face:
            return NodeKind.CHANCE
        return NodeKind.TERMINAL

    def actors(self, state: LotteryState) -> tuple[int, ...]:
        return (0,) if self.kind(state) is NodeKind.DECISION else ()

    def legal_actions(self, state: LotteryState, seat: int | None = None) -> Sequence[str]:
        if self.kind(state) is not NodeKind.DECISION or seat not in (None, 0):
            return []
        return list(TICKETS)

    def chance_outcomes(self, state: LotteryState) -> Sequence[tuple[str, Fraction]]:
        if self.kind(state) is not NodeKind.CHANCE:
            raise StateError("lottery: no die is rolling")
        return [(f"rolled {face}", Fraction(1, 6)) for face in range(1, 7)]

    def apply(self, state: LotteryState, action: str) -> LotteryState:
        kind = self.kind(state)
        if kind is NodeKind.DECISION and action in TICKETS:
            return LotteryState(action)
        if kind is NodeKind.CHANCE and action in [o for o, _ in self.chance_outcomes(state)]:
            return LotteryState(state.ticket, int(action.split()[1]))
        raise IllegalAction(action, f"not possible at a {kind.value} node")

    def returns(self, state: LotteryState) -> tuple[float, ...]:
        if self.kind(state) is not NodeKind.TERMINAL:
            return (0.0, 0.0)
        value = payout(state.ticket, state.face)
        return (value, -value)

    def action_text(self, state: LotteryState, action: str) -> str:
        return action

    def parse_action(self, state: LotteryState, text: str, seat: int | None = None) -> str:
        if text not in TICKETS and not text.startswith("rolled "):
            raise NotationError(f"lottery: expected a ticket or 'rolled N', got {text!r}")
        return text

    def state_to_json(self, state: LotteryState) -> dict[str, Any]:
        return {"ticket": state.ticket, "face": state.face}

    def state_from_json(self, data: Mapping[str, Any]) -> LotteryState:
        try:
            return LotteryState(str(data["ticket"]), int(data["face"]))
        except (KeyError, TypeError, ValueError):
            raise StateError("lottery: state needs a ticket and a face") from None


# agent specs of every kind, from the weakest up
PLAYERS = ("random", "greedy", "alphabeta:nodes=60", "mcts:iterations=30")


def choices(rules: Rules[S, Any], player: str, worlds: Iterable[S], seat: int) -> set[str]:
    """What `player` (an agent spec) chooses for `seat` in each of `worlds`, as text."""
    chosen = set()
    for world in worlds:
        agent = make_agent(player, rules.spec.id)
        actions = list(rules.legal_actions(world, seat))
        choice = agent.choose(rules, rules.view(world, seat), seat, actions, random.Random(5))
        chosen.add(rules.action_text(world, choice))
    return chosen
