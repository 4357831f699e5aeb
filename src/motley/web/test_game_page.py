"""The game page in a real browser: the result panel and rematch, sounds, the tab title, the
thinking sign, controls that fit the game, the move box, the board from the keyboard, names
for screen readers, text contrast, and the phone layout. Screenshots: out/screenshots/game-*.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from motley.web.app import Settings
from motley.web.browsing import live_server, open_holding, shot, until

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
SLOW_COMPUTER = 2.5  # seconds a computer waits before it plays (a server setting)


@pytest.fixture(scope="module")
def slow_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server whose computer players take SLOW_COMPUTER seconds to answer."""
    db: Path = tmp_path_factory.mktemp("slow") / "games.db"
    settings = Settings(db=str(db), computer_workers=0, computer_delay=SLOW_COMPUTER)
    with live_server(settings) as address:
        yield address


def open_game(page: Any, base: str, game: str, *kinds: str, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": kind, "level": 1} for kind in kinds]
    made: dict[str, Any] = httpx.post(
        base + "/api/games", json={"game": game, "seats": seats, **extra}
    ).json()
    open_holding(page, base, made)
    page.wait_for_selector("polygon.cell")
    return made


def labels(page: Any) -> list[str]:
    found: list[str] = page.locator("#moves li button").all_inner_texts()
    return found


def type_move(page: Any, text: str) -> None:
    before = len(labels(page))
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")
    until(page, f"document.querySelectorAll('#moves li button').length > {before}")


def turn_of(page: Any, name: str) -> None:
    until(page, f"document.getElementById('prompt').innerText.startsWith('{name}')")


def test_fools_mate_ends_in_a_result_panel_with_a_replay(page: Any, base: str) -> None:
    made = open_game(page, base, "chess", "local", "local")
    page.click('polygon[data-name="f2"]')  # by the board ...
    page.click('polygon[data-name="f3"]')
    until(page, "document.querySelectorAll('#moves li button').length === 1")
    assert page.evaluate("document.body.dataset.sound") == "move"
    turn_of(page, "Black")
    type_move(page, "e5")  # ... and by the move box
    turn_of(page, "White")
    type_move(page, "g4")
    turn_of(page, "Black")
    type_move(page, "Qh4")
    panel = page.locator("#result-panel")
    panel.wait_for(state="visible")
    assert page.locator("#result-headline").inner_text() == "Black wins"
    assert page.locator("#result-reason").inner_text() == "Checkmate"
    assert page.evaluate("document.body.dataset.sound") == "end"
    assert page.locator("#move-box").is_hidden()  # nothing left to type
    assert page.get_attribute("#download", "href") == f"/api/games/{made['id']}/record.json"
    assert page.get_attribute("#new-game", "href") == "/?game=chess"
    shot(page, "game-result")

    page.click("#replay-first")  # the replay: buttons and arrow keys
    assert page.locator("#replay-at").inner_text() == "0 / 4"
    assert page.locator("g.piece").count() == 32
    page.keyboard.press("ArrowRight")
    assert page.locator("#replay-at").inner_text() == "1 / 4"
    until(page, "!!document.querySelector('polygon.cell[data-name=\"f3\"].last')")
    shot(page, "game-replay")
    page.click("#replay-last")
    assert page.locator("#replay-at").inner_text() == "4 / 4"

    page.evaluate("localStorage.clear()")  # anyone may open a finished game by its address
    page.goto(base + made["url"])
    page.locator("#result-panel").wait_for(state="visible")
    assert page.locator("#rematch").count() == 0 and page.locator("#move-box").is_hidden()
    page.click("#replay-prev")
    assert page.locator("#replay-at").inner_text() == "3 / 4"


def test_a_rematch_swaps_the_colours(page: Any, base: str) -> None:
    made = open_game(page, base, "chess", "local", "computer")
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    assert page.locator("#draw").is_hidden()  # no draw offers to a computer
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.locator("#result-panel").wait_for(state="visible")
    assert page.locator("#result-reason").inner_text() == "White resigned"
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url)
    page.wait_for_selector("g.piece")
    chips = page.locator(".seat-chip").all_inner_texts()
    assert any(c.startswith("White") and "computer" in c for c in chips), chips
    assert any(c.startswith("Black") and "you" in c for c in chips), chips
    bottom = page.locator("#seat-bottom .seat-chip").inner_text()
    assert bottom.startswith("Black")  # the board turned for the new colour
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    shot(page, "game-rematch")


def test_title_and_thinking_sign_while_a_slow_computer_chooses(
    page: Any, slow_base: str
) -> None:
    open_game(page, slow_base, "chess", "local", "computer")
    until(page, "document.title === '• Your move - Motley'")
    assert "favicon-turn" in page.get_attribute('link[rel="icon"]', "href")
    page.click('polygon[data-name="e2"]')
    page.click('polygon[data-name="e4"]')
    thinking = page.locator(".seat-chip .thinking")
    thinking.wait_for(state="visible")
    assert "Computer is thinking" in thinking.inner_text()
    assert page.title() == "Chess · Motley"
    assert "favicon-turn" not in page.get_attribute('link[rel="icon"]', "href")
    shot(page, "game-thinking")
    until(page, "document.title === '• Your move - Motley'", timeout=30)
    assert thinking.count() == 0


