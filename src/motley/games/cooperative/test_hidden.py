"""Cooperative Chess secrets: the partner's hand, the draw pile and the recycled-away cards."""

from __future__ import annotations

import json
import random

from motley.components.chess_cards import KING, Card, Pile
from motley.core.driver import RandomAgent, play
from motley.core.rules import SPECTATOR
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire
from motley.games.cooperative.state import CoopState, CoopView

RULES = CooperativeChess()


def midgame(rules: CooperativeChess, seed: str, events: int) -> CoopState:
    agents = {seat: RandomAgent() for seat in range(rules.spec.players)}
    state: CoopState = play(rules, agents, seed, max_events=events).state
    return state


def view_json(rules: CooperativeChess, state: CoopState, seat: int) -> str:
    return json.dumps(rules.view_to_json(rules.view(state, seat)), sort_keys=True)


def test_a_seat_sees_its_own_hand_and_only_the_size_of_its_partners() -> None:
    state = midgame(RULES, "hands", 40)
    view = RULES.view(state, 0)
    assert isinstance(view, CoopView)
    assert view.hands[0] == state.hands[0] and view.hands[1] is None
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.pile_size == len(state.pile)
    assert RULES.view(state, SPECTATOR).hands == (None, None)
    text = view_json(RULES, state, 0)
    assert '"pile"' not in text and '"removed"' not in text
    assert "hand" in RULES.render(state, 0)
    opened = CooperativeChess({"open_hands": True})
    assert opened.view(state, 0).hands == state.hands


def test_sampled_states_redeal_only_what_the_seat_cannot_see() -> None:
    state = midgame(RULES, "sample", 120)
    for seat in (0, 1, SPECTATOR):
        shown = view_json(RULES, state, seat)
        partners = set()
        for stream in range(12):
            twin = RULES.sample_hidden(RULES.view(state, seat), random.Random(stream))
            assert view_json(RULES, twin, seat) == shown
            assert RULES.state_from_json(RULES.state_to_json(twin)) == twin  # a whole state
            assert all(card.type != KING for hand in twin.hands for card in hand)
            if seat == 0:
                assert twin.hands[0] == state.hands[0]
                partners.add(twin.hands[1])
        if seat == 0 and state.hands[1]:
            assert len(partners) > 1  # the partner's hand really is guessed


def test_the_card_a_recycling_removes_is_known_to_nobody() -> None:
    found = None
    for index in range(40):
        state = midgame(RULES, f"recycle/{index}", 400)
        if state.removed:
            found = state
            break
    assert found is not None, "no recycling in 40 random games"
    for seat in (0, 1, SPECTATOR):
        removed = set()
        for stream in range(20):
            twin = RULES.sample_hidden(RULES.view(found, seat), random.Random(stream))
            assert all(c in g for c, g in zip(twin.removed, twin.recycled, strict=True))
            removed.add(twin.removed)
        groups = found.recycled
        if any(len(g.kinds()) > 1 for g in groups):
            assert len(removed) > 1


def test_what_each_seat_is_told_of_a_draw() -> None:
    state = RULES.initial_state()
    draw = Card(0, "N")
    assert RULES.event_text_for(state, draw, 0) == "draw N"  # the first card goes to White
    assert RULES.event_text_for(state, draw, 1) == "draw for White"
    assert RULES.event_text_for(state, draw, SPECTATOR) == "draw for White"
    assert RULES.event_text_for(state, Card(1, "K"), 1) == "draw k"  # a king goes face up
    opened = CooperativeChess({"open_hands": True})
    assert opened.event_text_for(state, draw, 1) == "draw N"
    views = {
        view_json(RULES, RULES.apply(state, card), 1)
        for card in (Card(0, "N"), Card(1, "Q"), Card(0, "P"))
    }
    assert len(views) == 1  # Black cannot tell White's cards apart


def test_solitaire_hides_only_the_recycled_cards() -> None:
    rules = CooperativeSolitaire()
    state = midgame(rules, "solo", 200)
    view = rules.view(state, 0)
    assert view.hands == () and view.pile_size == len(state.pile)
    twin = rules.sample_hidden(view, random.Random(1))
    assert view_json(rules, twin, 0) == view_json(rules, state, 0)
    assert Pile.of([*twin.pile, *twin.removed]) == Pile.of([*state.pile, *state.removed])
