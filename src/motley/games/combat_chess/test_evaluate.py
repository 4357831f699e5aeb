"""Combat Chess II's evaluation: prisoners count while their castle stands."""

from __future__ import annotations

from motley.core import registry
from motley.games.combat_chess.state import CORNERS, EMPTY, CombatState


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
