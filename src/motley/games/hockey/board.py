"""What Hockey Chess computes once: chess tables, the lines a puck can be passed along, the
creases, the corners and the referee's lines.

Passes follow the possessor's own movement (RULES-NOTES 4.2): a rider's puck travels along
its lines and may leave the board through an end rank into a goal cell when it crosses the
d or e file there; a knight's puck jumps (into a goal too, from the right squares); a king's
goes one step; a pawn's one step forward or diagonally forward. A bishop's puck may bounce
off the a and h files (option `bishop_bounce`), never off the end ranks.
"""

from __future__ import annotations

from functools import cache

from motley.chesslike.position import Position, kind_on, owner_on
from motley.chesslike.tables import ChessTables, orthodox_tables
from motley.geometry import cellset
from motley.geometry.square import DIAGONAL, KNIGHT, ORTHOGONAL, SquareGeometry

PAWN, KNIGHT_KIND, BISHOP, ROOK, QUEEN, KING = range(6)
LETTERS = "PNBRQK"
VALUES = (1, 3, 3, 5, 9, 4)  # for the evaluation; a king is worth a minor piece or so
SIZE = 8
ROYAL = ORTHOGONAL + DIAGONAL

Ray = tuple[int, ...]  # cells in the order a puck meets them; a goal cell (>= 64) ends it


def _goal_at(file: int, rank: int) -> int:
    """The goal cell at off-board coordinates, or -1."""
    if file in (3, 4) and rank in (-1, SIZE):
        return 64 + (file - 3) + (0 if rank < 0 else 2)
    return -1


def _cell(file: int, rank: int) -> int:
    return rank * SIZE + file


def _slide_ray(origin: int, step: tuple[int, int], bounce: bool) -> Ray:
    file, rank = origin % SIZE, origin // SIZE
    dx, dy = step
    out: list[int] = []
    while True:
        nx, ny = file + dx, rank + dy
        if not 0 <= ny < SIZE:
            goal = _goal_at(nx, ny)
            if goal >= 0:
                out.append(goal)
            return tuple(out)
        if not 0 <= nx < SIZE:
            if not bounce or dy == 0 or dx == 0:
                return tuple(out)
            dx = -dx  # off the side file: the puck comes back like a billiard ball
            nx = file + dx
        file, rank = nx, ny
        out.append(_cell(file, rank))


def _leap_rays(origin: int, steps: tuple[tuple[int, int], ...]) -> tuple[Ray, ...]:
    file, rank = origin % SIZE, origin // SIZE
    out = []
    for dx, dy in steps:
        nx, ny = file + dx, rank + dy
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            out.append((_cell(nx, ny),))
        elif _goal_at(nx, ny) >= 0:
            out.append((_goal_at(nx, ny),))
    return tuple(out)


class HockeyTables:
    """The chess tables of the orthodox pieces plus Hockey's own lookups."""

    def __init__(self, bounce: bool) -> None:
        self.chess: ChessTables = orthodox_tables()  # the rink is a chessboard (SIZE 8)
        self.geometry: SquareGeometry = self.chess.geometry
        self.letters = self.chess.letters
        # pass rays per seat, kind, origin
        rays: list[list[list[tuple[Ray, ...]]]] = []
        for seat in (0, 1):
            ahead = 1 if seat == 0 else -1
            per_kind: list[list[tuple[Ray, ...]]] = []
            for kind in range(6):
                per_cell: list[tuple[Ray, ...]] = []
                for origin in range(64):
                    if kind == PAWN:
                        per_cell.append(_leap_rays(origin, ((0, ahead), (-1, ahead), (1, ahead))))
                    elif kind == KNIGHT_KIND:
                        per_cell.append(_leap_rays(origin, KNIGHT))
                    elif kind == KING:
                        per_cell.append(_leap_rays(origin, ROYAL))
                    else:
                        steps = {BISHOP: DIAGONAL, ROOK: ORTHOGONAL, QUEEN: ROYAL}[kind]
                        flip = bounce and kind == BISHOP
                        lines = (_slide_ray(origin, s, flip) for s in steps)
                        # from a side file, the bounced line repeats the other diagonal
                        per_cell.append(tuple(dict.fromkeys(r for r in lines if r)))
                per_kind.append(per_cell)
            rays.append(per_kind)
        self.pass_rays = rays
        # the crease of each seat's goal: the squares in front of it and diagonally from it
        self.crease = (
            cellset.of(_cell(f, 0) for f in (2, 3, 4, 5)),
            cellset.of(_cell(f, SIZE - 1) for f in (2, 3, 4, 5)),
        )
        self.corners = cellset.of((0, 7, 56, 63))
        self.end_ranks = self.chess.back_rank[0] | self.chess.back_rank[1]
        self.light = cellset.of(c for c in range(64) if (c % SIZE + c // SIZE) % 2 == 1)
        # referee lines: per distance 1-6, per cell, the squares exactly that far on a line
        self.ref_targets = tuple(
            tuple(
                cellset.of(
                    _cell(c % SIZE + dx * d, c // SIZE + dy * d)
                    for dx, dy in ROYAL
                    if 0 <= c % SIZE + dx * d < SIZE and 0 <= c // SIZE + dy * d < SIZE
                )
                for c in range(64)
            )
            for d in range(7)
        )


@cache
def hockey_tables(bounce: bool) -> HockeyTables:
    return HockeyTables(bounce)


def kind_at(board: Position, cell: int) -> int:
    return kind_on(board.pieces, cell)


def owner_at(board: Position, cell: int) -> int:
    return owner_on(board.colours, cell)


def lift(board: Position, cell: int, kind: int, seat: int) -> Position:
    """`board` without the piece (`kind` of `seat`) on `cell`."""
    mask = ~(1 << cell)
    pieces = list(board.pieces)
    pieces[kind] &= mask
    colours = [board.colours[0], board.colours[1]]
    colours[seat] &= mask
    return board._replace(pieces=tuple(pieces), colours=(colours[0], colours[1]))


def put(board: Position, cell: int, kind: int, seat: int) -> Position:
    """`board` with a piece (`kind` of `seat`) on the empty square `cell`."""
    bit = 1 << cell
    pieces = list(board.pieces)
    pieces[kind] |= bit
    colours = [board.colours[0], board.colours[1]]
    colours[seat] |= bit
    return board._replace(pieces=tuple(pieces), colours=(colours[0], colours[1]))
