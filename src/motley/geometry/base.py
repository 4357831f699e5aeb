"""The geometry interface shared by square boards and the 75-cell hex board.

Cells are ints 0..n-1. Each cell has integer coordinates; a direction is a coordinate step
(so hex and square boards share ray and leap machinery). Directions are written from the
point of view of seat 0 and turned for other seats by `facing`. Named direction groups
("orthogonal", "diagonal", ...) let pieces be described without coordinates.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cached_property

from motley.geometry import cellset

Direction = tuple[int, int]
Point = tuple[float, float]


class Geometry(ABC):
    """A board: cells, names, coordinates, directions, facing, regions and drawing layout."""

    #: stable identifier, e.g. "square8x8" or "hex75"
    id: str
    cell_count: int

    # -- names and coordinates ------------------------------------------------------------

    #: each cell's name, as the board writes it, and the cell of each name (set by the board)
    _names: tuple[str, ...]
    _by_name: Mapping[str, int]

    def name(self, cell: int) -> str:
        """The cell's name in the game's notation (e.g. "e4", "G5")."""
        return self._names[cell]

    def parse(self, name: str) -> int:
        """The cell with this name, in either case; raises NotationError."""
        cell = self._by_name.get(self._written(name.strip()))
        if cell is None:
            # imported here: the core package imports the geometry as it loads
            from motley.core.errors import NotationError

            raise NotationError(f"{name!r} is not a cell of the {self._described()}")
        return cell

    @abstractmethod
    def _written(self, name: str) -> str:
        """`name` in the case the board writes its names in."""

    @abstractmethod
    def _described(self) -> str:
        """The board in a few words, for errors ("8x8 board")."""

    @abstractmethod
    def coords(self, cell: int) -> Direction:
        """Integer coordinates of a cell."""

    @abstractmethod
    def at(self, x: int, y: int) -> int | None:
        """The cell at coordinates (x, y), or None off the board."""

    # -- directions -----------------------------------------------------------------------

    @property
    @abstractmethod
    def direction_groups(self) -> Mapping[str, tuple[Direction, ...]]:
        """Named sets of unit directions, from seat 0's point of view."""

    def facing(self, seat: int, direction: Direction) -> Direction:
        """A direction given from `seat`'s point of view, as a board direction.

        Two-player boards face each other across the centre: seat 1 is turned 180 degrees.
        """
        if seat % 2 == 0:
            return direction
        return (-direction[0], -direction[1])

    def step(self, cell: int, direction: Direction) -> int | None:
        x, y = self.coords(cell)
        return self.at(x + direction[0], y + direction[1])

    def ray(self, cell: int, direction: Direction, limit: int = 0) -> tuple[int, ...]:
        """Cells reached by repeating `direction` from `cell` (at most `limit` if non-zero)."""
        out: list[int] = []
        x, y = self.coords(cell)
        while not limit or len(out) < limit:
            x, y = x + direction[0], y + direction[1]
            nxt = self.at(x, y)
            if nxt is None:
                break
            out.append(nxt)
        return tuple(out)

    # -- regions --------------------------------------------------------------------------

    @abstractmethod
    def row_of(self, cell: int, seat: int) -> int:
        """The cell's row counted from `seat`'s own edge, starting at 0."""

    @cached_property
    def row_count(self) -> int:
        return 1 + max(self.row_of(c, 0) for c in range(self.cell_count))

    def row(self, index: int, seat: int) -> int:
        """The cells of row `index` (0-based from `seat`'s edge) as a cell set."""
        return cellset.of(c for c in range(self.cell_count) if self.row_of(c, seat) == index)

    @cached_property
    def all_cells(self) -> int:
        return (1 << self.cell_count) - 1

    # -- drawing --------------------------------------------------------------------------

    @abstractmethod
    def centre(self, cell: int) -> Point:
        """Centre of the cell in board units, x to the right and y up, seat 0 at the bottom."""

    @abstractmethod
    def corners(self, cell: int) -> tuple[Point, ...]:
        """The cell's outline as a polygon in the same units as `centre`."""

    @abstractmethod
    def shade(self, cell: int) -> int:
        """The cell's colour class (0/1 on a chequered board; 0/1/2 on the hex board)."""
