"""Tar Pit's evaluation: tar, checkers in front and the cards in hand."""

from __future__ import annotations

from motley.components.chess_cards import Pile
from motley.games.tar_pit.test_scenarios import rules, setup

START = "4k3/8/8/3q{}4/8/8/8/3QK3 w - - 0 1"


def test_a_tarred_queen_is_worth_less() -> None:
    r = rules()
    free = r.evaluate(setup(r, START.format("")), 0)
    tarred = r.evaluate(setup(r, START.format("~")), 0)  # White's checker under the black queen
    assert tarred > free


def test_a_card_that_can_tar_the_enemy_queen_is_worth_holding() -> None:
    r = rules()
    queen_card = setup(r, START.format(""), hands=(Pile.parse("q"), Pile.parse("p")))
    pawn_card = setup(r, START.format(""), hands=(Pile.parse("p"), Pile.parse("p")))
    assert r.evaluate(queen_card, 0) > r.evaluate(pawn_card, 0)
