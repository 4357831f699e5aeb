"""Real browser, Masquerade Chess: White fills in Black's secret table by clicking its squares,
the rows in any order (the seed's "KQ, QN, RB, NR, BK" fills row N before row B), and the
table shows each circle as it is made. Screenshots: out/screenshots/masquerade-table-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from motley.web.browsing import shot, until
from motley.web.test_play_on_board import open_game, version

pytestmark = pytest.mark.slow

SECRET = 'section[data-item="secret-1"]'


def circle(page: Any, row: str, column: str) -> None:
    """Click the square of the secret table for `row` (a piece) and `column` ("like R")."""
    until(page, "document.getElementById('prompt').classList.contains('your-turn')")
    before = version(page)
    page.click(f'{SECRET} button.grid-pick[aria-label="{row}: {column}"]')
    until(page, f"Number(document.body.dataset.version || -1) > {before}")


def circled(page: Any) -> dict[str, str]:
    """Row head -> the column circled in it, as the page shows the secret table."""
    found: dict[str, str] = page.eval_on_selector_all(
        f"{SECRET} tr",
        """rows => { const heads = [...rows[0].querySelectorAll('th')].map(h => h.innerText);
           const out = {};
           for (const row of rows.slice(1)) {
             const cells = [...row.querySelectorAll('td')];
             const at = cells.findIndex(c => c.classList.contains('v-O'));
             if (at >= 0) out[row.querySelector('th').innerText] = heads[at + 1];
           }
           return out; }""",
    )
    return found


def test_the_secret_table_is_filled_in_by_clicking_rows_in_any_order(
    page: Any, base: str
) -> None:
    open_game(page, base, "masquerade", [{"kind": "local"}, {"kind": "computer", "level": 1}])
    page.wait_for_selector(f"{SECRET} button.grid-pick")
    assert page.locator(f"{SECRET} button.grid-pick").count() == 25
    shot(page, "masquerade-table-empty")
    for row, column in (("king", "like Q"), ("queen", "like N"), ("rook", "like B")):
        circle(page, row, column)
    circle(page, "knight", "like R")  # before the bishop, as the seed writes it
    assert circled(page) == {
        "king": "like Q",
        "queen": "like N",
        "rook": "like B",
        "knight": "like R",
    }
    # one row (the bishop's) and one column (like K) are left: a single square to click
    assert page.locator(f"{SECRET} button.grid-pick").count() == 1
    assert "rows in any order (4 of 5 rows done" in page.locator("#prompt").inner_text()
    shot(page, "masquerade-table-any-order")
    circle(page, "bishop", "like K")
    assert circled(page)["bishop"] == "like K"
    shot(page, "masquerade-table-filled")
