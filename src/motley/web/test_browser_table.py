"""Real browser, at the table: the host starts Zombie "At the table" from the lobby, its
screen shows a code per seat, and two phones (separate browser contexts at 390x844) take
their seats from the links and play; each phone sees only its own burials, and the host's
screen shows the public game and no secret."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest

from motley.core import registry
from motley.web.browsing import CHROMIUM, FLAGS, badge_cells, shot, until

pytestmark = pytest.mark.slow
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A browser whose contexts are separate people (own storage, own viewport)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs the Debian package chromium")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield launched
        launched.close()


def tell(page: Any, move: str) -> None:
    """Wait for the seat's turn, then tell the referee a move in the move box."""
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    before = page.evaluate("Number(document.body.dataset.version)")
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    until(page, f"Number(document.body.dataset.version) > {before}")


def test_zombie_at_the_table(chromium: Any, base: str) -> None:
    rules = registry.make("zombie")
    layout = rules.layout()
    assert layout is not None
    burial = next(m for m in layout.legend if "buri" in m.label.lower()).colour
    square = layout.geometry.parse
    host_context = chromium.new_context(viewport={"width": 1280, "height": 900})
    phones = [
        chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)
    ]
    errors: list[str] = []
    try:
        host = host_context.new_page()
        host.on("pageerror", lambda error: errors.append(str(error)))
        host.goto(base + "/?game=zombie")
        host.wait_for_selector('.game-card.chosen[data-game="zombie"]')
        host.click('button.mode[data-mode="table"]')
        assert host.locator('select[name="seat-0"]').input_value() == "invite"
        assert not host.locator("#listed").is_checked()
        host.click("#create")
        host.wait_for_url("**/table")
        host.wait_for_selector(".qr-box svg")
        assert host.locator(".qr-box svg").count() == 2
        links = host.locator(".seat-card-link a").all_inner_texts()
        assert [link.split("join=")[1][0] for link in links] == ["0", "1"]
        until(host, "document.getElementById('turn').textContent.includes('White')")
        shot(host, "table-host")

        white, black = (context.new_page() for context in phones)
        for phone, link in zip((white, black), links, strict=True):
            phone.on("pageerror", lambda error: errors.append(str(error)))
            phone.goto(link)
            phone.wait_for_selector("g.piece")
        until(host, "document.querySelectorAll('.seat-card.taken').length === 2")
        assert host.locator(".qr-box svg").count() == 0  # a taken seat's code is gone
        shot(white, "table-phone-white-start")

        # the prompt is the first thing on the phone, above the board
        prompt = white.locator("#prompt").bounding_box()
        board = white.locator("#board").bounding_box()
        assert prompt["y"] < board["y"] and prompt["y"] < 120

        tell(white, "e4")
        tell(black, "d5")
        tell(white, "exd5")
        tell(white, "bury P@g1")  # a secret: only White knows where
        tell(black, "Qxd5")
        tell(black, "bury P@b8")
        until(host, "document.getElementById('last-move').textContent.includes('Black')")
        latest = black.evaluate("Number(document.body.dataset.version)")
        until(white, f"Number(document.body.dataset.version) >= {latest}")
        assert badge_cells(white, burial) == {square("g1")}
        assert badge_cells(black, burial) == {square("b8")}
        hosted = host.locator("#table-host").inner_text()
        assert "g1" not in hosted and "b8" not in hosted, "the host's screen told a burial"
        assert host.locator("g.piece rect.mark-badge").count() == 0
        time.sleep(0.3)  # let the last frame settle before the pictures
        shot(host, "table-host-playing")
        shot(white, "table-phone-white")
        shot(black, "table-phone-black")
    finally:
        for context in (host_context, *phones):
            context.close()
    assert not errors, f"the pages reported errors: {errors}"
