"""The 75-cell hexagonal board of Imperial Hex Chess (seed 003; RULES-NOTES section 2.1).

Thirteen rows A (White's end) to M (Black's end) hold 3, 4, ... 9, ... 4, 3 cells. A cell's
number is a fixed index q = 1..9 across the whole board, so row r (A = 1) holds
q = max(1, r - 6) .. min(9, r + 2): row A is A1-A3, row G is G1-G9, row M is M7-M9. This is
the only layout that gives the text's "A1 to M9" and its 25 cells of each colour.

Coordinates are (q, r). The six cells sharing an edge with (q, r) are (q +- 1, r),
(q, r +- 1), (q + 1, r + 1) and (q - 1, r - 1). Rows run across the board and the hexes point
towards the players, so "straight ahead" leaves a cell through a corner: (q + 1, r + 2).
Corner steps, (q + 1, r + 2), (q + 2, r + 1), (q - 1, r + 1) and their opposites, pass
between two cells and land on the nearest cells of the same colour.

Colour = (q + r) mod 3: 0 white, 1 red, 2 blue, which makes A1 blue, A2 white and A3 red as
the text says. Turning the board 180 degrees maps (q, r) to (10 - q, 14 - r), swapping red
and blue; seat 1 faces seat 0 across the board, so its directions are seat 0's negated.

For drawing, hexes have circumradius 1 with a corner pointing at each player: the board
spans x in [0, 9 * sqrt 3] and y in [0, 20], White's row A at the bottom.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from motley.geometry import cellset
from motley.geometry.base import Direction, Geometry, Point

ROWS = 13
ROW_LETTERS = "ABCDEFGHIJKLM"

WHITE, RED, BLUE = 0, 1, 2
COLOUR_NAMES = ("white", "red", "blue")

SIDEWAYS: tuple[Direction, ...] = ((-1, 0), (1, 0))
STRAIGHT: tuple[Direction, ...] = ((1, 2), (-1, -2))  # straight ahead / back, through corners
DIAGONAL: tuple[Direction, ...] = ((0, 1), (1, 1), (0, -1), (-1, -1))  # fl, fr, bl, br edges
EDGE: tuple[Direction, ...] = SIDEWAYS + DIAGONAL
CORNER: tuple[Direction, ...] = ((1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1))

_SQRT3 = math.sqrt(3.0)


def hex_distance(dq: int, dr: int) -> int:
    """Steps across edges between two cells `(dq, dr)` apart."""
    if (dq >= 0) == (dr >= 0):
        return max(abs(dq), abs(dr))
    return abs(dq) + abs(dr)


def _knight_vectors() -> tuple[Direction, ...]:
    """The 12 nearest cells that lie on no line through edges or corners (3 steps away)."""
    ring = [(dq, dr) for dq in range(-3, 4) for dr in range(-3, 4) if hex_distance(dq, dr) == 3]
    on_edge_line = {(3 * q, 3 * r) for q, r in EDGE}
    return tuple(sorted(v for v in ring if v not in on_edge_line))


KNIGHT: tuple[Direction, ...] = _knight_vectors()


def passes_over_a_cell(vector: Direction) -> bool:
    """True when a single move along `vector` crosses a cell: anything but an edge or corner step.

    Edge steps go to a neighbour; corner steps pass between two cells through their shared
    corner. Any longer leap crosses at least one cell, which is what "jumping" means.
    """
    return vector not in EDGE and vector not in CORNER


class HexGeometry(Geometry):
    """The 75-cell board; cells are numbered row by row from A1 (0) to M9 (74)."""

    def __init__(self) -> None:
        self.id = "hex75"
        coords: list[Direction] = []
        for r in range(1, ROWS + 1):
            for q in range(max(1, r - 6), min(9, r + 2) + 1):
                coords.append((q, r))
        self._coords = tuple(coords)
        self.cell_count = len(coords)
        self._index = {qr: cell for cell, qr in enumerate(coords)}
        self._names = tuple(f"{ROW_LETTERS[r - 1]}{q}" for q, r in coords)
        self._by_name = {name: cell for cell, name in enumerate(self._names)}
        self._rows = tuple(
            cellset.of(c for c, (_, r) in enumerate(coords) if r == row)
            for row in range(1, ROWS + 1)
        )
        self._groups: Mapping[str, tuple[Direction, ...]] = MappingProxyType(
            {
                "edge": EDGE,
                "corner": CORNER,
                "sideways": SIDEWAYS,
                "straight": STRAIGHT,
                "orthogonal": SIDEWAYS + STRAIGHT,
                "diagonal": DIAGONAL,
                "royal": SIDEWAYS + STRAIGHT + DIAGONAL,
                "knight": KNIGHT,
                "forward": ((1, 2),),
                "forward-diagonal": ((0, 1), (1, 1)),
                "backward-diagonal": ((0, -1), (-1, -1)),
            }
        )

    # -- names and coordinates ------------------------------------------------------------

    def _written(self, name: str) -> str:
        return name.upper()

    def _described(self) -> str:
        return "hex board (A1 to M9)"

    def coords(self, cell: int) -> Direction:
        return self._coords[cell]

    def at(self, x: int, y: int) -> int | None:
        return self._index.get((x, y))

    # -- directions -----------------------------------------------------------------------

    @property
    def direction_groups(self) -> Mapping[str, tuple[Direction, ...]]:
        return self._groups

    def rotate(self, cell: int) -> int:
        """The cell opposite `cell` when the board is turned 180 degrees."""
        q, r = self._coords[cell]
        return self._index[(10 - q, 14 - r)]

    def mirror(self, cell: int) -> int:
        """The cell reflected in the centre line (A2, C3, E4, ... M8), within its row."""
        q, r = self._coords[cell]
        low, high = max(1, r - 6), min(9, r + 2)
        return self._index[(low + high - q, r)]

    # -- regions --------------------------------------------------------------------------

    def row_of(self, cell: int, seat: int) -> int:
        r = self._coords[cell][1]
        return r - 1 if seat % 2 == 0 else ROWS - r

    def row(self, index: int, seat: int) -> int:
        """The cells of row `index` (0-based from `seat`'s edge) as a cell set."""
        if not 0 <= index < ROWS:
            return 0
        return self._rows[index if seat % 2 == 0 else ROWS - 1 - index]

    def colour_cells(self, colour: int) -> int:
        """Every cell of one colour (WHITE, RED or BLUE) as a cell set."""
        return cellset.of(c for c in range(self.cell_count) if self.shade(c) == colour)

    @property
    def centre_line(self) -> tuple[int, ...]:
        """The cells the centre line runs through, from A2 to M8."""
        return tuple(c for c in range(self.cell_count) if self.mirror(c) == c)

    @property
    def regions(self) -> Mapping[str, int]:
        """Named cell sets: the three colours and the centre line."""
        return MappingProxyType(
            {
                "white": self.colour_cells(WHITE),
                "red": self.colour_cells(RED),
                "blue": self.colour_cells(BLUE),
                "centre-line": cellset.of(self.centre_line),
            }
        )

    # -- drawing --------------------------------------------------------------------------

    def centre(self, cell: int) -> Point:
        q, r = self._coords[cell]
        return (_SQRT3 * (q - r / 2 + 3), 1.5 * (r - 1) + 1.0)

    def corners(self, cell: int) -> tuple[Point, ...]:
        """The six corners, counter-clockwise from the one pointing at Black."""
        x, y = self.centre(cell)
        return tuple(
            (x + math.cos(math.radians(90 + 60 * i)), y + math.sin(math.radians(90 + 60 * i)))
            for i in range(6)
        )

    def half_columns(self, cell: int) -> int:
        """The cell's centre in half-cell widths from the left edge (an integer, for text)."""
        q, r = self._coords[cell]
        return 2 * q - r + 6

    def shade(self, cell: int) -> int:
        """0 white, 1 red, 2 blue."""
        q, r = self._coords[cell]
        return (q + r) % 3

    def colour_name(self, cell: int) -> str:
        return COLOUR_NAMES[self.shade(cell)]


@cache
def hex_board() -> HexGeometry:
    """The one shared hex board (movement tables are cached on it)."""
    return HexGeometry()
