"""Every game's rules page and its diagrams: the page exists, every diagram it places is
declared, and every declared position is one the game can hold and draw."""

from __future__ import annotations

import re

import pytest

from motley.core import registry
from motley.core.rules import Rules

DIAGRAM_LINE = re.compile(r"^:::\s*diagram\s+(\S+)\s*$", re.MULTILINE)
GAMES = registry.game_ids()


@pytest.fixture(params=GAMES)
def rules(request: pytest.FixtureRequest) -> Rules[object, object]:
    made: Rules[object, object] = registry.make(request.param)
    return made


def test_every_game_has_a_page_with_a_title_and_two_diagrams(rules: Rules[object, object]) -> None:
    page = rules.rules_page()
    assert page.strip(), f"{rules.spec.id} has no rules page"
    assert page.lstrip().startswith("# "), f"{rules.spec.id}: the page opens with its title"
    assert len(DIAGRAM_LINE.findall(page)) >= 2, f"{rules.spec.id}: fewer than 2 diagrams"


def test_each_placed_diagram_is_declared_and_each_declared_one_placed(
    rules: Rules[object, object],
) -> None:
    placed = DIAGRAM_LINE.findall(rules.rules_page())
    declared = [d.name for d in rules.diagrams()]
    assert len(set(declared)) == len(declared), f"{rules.spec.id}: two diagrams share a name"
    assert sorted(set(placed)) == sorted(declared), rules.spec.id


def test_each_diagram_is_a_position_the_game_can_hold_and_draw(
    rules: Rules[object, object],
) -> None:
    layout = rules.layout()
    for diagram in rules.diagrams():
        where = f"{rules.spec.id}, diagram {diagram.name}"
        assert diagram.caption.strip(), where
        assert -1 <= diagram.seat < rules.spec.players, where
        # read back through the game's own validation: no position the rules would refuse
        again = rules.state_from_json(rules.state_to_json(diagram.state))
        assert rules.state_to_json(again) == rules.state_to_json(diagram.state), where
        scene = rules.scene(rules.view(diagram.state, diagram.seat), diagram.seat)
        assert scene.pieces, f"{where}: nothing on the board"
        if layout is not None:
            count = layout.geometry.cell_count + len(layout.off_cells)
            assert all(0 <= c < count for c in diagram.highlight), where
