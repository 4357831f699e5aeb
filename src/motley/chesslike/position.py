"""Chess-like positions and moves as immutable values.

A `Position` is a named tuple of bitsets: one per piece kind (both colours), one per seat,
plus the side to move, castling rights (the cells of rooks that may still castle, which
covers orthodox and Chess960 castling alike), the en-passant target, the move clocks and a
link to the previous position since the last irreversible move (for repetition).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol


class Position(NamedTuple):
    pieces: tuple[int, ...]  # per piece kind, both colours
    colours: tuple[int, int]  # per seat: the cells it occupies
    turn: int  # seat to move
    castling: int  # cells of rooks that keep their castling right
    ep: int  # en-passant target cell, or -1
    halfmove: int  # plies since the last capture or pawn move
    fullmove: int
    previous: Position | None = None  # back to the last irreversible move, for repetition

    @property
    def occupied(self) -> int:
        return self.colours[0] | self.colours[1]

    def board_key(self) -> tuple[tuple[int, ...], tuple[int, int], int, int]:
        """Placement, side to move and castling rights (repetition adds the e.p. right)."""
        return (self.pieces, self.colours, self.turn, self.castling)


def kind_on(pieces: tuple[int, ...], cell: int) -> int:
    """The kind (index into `pieces`, one bitset per kind) of the piece on `cell`, or -1."""
    bit = 1 << cell
    for kind, bits in enumerate(pieces):
        if bits & bit:
            return kind
    return -1


def owner_on(colours: tuple[int, int], cell: int) -> int:
    """The seat (0 White, 1 Black) whose piece stands on `cell`, or -1 for an empty cell."""
    bit = 1 << cell
    return 0 if colours[0] & bit else 1 if colours[1] & bit else -1


@dataclass(frozen=True, slots=True)
class Move:
    """A move from `origin` to `target`; castling is written king-takes-own-rook inside."""

    origin: int
    target: int
    promotion: str = ""  # lower-case letter of the piece a pawn becomes


class MoveLike(Protocol):
    """Anything that goes from `origin` to `target` with an optional promotion (a `Move`, a
    variant's extra step), for the kit functions that read only those."""

    @property
    def origin(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def promotion(self) -> str: ...
