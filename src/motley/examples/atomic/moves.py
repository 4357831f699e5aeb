"""Atomic chess's mechanics over the chess kit's positions: the blast, check, castling.

Plain functions of the kit's tables and positions, so the rules object (`rules.py`) and the
presentation (`present.py`) share them without importing each other.
"""

from __future__ import annotations

from collections.abc import Iterator

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.geometry.square import SquareGeometry
from motley.pieces.movement import leaps

# the eight cells around a cell: the reach of a blast, and of a king
AROUND = frozenset((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0))


def rings(geometry: SquareGeometry) -> tuple[int, ...]:
    """For each cell, the cells around it."""
    return leaps(geometry, AROUND)


def is_capture(t: ChessTables, before: Position, move: Move) -> bool:
    """Whether `move` takes a piece (en passant included; castling takes the mover's own rook)."""
    if (1 << move.target) & before.colours[before.turn ^ 1]:
        return True
    return move.target == before.ep and bool((1 << move.origin) & before.pieces[t.pawn])


def explode(
    t: ChessTables,
    ring: tuple[int, ...],
    before: Position,
    move: Move,
    after: Position,
    centre: int,
) -> Position:
    """`after` with the blast of a capture: the capturing piece, and every piece but a pawn on
    the cells around `centre` (the capture square), leave the board."""
    if not is_capture(t, before, move):
        return after
    blast = (ring[centre] & ~after.pieces[t.pawn]) | 1 << move.target
    keep = ~blast
    castling = after.castling & keep  # a rook blown up takes its castling right along
    for seat in (0, 1):
        if blast & after.colours[seat] & after.pieces[t.royal]:  # and a king, all its side's
            castling &= ~t.back_rank[seat]
    return after._replace(
        pieces=tuple(bits & keep for bits in after.pieces),
        colours=(after.colours[0] & keep, after.colours[1] & keep),
        castling=castling,
    )


def attacked(
    t: ChessTables, ring: tuple[int, ...], pos: Position, cell: int, seat: int, occupied: int
) -> bool:
    """Whether `seat`'s pieces could take a king standing on `cell`. A king takes nothing,
    and no piece may take a king standing next to its own king: that blast would kill both."""
    enemy_king = movegen.king_cell(t, pos, seat)
    if enemy_king >= 0 and ring[enemy_king] >> cell & 1:
        return False
    found = movegen.attackers(t, pos, cell, seat, occupied)
    return bool(found & ~pos.pieces[t.royal])


def in_check(t: ChessTables, ring: tuple[int, ...], pos: Position, seat: int) -> bool:
    """Atomic check: `seat`'s king could be taken (never while the two kings touch)."""
    king = movegen.king_cell(t, pos, seat)
    return king >= 0 and attacked(t, ring, pos, king, seat ^ 1, pos.occupied)


def castlings(t: ChessTables, ring: tuple[int, ...], pos: Position) -> Iterator[Move]:
    """Castling as chess allows it, with check judged the atomic way: the king may not start
    on or cross a cell an enemy piece could take it on, unless that cell touches the enemy
    king. Where it lands is judged with the rest of the move (`rules.Atomic.is_move_legal`)."""
    turn = pos.turn
    king = movegen.king_cell(t, pos, turn)
    if king < 0 or not (1 << king) & t.back_rank[turn]:
        return
    us = pos.colours[turn]
    occupied = pos.occupied
    king_bit = 1 << king
    rooks = pos.castling & us & t.back_rank[turn] & pos.pieces[t.rook]
    while rooks:
        rook_bit = rooks & -rooks
        rooks ^= rook_bit
        rook = rook_bit.bit_length() - 1
        king_to, rook_to = t.castle_squares(turn, king, rook)
        paths = t.between[king][king_to] | t.between[rook][rook_to] | 1 << king_to | 1 << rook_to
        if (occupied ^ king_bit ^ rook_bit) & paths:
            continue
        # never out of check, even where the king stays put (Chess960)
        crossed = t.between[king][king_to] & ~(1 << king_to) | king_bit
        if not any(
            attacked(t, ring, pos, cell, turn ^ 1, occupied ^ king_bit)
            for cell in range(t.n)
            if crossed >> cell & 1
        ):
            yield t.moves[king][rook]
