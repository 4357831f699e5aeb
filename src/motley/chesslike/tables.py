"""Everything about a chess-like game that can be computed before the first move.

`ChessTables` compiles a piece set on a square board: movement per seat and kind, attack
lookups grouped by shared atoms (a queen and a rook share the orthogonal rider), the cells
between two cells on a line, pawn rows, castling destinations and one shared `Move` object
per (origin, target, promotion), so move generation looks moves up instead of building them.
"""

from __future__ import annotations

from functools import cache

from motley.chesslike.position import Move
from motley.geometry import cellset
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.betza import Atom
from motley.pieces.catalogue import ORTHODOX, PieceType
from motley.pieces.movement import Slider, compile_movement, leaps, oriented, slider

AttackLeaps = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # (per-cell table, kinds)
AttackSliders = tuple[tuple[Slider, tuple[int, ...]], ...]


class ChessTables:
    """Precomputed tables for one board and piece set (shared by every position)."""

    def __init__(
        self, geometry: SquareGeometry, kinds: tuple[PieceType, ...], promotions: tuple[str, ...]
    ) -> None:
        self.geometry = geometry
        self.kinds = kinds
        self.n = geometry.cell_count
        self.all_cells = (1 << self.n) - 1
        self.letters = tuple(k.letter for k in kinds)
        self.kind_of_letter = {k.letter.lower(): i for i, k in enumerate(kinds)}
        self.pawn = next((i for i, k in enumerate(kinds) if k.pawn), -1)
        self.royal = next((i for i, k in enumerate(kinds) if k.royal), -1)
        self.rook = self.kind_of_letter.get("r", -1)
        self.promotions = promotions
        self.promotion_kinds = {p: self.kind_of_letter[p] for p in promotions}
        self.others = tuple(i for i in range(len(kinds)) if i not in (self.pawn, self.royal))

        seats = (0, 1)
        self.movement = tuple(
            tuple(compile_movement(geometry, s, k.atoms) for k in kinds) for s in seats
        )
        self.symmetric = tuple(tuple(m.symmetric for m in per) for per in self.movement)
        self.attack_leaps: tuple[AttackLeaps, AttackLeaps] = (
            self._attack_leaps(0),
            self._attack_leaps(1),
        )
        self.attack_sliders: tuple[AttackSliders, AttackSliders] = (
            self._attack_sliders(0),
            self._attack_sliders(1),
        )
        self.between = self._between()

        ranks = geometry.ranks
        self.back_rank = (geometry.row(0, 0), geometry.row(0, 1))
        self.promotion_zone = (geometry.row(ranks - 1, 0), geometry.row(ranks - 1, 1))
        self.double_step_rows = (geometry.row(1, 0), geometry.row(1, 1))
        forward = (geometry.facing(0, (0, 1)), geometry.facing(1, (0, 1)))
        self.pawn_push = tuple(
            tuple(_or(geometry.step(c, forward[s])) for c in range(self.n)) for s in seats
        )
        # the pawn taken en passant stands one step behind the target, seen from the capturer
        self.ep_victim = tuple(
            tuple(_or(geometry.step(c, (-forward[s][0], -forward[s][1]))) for c in range(self.n))
            for s in seats
        )
        self._castle = self._castle_table()
        self.moves = tuple(tuple(Move(o, t) for t in range(self.n)) for o in range(self.n))
        self.promotion_moves = {
            (o, t): tuple(Move(o, t, p) for p in promotions)
            for o in range(self.n)
            for t in range(self.n)
            if abs(geometry.coords(o)[0] - geometry.coords(t)[0]) <= 2
        }

    # -- construction helpers ---------------------------------------------------------------

    def _capture_atoms(self, seat: int) -> list[tuple[Atom, int]]:
        return [(a, i) for i, k in enumerate(self.kinds) for a in k.atoms if a.captures]

    def _attack_leaps(self, seat: int) -> AttackLeaps:
        """Leap atoms of `seat`, reversed: table[c] = cells from which they attack c."""
        groups: dict[frozenset[tuple[int, int]], list[int]] = {}
        for atom, kind in self._capture_atoms(seat):
            if atom.rider:
                continue
            key = oriented(self.geometry, seat, atom, reverse=True)
            groups.setdefault(key, [])
            if kind not in groups[key]:
                groups[key].append(kind)
        return tuple((leaps(self.geometry, key), tuple(k)) for key, k in groups.items())

    def _attack_sliders(self, seat: int) -> AttackSliders:
        groups: dict[tuple[frozenset[tuple[int, int]], int], list[int]] = {}
        for atom, kind in self._capture_atoms(seat):
            if not atom.rider:
                continue
            key = (oriented(self.geometry, seat, atom, reverse=True), atom.range)
            groups.setdefault(key, [])
            if kind not in groups[key]:
                groups[key].append(kind)
        return tuple((slider(self.geometry, v, r), tuple(k)) for (v, r), k in groups.items())

    def _between(self) -> tuple[tuple[int, ...], ...]:
        """between[a][b]: the cells strictly between a and b on a rider's line, else 0."""
        table = [[0] * self.n for _ in range(self.n)]
        directions = {
            v
            for kind in self.kinds
            for atom in kind.atoms
            if atom.rider
            for s in (0, 1)
            for v in oriented(self.geometry, s, atom)
        }
        for a in range(self.n):
            for v in directions:
                passed = 0
                for b in self.geometry.ray(a, v):
                    table[a][b] = passed
                    passed |= 1 << b
        return tuple(tuple(row) for row in table)

    # -- lookups ----------------------------------------------------------------------------

    def kind_at(self, pieces: tuple[int, ...], bit: int) -> int:
        for kind, bits in enumerate(pieces):
            if bits & bit:
                return kind
        return -1

    def castle_squares(self, seat: int, king: int, rook: int) -> tuple[int, int]:
        """Where king and rook end when castling with the rook on `rook`."""
        return self._castle[seat][rook < king]

    def _castle_table(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        # castling ends on the orthodox squares: king on c/g, rook on d/f (Chess960 too);
        # indexed [seat][rook is on the a-side]
        files = self.geometry.files
        table = []
        for seat in (0, 1):
            base = cellset.first(self.back_rank[seat])
            table.append(((base + files - 2, base + files - 3), (base + 2, base + 3)))
        return tuple(table)


def _or(cell: int | None) -> int:
    return -1 if cell is None else cell


@cache
def chess_tables(
    geometry: SquareGeometry, kinds: tuple[PieceType, ...], promotions: tuple[str, ...]
) -> ChessTables:
    return ChessTables(geometry, kinds, promotions)


#: the orthodox promotion choices, in order of value
PROMOTIONS = ("q", "r", "b", "n")


@cache
def orthodox_tables() -> ChessTables:
    """The orthodox army on the 8x8 board, compiled once and shared by every game using it."""
    return chess_tables(square_board(8, 8), ORTHODOX, PROMOTIONS)
