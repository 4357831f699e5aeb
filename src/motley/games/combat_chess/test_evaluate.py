"""Combat Chess II's evaluation: its scale, prisoners, and one value through every step."""

from __future__ import annotations

from fractions import Fraction

from motley.core import registry
from motley.core.rules import NodeKind
from motley.games.combat_chess.rules import CombatChess
from motley.games.combat_chess.state import CORNERS, EMPTY, LEFT, CombatState

# a white queen on d4 next to a black pawn on d5 and a black bishop on e5
FIGHT = "r3k2r/8/8/3pb3/3Q4/8/8/R3K2R w -/-/-/-"


def game(position: str = "") -> tuple[CombatChess, CombatState]:
    rules = registry.make("combat_chess", {"position": position} if position else {})
    assert isinstance(rules, CombatChess)
    state = rules.initial_state()
    assert isinstance(state, CombatState)
    return rules, state


def test_a_prisoner_under_a_standing_castle_is_not_quite_lost() -> None:
    rules, start = game()
    held = start._replace(prisoners=("", "", "Q", ""))  # a castle of Black holds a white queen
    assert rules.evaluate(held, 0) > rules.evaluate(start, 0)
    # the castle holding it falls: the prisoner is gone for good
    cells = list(held.board)
    cells[CORNERS[2]] = EMPTY
    fallen = held._replace(board="".join(cells))
    bare = start._replace(board="".join(cells))
    assert rules.evaluate(fallen, 0) == rules.evaluate(bare, 0)


def test_a_pawn_is_worth_about_what_it_is_worth_in_chess() -> None:
    """The searches' margins (opening variety, quiescence) are tuned on the Chess Kit's
    scale, where a pawn near an equal position is about 0.09: a pawn here must not vanish
    under them."""
    rules, start = game()
    cells = list(start.board)
    cells[start.board.index("p")] = EMPTY  # Black is a pawn down
    down = start._replace(board="".join(cells))
    assert 0.05 < rules.evaluate(down, 0) < 0.15
    assert rules.evaluate(down, 1) == -rules.evaluate(down, 0)
    # a leader counts for far more than a pawn: it is a step towards winning
    cells[start.board.index("b")] = EMPTY
    assert rules.evaluate(start._replace(board="".join(cells)), 0) > 0.4


def test_a_fight_under_way_is_worth_the_mean_of_its_endings() -> None:
    """A search that stops at the dice of a fight sees what the fight is worth: the
    expectation over the rules' own dice, a tie being fought again."""
    rules, state = game(FIGHT)
    for defender in ("d5", "e5"):
        fight = rules.apply(state, rules.parse_action(state, f"challenge d4 {defender}"))
        assert rules.kind(fight) is NodeKind.CHANCE
        again = Fraction(0)
        mean = 0.0
        for outcome, p in rules.chance_outcomes(fight):
            after = rules.apply(fight, outcome)
            if after.phase == fight.phase:  # a tie: rolled again
                again += p
            else:
                mean += float(p) * rules.evaluate(after, 0)
        expected = mean / float(1 - again)
        assert abs(rules.evaluate(fight, 0) - expected) < 1e-9


def test_the_value_holds_while_a_killed_piece_is_put_aside() -> None:
    rules, state = game(FIGHT)
    fight = rules.apply(state, rules.parse_action(state, "challenge d4 d5"))
    won = next(
        after
        for outcome, _ in rules.chance_outcomes(fight)
        if (after := rules.apply(fight, outcome)).chooser == 0
    )
    placed = rules.apply(won, LEFT)
    assert placed.turn == won.turn == 0
    assert abs(rules.evaluate(won, 0) - rules.evaluate(placed, 0)) < 1e-9


def test_a_challenge_at_hand_counts_for_the_side_that_acts_first() -> None:
    """The queen may challenge the pawn now; once White rolls, Black fights first."""
    rules, state = game(FIGHT)
    rolled = rules.apply(state, rules.parse_action(state, "roll"))
    assert rules.evaluate(state, 0) > rules.evaluate(rolled, 0)
