"""Combat Chess II's evaluation: prisoners count while their castle stands, and the value looks
one fight ahead for the side that acts next."""

from __future__ import annotations

import random

import pytest

from motley.core import registry
from motley.core.rules import NodeKind
from motley.games.combat_chess.board import NEIGHBOURS
from motley.games.combat_chess.evaluate import WIN_CHANCE, contacts, tally, value
from motley.games.combat_chess.state import COMBAT, CORNERS, EMPTY, MOVE, CombatState

# White's king (e4) faces a black pawn and queen, Black's queen (d5) a white pawn and the
# king; two leaders each, the rest stand apart
CONTACT = "4k3/8/8/3qP3/3pK3/8/8/B7 w -/-/-/-"


def position(text: str) -> CombatState:
    rules = registry.make("combat_chess", {"position": text})
    state = rules.initial_state()
    assert isinstance(state, CombatState)
    return state


def test_a_prisoner_under_a_standing_castle_is_not_quite_lost() -> None:
    rules = registry.make("combat_chess")
    start = rules.initial_state()
    assert isinstance(start, CombatState)
    held = start._replace(prisoners=("", "", "Q", ""))  # a castle of Black holds a white queen
    assert rules.evaluate(held, 0) > rules.evaluate(start, 0)
    # the castle holding it falls: the prisoner is gone for good
    cells = list(held.board)
    cells[CORNERS[2]] = EMPTY
    fallen = held._replace(board="".join(cells))
    bare = start._replace(board="".join(cells))
    assert rules.evaluate(fallen, 0) == rules.evaluate(bare, 0)


def test_the_side_that_acts_next_has_the_fight_at_hand() -> None:
    """The first to challenge picks the fight: White's king against the queen (21 in 31),
    Black's queen against the pawn (10 in 11)."""
    rules = registry.make("combat_chess")
    white_acts = position(CONTACT)
    black_acts = white_acts._replace(turn=1)
    assert rules.evaluate(white_acts, 0) > rules.evaluate(black_acts, 0)
    # while White is still moving, Black acts next
    moving = white_acts._replace(phase=MOVE, roll=1)
    assert rules.evaluate(moving, 0) < rules.evaluate(white_acts, 0)


def test_a_fight_in_progress_is_worth_the_mean_of_its_ends() -> None:
    """White's king challenges a pawn: 33 wins to 1 loss, when the pawn becomes a bishop."""
    rules = registry.make("combat_chess", {"position": CONTACT})
    start = rules.initial_state()
    assert isinstance(start, CombatState)
    e4, d4 = 28, 27
    fight = start._replace(phase=COMBAT, active=e4, target=d4)
    ends = {rules.apply(fight, o) for o, _ in rules.chance_outcomes(fight)} - {fight}
    won = next(s for s in ends if s.board[d4] == "K")
    lost = next(s for s in ends if s.board[e4] == EMPTY and s.board[d4] == "b")
    as_they_stand = {s: value(tally(s)) for s in (won, lost)}  # no further fight counted
    mean = WIN_CHANCE[4] * as_they_stand[won] + (1 - WIN_CHANCE[4]) * as_they_stand[lost]
    assert rules.evaluate(fight, 0) == pytest.approx(mean)
    assert as_they_stand[lost] < rules.evaluate(fight, 0) < as_they_stand[won]
    assert rules.evaluate(fight, 1) == pytest.approx(-mean)


def test_evaluation_is_zero_sum_and_bounded() -> None:
    rules = registry.make("combat_chess")
    rng = random.Random(5)
    state = rules.initial_state()
    for _ in range(400):
        if rules.is_terminal(state):
            break
        if rules.kind(state) is NodeKind.CHANCE:
            outcomes = rules.chance_outcomes(state)
            state = rules.apply(state, outcomes[rng.randrange(len(outcomes))][0])
            continue
        value = rules.evaluate(state, 0)
        assert -1.0 <= value <= 1.0 and value == -rules.evaluate(state, 1)
        actions = rules.legal_actions(state)
        state = rules.apply(state, actions[rng.randrange(len(actions))])


def test_contacts_are_every_pair_of_neighbouring_enemies() -> None:
    rng = random.Random(3)
    for _ in range(300):
        board = "".join(rng.choice("....PRNBQKprnbqk") for _ in range(64))
        expected = {
            (c, n)
            for c in range(64)
            if board[c].isupper()
            for n in NEIGHBOURS[c]
            if board[n].islower()
        }
        assert set(contacts(board)) == expected
