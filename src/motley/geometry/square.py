"""Rectangular boards of any size: files a.. from seat 0's left, ranks 1.. from its edge."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from motley.geometry.base import Direction, Geometry, Point

ORTHOGONAL: tuple[Direction, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Direction, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KNIGHT: tuple[Direction, ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
)  # fmt: skip

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class SquareGeometry(Geometry):
    """`files` x `ranks` cells; cell = rank * files + file (a1 = 0, b1 = 1, ...)."""

    def __init__(self, files: int = 8, ranks: int = 8) -> None:
        if not (1 <= files <= 26 and 1 <= ranks <= 99):
            raise ValueError("square boards have 1-26 files and 1-99 ranks")
        self.files = files
        self.ranks = ranks
        self.id = f"square{files}x{ranks}"
        self.cell_count = files * ranks
        self._names = tuple(
            FILE_LETTERS[c % files] + str(c // files + 1) for c in range(self.cell_count)
        )
        self._by_name = {n: c for c, n in enumerate(self._names)}
        self._groups: Mapping[str, tuple[Direction, ...]] = MappingProxyType(
            {
                "orthogonal": ORTHOGONAL,
                "diagonal": DIAGONAL,
                "royal": ORTHOGONAL + DIAGONAL,
                "knight": KNIGHT,
                "forward": ((0, 1),),
                "forward-diagonal": ((-1, 1), (1, 1)),
            }
        )

    def _written(self, name: str) -> str:
        return name.lower()

    def _described(self) -> str:
        return f"{self.files}x{self.ranks} board"

    def coords(self, cell: int) -> Direction:
        return (cell % self.files, cell // self.files)

    def at(self, x: int, y: int) -> int | None:
        if 0 <= x < self.files and 0 <= y < self.ranks:
            return y * self.files + x
        return None

    @property
    def direction_groups(self) -> Mapping[str, tuple[Direction, ...]]:
        return self._groups

    def row_of(self, cell: int, seat: int) -> int:
        rank = cell // self.files
        return rank if seat % 2 == 0 else self.ranks - 1 - rank

    def file_of(self, cell: int) -> int:
        return cell % self.files

    def centre(self, cell: int) -> Point:
        x, y = self.coords(cell)
        return (x + 0.5, y + 0.5)

    def corners(self, cell: int) -> tuple[Point, ...]:
        x, y = self.coords(cell)
        return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))

    def shade(self, cell: int) -> int:
        """0 for dark squares (a1 is dark), 1 for light."""
        x, y = self.coords(cell)
        return (x + y) % 2


@cache
def square_board(files: int = 8, ranks: int = 8) -> SquareGeometry:
    """One shared geometry object per board size (their tables are cached on it)."""
    return SquareGeometry(files, ranks)
