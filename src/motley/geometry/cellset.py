"""Sets of cells as Python ints: bit n set means cell n is in the set.

Ints are immutable, hashable and combine with `| & ^ ~` in C, which makes them the fastest
set type pure Python has for boards of any size.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CellSet = int
EMPTY: CellSet = 0


def of(cells: Iterable[int]) -> CellSet:
    bits = 0
    for cell in cells:
        bits |= 1 << cell
    return bits


def cells(bits: CellSet) -> Iterator[int]:
    """The cells of `bits` in ascending order."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def first(bits: CellSet) -> int:
    """The lowest cell of a non-empty set."""
    return (bits & -bits).bit_length() - 1


def last(bits: CellSet) -> int:
    """The highest cell of a non-empty set."""
    return bits.bit_length() - 1


def count(bits: CellSet) -> int:
    return bits.bit_count()


def subsets(mask: CellSet) -> Iterator[CellSet]:
    """Every subset of `mask` (the carry-rippler), the empty set included."""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if subset == 0:
            return
