"""Everything about a piece table that can be computed before the first move.

Strides become the shared lookup tables of `motley.pieces.movement` (one target set per cell
for single steps, line tables for slides), once per seat. Attacks are looked up backwards:
the cells from which a piece of some kind would attack a cell are that kind's capture strides
turned around, walked from the attacked cell with the same blockers.
"""

from __future__ import annotations

from functools import cache

from motley.games.imperial_hex.pieces import KINDS, PAWN, PieceTable, Stride
from motley.games.imperial_hex.state import Move
from motley.geometry.base import Direction
from motley.geometry.hex import HexGeometry
from motley.pieces.betza import Atom
from motley.pieces.movement import Movement, Slider, compile_movement

AttackTable = tuple[tuple[int, tuple[int, ...], tuple[Slider, ...]], ...]


def _atom(vectors: frozenset[Direction], stride: Stride, moves: bool, captures: bool) -> Atom:
    rider = stride.range != 1
    return Atom(vectors, rider, stride.range if rider else 1, moves, captures)


class HexTables:
    """Movement, backward attack lookups, pawn double steps and promotion rows for one table."""

    def __init__(self, geometry: HexGeometry, table: PieceTable) -> None:
        self.geometry = geometry
        self.table = table
        self.n = geometry.cell_count
        seats = (0, 1)
        self.movement: tuple[tuple[Movement, ...], ...] = tuple(
            tuple(
                compile_movement(
                    geometry,
                    seat,
                    [_atom(s.vectors, s, s.moves, s.captures) for s in table.strides[kind]],
                )
                for kind in KINDS
            )
            for seat in seats
        )
        self.attacks_from: tuple[AttackTable, AttackTable] = (
            self._attack_table(0),
            self._attack_table(1),
        )
        # cells whose emptying could open a line onto a king of `seat` standing on a cell
        self.open_lines: tuple[tuple[int, ...], tuple[int, ...]] = (
            self._open_lines(0),
            self._open_lines(1),
        )
        self.double_steps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
            self._double_steps(seat) for seat in seats
        )
        # "On reaching the 11th row ... or proceeding to the 12th row": rows 11 and 12 (and
        # 13, should a table let a pawn skip row 12) counted from each player's own end
        self.minor_row = (geometry.row(10, 0), geometry.row(10, 1))
        self.major_rows = (
            geometry.row(11, 0) | geometry.row(12, 0),
            geometry.row(11, 1) | geometry.row(12, 1),
        )
        self.fourth_row = (geometry.row(3, 0), geometry.row(3, 1))
        # one shared Move per (origin, target) for moves without promotion or en passant
        self.plain_moves = tuple(
            tuple(Move(origin, target) for target in range(self.n)) for origin in range(self.n)
        )

    def _attack_table(self, seat: int) -> AttackTable:
        """Per kind: single-step and slide lookups from an attacked cell back to attackers."""
        g = self.geometry
        out = []
        for kind in KINDS:
            atoms = []
            for stride in self.table.strides[kind]:
                if not stride.captures:
                    continue
                backwards = frozenset(
                    (-dq, -dr) for dq, dr in (g.facing(seat, v) for v in stride.vectors)
                )
                atoms.append(_atom(backwards, stride, False, True))
            movement = compile_movement(g, 0, atoms)  # seat 0: the vectors are already turned
            out.append((kind, movement.capture_leaps, movement.capture_sliders))
        return tuple(out)

    def _open_lines(self, seat: int) -> tuple[int, ...]:
        enemy = self.attacks_from[seat ^ 1]
        lines = [0] * self.n
        for cell in range(self.n):
            for _, _, sliders in enemy:
                for s in sliders:
                    lines[cell] |= s.attacks(cell, 0)
        return tuple(lines)

    def _double_steps(self, seat: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per cell of the seat's 4th row: (passed cell, arrival) for each two-cell pawn step."""
        g = self.geometry
        steps = [g.facing(seat, v) for v in self.table.quiet_steps(PAWN)]
        singles = set(steps)
        out: list[tuple[tuple[int, int], ...]] = []
        for cell in range(self.n):
            pairs = []
            if g.row_of(cell, seat) == 3:
                for dq, dr in steps:
                    if (2 * dq, 2 * dr) in singles:
                        continue  # already a single step: no square is passed
                    mid = g.step(cell, (dq, dr))
                    end = g.step(cell, (2 * dq, 2 * dr))
                    if mid is not None and end is not None:
                        pairs.append((mid, end))
            out.append(tuple(pairs))
        return tuple(out)

    def attackers(
        self, cell: int, seat: int, occupied: int, pieces: tuple[int, ...], side: int
    ) -> int:
        """The cells of `seat`'s pieces (those in `side`) attacking `cell`, given `occupied`."""
        found = 0
        for kind, leaps, sliders in self.attacks_from[seat]:
            bits = pieces[kind] & side
            if not bits:
                continue
            reach = leaps[cell]
            for s in sliders:
                reach |= s.attacks(cell, occupied)
            found |= reach & bits
        return found

    def kind_at(self, pieces: tuple[int, ...], bit: int) -> int:
        for kind in KINDS:
            if pieces[kind] & bit:
                return kind
        return -1


@cache
def hex_tables(geometry: HexGeometry, table: PieceTable) -> HexTables:
    """One set of tables per (board, piece table); piece tables compare by value."""
    return HexTables(geometry, table)
