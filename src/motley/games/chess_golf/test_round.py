"""A round of Chess Golf (seed 002, Play): bids shown together, demonstrations, penalties,
holes that chain, dealer rotation and the course total."""

from __future__ import annotations

import pytest

from motley.components.chess_cards import Card
from motley.core import registry
from motley.core.errors import IllegalAction, MotleyError, StateError
from motley.core.rules import NodeKind
from motley.games.chess_golf.board import as_position, read_placement, write_placement
from motley.games.chess_golf.round import Bid, GolfRound
from motley.games.chess_golf.rules import DECK
from motley.games.chess_golf.scoring import demonstrator, hole_scores
from motley.games.chess_golf.state import BID, DEAL, DEMO, OVER, PUT, RoundState
from motley.games.chess_golf.test_moves import EXAMPLE


def make(golfers: int = 3, **options: object) -> GolfRound:
    rules = registry.make(f"chess_golf_{golfers}", options)
    assert isinstance(rules, GolfRound)
    return rules


def at_bid(
    rules: GolfRound, placement: str = EXAMPLE, chosen: str = "Kb", dealer: int = 2
) -> RoundState:
    """A hole dealt and ready for bids (the layout and the deal are chance, tested apart)."""
    cards = tuple(Card.parse(c) for c in chosen)
    pile = DECK
    for card in cards:
        pile = pile.remove(card)
    board = as_position(read_placement(placement))
    return RoundState(BID, board, pile, dealer, chosen=cards)


def bid(rules: GolfRound, state: RoundState, *counts: int) -> RoundState:
    return rules.apply_joint(state, {s: Bid(c) for s, c in enumerate(counts)})


def moves(rules: GolfRound, state: RoundState, *texts: str) -> RoundState:
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text, state.actor))
    return state


# -- the arithmetic ------------------------------------------------------------------------------


def test_penalties_are_the_highest_other_bid_plus_one() -> None:
    # golfer 0 failed with 2; golfer 1 showed 3; golfer 2 said impossible
    assert hole_scores((2, 3, 0), failed=(0,), succeeded=True) == (4, 3, 4)
    # nobody showed a path: the impossibles were right, the failure pays max(others) + 1
    assert hole_scores((2, 0, 0), failed=(0,), succeeded=False) == (1, 0, 0)
    assert hole_scores((0, 0, 0), failed=(), succeeded=False) == (0, 0, 0)
    assert hole_scores((5, 3, 7), failed=(), succeeded=True) == (5, 3, 7)


def test_ties_go_to_the_first_golfer_from_the_dealers_left() -> None:
    assert demonstrator((3, 3, 3), dealer=0, failed=()) == 1
    assert demonstrator((3, 3, 3), dealer=1, failed=()) == 2
    assert demonstrator((3, 3, 3), dealer=2, failed=()) == 0
    assert demonstrator((4, 3, 3), dealer=1, failed=(2,)) == 1
    assert demonstrator((0, 0, 5), dealer=0, failed=(2,)) == -1


# -- the round -----------------------------------------------------------------------------------


def test_bids_are_one_simultaneous_choice_shown_together() -> None:
    rules = make()
    state = at_bid(rules)
    assert rules.kind(state) is NodeKind.SIMULTANEOUS and rules.actors(state) == (0, 1, 2)
    labels = [rules.action_text(state, a) for a in rules.legal_actions(state, 1)]
    assert labels[0] == "bid 1" and labels[-1] == "impossible" and len(labels) == 11
    assert state.bids == ()  # nothing of a bid is in the state before all are in
    after = bid(rules, state, 3, 0, 4)
    assert after.bids == (3, 0, 4) and after.phase == DEMO and after.actor == 0


def test_a_successful_demonstration_scores_puts_back_and_passes_the_deck() -> None:
    rules = make()
    state = bid(rules, at_bid(rules, dealer=2), 3, 0, 4)
    state = moves(rules, state, "e5g6", "g6h5", "h5h2")  # the seed's own 3-move path
    assert state.phase == PUT and state.actor == 0
    assert [a for a in rules.legal_actions(state) if rules.action_text(state, a) == "put K a1"]
    state = moves(rules, state, "put K a1")
    assert state.phase == DEAL and state.dealer == 0  # the demonstrator deals next
    hole = state.card[0]
    assert hole.scores == (3, 4 + 1, 4) and hole.shown == ("e5g6", "g6h5", "h5h2") and hole.by == 0
    # the next hole starts where the pieces ended, the captured king back on a1
    expected = read_placement(EXAMPLE)
    assert write_placement(state.cells) == "2B3R1/5k2/1r1n1N2/1r6/R5q1/1B1n1N2/b6b/K4Q2"
    assert write_placement(expected) != write_placement(state.cells)
    assert state.discard.count(Card.parse("K")) == 1


