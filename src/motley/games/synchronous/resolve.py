"""Carrying out moves made at the same time, by the seed's three rules.

Both moves are judged legal on the position before either is made; then every moving piece
leaves its square at once and lands:

1. on a square holding an enemy piece that did not move: that piece is captured;
2. on a square whose enemy piece moved away at the same time: nothing is captured (two
   pieces taking each other swap places, and pieces may pass through each other);
3. on the same empty square as the enemy's moving piece: both pieces are captured.

The same function carries out the blows struck together during an exchange of blows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.turnless import KING, PAWN, ROOK, TABLES, kind_on
from motley.geometry import cellset


class Leg(NamedTuple):
    """One piece's journey in a move (castling has two): its seat, squares and kind.

    Immutable values like the states; named tuples, as a playout makes some at every turn
    and they are the cheapest to make.
    """

    seat: int
    origin: int
    target: int
    kind: int  # the kind it lands as (a promoted pawn lands as its new piece)
    pawn: bool  # it set out as a pawn


class Resolution(NamedTuple):
    """The board after simultaneous moves, and what happened on the way."""

    board: Position
    legs: tuple[Leg, ...]
    landed: tuple[Leg, ...]  # the legs whose piece still stands on its target
    captures: int  # how many pieces were captured

    @property
    def progress(self) -> bool:
        """A capture or a pawn move: what resets the no-progress count."""
        return self.captures > 0 or any(leg.pawn for leg in self.legs)

    def now_at(self, seat: int, cell: int) -> int:
        """Where the `seat` piece that stood on `cell` before the moves stands now (or -1)."""
        for leg in self.legs:
            if leg.seat == seat and leg.origin == cell:
                return leg.target if leg in self.landed else -1
        return cell if (1 << cell) & self.board.colours[seat] else -1


def legs_of(pos: Position, seat: int, move: Move) -> tuple[Leg, ...]:
    """The pieces `move` carries, as played by `seat` from `pos`."""
    kind = kind_on(pos, move.origin)
    if kind == KING and pos.colours[seat] >> move.target & 1:  # castling: king takes own rook
        king_to, rook_to = TABLES.castle_squares(seat, move.origin, move.target)
        return (
            Leg(seat, move.origin, king_to, KING, False),
            Leg(seat, move.target, rook_to, ROOK, False),
        )
    lands = TABLES.kind_of_letter[move.promotion] if move.promotion else kind
    return (Leg(seat, move.origin, move.target, lands, kind == PAWN),)


def resolve(pos: Position, moves: Mapping[int, Move | None]) -> Resolution:
    """Play each seat's move (None: no move) at once from `pos`, by the three rules."""
    pieces = list(pos.pieces)
    colours = list(pos.colours)
    castling = pos.castling
    legs: list[Leg] = []
    for seat in (0, 1):  # White's legs first
        move = moves.get(seat)
        if move is not None:
            legs.extend(legs_of(pos, seat, move))
    for leg in legs:  # every moving piece leaves its square at once
        bit = 1 << leg.origin
        pieces[PAWN if leg.pawn else leg.kind] &= ~bit  # what stood there (not promoted)
        colours[leg.seat] &= ~bit
        if leg.kind == KING:
            castling &= ~TABLES.back_rank[leg.seat]
        castling &= ~bit
    targets = [leg.target for leg in legs]
    landed: list[Leg] = []
    captures = 0
    for leg in legs:
        bit = 1 << leg.target
        castling &= ~bit  # a rook taken (or displaced) at home loses its castling right
        if targets.count(leg.target) > 1:  # rule 3: both land on one empty square
            captures += 1
            continue
        enemy = leg.seat ^ 1
        if colours[enemy] & bit:  # rule 1: the enemy piece there stayed, and is taken
            pieces[TABLES.kind_at(tuple(pieces), bit)] &= ~bit
            colours[enemy] &= ~bit
            captures += 1
        pieces[leg.kind] |= bit
        colours[leg.seat] |= bit
        landed.append(leg)
    board = Position(tuple(pieces), (colours[0], colours[1]), 0, castling, -1, 0, 1)
    return Resolution(board, tuple(legs), tuple(landed), captures)


def lasting_attackers(before: Position, result: Resolution, square: int, seat: int) -> int:
    """Cells (now) of `seat`'s pieces that attacked `square` before the moves and still do.

    The seed opens an exchange of blows on a square "attacked by an opponent's piece before
    the move and ... still attacked by the same piece"; a piece that moved is followed to
    its new square, so it counts if it attacks the square from there.
    """
    after = result.board
    now = movegen.attackers(TABLES, after, square, seat, after.occupied)
    if not now:
        return 0  # nothing attacks it now: no need to follow the earlier attackers
    earlier = movegen.attackers(TABLES, before, square, seat, before.occupied)
    followed = 0
    for cell in cellset.cells(earlier):
        there = result.now_at(seat, cell)
        if there >= 0:
            followed |= 1 << there
    return now & followed
