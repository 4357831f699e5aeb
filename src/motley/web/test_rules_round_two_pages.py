"""The choices the rules added show on the game page: Crowded House's pass when every move
is refused, Combat Chess II's declined teleport and its fallen castle. Screenshots:
out/screenshots/rules-round-two-*."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from motley.web.browsing import open_holding, shot, until

pytestmark = pytest.mark.slow


def open_game(page: Any, base: str, game: str, players: int, **options: Any) -> None:
    seats = [{"kind": "local"}] * players
    made: dict[str, Any] = httpx.post(
        base + "/api/games", json={"game": game, "seats": seats, "options": options}
    ).json()
    assert "url" in made, made
    open_holding(page, base, made)
    page.wait_for_selector("polygon.cell")


def prompt_has(page: Any, words: str) -> None:
    until(page, f"document.getElementById('prompt').innerText.includes({words!r})")


def test_crowded_house_says_why_a_player_passes(page: Any, base: str) -> None:
    # Winnie's king on a1 could only step where Bob takes it next; her pawn is blocked
    open_game(page, base, "crowded_house", 4, position="1r5k/8/8/8/8/p7/P7/K7 w - - 0 1")
    prompt_has(page, "No piece can move on or onto your king side")
    page.get_by_role("button", name="Pass (no move on or onto your half)").click()
    prompt_has(page, "Move a piece")
    page.fill("#move-input", "h8g8")
    page.press("#move-input", "Enter")
    prompt_has(page, "Every move would leave your king open to capture by Black queen side")
    button = page.get_by_role("button", name="Pass (every move would leave your king open")
    assert button.is_visible()
    shot(page, "rules-round-two-crowded-house-pass")


def test_combat_chess_offers_to_keep_the_king_after_a_teleport(page: Any, base: str) -> None:
    # six leaders: any roll teleports with teleport_exact=false
    position = "7k/8/8/8/8/8/8/BBBBQK1R w -/-/-/-"
    open_game(page, base, "combat_chess", 2, position=position, teleport_exact=False)
    page.get_by_role("button", name="Teleport the king").click()
    prompt_has(page, "or keep it where it stands")
    assert page.get_by_role("button", name="Keep the king where it stands").is_visible()
    shot(page, "rules-round-two-combat-teleport")
    page.get_by_role("button", name="Keep the king where it stands").click()
    prompt_has(page, "Choose")
