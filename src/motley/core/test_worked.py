"""Worked examples written as data become the diagrams the game's own steps reach."""

from __future__ import annotations

import pytest

from motley.core import registry
from motley.core.driver import played
from motley.core.errors import IllegalAction, NotationError
from motley.core.worked import Worked, drawn, named_cells, on_usual_rules
from motley.geometry.square import square_board


def test_an_example_is_the_position_its_actions_reach_with_the_cells_it_names() -> None:
    make = registry.rules_class("chess")
    example = Worked("open", "After 1. e4.", actions=("e4",), cells="e2 e4", seat=1)
    (diagram,) = drawn(make, [example])
    rules, state = played(make, "", "e4")
    assert rules.state_to_json(diagram.state) == rules.state_to_json(state)
    assert (diagram.name, diagram.caption, diagram.seat) == ("open", "After 1. e4.", 1)
    assert diagram.highlight == named_cells(square_board(8, 8), "e2 e4") == (12, 28)


def test_an_example_may_start_from_a_setup_and_keeps_its_order() -> None:
    make = registry.rules_class("chess")
    lone = Worked("kings", "Two kings.", position="4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    start = Worked("start", "The start.")
    drawn_ = drawn(make, [lone, start])
    assert [d.name for d in drawn_] == ["kings", "start"]
    assert drawn_[0].highlight == () and drawn_[1].seat == 0
    assert make().scene(drawn_[0].state, 0).pieces != make().scene(drawn_[1].state, 0).pieces


def test_a_cell_or_action_the_game_cannot_read_is_refused_in_one_line() -> None:
    make = registry.rules_class("chess")
    with pytest.raises(NotationError):
        drawn(make, [Worked("bad", "No such square.", cells="z9")])
    with pytest.raises(IllegalAction):
        drawn(make, [Worked("bad", "No such move.", actions=("e5",))])
    assert named_cells(square_board(8, 8), "") == ()


def test_a_games_diagrams_are_drawn_on_its_usual_rules_whatever_its_options() -> None:
    make = registry.rules_class("chess")
    diagrams = on_usual_rules([Worked("open", "After 1. e4.", actions=("e4",))])
    (diagram,) = diagrams(make({"position": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}))
    rules, state = played(make, "", "e4")
    assert rules.state_to_json(diagram.state) == rules.state_to_json(state)
