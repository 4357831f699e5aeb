"""Movement compiled into lookup tables for one geometry and one seat.

A leaper becomes one target set per cell. A rider becomes, per cell, a few "lines" (a
direction, or a pair of opposite directions): a mask of the cells that can block it and a dict
from the blockers actually present to the cells it reaches. One dict lookup per line replaces
walking the ray, which is what makes pure-Python move generation fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from motley.geometry import cellset
from motley.geometry.base import Direction, Geometry
from motley.pieces.betza import Atom

Line = tuple[int, dict[int, int]]  # (mask of possible blockers, blockers -> reached cells)


@dataclass(frozen=True, eq=False)
class Slider:
    """Riders along `vectors` (at most `limit` steps; 0 = unlimited), as per-cell line tables."""

    vectors: frozenset[Direction]
    limit: int
    lines: tuple[tuple[Line, ...], ...]

    def attacks(self, cell: int, occupied: int) -> int:
        reached = 0
        for mask, table in self.lines[cell]:
            reached |= table[occupied & mask]
        return reached


@cache
def leaps(geometry: Geometry, vectors: frozenset[Direction]) -> tuple[int, ...]:
    """For each cell, the cells one leap away along `vectors`."""
    out = []
    for cell in range(geometry.cell_count):
        targets = (geometry.step(cell, v) for v in vectors)
        out.append(cellset.of(t for t in targets if t is not None))
    return tuple(out)


def _walk(ray: tuple[int, ...], occupied: int) -> int:
    reached = 0
    for cell in ray:
        reached |= 1 << cell
        if occupied >> cell & 1:
            break
    return reached


@cache
def slider(geometry: Geometry, vectors: frozenset[Direction], limit: int = 0) -> Slider:
    """The line tables for riding along `vectors` on `geometry`."""
    pairs: list[tuple[Direction, ...]] = []
    for v in sorted(vectors):
        opposite = (-v[0], -v[1])
        if any(v in p for p in pairs):
            continue
        pairs.append((v, opposite) if opposite in vectors else (v,))
    per_cell = []
    for cell in range(geometry.cell_count):
        lines = []
        for pair in pairs:
            rays = [geometry.ray(cell, v, limit) for v in pair]
            rays = [r for r in rays if r]
            if not rays:
                continue
            mask = cellset.of(c for r in rays for c in r[:-1])
            table = {occ: _reach(rays, occ) for occ in cellset.subsets(mask)}
            lines.append((mask, table))
        per_cell.append(tuple(lines))
    return Slider(vectors, limit, tuple(per_cell))


def _reach(rays: Iterable[tuple[int, ...]], occupied: int) -> int:
    reached = 0
    for ray in rays:
        reached |= _walk(ray, occupied)
    return reached


@dataclass(frozen=True, eq=False)
class Movement:
    """One piece type's moves for one seat: leap tables and sliders, split by modality."""

    quiet_leaps: tuple[int, ...]
    capture_leaps: tuple[int, ...]
    quiet_sliders: tuple[Slider, ...]
    capture_sliders: tuple[Slider, ...]

    @property
    def symmetric(self) -> bool:
        """True when it moves and captures alike (everything but pawn-like pieces)."""
        return self.quiet_leaps == self.capture_leaps and self.quiet_sliders == self.capture_sliders

    def quiet(self, cell: int, occupied: int) -> int:
        reached = self.quiet_leaps[cell]
        for s in self.quiet_sliders:
            reached |= s.attacks(cell, occupied)
        return reached

    def captures(self, cell: int, occupied: int) -> int:
        reached = self.capture_leaps[cell]
        for s in self.capture_sliders:
            reached |= s.attacks(cell, occupied)
        return reached


def oriented(
    geometry: Geometry, seat: int, atom: Atom, reverse: bool = False
) -> frozenset[Direction]:
    """The atom's vectors as board directions for `seat` (negated for `reverse` lookups)."""
    vectors = (geometry.facing(seat, v) for v in atom.vectors)
    if reverse:
        return frozenset((-x, -y) for x, y in vectors)
    return frozenset(vectors)


def compile_movement(geometry: Geometry, seat: int, atoms: Iterable[Atom]) -> Movement:
    atom_list = list(atoms)
    n = geometry.cell_count

    def leap_table(want_capture: bool) -> tuple[int, ...]:
        table = [0] * n
        for atom in atom_list:
            if atom.rider or not (atom.captures if want_capture else atom.moves):
                continue
            for cell, targets in enumerate(leaps(geometry, oriented(geometry, seat, atom))):
                table[cell] |= targets
        return tuple(table)

    def sliders(want_capture: bool) -> tuple[Slider, ...]:
        return tuple(
            slider(geometry, oriented(geometry, seat, atom), atom.range)
            for atom in atom_list
            if atom.rider and (atom.captures if want_capture else atom.moves)
        )

    return Movement(leap_table(False), leap_table(True), sliders(False), sliders(True))
