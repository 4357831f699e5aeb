"""Tar Pit Chess scenarios for the cards: matching, checker cards, the discard pile."""

from __future__ import annotations

import pytest

from motley.components.chess_cards import Card, Pile
from motley.core.errors import IllegalAction
from motley.games.tar_pit.diagrams import play
from motley.games.tar_pit.rules import TarPitChess
from motley.games.tar_pit.state import CARD, DISCARD, DRAW, MOVE, RETURN, TarPitState
from motley.games.tar_pit.test_scenarios import marks, rules, setup, texts

# -- cards --------------------------------------------------------------------------------


def test_a_card_adds_a_checker_only_under_a_matching_piece() -> None:
    r = rules()
    state = setup(
        r, "4k1n1/8/8/8/8/8/3P4/1N2K3 w - - 0 1", hands=(Pile.parse("Nn"), Pile()), supply=(2, 0)
    )
    state = play(r, state, "e1f1")
    assert state.phase == CARD
    assert texts(r, state) == {"no card", "play N b1", "play n g8"}
    with pytest.raises(IllegalAction, match="matching piece"):
        r.parse_action(state, "play N d2")


def test_a_card_with_no_piece_left_matches_any_of_your_pieces() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", hands=(Pile.parse("q"), Pile()))
    state = play(r, state, "e1f1")
    assert texts(r, state) == {"no card", "play q d2", "play q f1"}
    newer = rules(no_match="colour")
    state = setup(newer, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", hands=(Pile.parse("q"), Pile()))
    state = play(newer, state, "e1f1")
    assert texts(newer, state) == {"no card", "play q e8"}


def test_adding_to_your_own_checker_sends_it_straight_back() -> None:
    r = rules()
    state = setup(
        r, "4k3/8/8/8/8/8/3P*4/4K3 w - - 0 1", hands=(Pile.parse("P"), Pile()), supply=(1, 6)
    )
    state = play(r, state, "e1f1", "play P d2")
    assert marks(r, state).split("/")[6] == "3P*4"
    assert state.supply == (1, 6) and state.phase == DRAW  # no cards, one checker: draw one


def test_one_action_per_distinct_result() -> None:
    r = rules()
    state = setup(
        r, "4k3/8/8/8/8/8/2P*P*4/4K3 w - - 0 1", hands=(Pile.parse("P"), Pile()), supply=(1, 6)
    )
    state = play(r, state, "e1f1")
    # both pawns already carry: either square sends the checker straight back
    assert texts(r, state) == {"no card", "play P c2"}
    assert r.parse_action(state, "play P d2") == r.parse_action(state, "play P c2")


def test_own_checker_card_brings_an_extra_checker_and_more_cards() -> None:
    r = rules()
    state = setup(
        r, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", hands=(Pile.parse("CP"), Pile()), supply=(2, 6)
    )
    state = play(r, state, "e1f1", "play C")
    assert state.supply == (3, 6) and state.phase == DRAW
    state = play(r, state, "draw Q", "draw N")
    assert state.phase == MOVE and str(state.hands[0]) == "PNQ"


def after_the_opponent_checker_card(
    fen: str, black_hand: str, supply: tuple[int, int]
) -> tuple[TarPitChess, TarPitState]:
    """White steps the king and plays the opponent's checker card `c` against Black."""
    r = rules()
    state = setup(r, fen, hands=(Pile.parse("c"), Pile.parse(black_hand)), supply=supply)
    return r, play(r, state, "e1f1", "play c")


def test_opponent_checker_card_makes_them_give_one_up_and_discard() -> None:
    r, state = after_the_opponent_checker_card("4k3/8/8/8/8/8/3p~4/4K3 w - - 0 1", "pnr", (1, 3))
    assert state.phase == RETURN and r.actors(state) == (1,)
    assert texts(r, state) == {"return supply"}
    state = play(r, state, "return supply")
    assert state.phase == DISCARD and r.actors(state) == (1,)
    assert texts(r, state) == {"discard p", "discard n", "discard r"}
    state = play(r, state, "discard n")
    assert state.supply == (1, 2) and str(state.hands[1]) == "pr"
    assert state.top == Card.parse("n") and state.phase == DRAW


def test_giving_up_a_checker_from_the_board_needs_no_discard() -> None:
    r, state = after_the_opponent_checker_card("4k3/8/8/8/8/8/3P~4/4K3 w - - 0 1", "pn", (1, 2))
    assert texts(r, state) == {"return supply", "return d2"}
    state = play(r, state, "return d2")
    assert marks(r, state).split("/")[6] == "3P4" and r.turns.extra(state, 1) == 10
    assert state.phase == DRAW  # White draws a card for the one played


def test_enemy_checker_on_a_piece_at_its_last_rank_is_removed_at_once() -> None:
    r = rules()
    state = setup(
        r, "3kR3/8/8/8/8/8/8/4K3 b - - 0 1", hands=(Pile(), Pile.parse("R")), supply=(6, 1)
    )
    state = play(r, state, "d8c7", "play R e8")
    assert marks(r, state).split("/")[0] == "4R3" and state.supply == (6, 1)
    state = setup(
        r, "3kR*3/8/8/8/8/8/8/4K3 b - - 0 1", hands=(Pile(), Pile.parse("R")), supply=(5, 1)
    )
    state = play(r, state, "d8c7", "play R e8")
    assert marks(r, state).split("/")[0] == "4R3" and state.supply == (6, 1)


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile() -> None:
    r = rules()
    everything = r.deck
    hand = Pile.parse("P")
    rest = Pile(tuple((c, n) for c, n in everything.counts if c != Card.parse("P")))
    rest = rest.add(*([Card.parse("P")] * 7))
    state = setup(
        r,
        "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1",
        hands=(hand, Pile()),
        supply=(2, 6),
        draw=Pile(),
        discard=rest,
        top=Card.parse("k"),
    )
    state = play(r, state, "e1f1", "no card")
    assert state.phase == DRAW and len(state.draw) == 35 and not state.discard
    assert state.top is None
