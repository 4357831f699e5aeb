"""The text picture beside the board: every game draws its own, never the view's JSON."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from motley.core import registry
from motley.core.rules import SPECTATOR
from motley.web.browsing import open_holding, shot
from motley.web.presenting import text_panel


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_game_shows_its_own_picture(game: str) -> None:
    rules = registry.make(game)
    state = rules.initial_state()
    picture = text_panel(rules, state, rules.view(state, SPECTATOR), SPECTATOR)
    assert picture is not None and picture.strip()
    with pytest.raises(ValueError):  # a picture, not the view's JSON
        json.loads(picture)


@pytest.mark.slow
def test_the_table_in_text_shows_the_board_in_the_browser(page: Any, base: str) -> None:
    seats = [{"kind": "local"}, {"kind": "local"}]
    made = httpx.post(base + "/api/games", json={"game": "chess", "seats": seats}).json()
    open_holding(page, base, made)
    page.wait_for_selector("#details-panel:not([hidden])")
    page.click("#details-panel summary")
    page.wait_for_function("document.getElementById('details').textContent.includes('to move')")
    shot(page, "text-panel-chess")
    text = page.locator("#details").text_content() or ""
    assert "8  r n b q k b n r" in text and "White to move" in text
    assert "{" not in text
