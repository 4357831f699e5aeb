"""Real browser: a friend's seat is kept off the lobby, a seat for anyone is offered there."""

from __future__ import annotations

from typing import Any

import pytest

from motley.web.browsing import shot, until

pytestmark = pytest.mark.slow


def test_friend_games_are_unlisted_and_open_seats_are_offered(page: Any, base: str) -> None:
    page.goto(base + "/?game=chess")
    page.wait_for_selector('.game-card.chosen[data-game="chess"]')
    page.click('button.mode[data-mode="friend"]')
    assert page.locator('select[name="seat-1"]').input_value() == "invite"
    assert not page.locator("#listed").is_checked()  # a friend's game stays off the lobby
    shot(page, "friend-seats-setup")
    page.select_option('select[name="seat-1"]', "open")
    page.check("#listed")
    page.click("#create")
    page.wait_for_url("**/g/*")
    game_url = page.url
    page.goto(base + "/")
    until(page, "document.querySelectorAll('#open a.button').length >= 1")
    assert "Join as Black" in page.locator("#open").inner_text()
    shot(page, "friend-seats-lobby")
    page.context.clear_cookies()
    page.evaluate("localStorage.clear()")  # another person, who took no seat of it
    page.goto(game_url)
    page.wait_for_selector("#invites button")
    assert "Play as Black" in page.locator("#invites").inner_text()
    shot(page, "friend-seats-open-seat")
