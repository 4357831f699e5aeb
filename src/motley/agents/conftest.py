"""Shared fixtures: the toy games registered for one test at a time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from motley.agents.testing import Lottery
from motley.core import registry
from motley.core.rules import Rules
from motley.core.toys import TOY_GAMES


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy games (level players look games up by id), for one test only."""
    games: tuple[type[Rules[Any, Any]], ...] = (*TOY_GAMES, Lottery)
    for cls in games:
        monkeypatch.setitem(registry._GAMES, cls.spec.id, cls)
    yield
