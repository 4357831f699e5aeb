"""Every game played in a real browser as a player would: on the board, never by notation.

For each registered game, seat 0 plays its first decisions against the computer using only
board gestures (drag or click a piece and a highlighted target, click a highlighted cell,
pick a card or a die) and, where nothing on the table is named, buttons in words. At every
decision the page says what to do beyond "Your turn", and no visible button names a cell or
carries notation. Screenshots at desktop and phone size go to out/screenshots/.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

from motley.core import registry
from motley.web.browsing import SHOTS, badge_cells, open_holding, until

pytestmark = pytest.mark.slow

DECISIONS = 8
PHONE = {"width": 390, "height": 844}
NOTATION = re.compile(r"[@:]|\b[a-z]\d{1,2}\b|\d[a-z]\d")


def open_game(page: Any, base: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(
        base + "/api/games", json={"game": game, "seats": seats}
    ).json()
    open_holding(page, base, made)
    return made


def my_turn_or_over(page: Any) -> bool:
    return bool(
        page.evaluate(
            """(() => { const p = document.getElementById('prompt');
               return p.classList.contains('your-turn') || p.classList.contains('result'); })()"""
        )
    )


def version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version || -1)"))


def visible_buttons(page: Any) -> list[str]:
    labels: list[str] = page.eval_on_selector_all(
        "#buttons button.action", "all => all.filter(b => b.offsetParent).map(b => b.innerText)"
    )
    return labels


def board_targets(page: Any, selector: str) -> list[int]:
    cells: list[int] = page.eval_on_selector_all(
        selector, "all => all.map(c => Number(c.dataset.cell))"
    )
    return cells


def choose_if_asked(page: Any, rng: random.Random) -> None:
    chooser = page.locator("#chooser button.choice")
    if page.locator("#chooser").is_visible() and chooser.count():
        chooser.nth(rng.randrange(chooser.count())).click()


def one_gesture(page: Any, rng: random.Random) -> str:
    """Make one legal action by a gesture; say which kind it was."""
    # the prompt and the controls come in one frame, but a frame may still be landing when the
    # prompt is read: give the page a moment to draw it before calling the turn empty
    deadline = time.monotonic() + 10
    settled = False
    while True:
        origins = board_targets(page, "polygon.cell.origin")
        clicks = board_targets(page, "circle.hl-target, circle.hl-capture")
        picks = page.locator("button.pick")
        buttons = page.locator("#buttons button.action")
        kinds = [
            k
            for k, n in (
                ("move", len(origins)),
                ("click", len(clicks)),
                ("pick", picks.count()),
                ("button", buttons.count()),
            )
            if n
        ]
        if time.monotonic() > deadline or (kinds and settled):
            break
        # once something shows, read again a moment later: on a busy machine the buttons
        # may be drawn a little before the board's marks of the same frame
        settled = bool(kinds)
        time.sleep(0.25 if kinds else 0.05)
    assert kinds, (
        "the player is to act but nothing on the page can be done: "
        + page.evaluate("JSON.stringify(document.getElementById('prompt').innerText)")
    )
    # board gestures first, so every game's moves are made on the board
    kind = kinds[0] if rng.random() < 0.85 else rng.choice(kinds)
    if kind == "move":
        page.click(f'polygon.cell[data-cell="{rng.choice(origins)}"]', force=True)
        targets = board_targets(page, "circle.hl-target, circle.hl-capture")
        assert targets, "a selected piece shows no target"
        page.click(f'polygon.cell[data-cell="{rng.choice(targets)}"]', force=True)
    elif kind == "click":
        page.click(f'polygon.cell[data-cell="{rng.choice(clicks)}"]', force=True)
    elif kind == "pick":
        picks.nth(rng.randrange(picks.count())).click()
    else:
        buttons.nth(rng.randrange(buttons.count())).click()
    choose_if_asked(page, rng)
    return kind


def play_decisions(page: Any, game: str, decisions: int, seed: int) -> list[str]:
    rng = random.Random(f"{game}/{seed}")
    made: list[str] = []
    for _ in range(decisions):
        deadline = time.monotonic() + 60
        while not my_turn_or_over(page):
            assert time.monotonic() < deadline, f"{game}: never my turn again"
            time.sleep(0.05)
        if page.locator("#prompt.result").count():
            break
        prompt = page.locator("#prompt").inner_text().strip()
        assert prompt and prompt != "Your turn", f"{game}: no prompt beyond 'Your turn'"
        for label in visible_buttons(page):
            assert not NOTATION.search(label), f"{game}: the button {label!r} reads as notation"
        before = version(page)
        made.append(one_gesture(page, rng))
        deadline = time.monotonic() + 30
        while version(page) == before:
            if time.monotonic() > deadline:
                raise AssertionError(f"{game}: the gesture {made[-1]} did nothing ({prompt!r})")
            choose_if_asked(page, rng)
            time.sleep(0.05)
    return made


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_game_is_played_on_the_board(page: Any, base: str, game: str) -> None:
    rules = registry.make(game)
    seats = [{"kind": "local"}] + [{"kind": "computer", "level": 1}] * (rules.spec.players - 1)
    open_game(page, base, game, seats)
    if rules.layout() is not None:
        page.wait_for_selector("polygon.cell")
    made = play_decisions(page, game, DECISIONS, seed=0)
    assert made, f"{game}: no decision was made"
    if rules.layout() is not None:
        assert any(k in ("move", "click", "pick") for k in made), f"{game}: only buttons {made}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"play-{game}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    time.sleep(0.2)
    page.screenshot(path=str(SHOTS / f"play-{game}-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{game}: the phone page scrolls sideways ({width} px)"
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_hidden_game_online_keeps_each_seats_secrets(browser: Any, base: str) -> None:
    """Zombie between two browsers (two origins, so two separate storages): each plays on the
    board, and a burial shown to its owner never shows on the other player's page."""
    rules = registry.make("zombie")
    layout = rules.layout()
    assert layout is not None
    burial = next(m for m in layout.legend if "buri" in m.label.lower())
    made = httpx.post(
        base + "/api/games",
        json={"game": "zombie", "seats": [{"kind": "local"}, {"kind": "invite"}]},
    ).json()
    other_origin = base.replace("127.0.0.1", "localhost")
    white = browser.new_page()
    black = browser.new_page()
    buried_seen = 0
    try:
        open_holding(white, base, made)
        black.goto(other_origin + made["invites"]["1"])
        for page_ in (white, black):
            page_.wait_for_selector("polygon.cell")
        rng = random.Random("zombie-online")
        for _ in range(DECISIONS * 3):
            deadline = time.monotonic() + 30
            while not (my_turn_or_over(white) or my_turn_or_over(black)):
                assert time.monotonic() < deadline, "neither seat is ever to act"
                time.sleep(0.05)
            if white.locator("#prompt.result").count():
                break
            mine, theirs = (white, black) if my_turn_or_over(white) else (black, white)
            before = version(mine)
            one_gesture(mine, rng)
            deadline = time.monotonic() + 30
            while version(mine) == before:
                assert time.monotonic() < deadline, "a gesture did nothing"
                choose_if_asked(mine, rng)
                time.sleep(0.05)
            until(theirs, f"Number(document.body.dataset.version) >= {version(mine)}")
            for page_, other in ((white, black), (black, white)):
                own = badge_cells(page_, burial.colour)
                buried_seen += len(own)
                assert not own & badge_cells(other, burial.colour), "a burial leaked"
        SHOTS.mkdir(parents=True, exist_ok=True)
        white.screenshot(path=str(SHOTS / "online-zombie-white.png"), full_page=True)
        black.screenshot(path=str(SHOTS / "online-zombie-black.png"), full_page=True)
        assert buried_seen, "no burial came up: the check never looked at one"
    finally:
        white.close()
        black.close()
