"""Fixtures for the web app's tests: an app over a fresh database, with the toy games, and
for the real-browser tests a live server and the system Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motley.web.app import Settings, create_app
from motley.web.browsing import base, browser, page  # noqa: F401  (shared with games' tests)
from motley.web.testing import toy_games


@pytest.fixture
def toys() -> Iterator[None]:
    with toy_games():
        yield


@pytest.fixture
def client(tmp_path: Path, toys: None) -> Iterator[TestClient]:
    settings = Settings(
        db=str(tmp_path / "games.db"),
        computer_workers=0,
        computer_delay=0,
        rate=1000.0,
        hosts=("testserver",),  # the test client's Host
        allow_computer_games=True,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def seats(*kinds: str, level: int = 1) -> list[dict[str, Any]]:
    return [{"kind": kind, "level": level} for kind in kinds]


def create(client: TestClient, game: str, *kinds: str, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, "seats": seats(*kinds), **extra})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data
