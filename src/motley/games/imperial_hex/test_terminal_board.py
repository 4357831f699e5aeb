"""Imperial Hex on the terminal's hex board (`render.hex_text`): shape, labels, pieces, turning."""

from __future__ import annotations

import re

from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import CoinToss, arrange
from motley.render.hex_text import render_hex

RULES = ImperialHex()
G = RULES.geometry
CELL = re.compile(r"([A-M][1-9]) (\S)")


def board_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if CELL.search(line)]


def columns(text: str) -> dict[str, int]:
    """Where each cell's label starts on its line."""
    return {m.group(1): m.start() for line in board_lines(text) for m in CELL.finditer(line)}


def test_the_board_is_a_hexagon_of_labelled_cells() -> None:
    text = render_hex(RULES, RULES.initial_state())
    lines = board_lines(text)
    assert [len(CELL.findall(line)) for line in lines] == [3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3]
    assert [CELL.findall(line)[0][0][0] for line in lines] == list("MLKJIHGFEDCBA")
    indents = [len(line) - len(line.lstrip()) for line in lines]
    assert indents[:7] == sorted(indents[:7], reverse=True) and indents[6:] == sorted(indents[6:])
    at = columns(text)
    assert len(at) == 75
    centre = {at[name] for name in ("A2", "C3", "E4", "G5", "I6", "K7", "M8")}
    assert len(centre) == 1  # straight ahead is straight up the picture
    assert at["B2"] < at["A2"] < at["B3"]  # a row sits half a cell across from the next


def test_pieces_and_empty_cell_colours() -> None:
    state = RULES.apply(RULES.initial_state(), CoinToss(0))
    text = render_hex(RULES, state)
    marks = {m.group(1): m.group(2) for m in CELL.finditer(text)}
    assert (marks["A1"], marks["A2"], marks["A3"]) == ("D", "K", "E")
    assert (marks["M7"], marks["M8"], marks["M9"]) == ("e", "k", "d")
    assert marks["G5"] == "·" and marks["G3"] == "∘" and marks["G1"] == "•"  # white, red, blue
    assert "White places two scouts on the 5th row" in text
    assert "provisional" in text


def test_black_sees_the_board_turned() -> None:
    pos = arrange(G, "KA2 QA1 kM8 qM9", 1)
    for seat, flipped, first_row in ((1, False, "A"), (0, True, "A"), (0, False, "M")):
        lines = board_lines(render_hex(RULES, pos, seat, flipped=flipped))
        assert CELL.findall(lines[0])[0][0][0] == first_row
    turned = columns(render_hex(RULES, pos, 1))
    assert turned["G9"] < turned["G1"]


def test_highlight_and_status() -> None:
    pos = arrange(G, "KG5 kA2 qG9", 0)
    text = render_hex(RULES, pos, highlight=(G.parse("G9"),), last="H9-G9")
    assert "[G9 q]" in text
    assert text.splitlines()[-1] == "White to move, in check (last move: H9-G9)"
