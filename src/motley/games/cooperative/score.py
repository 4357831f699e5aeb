"""Cooperative Chess's score (seed 002, Cooperative Chess, Winning), written once for the
rules and the table."""

from __future__ import annotations

from motley.chesslike.position import Position
from motley.chesslike.turnless import has_king

PIECES = 32
BONUS = 10  # points per piece type wiped out, once a king is captured
LOSS_BELOW = 32  # "Anything lower than 32 points is a loss,
GREAT_ABOVE = 50  # anything higher than 50 points is great!"


def captured(board: Position) -> int:
    return PIECES - board.occupied.bit_count()


def wiped(board: Position) -> int:
    """Piece types no longer on the board, both colours."""
    return sum(1 for bits in board.pieces if not bits)


def king_taken(board: Position) -> bool:
    return not (has_king(board, 0) and has_king(board, 1))


def points(board: Position) -> int:
    """A point per piece captured; once a king is captured, ten more for each piece type no
    longer on the board (both colours)."""
    return captured(board) + (BONUS * wiped(board) if king_taken(board) else 0)
