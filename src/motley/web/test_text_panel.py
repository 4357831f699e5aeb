"""The text picture beside the board: every game draws its own, never the view's JSON."""

from __future__ import annotations

import json

import pytest

from motley.core import registry
from motley.core.rules import SPECTATOR
from motley.web.presenting import text_panel


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_game_shows_its_own_picture(game: str) -> None:
    rules = registry.make(game)
    state = rules.initial_state()
    picture = text_panel(rules, state, rules.view(state, SPECTATOR), SPECTATOR)
    assert picture is not None and picture.strip()
    with pytest.raises(ValueError):  # a picture, not the view's JSON
        json.loads(picture)
