"""Real-browser tests: the system Chromium, driven by Playwright, against a live server.

Screenshots of every page are kept in out/screenshots/ (ignored by git) for a person to look
at. These tests are slow; `make test-fast` leaves them out.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from motley.core import registry
from motley.web.browsing import moves_listed, open_holding, shot, start_from_lobby, until

pytestmark = pytest.mark.slow


def test_lobby_and_rules_pages(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector(".game-card")
    cards = page.locator(".game-card").all_inner_texts()
    for spec in registry.specs():
        assert any(spec.title in card for card in cards), spec.title
    shot(page, "lobby")
    page.goto(base + "/rules/chess960")
    assert page.locator("h1").inner_text() == "Chess960"
    assert page.locator("dl.house-rules dt").count() >= 3
    shot(page, "rules-index-chess960")


def test_chess_against_the_computer_by_clicking_and_dragging(page: Any, base: str) -> None:
    page.goto(base + "/?game=chess")
    page.wait_for_selector('.game-card.chosen[data-game="chess"]')
    page.click('button.mode[data-mode="computer"]')
    assert page.locator('select[name="seat-1"]').input_value() == "computer"
    page.click("#create")
    page.wait_for_url("**/g/*")
    page.wait_for_selector("g.piece")
    assert page.locator("polygon.cell").count() == 64
    assert page.locator("g.piece").count() == 32
    assert page.locator("#status").inner_text() == "Your turn"

    page.click('polygon[data-name="e2"]')  # pick the pawn: its two targets are marked
    assert page.locator("circle.hl-target").count() == 2
    page.click('polygon[data-name="e4"]')
    until(page, "document.querySelectorAll('#moves li').length >= 2")
    assert page.locator("#moves li button").first.inner_text() == "e4"

    page.drag_and_drop('polygon[data-name="d2"]', 'polygon[data-name="d4"]')
    until(page, "document.querySelectorAll('#moves li').length >= 4")
    labels = page.locator("#moves li button").all_inner_texts()
    assert labels[0] == "e4" and labels[2] == "d4"
    until(page, "document.getElementById('status').innerText === 'Your turn'")
    shot(page, "chess-vs-computer")

    page.click("#first")  # step back to the start and forward again
    assert page.locator("g.piece").count() == 32
    assert "Looking back" in page.locator("#status").inner_text()
    page.keyboard.press("End")
    assert page.locator("#status").inner_text() == "Your turn"


def test_the_hex_board_has_75_cells(page: Any, base: str) -> None:
    hex_games = []
    for spec in registry.specs():
        layout = registry.make(spec.id).layout()
        if layout is not None and layout.geometry.cell_count == 75:
            hex_games.append(spec.id)
    if not hex_games:
        pytest.skip("no game on the 75-cell hex board is registered yet")
    made = httpx.post(
        base + "/api/games",
        json={"game": hex_games[0], "seats": [{"kind": "local"}, {"kind": "computer"}]},
    ).json()
    open_holding(page, base, made)
    page.wait_for_selector("polygon.cell")
    assert page.locator("polygon.cell").count() == 75
    names = page.eval_on_selector_all("polygon.cell", "all => all.map(c => c.dataset.name)")
    assert {"A1", "G5", "M9"} <= set(names)
    buttons = page.locator("#buttons button.action")
    if buttons.count():  # a setup choice first (the scouts): take it, then pieces stand
        buttons.first.click()
        until(page, "document.querySelectorAll('g.piece').length > 0")
    until(page, "document.getElementById('status').innerText === 'Your turn'")
    shot(page, "hex-board")


def test_hot_seat_secret_is_never_on_the_other_players_screen(page: Any, base: str) -> None:
    start_from_lobby(page, base, "toy-secret-word", "hotseat")
    curtain = page.locator("#curtain")
    curtain.wait_for(state="visible")
    assert "Pass the device to Keeper" in curtain.inner_text()
    shot(page, "hot-seat-curtain")
    page.click("#curtain-go")
    page.wait_for_selector('button[data-action="hide cobalt"]')
    shot(page, "hot-seat-keeper")
    page.click('button[data-action="hide cobalt"]')

    curtain.wait_for(state="visible")
    assert "Pass the device to Guesser" in curtain.inner_text()
    assert "cobalt" not in page.content()  # gone from the page, not just covered
    page.click("#curtain-go")
    page.wait_for_selector('button[data-action="guess 1"]')
    page.locator("#details-panel summary").click()
    screen = page.content() + page.locator("body").inner_text()
    assert "cobalt" not in screen and "amber" not in screen and "indigo" not in screen
    assert '"chosen": true' in page.locator("#details").inner_text()
    shot(page, "hot-seat-guesser")

    page.click('button[data-action="guess 2"]')  # the word is revealed once the game ends
    until(page, "document.getElementById('status').innerText.includes('wins')")
    assert "Guesser wins" in page.locator("#status").inner_text()
    # a game without chance has no seed worth showing (Skock's is checked in test_browser_polish)
    assert not page.locator("#fairness").is_visible()
    shot(page, "hot-seat-result")


def test_hot_seat_simultaneous_choices_pass_the_device_each_time(page: Any, base: str) -> None:
    made = httpx.post(
        base + "/api/games",
        json={"game": "toy-pennies", "seats": [{"kind": "local"}, {"kind": "local"}]},
    ).json()
    open_holding(page, base, made)
    curtain = page.locator("#curtain")
    curtain.wait_for(state="visible")  # nothing is shown before the first player says so
    curtains = 0
    for _ in range(30):  # best of three rounds, each choice made behind its own curtain
        if "wins" in page.locator("#status").inner_text():
            break
        if curtain.is_visible():
            curtains += 1
            page.click("#curtain-go")
            page.wait_for_selector('button[data-action="heads"], #status.result')
            continue
        before = moves_listed(page)
        page.click('button[data-action="heads"]')
        until(
            page,
            f"""!document.getElementById('curtain').hidden
                || document.querySelectorAll('#moves li').length > {before}
                || document.getElementById('status').innerText.includes('wins')""",
        )
    assert "Matcher wins" in page.locator("#status").inner_text()
    assert curtains >= 3  # the device changed hands between the two choices of every round
    shot(page, "hot-seat-simultaneous-result")


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_game_opens_against_the_computer(page: Any, base: str, game: str) -> None:
    """Each registered game's page draws its board and offers seat 0 its turn."""
    rules = registry.make(game)
    seats = [{"kind": "local"}] + [{"kind": "computer", "level": 1}] * (rules.spec.players - 1)
    made = httpx.post(base + "/api/games", json={"game": game, "seats": seats}).json()
    open_holding(page, base, made)
    layout = rules.layout()
    if layout is not None:
        page.wait_for_selector("polygon.cell")
        cells = layout.geometry.cell_count + len(layout.off_cells)
        assert page.locator("polygon.cell").count() == cells
    until(
        page,
        """document.getElementById('status').innerText === 'Your turn'
           || document.querySelectorAll('#status.result').length > 0""",
    )
    assert page.locator("#buttons button.action, circle.hl-target, g.piece").count() > 0
    shot(page, f"game-{game}")
