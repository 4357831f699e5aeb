"""The conformance suite: every registered game, and the toy games, obey the game API."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motley.core import registry
from motley.core.errors import IllegalAction, MotleyError, NotationError, StateError
from motley.core.record import GameRecord, replay
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import Trait, Utility
from motley.core.testing import (
    ConformanceError,
    check_node,
    check_part_of_joint_refused,
    check_playout,
    check_returns,
    json_copy,
)
from motley.core.toys import (
    TOY_GAMES,
    CooperativeCount,
    DiceRace,
    DoublingPuzzle,
    HighCard,
    HighCardState,
    HighCardView,
    MatchingPennies,
    TeamRelay,
)

GAME_IDS = registry.game_ids()
MAX_EVENTS = 3000  # far beyond any chess game under the 100-ply no-progress rule


def choice_variants() -> list[tuple[str, str, Any]]:
    """(game, option, value) for every non-default value of every option with choices."""
    out = []
    for spec in registry.specs():
        for option in spec.options:
            out += [(spec.id, option.name, c) for c in option.choices if c != option.default]
    return out


@pytest.fixture
def toys_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy games for one test only (record replay looks games up by id)."""
    for cls in TOY_GAMES:
        monkeypatch.setitem(registry._GAMES, cls.spec.id, cls)
    yield


def assert_replays(rules: Rules[Any, Any], record: GameRecord, final: Any) -> None:
    """The record survives JSON text and core.record.replay reaches the same final state."""
    text = json.dumps(record.to_json())
    again = GameRecord.from_json(json.loads(text))
    assert again == record
    states = replay(again)
    assert len(states) == len(record.events) + 1
    assert json_copy(rules.state_to_json(states[-1])) == json_copy(rules.state_to_json(final))


# -- headers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_header_is_complete(game_id: str) -> None:
    """Each registered game has a full header and a module docstring naming its seed."""
    cls = registry.rules_class(game_id)
    spec = cls.spec
    assert spec.id == game_id
    assert spec.version >= 1
    assert spec.players >= 1
    assert spec.title.strip() and spec.summary.strip() and spec.seed.strip()
    assert not spec.seat_names or len(spec.seat_names) == spec.players
    for option in spec.options:
        assert option.check(option.default) == option.default
        assert option.description.strip()
    if spec.utility is Utility.TEAMS:
        assert Trait.TEAMS in spec.traits and spec.teams
    if spec.utility is Utility.ZERO_SUM:
        assert spec.players == 2
    doc = sys.modules[cls.__module__].__doc__ or ""
    assert "seed" in doc.lower(), "the game module's docstring names its seed document"


def test_registry_rejects_unknown_game() -> None:
    with pytest.raises(MotleyError) as info:
        registry.make("no-such-game")
    assert "\n" not in str(info.value) and "no-such-game" in str(info.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_is_refused(game_id: str) -> None:
    with pytest.raises(MotleyError) as info:
        registry.make(game_id, {"no-such-option": 1})
    assert "\n" not in str(info.value)


# -- playouts of the registered games --------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_registered_game_playout(game_id: str, seed: int) -> None:
    """A seeded random game through the driver passes every node check and replays."""
    rules = registry.make(game_id)
    played = check_playout(rules, seed, max_events=MAX_EVENTS, deep_every=5)
    assert_replays(rules, played.record, played.state)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", range(2, 8))
def test_registered_game_playout_many(game_id: str, seed: int) -> None:
    rules = registry.make(game_id)
    played = check_playout(rules, seed, max_events=MAX_EVENTS, deep_every=2)
    assert_replays(rules, played.record, played.state)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "option", "value"), choice_variants())
