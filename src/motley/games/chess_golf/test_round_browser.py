"""A round of Chess Golf in a real browser: two people and a computer golfer, by gestures only.

Golfer 1 plays in one browser storage, Golfer 2 joins by invitation in another, Golfer 3 is
the computer (level 5, the solver). Each hole the two people bid with the page's buttons,
the bids show together, and whoever bid lowest demonstrates on the board (a person clicks
the moves, then clicks an empty square for each captured piece). The test reads the hole
from the page's text picture and solves it itself, to know what to bid and to play.
Screenshots: out/screenshots/golf-*.png.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from motley.components.chess_cards import TYPES, Card
from motley.core import registry
from motley.games.chess_golf.board import GEOMETRY, as_position, read_placement
from motley.games.chess_golf.round import GolfRound
from motley.games.chess_golf.solver import solve
from motley.games.chess_golf.state import PLAY, GolfState
from motley.web.browsing import open_holding, shot, until

pytestmark = pytest.mark.slow

HOLES = 2
CARDS = {Card(colour, kind).name: Card(colour, kind) for colour in (0, 1) for kind in TYPES}


def details(page: Any) -> str:
    text: str = page.locator("#details").text_content() or ""
    return text


def prompt(page: Any) -> str:
    text: str = page.locator("#prompt").inner_text()
    return text


def the_hole(page: Any) -> tuple[str, str]:
    """The board (a FEN placement) and the chosen cards, read from the page's text picture."""
    lines = details(page).splitlines()
    rows = [line.split()[1:] for line in lines if re.match(r"^ [1-8] ", line)]
    assert len(rows) == 8, details(page)
    placement = "/".join(
        re.sub(r"\.+", lambda run: str(len(run.group())), "".join(row)) for row in rows
    )
    chosen = next(line for line in lines if line.startswith("Chosen cards: "))
    names = chosen.removeprefix("Chosen cards: ").split(", ")
    return placement, "".join(CARDS[name].letter for name in names)


def par_of(rules: GolfRound, placement: str, chosen: str) -> list[str] | None:
    cards = tuple(Card.parse(c) for c in chosen)
    hole = GolfState(as_position(read_placement(placement)), PLAY, chosen=cards)
    found = solve(rules.puzzle, hole)
    return None if found is None else list(found.texts)


def version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version || -1)"))


def to_act(page: Any) -> bool:
    return bool(page.evaluate("document.getElementById('prompt').classList.contains('your-turn')"))


def demonstrating(page: Any) -> bool:
    return to_act(page) and prompt(page).startswith("Demonstrate")


def over(page: Any) -> bool:
    return bool(page.locator("#prompt.result").count())


def button(page: Any, label: str) -> None:
    before = version(page)
    page.locator("#buttons button.action", has_text=re.compile(f"^{label}$")).click()
    until(page, f"Number(document.body.dataset.version) > {before}")


def click(page: Any, square: str) -> None:
    page.click(f'polygon.cell[data-cell="{GEOMETRY.parse(square)}"]', force=True)


def move(page: Any, text: str) -> None:
    before = version(page)
    click(page, text[:2])
    click(page, text[2:4])
    try:
        until(page, f"Number(document.body.dataset.version) > {before}")
    except AssertionError:
        shot(page, "golf-debug-move")
        raise AssertionError(text + " " + details(page)) from None


def put_back(page: Any) -> None:
    """Click the first square offered for the captured piece (and its name if asked)."""
    before = version(page)
    cells: list[int] = page.eval_on_selector_all(
        "circle.hl-target", "all => all.map(c => Number(c.dataset.cell))"
    )
    assert cells, "no square is offered for the captured piece"
    page.click(f'polygon.cell[data-cell="{cells[0]}"]', force=True)
    chooser = page.locator("#chooser button.choice")
    if page.locator("#chooser").is_visible() and chooser.count():
        chooser.first.click()
    until(page, f"Number(document.body.dataset.version) > {before}")


def wait(condition: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.1)


def test_two_people_and_the_computer_play_a_round(browser: Any, base: str) -> None:
    rules = registry.make("chess_golf_3", {"holes": HOLES})
    assert isinstance(rules, GolfRound)
    seats = [{"kind": "local"}, {"kind": "invite"}, {"kind": "computer", "level": 5}]
    made = httpx.post(
        base + "/api/games",
        json={"game": "chess_golf_3", "options": {"holes": HOLES}, "seats": seats},
    ).json()
    one, two = browser.new_page(), browser.new_page()
    demonstrated = 0
    try:
        open_holding(one, base, made)
        two.goto(base.replace("127.0.0.1", "localhost") + made["invites"]["1"])
        for hole in range(1, HOLES + 1):
            wait(lambda: to_act(one) and to_act(two), f"hole {hole}: both golfers bid")
            assert "bids are shown when all are in" in prompt(one)
            if hole == 2:
                shot(one, "golf-par-shown")  # the par of hole 1 beside the bidding
                assert re.search(r"Hole 1: (par \d|no solution)", one.inner_text("body"))
            placement, chosen = the_hole(one)
            path = par_of(rules, placement, chosen)
            if path is None:  # no solution within 10 moves: everyone shows a fist
                button(one, "Impossible")
                button(two, "Impossible")
                continue
            par = len(path)
            button(one, f"Bid {par} moves?")
            if hole == 1:
                shot(two, "golf-bidding")  # golfer 2 sees golfer 1 has bid, not what
                assert "Bids, hole" not in details(two) and "Bids, hole" not in details(one)
            button(two, f"Bid {par + 1} moves?")
            # the bids appear together on both pages once the computer's is in
            wait(lambda: "Bids, hole" in one.inner_text("body"), "the bids are revealed")
            until(two, f"Number(document.body.dataset.version) >= {version(one)}")
            if hole == 1:
                shot(one, "golf-bids-revealed")
            wait(
                lambda n=hole: demonstrating(one) or len(rules_card(one)) >= n,
                "a demonstration",
            )
            if demonstrating(one):  # golfer 1's bid is the lowest with the computer's: demonstrate
                for index, text in enumerate(path):
                    move(one, text)
                    if index == 0:
                        shot(one, "golf-demonstration")
                while to_act(one) and prompt(one).startswith("Put the captured"):
                    put_back(one)
                demonstrated += 1
            wait(lambda n=hole: len(rules_card(one)) >= n, f"hole {hole} scored", 90)
        wait(lambda: over(one) and over(two), "the round ends")
        shot(one, "golf-final-totals")
        shot(two, "golf-final-totals-golfer-2")
        body = one.inner_text("body")
        assert "lowest course total" in body
        assert "Scorecard" in body
        # golfer 1 demonstrated at least once: it wins any tie after the computer dealt
        assert demonstrated >= 1
    finally:
        one.close()
        two.close()


def rules_card(page: Any) -> list[str]:
    """The holes on the page's scorecard (its column headings other than the total)."""
    text = details(page)
    found = re.search(r"Course total after (\d+) of", text)
    return ["hole"] * int(found.group(1)) if found else []
