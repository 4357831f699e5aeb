"""The piece catalogue: each piece type as data (letter, Betza movement, value)."""

from __future__ import annotations

from dataclasses import dataclass

from motley.pieces.betza import Atom, parse


@dataclass(frozen=True)
class PieceType:
    """A kind of piece. `royal` pieces are the ones check and mate are about."""

    name: str
    letter: str  # upper-case FEN letter
    betza: str
    value: int  # in centipawns, for evaluation
    royal: bool = False
    pawn: bool = False  # gets the pawn extras: double step, en passant, promotion

    @property
    def atoms(self) -> tuple[Atom, ...]:
        return parse(self.betza)


PAWN = PieceType("pawn", "P", "mfWcfF", 100, pawn=True)
KNIGHT = PieceType("knight", "N", "N", 320)
BISHOP = PieceType("bishop", "B", "B", 330)
ROOK = PieceType("rook", "R", "R", 500)
QUEEN = PieceType("queen", "Q", "Q", 900)
KING = PieceType("king", "K", "K", 0, royal=True)

ORTHODOX: tuple[PieceType, ...] = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
