"""Fixtures for the web app's tests: an app over a fresh database, with the toy games, and
for the real-browser tests a live server and the system Chromium."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motley.web.app import Settings, create_app
from motley.web.browsing import CHROMIUM, FLAGS, live_server
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


# -- the real browser ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a free port, in a thread of this process (so toy games are seen)."""
    db = tmp_path_factory.mktemp("browser") / "games.db"
    # one browser plays many games in a module: the per-client limits are for the public
    settings = Settings(
        db=str(db),
        computer_workers=0,
        computer_delay=0.2,
        computer_games_per_client=1000,
        creations_per_minute=10_000,
    )
    with toy_games(), live_server(settings) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system Chromium (skipped where it or Playwright is missing)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs the Debian package chromium")
    with playwright_api.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        yield context
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    page.close()
    assert not errors, f"the page reported errors: {errors}"
