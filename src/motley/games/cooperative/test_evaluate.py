"""The evaluation's bets on a king capture: the bonus counts only while a king may still fall."""

from __future__ import annotations

import random

from motley.agents.planner import TurnPlanner
from motley.components.chess_cards import Card, Pile
from motley.games.cooperative.evaluate import expected_points, exposure, king_chance
from motley.games.cooperative.score import points
from motley.games.cooperative.state import CoopState
from motley.games.cooperative.test_scenarios import RULES, do, make

# White: K, 2 R, N, 2 P; Black: the king only (queens and bishops wiped out)
BARE = "4k3/8/8/8/8/8/PP6/RN2K2R -"


def nearly_out(state: CoopState) -> CoopState:
    """`state` with one card left to draw, the rest long gone to the discard pile."""
    last, *rest = list(state.pile)
    return state._replace(pile=Pile.of([last]), discard=state.discard.add(*rest))


def test_the_bonus_counts_less_as_the_cards_run_out_and_not_at_all_without_king_cards() -> None:
    many = make(BARE, 0, line="pN", phase="draw")
    few = many._replace(pile=Pile.parse("n"))
    assert king_chance(many) > king_chance(few) > 0
    assert expected_points(many) > expected_points(few)
    lost = many._replace(removed=(Card(0, "K"), Card(1, "K")))
    assert king_chance(lost) == 0.0
    # with no king to take, the bonus is out of reach: little more than the pieces banked
    assert expected_points(lost) < expected_points(many) - 10


def test_a_king_the_line_offers_is_worth_nearly_what_taking_it_scores() -> None:
    state = make(BARE, 0, line="Rk", hands=("N", ""), phase="play", pile="")
    offered = do(state, "play N", "h1h8")
    taken = do(offered, "h8e8 @2")
    assert expected_points(offered) >= 0.85 * points(taken.board)


def test_the_planner_takes_the_king_when_the_cards_are_running_out() -> None:
    state = do(nearly_out(make(BARE, 0, line="Rk", hands=("N", ""), phase="play")), "play N")
    state = do(state, "h1h8")
    actions = list(RULES.legal_actions(state))
    planner = TurnPlanner(seconds=None, samples=2, seed=1)
    choice = planner.choose(RULES, RULES.view(state, 0), 0, actions, random.Random(3))
    assert RULES.action_text(state, choice) == "h8e8 @2"


def test_a_king_walked_into_attack_is_worth_more() -> None:
    # the black king beside the white rooks (no check: it may stand there), or far from them
    near = make("8/8/8/8/8/8/PP5k/RN2K2R -", 0, line="pN", phase="draw")
    far = make("k7/8/8/8/8/8/PP6/RN2K2R -", 0, line="pN", phase="draw")
    assert exposure(near.board) == 1 and exposure(far.board) == 0
    assert expected_points(near) > expected_points(far)


def test_a_king_left_at_the_end_of_a_turn_is_not_counted_as_taken() -> None:
    """Once White's turn is over, the king White could have taken is Black's to keep."""
    state = nearly_out(make(BARE, 0, line="Rk", hands=("N", ""), phase="play"))
    offered = do(state, "play N", "h1h8")
    declined = do(offered, "end")
    assert expected_points(declined) < expected_points(offered) - 5
