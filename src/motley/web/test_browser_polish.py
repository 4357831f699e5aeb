"""Real browser: what players meet on the game page, the phone lobby and a seat at the table.

A golf board has no sides (golfer 2 sees it the same way up as golfer 1), the move box
suggests moves of the game being played, the seed hash shows only where chance decides
something, the phone lobby's seat rows read in full, a phone at the table keeps only the
controls that mean something there, and an open seat waits for any player.
Screenshots: out/screenshots/polish-*.png.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from motley.web.browsing import open_holding, shot, until

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}


def make(base: str, game: str, *kinds: str) -> dict[str, Any]:
    seats = [{"kind": kind, "level": 1} for kind in kinds]
    made: dict[str, Any] = httpx.post(
        base + "/api/games", json={"game": game, "seats": seats}
    ).json()
    assert "id" in made, made
    return made


def open_as(page: Any, base: str, made: dict[str, Any], tokens: dict[str, str]) -> None:
    """Open the game page holding `tokens` (seat -> token) in this browser's storage."""
    open_holding(page, base, made, tokens)
    page.wait_for_selector("polygon.cell")


def your_turn(page: Any) -> None:
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")


def rank_one_below_rank_eight(page: Any) -> bool:
    """Whether a1 is drawn below a8 on screen (the board as White, or as nobody's side)."""
    a1 = page.locator('polygon[data-name="a1"]').bounding_box()
    a8 = page.locator('polygon[data-name="a8"]').bounding_box()
    return bool(a1["y"] > a8["y"])


def test_a_golf_board_has_no_sides(page: Any, base: str) -> None:
    chess = make(base, "chess", "invite", "local")
    open_as(page, base, chess, {"1": chess["tokens"]["1"]})
    until(page, "document.body.dataset.version !== undefined")
    assert not rank_one_below_rank_eight(page)  # chess turns the board for Black
    assert page.locator("#flip").is_visible()
    golf = make(base, "chess_golf_2", "local", "invite")
    page.goto(base + golf["invites"]["1"])  # golfer 2 takes their seat
    page.wait_for_selector("g.piece")
    your_turn(page)
    assert rank_one_below_rank_eight(page)  # the same way up as golfer 1 sees it
    assert page.locator("#flip").is_hidden()  # nothing to turn
    assert "Golfer 2" in page.locator("#seat-bottom").inner_text()  # still sits below it
    shot(page, "polish-golf-no-sides")


def test_the_move_box_suggests_the_games_own_moves(page: Any, base: str) -> None:
    suggested: dict[str, str] = {}
    for game in ("chess", "chess_golf", "skock"):
        made = make(base, game, "local", *(["local"] if game != "chess_golf" else []))
        open_as(page, base, made, made["tokens"])
        your_turn(page)
        until(page, "document.getElementById('move-input').placeholder !== 'your move'")
        placeholder: str = page.locator("#move-input").get_attribute("placeholder")
        suggested[game] = placeholder
        examples = placeholder.removesuffix("…").split(", ")
        assert 2 <= len(examples) <= 3, placeholder
        token = next(iter(made["tokens"].values()))
        for example in examples:  # each suggestion is a move the reader takes now
            read = httpx.post(
                base + f"/api/games/{made['id']}/read", json={"token": token, "text": example}
            ).json()
            assert "action" in read, (game, example, read)
        if game == "chess_golf":
            shot(page, "polish-move-box-golf")
    assert len(set(suggested.values())) == 3, suggested  # not one line for every game


def test_the_seed_hash_shows_only_where_chance_decides(page: Any, base: str) -> None:
    chess = make(base, "chess", "local", "local")
    open_as(page, base, chess, chess["tokens"])
    your_turn(page)
    assert page.locator("#fairness").is_hidden()
    skock = make(base, "skock", "local", "local")
    open_as(page, base, skock, skock["tokens"])
    your_turn(page)
    assert page.locator("#fairness").is_visible()
    assert len(page.locator("#seed-hash").inner_text()) == 64
    assert page.locator("#details-panel").get_attribute("open") is None  # kept, collapsed
    shot(page, "polish-seed-hash")


CUT_SHORT = """() => [...document.querySelectorAll('#setup .seat-row select')]
  .filter((s) => s.offsetParent !== null)
  .filter((s) => {
    const shown = s.getBoundingClientRect().width;
    const before = s.getAttribute('style');
    s.style.width = 'max-content'; s.style.flex = 'none'; s.style.minWidth = 'max-content';
    const full = s.getBoundingClientRect().width;
    if (before === null) s.removeAttribute('style'); else s.setAttribute('style', before);
    return shown + 0.5 < full;
  }).map((s) => s.name)"""


def test_the_phone_lobby_reads_the_computer_seat_in_full(browser: Any, base: str) -> None:
    phone = browser.new_page()
    phone.set_viewport_size(PHONE)
    try:
        phone.goto(base + "/?game=chess")
        phone.wait_for_selector("#create")
        assert phone.locator('select[name="level-1"]').is_visible()  # the computer's level
        assert phone.evaluate(CUT_SHORT) == []
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        start = phone.locator("#create").bounding_box()
        assert start["y"] + start["height"] <= PHONE["height"]  # still in the first screen
        phone.locator("#setup .seats").screenshot(
            path=str(shot(phone, "polish-lobby-phone").with_name("polish-lobby-seats.png"))
        )
    finally:
        phone.close()


def test_a_phone_at_the_table_keeps_what_means_something(browser: Any, base: str) -> None:
    made = make(base, "chess", "invite", "invite")
    link = made["invites"]["0"].replace(f"/g/{made['id']}?", f"/g/{made['id']}/seat?")
    phone = browser.new_page()
    phone.set_viewport_size(PHONE)
    try:
        phone.goto(base + link)
        phone.wait_for_selector("g.piece")
        your_turn(phone)
        assert phone.locator("#resign").is_visible()  # two sides: one may still give up
        assert phone.locator("#draw").is_hidden()  # a draw is agreed across the board
        assert phone.locator("#title").is_hidden() and phone.locator("#status").is_hidden()
        assert phone.locator("#prompt").is_visible()  # the turn bar says whose turn it is
        shot(phone, "polish-table-phone")
    finally:
        phone.close()


def test_an_open_seat_waits_for_any_player(page: Any, base: str) -> None:
    for kind, words in (
        ("open", "waiting for a player to join"),
        ("invite", "waiting for a friend to join"),
    ):
        made = make(base, "chess", "local", kind)
        open_as(page, base, made, made["tokens"])
        until(page, "document.querySelectorAll('.seat-chip').length === 2")
        chips = page.locator(".seat-chip").all_inner_texts()
        assert any(chip.strip().endswith(words) for chip in chips), chips
        if kind == "open":
            shot(page, "polish-open-seat")
