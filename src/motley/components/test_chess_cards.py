"""Chess cards: Appendix A's deck, notation round trips, and draws from an unseen pile."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motley.components.chess_cards import (
    BLACK,
    CHECKER,
    KNIGHT,
    PIECE_TYPES,
    TYPES,
    WHITE,
    Card,
    Pile,
    colour_cards,
    full_deck,
)
from motley.core.errors import NotationError

ALL_CARDS = [Card(colour, t) for colour in (WHITE, BLACK) for t in TYPES]


def test_each_colour_has_an_army_and_four_checker_cards() -> None:
    white = colour_cards(WHITE)
    assert len(white) == 20
    assert len(colour_cards(WHITE, PIECE_TYPES)) == 16
    assert white.count(Card(WHITE, CHECKER)) == 4
    assert str(colour_cards(BLACK, PIECE_TYPES)) == "ppppppppnnbbrrqk"
    assert len(full_deck()) == 40


def test_letters_follow_fen_case() -> None:
    assert str(Card(WHITE, KNIGHT)) == "N" and str(Card(BLACK, CHECKER)) == "c"
    assert Card(BLACK, KNIGHT).matches("n", BLACK)
    assert not Card(BLACK, KNIGHT).matches("N", WHITE)


@pytest.mark.parametrize("text", ["x", "Nn", "", "10"])
def test_bad_cards_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not a chess card"):
        Card.parse(text)


def test_draws_are_weighted_by_what_remains() -> None:
    pile = Pile.parse("NNc")
    assert pile.draw_outcomes() == [(Card(WHITE, KNIGHT), Fraction(2, 3)),
                                    (Card(BLACK, CHECKER), Fraction(1, 3))]
    assert str(pile.remove(Card(WHITE, KNIGHT))) == "Nc"
    with pytest.raises(NotationError, match="no black knight"):
        pile.remove(Card(BLACK, KNIGHT))
    with pytest.raises(NotationError, match="empty pile"):
        Pile().draw_outcomes()


def test_draw_outcomes_sum_to_one_over_the_whole_deck() -> None:
    assert sum(p for _, p in full_deck().draw_outcomes()) == 1


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30))
def test_pile_text_round_trips_and_ignores_order(cards: list[Card]) -> None:
    pile = Pile.of(cards)
    assert Pile.parse(str(pile)) == pile
    assert Pile.of(reversed(cards)) == pile
    assert len(pile) == len(cards)
