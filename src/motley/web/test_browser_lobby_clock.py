"""Real-browser tests of the lobby in words, the phone lobby, clocks and walkovers.

Screenshots go to out/screenshots/lobby-*.png and clock-*.png for a person to look at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from websockets.sync.client import connect

from motley.core import registry
from motley.web.app import Settings
from motley.web.browsing import SHOTS, live_server, shot, start_from_lobby, until

pytestmark = pytest.mark.slow

CLAIM_AFTER = 1.5


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server where a gone opponent can be claimed against after CLAIM_AFTER s."""
    db = tmp_path_factory.mktemp("walkover") / "games.db"
    settings = Settings(db=str(db), computer_workers=0, computer_delay=0.2, claim_after=CLAIM_AFTER)
    with live_server(settings) as address:
        yield address


def setup_text(page: Any) -> str:
    page.evaluate("document.querySelector('#setup details.options')?.setAttribute('open', '')")
    text: str = page.locator("#setup").inner_text()
    return text


def test_the_lobby_speaks_words_not_code(page: Any, quick: str) -> None:
    page.goto(quick + "/")
    page.wait_for_selector(".game-card")
    for spec in registry.specs():
        page.click(f'.game-card[data-game="{spec.id}"]')
        text = setup_text(page)
        assert "_" not in text and "(true)" not in text and "(false)" not in text, spec.id
        for option in spec.options:
            assert option.name not in text or " " not in option.name, option.name
    badges = page.locator(".game-card .badge").all_inner_texts()
    assert "two players" in badges and "four players in two teams" in badges
    assert "1 players" not in badges and "one player" in badges

    page.click('.game-card[data-game="zombie"]')
    setup_text(page)
    rebury = page.locator("#option-rebury_zombies")
    assert rebury.get_attribute("type") == "checkbox" and rebury.is_checked()
    assert page.locator('label[for="option-rebury_zombies"]').inner_text() == (
        "Zombies may be reburied"
    )
    assert page.locator('select[name="seat-1"]').input_value() == "computer"
    level = page.locator('select[name="level-1"]')
    assert level.input_value() == "3"  # the default opponent plays, not random moves
    names = level.locator("option").all_inner_texts()
    assert names[2] == "level 3 (casual)" and all(
        re.fullmatch(r"level \d \(\w+\)", n) for n in names
    )
    note = page.locator('[data-level-note="1"]').inner_text()
    assert note and "random" not in note.lower()
    level.select_option("1")
    assert "random" in page.locator('[data-level-note="1"]').inner_text()
    level.select_option("3")
    page.locator("#setup").scroll_into_view_if_needed()
    shot(page, "lobby-words")


def test_the_phone_lobby_has_the_setup_in_the_first_screen(browser: Any, quick: str) -> None:
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    try:
        phone.goto(quick + "/?game=skock")
        phone.wait_for_selector("#create")
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(SHOTS / "lobby-phone.png"))  # the first screen only
        assert phone.locator("#game-picker").is_visible()
        assert not phone.locator(".game-card").first.is_visible()
        start = phone.locator("#create").bounding_box()
        assert start is not None and start["y"] + start["height"] <= 844, start
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.select_option("#game-picker", "telepathic")
        assert "Telepathic" in phone.locator("#setup h2").inner_text()
        assert phone.locator("#setup .seat-row").count() == 4
        shot(phone, "lobby-phone-telepathic")
    finally:
        phone.close()


def test_a_player_who_lets_the_clock_run_out_loses_on_time(page: Any, quick: str) -> None:
    page.goto(quick + "/?game=chess")
    page.wait_for_selector("#clock")
    assert page.locator("#clock").input_value() == "none"
    labels = page.locator("#clock option").all_inner_texts()
    assert any(label.startswith("3+2") for label in labels)
    page.select_option("#clock", "custom")
    page.fill("#clock-minutes", "0.05")  # three seconds
    page.fill("#clock-increment", "0")
    page.click("#create")
    page.wait_for_url("**/g/*")
    page.wait_for_selector(".clock.running")
    assert page.locator(".clock").count() == 2
    until(page, "document.querySelector('.clock.running.low') !== null", timeout=10)
    shot(page, "clock-running-low")
    until(page, "document.getElementById('status').innerText.includes('lost on time')", 15)
    assert page.locator("#status").inner_text() == "Black wins (White lost on time)"
    assert page.locator(".clock.flagged").count() == 1
    assert page.locator(".clock.running").count() == 0
    shot(page, "clock-lost-on-time")


class Friend:
    """The invited player, played from here over the websocket."""

    def __init__(self, base: str, link: str) -> None:
        parts = urlsplit(link)
        query = parse_qs(parts.query)
        game = parts.path.rsplit("/", 1)[1]
        seat, code = int(query["join"][0]), query["code"][0]
        joined = httpx.post(f"{base}/api/games/{game}/join", json={"seat": seat, "code": code})
        assert joined.status_code == 200, joined.text
        self.token = joined.json()["token"]
        self.ws = connect(base.replace("http", "ws") + f"/ws/{game}")
        self.version = 0
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "seen": 0}))

    def wait_to_act(self) -> None:
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] in ("snapshot", "event"):
                self.version = message["version"]
                if 1 in message["frame"]["to_act"]:
                    return

    def play(self, action: str) -> None:
        self.ws.send(json.dumps({"type": "intent", "id": "friend-1", "token": self.token,
                                 "seen": self.version, "action": action}))  # fmt: skip
        while json.loads(self.ws.recv(timeout=20))["type"] != "ack":
            pass


def test_a_player_whose_opponent_left_claims_the_win(page: Any, quick: str) -> None:
    start_from_lobby(page, quick, "chess", "friend")
    page.wait_for_selector("#invites input")
    link = page.locator("#invites input").input_value()

    # the invitation link is kept on the server: a page that forgot it is shown it again
    page.evaluate(
        """() => { const data = JSON.parse(localStorage.getItem('motley.games.v1'));
                   for (const game of Object.values(data)) game.invites = {};
                   localStorage.setItem('motley.games.v1', JSON.stringify(data)); }"""
    )
    page.reload()
    page.wait_for_selector("#invites input")
    assert page.locator("#invites input").input_value() == link

    friend = Friend(quick, link)
    until(page, "document.querySelector('#invites').hidden")
    page.click('polygon[data-name="e2"]')
    page.click('polygon[data-name="e4"]')
    friend.wait_to_act()
    friend.play("e7e5")
    until(page, "document.querySelectorAll('#moves li button').length >= 2")
    friend.ws.close()  # Black's page is gone
    until(page, "(document.getElementById('walkover')?.innerText || '').includes('left')")
    assert "claim the win" in page.locator("#walkover").inner_text()
    until(page, "document.getElementById('claim-win') !== null", timeout=CLAIM_AFTER + 5)
    shot(page, "clock-claim")
    page.click("#claim-win")
    until(page, "document.getElementById('status').innerText.includes('claimed')")
    assert page.locator("#status").inner_text() == (
        "White wins (Black left the game; White claimed the win)"
    )
    assert page.locator("#walkover").is_hidden()
    shot(page, "clock-claimed")
