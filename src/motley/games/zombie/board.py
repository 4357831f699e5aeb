"""Board operations Zombie Chess needs beyond orthodox chess.

A zombie horde makes several moves in one turn, so a move here keeps the side to move (the
orthodox `make_move` passes the turn); pieces also appear (a zombie returning) and vanish
(a zombie destroyed) without moving.
"""

from __future__ import annotations

from typing import NamedTuple

from motley.chesslike.make import make_move
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables


class Step(NamedTuple):
    """What one move did, besides the new position."""

    board: Position
    origins: tuple[int, ...]  # squares left (king then rook when castling)
    targets: tuple[int, ...]  # squares the moving pieces now stand on
    captured_cell: int  # -1 if nothing was captured
    captured_letter: str
    double_step: int  # the en-passant square a pawn's double step opens, or -1
    pawn_moved: bool


def letter_at(t: ChessTables, pos: Position, cell: int) -> str:
    kind = t.kind_at(pos.pieces, 1 << cell)
    return t.letters[kind] if kind >= 0 else ""


def place(t: ChessTables, pos: Position, cell: int, letter: str, colour: int) -> Position:
    """`pos` with a `colour` piece of `letter` on the empty square `cell`."""
    bit = 1 << cell
    pieces = list(pos.pieces)
    pieces[t.kind_of_letter[letter.lower()]] |= bit
    colours = list(pos.colours)
    colours[colour] |= bit
    return pos._replace(pieces=tuple(pieces), colours=(colours[0], colours[1]))


def remove(t: ChessTables, pos: Position, cell: int) -> Position:
    """`pos` without whatever stands on `cell`."""
    keep = ~(1 << cell)
    return pos._replace(
        pieces=tuple(bits & keep for bits in pos.pieces),
        colours=(pos.colours[0] & keep, pos.colours[1] & keep),
        castling=pos.castling & keep,
    )


def ep_still_open(t: ChessTables, pos: Position) -> int:
    """The mover's en-passant square if the pawn it would take is still there, else -1."""
    ep = pos.ep
    if ep < 0 or (1 << ep) & pos.occupied:
        return -1
    victim = t.ep_victim[pos.turn][ep]
    enemy_pawns = pos.pieces[t.pawn] & pos.colours[pos.turn ^ 1]
    return ep if victim >= 0 and (1 << victim) & enemy_pawns else -1


def step(t: ChessTables, pos: Position, move: Move) -> Step:
    """Play `move` (pseudo-legal) for the side to move, who keeps the move."""
    turn = pos.turn
    origin_bit = 1 << move.origin
    target_bit = 1 << move.target
    origins: tuple[int, ...]
    targets: tuple[int, ...]
    captured_cell = -1
    captured_letter = ""
    pawn_moved = bool(origin_bit & pos.pieces[t.pawn])
    if target_bit & pos.colours[turn]:  # castling is written king-takes-own-rook
        king_to, rook_to = t.castle_squares(turn, move.origin, move.target)
        origins = (move.origin, move.target)
        targets = (king_to, rook_to)
    else:
        origins = (move.origin,)
        targets = (move.target,)
        if target_bit & pos.colours[turn ^ 1]:
            captured_cell = move.target
            captured_letter = letter_at(t, pos, move.target)
        elif pawn_moved and move.target == pos.ep:
            captured_cell = t.ep_victim[turn][move.target]
            captured_letter = "P"
    after = make_move(t, pos, move)
    double_step = after.ep  # make_move opens an en-passant square only after a double step
    board = after._replace(
        turn=turn, ep=-1, halfmove=pos.halfmove, fullmove=pos.fullmove, previous=None
    )
    board = board._replace(ep=ep_still_open(t, board._replace(ep=pos.ep)))
    return Step(board, origins, targets, captured_cell, captured_letter, double_step, pawn_moved)
