"""Making a move: the position after it, as a new value (the old one is untouched)."""

from __future__ import annotations

from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables

_new_tuple = tuple.__new__


def make_move(t: ChessTables, pos: Position, move: Move) -> Position:
    """Play `move` (assumed legal); castling is king-takes-own-rook."""
    origin = move.origin
    target = move.target
    from_bit = 1 << origin
    to_bit = 1 << target
    turn = pos.turn
    us = pos.colours[turn]
    them = pos.colours[turn ^ 1]
    pieces = list(pos.pieces)
    castling = pos.castling
    ep = -1
    halfmove = pos.halfmove + 1

    kind = 0
    for kind, bits in enumerate(pieces):  # noqa: B007 - the loop finds the mover's kind
        if bits & from_bit:
            break

    if to_bit & us:  # castling: the king "captures" its own rook
        king_to, rook_to = t.castle_squares(turn, origin, target)
        king_to_bit = 1 << king_to
        rook_to_bit = 1 << rook_to
        # clear both first: in Chess960 either piece may end where the other began
        pieces[kind] &= ~from_bit
        pieces[t.rook] &= ~to_bit
        pieces[kind] |= king_to_bit
        pieces[t.rook] |= rook_to_bit
        us = (us ^ from_bit ^ to_bit) | king_to_bit | rook_to_bit
        castling &= ~t.back_rank[turn]
    else:
        if to_bit & them:
            for captured, bits in enumerate(pieces):
                if bits & to_bit:
                    pieces[captured] ^= to_bit
                    break
            them ^= to_bit
            halfmove = 0
        pieces[kind] ^= from_bit | to_bit
        us ^= from_bit | to_bit
        if kind == t.pawn:
            halfmove = 0
            if target == pos.ep:
                victim = 1 << t.ep_victim[turn][target]
                pieces[kind] ^= victim
                them ^= victim
            elif t.pawn_push[turn][t.pawn_push[turn][origin]] == target:
                ep = t.pawn_push[turn][origin]
            if move.promotion:
                pieces[kind] ^= to_bit
                pieces[t.kind_of_letter[move.promotion]] |= to_bit
        elif kind == t.royal:
            castling &= ~t.back_rank[turn]
        castling &= ~(from_bit | to_bit)

    # built as the tuple it is: the named constructor's keyword handling costs about a
    # twentieth of a perft (bench/perft_bench.py); the fields are in `Position`'s order
    return _new_tuple(
        Position,
        (
            tuple(pieces),
            (us, them) if turn == 0 else (them, us),
            turn ^ 1,
            castling,
            ep,
            halfmove,
            pos.fullmove + turn,
            pos if halfmove else None,
        ),
    )