def test_a_failed_demonstration_resets_the_board_and_the_next_bid_shows() -> None:
    rules = make()
    state = bid(rules, at_bid(rules, dealer=2), 2, 3, 0)
    state = moves(rules, state, "e5g6", "g6h5")  # two moves, no capture: the bid is spent
    assert state.phase == DEMO and state.actor == 1 and state.failed == (0,)
    assert write_placement(state.play.cells) == EXAMPLE if state.play else False
    state = moves(rules, state, "b3c3", "b5b3", "a2h2", "put K h1")
    assert state.card[0].scores == (3 + 1, 3, 3 + 1)


def test_giving_up_when_nobody_else_bid_keeps_the_board_and_the_dealer() -> None:
    rules = make()
    state = bid(rules, at_bid(rules, dealer=1), 0, 0, 5)
    state = moves(rules, state, "give up")
    assert state.phase == DEAL and state.dealer == 1
    assert state.card[0].scores == (0, 0, 1)
    assert write_placement(state.cells) == EXAMPLE


def test_everyone_impossible_scores_nothing_and_the_same_dealer_deals() -> None:
    rules = make()
    state = bid(rules, at_bid(rules, dealer=1), 0, 0, 0)
    assert state.phase == DEAL and state.dealer == 1 and state.card[0].scores == (0, 0, 0)


def test_a_hint_names_a_move_of_a_shortest_path_and_costs_a_point() -> None:
    rules = make()
    state = bid(rules, at_bid(rules, dealer=2), 3, 5, 5)
    state = moves(rules, state, "hint")
    assert state.hint in {"e5g6", "b3c3", "b3b1"}
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "hint", 0)  # one hint per position
    state = moves(rules, state, state.hint)
    assert state.hint == ""
    free = make(hint_cost=0)
    assert free.hint_cost == 0
    rest = {
        "e5g6": ("g6h5", "h5h2", "put K e5"),
        "b3c3": ("b5b3", "a2h2", "put K a2"),
        "b3b1": ("f1g1", "h2a2", "put b h2"),
    }
    state = moves(rules, state, *rest[state.shown[0]])
    assert state.card[0].scores[0] == 3 + 1


def test_the_round_ends_after_its_holes_and_the_lowest_total_wins() -> None:
    rules = make(2, holes=2)
    state = at_bid(rules, dealer=0)
    state = bid(rules, state, 3, 5)  # golfer 0 shows 3
    state = moves(rules, state, "e5g6", "g6h5", "h5h2", "put K a1")
    assert state.phase == DEAL
    deck = state.pile
    for letter in "Qn":
        state = rules.apply(state, Card.parse(letter))
    assert state.phase == BID and len(state.pile) == len(deck) - 2
    state = bid(rules, state, 0, 0)
    assert state.phase == OVER and rules.kind(state) is NodeKind.TERMINAL
    assert rules.totals(state) == (3, 5) and rules.returns(state) == (-3.0, -5.0)
    assert rules.describe(state) == "Golfer 1 wins (Golfer 1 3, Golfer 2 5)"


def test_a_dealer_is_drawn_after_the_layout_and_the_deck_reshuffled() -> None:
    rules = make(3)
    state = rules.initial_state()
    for outcome in "BRkrnNrbRqBnNbKQ":
        state = rules.apply(state, Card.parse(outcome))
    assert state.phase == DEAL and state.dealer == -1 and len(state.pile) == 16
    outcomes = rules.chance_outcomes(state)
    assert [rules.action_text(state, o) for o, _ in outcomes] == [
        "dealer 1",
        "dealer 2",
        "dealer 3",
    ]
    state = rules.apply(state, outcomes[1][0])
    assert state.dealer == 1 and len(rules.chance_outcomes(state)) == 10  # kinds of card


def test_bad_input_gets_one_line() -> None:
    rules = make()
    state = at_bid(rules)
    for text in ("bid 11", "bid", "banana"):
        with pytest.raises(MotleyError) as info:
            rules.parse_action(state, text, 0)
        assert "\n" not in str(info.value)
    data = rules.state_to_json(bid(rules, state, 3, 0, 4))
    assert rules.state_to_json(rules.state_from_json(data)) == data
    for bad in ({**data, "actor": 7}, {**data, "bids": [3, 0]}, {**data, "phase": "tee"}):
        with pytest.raises(StateError):
            rules.state_from_json(bad)
