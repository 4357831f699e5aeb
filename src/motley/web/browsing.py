"""Shared pieces of the real-browser tests: a live server, the system Chromium and waiting on
a page.

Its fixtures (`base`, `browser`, `page`) serve `web/conftest.py` and any game package's own
browser tests, which import them into a `conftest.py` of their own.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from motley.web.app import Settings, create_app
from motley.web.testing import toy_games

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[3] / "out" / "screenshots"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def live_server(settings: Settings) -> Iterator[str]:
    """The app with `settings` served on a free port from a thread of this process (so games
    registered here are seen); yields its address and stops it on leaving."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


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
    """A fresh tab, failing its test when the page reported an error."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    page.close()
    assert not errors, f"the page reported errors: {errors}"


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def until(page: Any, expression: str, timeout: float = 20.0) -> None:
    """Wait for a JavaScript expression to hold (polled from here: the pages forbid eval)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.05)


def moves_listed(page: Any) -> int:
    count: int = page.locator("#moves li").count()
    return count


def open_holding(
    page: Any, base: str, made: dict[str, Any], tokens: dict[str, str] | None = None
) -> None:
    """Open a made game's page in a browser that keeps its seat tokens, as the lobby leaves
    them in local storage (`tokens`: seat -> token, all of the game's by default)."""
    page.goto(base + "/")
    page.evaluate(
        """([id, tokens]) => localStorage.setItem('motley.games.v1', JSON.stringify(
             {[id]: {title: 'any', created: Date.now() / 1000, tokens, invites: {}}}))""",
        [made["id"], made["tokens"] if tokens is None else tokens],
    )
    page.goto(base + made["url"])


def start_from_lobby(page: Any, base: str, game: str, mode: str) -> None:
    """Choose `game` in the lobby, the play mode `mode` (a mode button's data-mode), create
    the game and wait for its page."""
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector(f'.game-card.chosen[data-game="{game}"]')
    page.click(f'button.mode[data-mode="{mode}"]')
    page.click("#create")
    page.wait_for_url("**/g/*")


def badge_cells(page: Any, colour: str) -> set[int]:
    """Cells whose piece shows a mark badge of `colour` (in Zombie, the seat's burials)."""
    cells: list[int] = page.eval_on_selector_all(
        f'g.piece rect.mark-badge[fill="{colour}"]',
        "all => all.map(r => Number(r.closest('g.piece').dataset.cell))",
    )
    return set(cells)
