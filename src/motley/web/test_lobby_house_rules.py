"""A game's readings of its open rule points are offered as house rules in the lobby."""

from __future__ import annotations

from typing import Any

import pytest

from motley.web.browsing import shot


@pytest.mark.slow
def test_zombie_offers_who_uncovers_a_burial(page: Any, base: str) -> None:
    page.goto(f"{base}/?game=zombie")
    page.wait_for_selector('.game-card.chosen[data-game="zombie"]')
    page.click("details.options summary")
    choice = page.locator("#option-uncovered_by")
    choice.scroll_into_view_if_needed()
    shot(page, "lobby-zombie-house-rules")
    assert page.locator('label[for="option-uncovered_by"]').inner_text() == (
        "Who uncovers a burial"
    )
    assert choice.input_value() == "burier"  # the default reading
    offered = choice.locator("option").evaluate_all("options => options.map(o => o.value)")
    assert offered == ["burier", "anyone"]
