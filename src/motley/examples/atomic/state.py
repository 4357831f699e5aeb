"""Atomic chess's state is the chess kit's `Position`, written as the kit writes it (a FEN and
the FENs back to the last capture or pawn move); only what a FEN may show differs."""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError
from motley.examples.atomic.moves import in_check


def read_position(
    t: ChessTables, ring: tuple[int, ...], text: str, *, ended: bool = False
) -> Position:
    """A FEN as atomic chess allows it: the kings may touch, and (with `ended`, for a stored
    game that is over) the side to move may have lost its king to a blast. NotationError
    otherwise."""
    pos = parse_fen(t, text, strict=False)  # the orthodox checks would refuse touching kings
    for seat, colour in enumerate(("White", "Black")):
        kings = (pos.pieces[t.royal] & pos.colours[seat]).bit_count()
        exploded = ended and seat == pos.turn and kings == 0
        if kings != 1 and not exploded:
            raise NotationError(f"FEN must have exactly one {colour} king, found {kings}")
    if pos.pieces[t.pawn] & (t.back_rank[0] | t.back_rank[1]):
        raise NotationError("FEN has a pawn on the first or last rank")
    if movegen.king_cell(t, pos, pos.turn) >= 0 and in_check(t, ring, pos, pos.turn ^ 1):
        raise NotationError("FEN position is impossible: the side not to move is in check")
    return pos
