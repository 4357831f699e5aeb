"""Every game's rules page in a real browser: its diagrams drawn with pieces by the game's
own board, its house rules in words, and no developer vocabulary anywhere a player reads.
Screenshots: out/screenshots/rules-<game>.png, and rules-phone-<game>.png on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from motley.core import registry
from motley.web.browsing import SHOTS, shot, until

pytestmark = pytest.mark.slow

GAMES = registry.game_ids()  # read before any test registers its toy games

# what a player should never read: identifiers, module paths, notes meant for the code
FORBIDDEN = (
    re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]"),  # an underscore inside a word
    re.compile(r"motley\."),
    re.compile(r"RULES-NOTES"),
    re.compile(r"`"),
    re.compile(r"docstring", re.IGNORECASE),
    re.compile(r"event_text"),
    re.compile(r"sample_hidden"),
)


def developer_words(text: str) -> list[str]:
    found = []
    for pattern in FORBIDDEN:
        for match in pattern.finditer(text):
            start = max(match.start() - 30, 0)
            found.append(f"{pattern.pattern}: ...{text[start:match.end() + 30]}...")
    return found


def test_the_word_check_can_fail() -> None:
    assert developer_words("see `sample_hidden` in motley.games and RULES-NOTES")
    assert not developer_words("A pawn takes en passant; the king may castle.")


def open_rules(page: Any, base: str, game: str) -> None:
    page.goto(f"{base}/rules/{game}")
    until(
        page,
        "[...document.querySelectorAll('figure[data-diagram]')]"
        ".every((f) => f.dataset.drawn === 'true')",
    )


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_has_drawn_diagrams_and_no_developer_words(
    page: Any, base: str, game: str
) -> None:
    open_rules(page, base, game)
    figures = page.locator("figure[data-diagram]")
    assert figures.count() >= 2, f"{game}: fewer than 2 diagrams"
    for index in range(figures.count()):
        figure = figures.nth(index)
        name = figure.get_attribute("data-diagram")
        assert figure.locator("svg.board g.piece").count() > 0, f"{game} {name}: no pieces"
        assert figure.locator("figcaption").inner_text().strip(), f"{game} {name}: no caption"
    assert page.locator("main .warning:has-text('diagram')").count() == 0
    spec = registry.rules_class(game).spec
    assert page.locator("dl.house-rules dt").count() == len(spec.options)
    text = page.inner_text("main")
    assert not developer_words(text), developer_words(text)
    shot(page, f"rules-{game}")


@pytest.mark.parametrize("game", ["chess", "masquerade", "tar_pit"])
def test_rules_page_on_a_phone_reads_without_sideways_scrolling(
    browser: Any, base: str, game: str
) -> None:
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    try:
        open_rules(phone, base, game)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        box = phone.locator("figure[data-diagram] svg.board").first.bounding_box()
        assert box is not None and 300 <= box["width"] <= 390
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(SHOTS / f"rules-phone-{game}.png"), full_page=True)
    finally:
        phone.close()


def test_every_rules_page_is_listed_in_the_index(page: Any, base: str) -> None:
    page.goto(base + "/rules")
    for game in GAMES:
        assert page.locator(f'a[href="/rules/{game}"]').count() == 1, game