def test_option_choices_play(game_id: str, option: str, value: Any) -> None:
    """Every non-default choice of every option gives a game that plays and replays."""
    rules = registry.make(game_id, {option: value})
    played = check_playout(rules, f"{option}={value}", max_events=MAX_EVENTS, deep_every=10)
    assert_replays(rules, played.record, played.state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_game(game_id: str) -> None:
    """The driver owns the randomness: a seed fixes the whole record."""
    from motley.core.driver import RandomAgent, play

    rules = registry.make(game_id)
    agents = {s: RandomAgent() for s in range(rules.spec.players)}
    first = play(rules, agents, "same", max_events=60)
    second = play(rules, agents, "same", max_events=60)
    assert first.record == second.record
    other = play(rules, agents, "other", max_events=60)
    assert other.record.events != first.record.events


TOYS_BY_ID = {cls.spec.id: cls for cls in TOY_GAMES}


def make_any(game_id: str) -> Rules[Any, Any]:
    """A registered game, or a toy game by its id."""
    return TOYS_BY_ID[game_id]() if game_id in TOYS_BY_ID else registry.make(game_id)


@pytest.mark.parametrize("game_id", GAME_IDS + sorted(TOYS_BY_ID))
def test_state_json_refuses_garbage(game_id: str) -> None:
    """A hand-edited state fails with a one-line StateError, not a crash."""
    from motley.core.driver import RandomAgent, play

    rules = make_any(game_id)
    agents = {s: RandomAgent() for s in range(rules.spec.players)}
    good = json_copy(rules.state_to_json(play(rules, agents, "edit", max_events=4).state))
    assert good, "a state after four events has something to write"
    for bad in [[], "text", 7, *({**good, key: {"?": []}} for key in good)]:
        with pytest.raises(StateError) as info:
            rules.state_from_json(bad)
        assert "\n" not in str(info.value)


# -- the toy games ---------------------------------------------------------------------------


@pytest.mark.parametrize("cls", TOY_GAMES, ids=lambda c: c.spec.id)
@pytest.mark.parametrize("seed", range(12))
def test_toy_game_playout(cls: type[Rules[Any, Any]], seed: int, toys_registered: None) -> None:
    rules = cls()
    played = check_playout(rules, seed, max_events=200)
    assert_replays(rules, played.record, played.state)


def test_toys_are_not_registered_globally() -> None:
    assert not set(GAME_IDS) & {cls.spec.id for cls in TOY_GAMES}


def test_toy_results_cover_every_outcome() -> None:
    """The toy games are not degenerate: seeded playouts reach different results."""
    from motley.core.driver import RandomAgent, play

    for cls in TOY_GAMES:
        rules = cls()
        agents = {s: RandomAgent() for s in range(rules.spec.players)}
        results = {play(rules, agents, seed).record.result for seed in range(60)}
        assert len(results) >= 2, cls.spec.id


def test_dice_race_chance_node() -> None:
    rules = DiceRace()
    state = rules.apply(rules.initial_state(), rules.parse_action(rules.initial_state(), "roll"))
    assert rules.kind(state) is NodeKind.CHANCE
    outcomes = rules.chance_outcomes(state)
    assert [rules.action_text(state, o) for o, _ in outcomes] == [
        f"rolled {n}" for n in range(1, 7)
    ]
    assert sum(p for _, p in outcomes) == Fraction(1)
    after = rules.apply(state, rules.parse_action(state, "rolled 5"))
    assert after.scores == (5, 0) and after.turn == 1


def test_high_card_returns() -> None:
    rules = HighCard()
    state = HighCardState((3, 1), ("raise", "call"))
    assert rules.returns(state) == (2.0, -2.0)
    assert rules.returns(HighCardState((1, 3), ("show",))) == (-1.0, 1.0)
    assert rules.returns(HighCardState((1, 3), ("raise", "fold"))) == (1.0, -1.0)


def test_counting_games_returns() -> None:
    relay = TeamRelay()
    state = relay.initial_state()
    for word in ["+2"] * 5:  # seats 0 1 2 3 0: seat 0 reaches 10
        state = relay.apply(state, relay.parse_action(state, word))
    assert relay.returns(state) == (1.0, -1.0, 1.0, -1.0)
    coop = CooperativeCount()
    state = coop.initial_state()
    for word in ("+2", "+2", "+2", "+1"):
        state = coop.apply(state, coop.parse_action(state, word))
    assert coop.kind(state) is NodeKind.TERMINAL and coop.returns(state) == (1.0, 1.0)
    puzzle = DoublingPuzzle()
    state = puzzle.initial_state()
    for word in ("+1", "+1", "+1", "x2", "x2"):
        state = puzzle.apply(state, puzzle.parse_action(state, word))
    assert puzzle.returns(state) == (1.0,)


def test_conformance_checks_catch_broken_games() -> None:
    """The checks are not vacuous: games that break the API are caught."""

    class BadSum(DiceRace):
        def returns(self, state: Any) -> tuple[float, ...]:
            return (1.0, 1.0) if self.kind(state) is NodeKind.TERMINAL else (0.0, 0.0)

    class BadOdds(DiceRace):
        def chance_outcomes(self, state: Any) -> Any:
            return [(o, p * Fraction(7, 6)) for o, p in super().chance_outcomes(state)][:-1]

    class BadCoop(CooperativeCount):
        def returns(self, state: Any) -> tuple[float, ...]:
            return (1.0, 0.0)

    for broken in (BadSum(), BadOdds(), BadCoop()):
        with pytest.raises(ConformanceError):
            for seed in range(20):
                check_playout(broken, seed, max_events=200)
    with pytest.raises(ConformanceError):
        check_returns(TeamRelay(), (1.0, 1.0, -1.0, -1.0))


def test_check_node_rejects_wrong_actors() -> None:
    class Crowded(DiceRace):
        def actors(self, state: Any) -> tuple[int, ...]:
            return (0, 1)

    with pytest.raises(ConformanceError):
        check_node(Crowded(), Crowded().initial_state())


# -- hidden information: the no-leak property ------------------------------------------------

CARDS = st.permutations(HighCard.deck).map(lambda p: (p[0], p[1], p[2]))
BETS = st.sampled_from([(), ("show",), ("raise",), ("raise", "call"), ("raise", "fold")])


def view_bytes(rules: HighCard, state: HighCardState, seat: int) -> str:
    return json.dumps(rules.view_to_json(rules.view(state, seat)), sort_keys=True)


def leaks(
    rules: HighCard, cards: tuple[int, int, int], dealt: int, bets: tuple[str, ...], seat: int
) -> bool:
    """Whether changing a card `seat` may not see changes its view's JSON text."""
    state = HighCardState(cards[:dealt], bets if dealt == 2 else ())
    if state.bets in (("show",), ("raise", "call")):
        return False  # a showdown reveals both cards by the rules
    for other in range(dealt):
        if other == seat:
            continue
        swapped = list(state.hands)
        swapped[other] = cards[2]  # a card nobody holds
        changed = HighCardState(tuple(swapped), state.bets)
        if view_bytes(rules, changed, seat) != view_bytes(rules, state, seat):
            return True
    return False


@settings(max_examples=200, deadline=None)
@given(cards=CARDS, dealt=st.integers(0, 2), bets=BETS, seat=st.sampled_from([0, 1, SPECTATOR]))
def test_high_card_view_never_leaks(
    cards: tuple[int, int, int], dealt: int, bets: tuple[str, ...], seat: int
) -> None:
    """Changing a card `seat` may not see leaves its view byte-identical."""
    assert not leaks(HighCard(), cards, dealt, bets, seat)


def test_the_leak_check_catches_a_leaky_view() -> None:
    class Leaky(HighCard):
        def view(self, state: HighCardState, seat: int) -> HighCardView:
            full = super().view(state, seat)
            return HighCardView(seat, full.own, full.dealt, full.bets, state.hands)

    assert leaks(Leaky(), (1, 2, 3), 2, ("raise",), 0)
    assert not leaks(HighCard(), (1, 2, 3), 2, ("raise",), 0)


@settings(max_examples=100, deadline=None)
@given(cards=CARDS, bets=BETS)
def test_high_card_view_shows_own_card(cards: tuple[int, int, int], bets: tuple[str, ...]) -> None:
    """The view is not blank: a seat sees its own card change."""
    rules = HighCard()
    state = HighCardState(cards[:2], bets)
    for seat in (0, 1):
        swapped = list(state.hands)
        swapped[seat] = cards[2]
        changed = HighCardState(tuple(swapped), bets)
        assert view_bytes(rules, changed, seat) != view_bytes(rules, state, seat)


@settings(max_examples=100, deadline=None)
@given(cards=CARDS, bets=BETS, seed=st.integers(0, 2**32))
def test_high_card_sample_hidden_agrees(
    cards: tuple[int, int, int], bets: tuple[str, ...], seed: int
) -> None:
    """sample_hidden keeps what the seat knows and fills the rest from unseen cards."""
    rules = HighCard()
    state = HighCardState(cards[:2], bets)
    for seat in (0, 1):
        view = rules.view(state, seat)
        sampled = rules.sample_hidden(view, random.Random(seed))
        assert sampled.hands[seat] == state.hands[seat]
        assert len(set(sampled.hands)) == 2 and set(sampled.hands) <= set(HighCard.deck)
        assert view_bytes(rules, sampled, seat) == view_bytes(rules, state, seat)


def test_high_card_sample_hidden_covers_every_unseen_card() -> None:
    rules = HighCard()
    view = rules.view(HighCardState((2, 4), ("raise",)), 0)
    seen = {rules.sample_hidden(view, random.Random(n)).hands[1] for n in range(200)}
    assert seen == {1, 3, 4}


# -- errors at the API -----------------------------------------------------------------------


@pytest.mark.parametrize("cls", TOY_GAMES, ids=lambda c: c.spec.id)
def test_toy_garbage_text_is_refused(cls: type[Rules[Any, Any]]) -> None:
    rules = cls()
    state = rules.initial_state()
    seat = None if rules.kind(state) is not NodeKind.SIMULTANEOUS else 0
    with pytest.raises((NotationError, IllegalAction)) as info:
        rules.parse_action(state, "flibbertigibbet", seat)
    assert "\n" not in str(info.value)


def test_pennies_joint_action_validated() -> None:
    rules = MatchingPennies()
    state = rules.initial_state()
    heads = rules.parse_action(state, "heads", 0)
    check_part_of_joint_refused(rules, state, heads)
    after = rules.apply_joint(state, {0: heads, 1: heads})
    assert after.winners == (0,)
    assert state.winners == ()