def test_arrow_keys_move_over_the_board_and_enter_plays(page: Any, base: str) -> None:
    open_game(page, base, "chess", "local", "local")
    page.focus("#board")
    name = "document.getElementById(document.getElementById('board')" + (
        ".getAttribute('aria-activedescendant')).dataset.name"
    )

    def go(target: str) -> None:
        for _ in range(20):
            here = page.evaluate(name)
            if here == target:
                return
            if here[0] != target[0]:
                page.keyboard.press("ArrowRight" if target[0] > here[0] else "ArrowLeft")
            else:
                page.keyboard.press("ArrowUp" if target[1] > here[1] else "ArrowDown")
        raise AssertionError(f"could not reach {target}")

    go("e2")
    page.keyboard.press("Enter")  # pick the pawn up ...
    assert page.locator("circle.hl-target").count() == 2
    assert "picked up" in page.get_attribute('polygon[data-name="e2"]', "aria-label")
    go("e4")
    assert "you may move here" in page.get_attribute('polygon[data-name="e4"]', "aria-label")
    shot(page, "game-keyboard-board")
    page.keyboard.press("Enter")  # ... and put it down
    until(page, "document.querySelectorAll('#moves li button').length === 1")
    assert labels(page) == ["e4"]
    until(page, "document.getElementById('announce').innerText === 'White: e4'")
    assert page.get_attribute('polygon[data-name="e1"]', "aria-label") == "e1, white king"
    assert page.get_attribute('polygon[data-name="e3"]', "aria-label") == "e3, empty"


def test_typed_moves_play_and_bad_ones_say_why(page: Any, base: str) -> None:
    open_game(page, base, "chess", "local", "local")
    page.fill("#move-input", "Ke5")
    page.press("#move-input", "Enter")
    until(page, "document.getElementById('move-note').innerText.includes('not a move')")
    for move, mover in (("e4", "Black"), ("e5", "White"), ("Nf3", "Black")):
        type_move(page, move)
        turn_of(page, mover)
    assert labels(page) == ["e4", "e5", "Nf3"]
    assert page.locator("#move-note").inner_text() == "Played Nf3."
    shot(page, "game-move-box")


def test_controls_fit_the_game(page: Any, base: str) -> None:
    open_game(page, base, "chess_golf", "local")
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    assert page.locator("#resign").is_hidden() and page.locator("#draw").is_hidden()
    open_game(page, base, "chess960", "local", "local")  # a deal first: nothing to take back
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    assert page.locator("#undo").is_hidden() and page.locator("#draw").is_hidden()
    assert page.locator("#resign").is_visible()
    origin = page.locator("polygon.cell.origin").first.get_attribute("data-name")
    page.click(f'polygon[data-name="{origin}"]')
    page.locator("circle.hl-target, circle.hl-capture").first.click(force=True)
    until(page, "!document.getElementById('undo').hidden")
    shot(page, "game-controls")


CONTRAST = """(selector) => {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const rgb = (text) => {
    const probe = document.createElement('span');
    probe.style.color = text; document.body.append(probe);
    const parts = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number); probe.remove();
    return parts;
  };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const ratios = [];
  for (const label of document.querySelectorAll(selector)) {
    const box = label.getBoundingClientRect();
    const under = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      .find((node) => node.matches && node.matches('polygon.cell'));
    if (!under) continue;
    const ink = rgb(getComputedStyle(label).fill);
    if (ink.length > 3 && ink[3] < 1) { ratios.push(0); continue; }  // see-through ink
    const [a, b] = [lum(ink), lum(rgb(under.getAttribute('fill')))].sort((x, y) => y - x);
    ratios.push((a + 0.05) / (b + 0.05));
  }
  return ratios;
}"""


@pytest.mark.parametrize(
    ("game", "selector"), [("chess", "text.coord"), ("imperial_hex", "text.cell-name")]
)
def test_board_text_contrast_is_at_least_4_5(
    page: Any, base: str, game: str, selector: str
) -> None:
    open_game(page, base, game, "local", "local")
    page.wait_for_selector(selector)
    ratios: list[float] = page.evaluate(CONTRAST, selector)
    assert len(ratios) >= 10
    assert min(ratios) >= 4.5, sorted(ratios)[:5]


def test_phone_layout_keeps_the_prompt_and_move_box_in_the_first_screen(
    page: Any, base: str
) -> None:
    page.set_viewport_size(PHONE)
    open_game(page, base, "chess", "local", "computer")
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    board = page.locator("#board").bounding_box()
    prompt = page.locator(".turn-bar").bounding_box()
    box = page.locator("#move-box").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    assert board["width"] >= PHONE["width"] - 40  # the board fills the width
    assert prompt["y"] + prompt["height"] <= PHONE["height"]
    assert box["y"] + box["height"] <= PHONE["height"]
    below = abs(prompt["y"] - (board["y"] + board["height"]))
    above = abs(board["y"] - (prompt["y"] + prompt["height"]))
    gap = min(below, above)
    assert gap <= 12  # the prompt bar right next to the board
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shot(page, "game-phone-full").with_name("game-phone.png")))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_mute_switch_is_remembered(page: Any, base: str) -> None:
    open_game(page, base, "chess", "local", "local")
    assert page.locator("#mute").inner_text() == "Sound on"
    page.click("#mute")
    assert page.evaluate("localStorage.getItem('motley.mute')") == "1"
    page.reload()
    page.wait_for_selector("polygon.cell")
    assert page.locator("#mute").inner_text() == "Sound off"
    page.click("#mute")
