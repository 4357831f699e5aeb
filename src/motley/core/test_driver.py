"""The driver: exact chance draws, seeded replays, agents that see views, separate RNG streams."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from motley.core import registry
from motley.core.driver import RandomAgent, pick_outcome, play
from motley.core.player import Player, Turn
from motley.core.rules import NodeKind
from motley.core.toys import DiceRace, HighCard, HighCardView, MatchingPennies, Step


class Ticket(random.Random):
    """An RNG whose `randrange` returns a chosen ticket (and remembers the range asked for)."""

    def __init__(self, ticket: int) -> None:
        super().__init__(0)
        self.ticket = ticket
        self.asked: list[int] = []

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        self.asked.append(args[0])
        return self.ticket


@pytest.mark.parametrize(
    "probabilities",
    [
        [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)],
        [Fraction(1, 6)] * 6,
        [Fraction(1)],
        [Fraction(2, 7), Fraction(5, 7)],
        [Fraction(1, 960)] * 960,
        [Fraction(1, 4), Fraction(1, 10), Fraction(13, 20)],
    ],
)
def test_pick_outcome_is_exact(probabilities: list[Fraction]) -> None:
    """Over every ticket of the common denominator each outcome is drawn exactly p * D times."""
    outcomes = list(enumerate(probabilities))
    denominator = 1
    for p in probabilities:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    counts: Counter[int] = Counter()
    for ticket in range(denominator):
        rng = Ticket(ticket)
        counts[pick_outcome(outcomes, rng)] += 1
        assert rng.asked == [denominator]
    assert counts == Counter({i: int(p * denominator) for i, p in outcomes})


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def test_pick_outcome_frequencies_with_a_real_rng() -> None:
    outcomes = [("a", Fraction(1, 10)), ("b", Fraction(9, 10))]
    rng = random.Random(1)
    counts = Counter(pick_outcome(outcomes, rng) for _ in range(20_000))
    assert 1700 < counts["a"] < 2300


class AlwaysRoll(Player):
    """Rolls whenever it can; the noisy version burns random numbers first."""

    def __init__(self, noisy: bool = False) -> None:
        self.noisy = noisy

    def decide(self, turn: Turn) -> Any:
        if self.noisy:
            for _ in range(7):
                turn.rng.random()
        return Step("roll")


def chance_texts(events: Sequence[Any]) -> list[str]:
    return [e.actions[0][1] for e in events if e.kind is NodeKind.CHANCE]


def test_agents_do_not_shift_the_dice() -> None:
    """Each agent has its own RNG stream: an agent's randomness never changes the dice."""
    rules = DiceRace()
    quiet = play(rules, {0: AlwaysRoll(), 1: AlwaysRoll()}, seed=11)
    noisy = play(rules, {0: AlwaysRoll(noisy=True), 1: AlwaysRoll()}, seed=11)
    assert chance_texts(quiet.record.events) == chance_texts(noisy.record.events)
    assert quiet.record == noisy.record
    other = play(rules, {0: AlwaysRoll(), 1: AlwaysRoll()}, seed=12)
    assert chance_texts(other.record.events) != chance_texts(quiet.record.events)


def test_dice_follow_their_probabilities() -> None:
    """Over many seeded games each face turns up about 1/6 of the time."""
    rules = DiceRace({"target": 60})
    faces: Counter[str] = Counter()
    for seed in range(40):
        faces.update(
            chance_texts(play(rules, {0: AlwaysRoll(), 1: AlwaysRoll()}, seed).record.events)
        )
    total = sum(faces.values())
    assert set(faces) == {f"rolled {n}" for n in range(1, 7)}
    assert all(abs(n / total - 1 / 6) < 0.04 for n in faces.values())


class Spy(Player):
    """Records what it was shown, then plays the first action."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, int, list[Any]]] = []

    def decide(self, turn: Turn) -> Any:
        self.seen.append((turn.view, turn.seat, list(turn.actions)))
        return turn.actions[0]


def test_agents_get_views_not_states() -> None:
    rules = HighCard()
    spies = {0: Spy(), 1: Spy()}
    for seed in range(10):
        play(rules, spies, seed)
    for seat, spy in spies.items():
        for view, seen_seat, actions in spy.seen:
            assert isinstance(view, HighCardView)
            assert view.seat == seen_seat == seat
            assert view.shown is None  # nobody decides after a showdown
            assert actions


def test_simultaneous_nodes_ask_every_seat() -> None:
    rules = MatchingPennies()
    spies = {0: Spy(), 1: Spy()}
    played = play(rules, spies, seed=2)
    assert played.plies == 3
    assert len(spies[0].seen) == len(spies[1].seen) == 3
    assert played.state.winners == (0, 0, 0)  # both always show heads
    assert rules.returns(played.state) == (1.0, -1.0)


def test_max_events_stops_early() -> None:
    rules = registry.make("chess")
    played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed=5, max_events=10)
    assert played.plies == 10 and len(played.record.events) == 10
    assert played.record.result is None
    assert rules.kind(played.state) is NodeKind.DECISION
    assert rules.fen(played.state).split()[-1] == "6"


def test_on_event_sees_each_state_before_its_event() -> None:
    rules = registry.make("chess960")
    seen: list[tuple[Any, Any]] = []
    played = play(
        rules,
        {0: RandomAgent(), 1: RandomAgent()},
        seed=9,
        max_events=6,
        on_event=lambda state, event: seen.append((state, event)),
    )
    assert [e for _, e in seen] == list(played.record.events)
    assert rules.kind(seen[0][0]) is NodeKind.CHANCE
    assert all(rules.kind(s) is NodeKind.DECISION for s, _ in seen[1:])


def test_play_from_a_given_state() -> None:
    rules = registry.make("chess")
    start = rules.parse_action(rules.initial_state(), "f2f3")
    state = rules.apply(rules.initial_state(), start)
    played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed=1, state=state, max_events=1)
    assert played.record.events[0].actions[0][0] == 1  # Black moves first from there


def test_record_of_a_game_from_a_given_state_replays() -> None:
    from motley.core.record import replay

    rules = registry.make("chess")
    state = rules.apply(rules.initial_state(), rules.parse_action(rules.initial_state(), "f2f3"))
    played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed=1, state=state, max_events=4)
    assert rules.fen(replay(played.record)[-1]) == rules.fen(played.state)
