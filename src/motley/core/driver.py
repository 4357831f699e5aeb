"""The driver: plays a game between seats and owns the seeded RNG.

Rules never roll dice; the driver picks every chance outcome from its own RNG, so a seed
replays a game exactly. Each agent sees only its seat's view and gets its own RNG stream, so
an agent's randomness never shifts the dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from motley.core.player import Player, Turn
from motley.core.record import Event, GameRecord, seed_hash
from motley.core.rules import NodeKind, Rules

R = TypeVar("R", bound=Rules[Any, Any])


class Agent(Protocol):
    """Anything that chooses an action from a seat's view."""

    def choose(
        self,
        rules: Rules[Any, Any],
        view: Any,
        seat: int,
        actions: Sequence[Any],
        rng: random.Random,
    ) -> Any: ...


def pick_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one chance outcome with its listed probability (exact integer arithmetic)."""
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    ticket = rng.randrange(denominator)
    for outcome, p in outcomes:
        ticket -= p.numerator * (denominator // p.denominator)
        if ticket < 0:
            return outcome
    return outcomes[-1][0]


def random_step(rules: Rules[Any, Any], state: Any, rng: random.Random) -> Any:
    """One ply of uniform random play from a state that is not over: a chance outcome with
    its probability, a decision, or every actor's choice at a simultaneous node."""
    kind = rules.kind(state)
    if kind is NodeKind.CHANCE:
        return rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
    if kind is NodeKind.DECISION:
        actions = rules.legal_actions(state)
        return rules.apply(state, actions[rng.randrange(len(actions))])
    joint = {}
    for actor in rules.actors(state):
        actions = rules.legal_actions(state, actor)
        joint[actor] = actions[rng.randrange(len(actions))]
    return rules.apply_joint(state, joint)


def random_walk(
    rules: Rules[Any, Any], state: Any, rng: random.Random, plies: int
) -> Iterator[Any]:
    """The states of one uniformly random game from `state`, each before its ply is played
    (`random_step`): at most `plies` of them, none once the game is over."""
    for _ in range(plies):
        if rules.kind(state) is NodeKind.TERMINAL:
            return
        yield state
        state = random_step(rules, state, rng)


def played(
    make: Callable[[Mapping[str, Any]], R], position: str, *texts: str, **options: Any
) -> tuple[R, Any]:
    """The game set up at `position` (its usual start when empty) and the state after
    `texts`, actions in its notation each read where it is played: a rules page's diagram.

    A text the game refuses raises its one-line NotationError or IllegalAction.
    """
    rules = make({"position": position, **options} if position else options)
    state = rules.initial_state()
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text))
    return rules, state


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


@dataclass(frozen=True)
class Played:
    state: Any
    record: GameRecord
    plies: int


def agent_rng(seed: int | str, seat: int) -> random.Random:
    return random.Random(f"{seed}/seat/{seat}")


def play(
    rules: Rules[Any, Any],
    agents: Mapping[int, Agent],
    seed: int | str = 0,
    *,
    max_events: int = 100_000,
    state: Any = None,
    on_event: Callable[[Any, Event], None] | None = None,
) -> Played:
    """Play from `state` (default: the initial state) until terminal or `max_events`."""
    chance_rng = random.Random(f"{seed}/chance")
    rngs = {seat: agent_rng(seed, seat) for seat in agents}
    start = None if state is None else rules.state_to_json(state)
    state = rules.initial_state() if state is None else state
    events: list[Event] = []
    while len(events) < max_events:
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            break
        if kind is NodeKind.CHANCE:
            outcome = pick_outcome(rules.chance_outcomes(state), chance_rng)
            event = Event(kind, ((-1, rules.action_text(state, outcome)),))
            next_state = rules.apply(state, outcome)
        elif kind is NodeKind.DECISION:
            (seat,) = rules.actors(state)
            action = _ask(rules, agents[seat], state, seat, rngs[seat])
            event = Event(kind, ((seat, rules.action_text(state, action)),))
            next_state = rules.apply(state, action)
        else:
            joint = {s: _ask(rules, agents[s], state, s, rngs[s]) for s in rules.actors(state)}
            event = Event(
                kind, tuple((s, rules.action_text(state, a)) for s, a in sorted(joint.items()))
            )
            next_state = rules.apply_joint(state, joint)
        events.append(event)
        if on_event is not None:
            on_event(state, event)
        state = next_state
    result = rules.returns(state) if rules.kind(state) is NodeKind.TERMINAL else None
    record = GameRecord(
        game=rules.spec.id,
        version=rules.spec.version,
        options=dict(rules.options),
        seed_hash=seed_hash(seed),
        events=tuple(events),
        seed=str(seed),
        result=result,
        start=start,
    )
    return Played(state, record, len(events))


def _ask(rules: Rules[Any, Any], agent: Agent, state: Any, seat: int, rng: random.Random) -> Any:
    actions = rules.legal_actions(state, seat)
    return agent.choose(rules, rules.view(state, seat), seat, actions, rng)


class RandomAgent(Player):
    """Uniformly random legal actions: the baseline every game can use."""

    def decide(self, turn: Turn) -> Any:
        return turn.actions[turn.rng.randrange(len(turn.actions))]
