"""The 75-cell hex board: the facts seed 003 states and the derivation in RULES-NOTES 2.1."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.geometry.hex import (
    BLUE,
    CORNER,
    EDGE,
    KNIGHT,
    RED,
    ROW_LETTERS,
    WHITE,
    hex_board,
    hex_distance,
    passes_over_a_cell,
)

G = hex_board()


def test_seventy_five_cells_named_a1_to_m9() -> None:
    assert G.cell_count == 75
    names = [G.name(c) for c in range(G.cell_count)]
    assert len(set(names)) == 75
    assert names[0] == "A1" and names[-1] == "M9"
    assert [n for n in names if n[0] == "A"] == ["A1", "A2", "A3"]
    assert [n for n in names if n[0] == "M"] == ["M7", "M8", "M9"]
    lengths = [sum(1 for n in names if n[0] == letter) for letter in ROW_LETTERS]
    assert lengths == [3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3]


def test_names_parse_back_case_insensitively() -> None:
    for cell in range(G.cell_count):
        assert G.parse(G.name(cell)) == cell
        assert G.parse(G.name(cell).lower()) == cell
    for bad in ("A4", "M1", "N1", "G0", "", "e2e4", "A10"):
        with pytest.raises(NotationError):
            G.parse(bad)


def test_twenty_five_cells_of_each_colour() -> None:
    shades = Counter(G.shade(c) for c in range(G.cell_count))
    assert shades == {WHITE: 25, RED: 25, BLUE: 25}
    for colour in (WHITE, RED, BLUE):
        assert cellset.count(G.colour_cells(colour)) == 25


def test_corner_colours_as_the_text_says() -> None:
    assert G.colour_name(G.parse("A1")) == "blue"
    assert G.colour_name(G.parse("A2")) == "white"
    assert G.colour_name(G.parse("A3")) == "red"


def test_neighbours_differ_in_colour_and_corner_steps_keep_it() -> None:
    for cell in range(G.cell_count):
        for v in EDGE:
            other = G.step(cell, v)
            if other is not None:
                assert G.shade(other) != G.shade(cell)
        for v in CORNER:
            other = G.step(cell, v)
            if other is not None:
                assert G.shade(other) == G.shade(cell)


def test_neighbour_counts() -> None:
    """Interior cells have six neighbours; the corner cell A1 has three."""

    def neighbours(name: str) -> int:
        return sum(G.step(G.parse(name), v) is not None for v in EDGE)

    assert neighbours("G5") == 6
    assert neighbours("A1") == 3
    assert neighbours("A2") == 4
    assert neighbours("G1") == 3


def test_half_turn_symmetry() -> None:
    """Turning the board maps every cell to one, swaps red with blue and reverses rows."""
    images = {G.rotate(c) for c in range(G.cell_count)}
    assert len(images) == 75
    assert G.name(G.rotate(G.parse("A1"))) == "M9"
    assert G.name(G.rotate(G.parse("A2"))) == "M8"
    assert G.name(G.rotate(G.parse("G5"))) == "G5"
    swap = {WHITE: WHITE, RED: BLUE, BLUE: RED}
    for cell in range(G.cell_count):
        turned = G.rotate(cell)
        assert G.rotate(turned) == cell
        assert G.shade(turned) == swap[G.shade(cell)]
        assert G.row_of(turned, 1) == G.row_of(cell, 0)
        for v in EDGE + CORNER + KNIGHT:
            ahead = G.step(cell, v)
            seen = G.step(turned, G.facing(1, v))
            assert (ahead is None) == (seen is None)
            if ahead is not None:
                assert seen == G.rotate(ahead)


def test_centre_line_and_mirror() -> None:
    line = [G.name(c) for c in G.centre_line]
    assert line == ["A2", "C3", "E4", "G5", "I6", "K7", "M8"]
    assert G.name(G.mirror(G.parse("E1"))) == "E7"
    assert G.name(G.mirror(G.parse("B2"))) == "B3"
    for cell in range(G.cell_count):
        assert G.mirror(G.mirror(cell)) == cell
        assert G.row_of(G.mirror(cell), 0) == G.row_of(cell, 0)


def test_direction_groups() -> None:
    groups = G.direction_groups
    assert len(groups["edge"]) == 6 and len(groups["corner"]) == 6
    assert len(groups["royal"]) == 8 and len(set(groups["royal"])) == 8
    assert set(groups["orthogonal"]) | set(groups["diagonal"]) == set(groups["royal"])
    assert len(KNIGHT) == 12 and all(hex_distance(*v) == 3 for v in KNIGHT)
    assert all(passes_over_a_cell(v) for v in KNIGHT)
    assert not any(passes_over_a_cell(v) for v in EDGE + CORNER)
    g5 = G.parse("G5")
    ahead = G.step(g5, groups["forward"][0])
    assert ahead is not None and G.name(ahead) == "I6"  # straight ahead skips a row
    assert {G.name(c) for c in (G.step(g5, v) for v in groups["forward-diagonal"]) if c} == {
        "H5",
        "H6",
    }


def test_rows_from_each_side() -> None:
    assert cellset.count(G.row(0, 0)) == 3 and cellset.count(G.row(12, 0)) == 3
    assert G.row_count == 13
    k7 = G.parse("K7")
    assert G.row_of(k7, 0) == 10 and G.row_of(k7, 1) == 2
    whites_on_k = [G.name(c) for c in cellset.cells(G.row(10, 0)) if G.shade(c) == WHITE]
    assert whites_on_k == ["K7"]  # the only white cell of White's 11th row


def test_layout_is_a_tiling() -> None:
    """Neighbours' centres are one cell width apart; corners are one unit from the centre."""
    for cell in range(G.cell_count):
        x, y = G.centre(cell)
        assert x > 0 and y > 0
        assert math.isclose(x, G.half_columns(cell) * math.sqrt(3) / 2)
        corners = G.corners(cell)
        assert len(corners) == 6
        for cx, cy in corners:
            assert math.isclose(math.hypot(cx - x, cy - y), 1.0)
            assert -1e-9 <= cx <= 9 * math.sqrt(3) + 1e-9 and -1e-9 <= cy <= 20 + 1e-9
        for v in EDGE:
            other = G.step(cell, v)
            if other is not None:
                ox, oy = G.centre(other)
                assert math.isclose(math.hypot(ox - x, oy - y), math.sqrt(3))
    a2, c3 = G.centre(G.parse("A2")), G.centre(G.parse("C3"))
    assert math.isclose(a2[0], c3[0]) and c3[1] > a2[1]  # straight ahead is straight up
