"""JSON forms that board games' states share (used by Combat Chess II, Skock, Hockey Chess).

Each state keeps a phase by its name, cells by their names (a missing cell as null or `-`),
sets of cells as lists of names, numbers within their range, and the result as null while
the game goes on, the winning seat, or "draw". These are `core.codec` forms, written once,
with the reading and writing of FEN's placement field on the 8x8 board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from motley.core.codec import Form
from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.geometry.base import Geometry

PLAYING = -1  # `result` while the game goes on
DRAW = 2  # `result` of a drawn game (seats are 0 and 1)


def _whole(data: Any) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise ValueError(data)
    return data


def whole(low: int, high: int | None = None) -> Form[int]:
    """A whole number from `low` to `high` (no upper bound when None)."""
    name = f"a whole number {low}-{high}" if high is not None else f"a whole number >= {low}"

    def read(data: Any) -> int:
        value = _whole(data)
        if value < low or (high is not None and value > high):
            raise ValueError(value)
        return value

    return Form(name, lambda value: value, read)


def named(names: Sequence[str]) -> Form[int]:
    """An index written as its name (a phase)."""
    return Form(f"one of {', '.join(names)}", lambda value: names[value], names.index)


def cell_or(geometry: Geometry, none: str | None = None) -> Form[int]:
    """A cell by its name, or `none` for no cell (-1)."""

    def read(data: Any) -> int:
        if data == none:
            return -1
        if not isinstance(data, str):
            raise ValueError(data)
        return geometry.parse(data)

    return Form(
        "a cell name" + (" or null" if none is None else f" or {none!r}"),
        lambda cell: none if cell < 0 else geometry.name(cell),
        read,
    )


def cell_set(geometry: Geometry) -> Form[int]:
    """A set of cells (a bitset) as the list of their names, in cell order."""

    def read(data: Any) -> int:
        if not isinstance(data, list) or not all(isinstance(n, str) for n in data):
            raise ValueError(data)
        return cellset.of(geometry.parse(name) for name in data)

    return Form(
        "a list of cell names", lambda bits: [geometry.name(c) for c in cellset.cells(bits)], read
    )


def _write_result(result: int) -> int | str | None:
    return None if result == PLAYING else "draw" if result == DRAW else result


def _read_result(data: Any) -> int:
    if data is None:
        return PLAYING
    if data == "draw":
        return DRAW
    if _whole(data) not in (0, 1):
        raise ValueError(data)
    return int(data)


RESULT: Form[int] = Form("null, 0, 1 or 'draw'", _write_result, _read_result)
SEAT = whole(0, 1)
SEAT_OR_NONE: Form[int] = Form(
    "0, 1 or null",
    lambda seat: None if seat < 0 else seat,
    lambda data: -1 if data is None else SEAT.read(data),
)


def read_placement(text: str, letters: str, game: str) -> list[str]:
    """The 64 cells (a1 first) of FEN's placement field, "" where empty; NotationError naming
    what is wrong. `letters` are the game's upper-case piece letters."""
    ranks = text.strip().split("/")
    if len(ranks) != 8:
        raise NotationError(f"a placement has 8 ranks separated by '/', not {len(ranks)}")
    cells = [""] * 64
    for index, rank_text in enumerate(ranks):
        rank = 7 - index
        file = 0
        for char in rank_text:
            if char.isdigit():
                file += int(char)
                continue
            if char.upper() not in letters:
                known = f"{letters}, {letters.lower()}"
                raise NotationError(f"{char!r} is not a {game} piece ({known})")
            if file < 8:
                cells[rank * 8 + file] = char
            file += 1
        if file != 8:
            raise NotationError(f"rank {rank + 1} of the placement does not have 8 cells")
    return cells


def write_placement(cells: Sequence[str]) -> str:
    """FEN's placement field of 64 cells (a1 first); a cell that is no letter is empty."""
    rows = []
    for rank in range(7, -1, -1):
        row, gap = "", 0
        for letter in cells[rank * 8 : rank * 8 + 8]:
            if not letter.isalpha():
                gap += 1
                continue
            row += (str(gap) if gap else "") + letter
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)
