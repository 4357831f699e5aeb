"""Square boards: names, coordinates, rays, facing, rows, shades and cell sets."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.geometry.square import SquareGeometry, square_board

BOARD = square_board(8, 8)


def names(cells: tuple[int, ...] | list[int]) -> list[str]:
    return [BOARD.name(c) for c in cells]


def test_names_follow_python_chess_square_numbers() -> None:
    """a1 = 0, b1 = 1, ..., h8 = 63, as python-chess numbers squares."""
    assert BOARD.cell_count == 64
    for cell in range(64):
        assert BOARD.name(cell) == chess.square_name(cell)
        assert BOARD.parse(chess.square_name(cell)) == cell


@pytest.mark.parametrize("text", ["E4", " e4 ", "e4"])
def test_parse_is_forgiving_about_case_and_space(text: str) -> None:
    assert BOARD.parse(text) == chess.E4


@pytest.mark.parametrize("bad", ["", "i1", "a9", "a0", "e", "44", "e4e5", "z26"])
def test_parse_refuses_non_cells(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        BOARD.parse(bad)
    assert "\n" not in str(info.value)


def test_coords_and_at() -> None:
    assert BOARD.coords(BOARD.parse("a1")) == (0, 0)
    assert BOARD.coords(BOARD.parse("h1")) == (7, 0)
    assert BOARD.coords(BOARD.parse("c7")) == (2, 6)
    assert BOARD.at(4, 3) == BOARD.parse("e4")
    assert BOARD.at(8, 0) is None and BOARD.at(0, 8) is None and BOARD.at(-1, 3) is None


@given(cell=st.integers(0, 63))
def test_coords_round_trip(cell: int) -> None:
    x, y = BOARD.coords(cell)
    assert BOARD.at(x, y) == cell
    assert BOARD.file_of(cell) == x == chess.square_file(cell)
    assert BOARD.row_of(cell, 0) == y == chess.square_rank(cell)
    assert BOARD.row_of(cell, 1) == 7 - y


def test_rays() -> None:
    a1, e4 = BOARD.parse("a1"), BOARD.parse("e4")
    assert names(BOARD.ray(a1, (1, 1))) == ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert names(BOARD.ray(a1, (1, 1), limit=2)) == ["b2", "c3"]
    assert BOARD.ray(a1, (-1, 0)) == ()
    assert names(BOARD.ray(e4, (0, -1))) == ["e3", "e2", "e1"]
    assert names(BOARD.ray(e4, (2, 1))) == ["g5"]  # a knight "ray" stops at the edge
    assert BOARD.step(a1, (0, -1)) is None
    assert BOARD.step(a1, (1, 2)) == BOARD.parse("b3")


def test_direction_groups() -> None:
    groups = BOARD.direction_groups
    assert set(groups["orthogonal"]) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert set(groups["diagonal"]) == {(1, 1), (1, -1), (-1, -1), (-1, 1)}
    assert set(groups["royal"]) == set(groups["orthogonal"]) | set(groups["diagonal"])
    assert len(set(groups["knight"])) == 8
    assert all(sorted(map(abs, v)) == [1, 2] for v in groups["knight"])
    assert groups["forward"] == ((0, 1),)


def test_facing_turns_seat_1_around() -> None:
    assert BOARD.facing(0, (0, 1)) == (0, 1)
    assert BOARD.facing(1, (0, 1)) == (0, -1)
    assert BOARD.facing(1, (1, 2)) == (-1, -2)
    e7 = BOARD.parse("e7")
    assert BOARD.step(e7, BOARD.facing(1, (0, 1))) == BOARD.parse("e6")


def test_rows_per_seat() -> None:
    assert names(list(cellset.cells(BOARD.row(0, 0)))) == [f"{f}1" for f in "abcdefgh"]
    assert names(list(cellset.cells(BOARD.row(0, 1)))) == [f"{f}8" for f in "abcdefgh"]
    assert BOARD.row(1, 1) == chess.BB_RANK_7
    assert BOARD.row_count == 8
    assert BOARD.all_cells == chess.BB_ALL


def test_shades_a1_is_dark() -> None:
    """0 is dark, 1 light: a1 and h8 dark, h1 and a8 light, as on every chessboard."""
    assert BOARD.shade(BOARD.parse("a1")) == 0
    assert BOARD.shade(BOARD.parse("h8")) == 0
    assert BOARD.shade(BOARD.parse("h1")) == 1
    assert BOARD.shade(BOARD.parse("a8")) == 1
    dark = cellset.of(c for c in range(64) if BOARD.shade(c) == 0)
    assert dark == chess.BB_DARK_SQUARES


def test_other_sizes() -> None:
    wide = square_board(10, 8)
    assert wide.cell_count == 80
    assert wide.name(9) == "j1" and wide.name(10) == "a2"
    assert wide.parse("j8") == 79
    assert wide.row_of(wide.parse("a8"), 1) == 0
    tall = SquareGeometry(5, 12)
    assert tall.name(59) == "e12" and tall.parse("e12") == 59
    with pytest.raises(NotationError):
        wide.parse("k1")
    assert square_board(10, 8) is wide  # one shared object per size
    with pytest.raises(ValueError):
        SquareGeometry(0, 8)
    with pytest.raises(ValueError):
        SquareGeometry(27, 8)


def test_drawing_layout() -> None:
    e4 = BOARD.parse("e4")
    assert BOARD.centre(e4) == (4.5, 3.5)
    assert BOARD.corners(e4) == ((4, 3), (5, 3), (5, 4), (4, 4))


@given(cells=st.sets(st.integers(0, 63)))
def test_cellset_helpers(cells: set[int]) -> None:
    bits = cellset.of(cells)
    assert list(cellset.cells(bits)) == sorted(cells)
    assert cellset.count(bits) == len(cells)
    if cells:
        assert cellset.first(bits) == min(cells)
        assert cellset.last(bits) == max(cells)


def test_cellset_subsets() -> None:
    mask = cellset.of([1, 5, 9])
    subsets = list(cellset.subsets(mask))
    assert len(subsets) == 8 == len(set(subsets))
    assert all(s & ~mask == 0 for s in subsets)
