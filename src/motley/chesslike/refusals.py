"""The reasons a chess-like variant gives for refusing a move, written once for them all.

Each function returns the rule a move breaks in words, or "" when that rule holds, so a
variant's `why_illegal` runs the shared tests first and then adds only its own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from motley.chesslike.position import MoveLike, Position
from motley.chesslike.tables import ChessTables

M = TypeVar("M", bound=MoveLike)


def origin_refusal(t: ChessTables, board: Position, origin: int, seat_name: str) -> str:
    """"there is no piece on e4", "the piece on e4 is not White's" (the side to move's)."""
    name = t.geometry.name(origin)
    if not (1 << origin) & board.occupied:
        return f"there is no piece on {name}"
    if not (1 << origin) & board.colours[board.turn]:
        return f"the piece on {name} is not {seat_name}'s"
    return ""


def reaches_last_rank(t: ChessTables, board: Position, origin: int, target: int) -> bool:
    """A pawn of the side to move going from `origin` to its promotion zone."""
    return bool(
        (1 << origin) & board.pieces[t.pawn] and (1 << target) & t.promotion_zone[board.turn]
    )


def promotion_refusal(
    t: ChessTables, board: Position, move: MoveLike, promotions: Sequence[str]
) -> str:
    """A pawn reaching its last rank is promoted, to one of `promotions`; nothing else is."""
    if reaches_last_rank(t, board, move.origin, move.target):
        if not move.promotion:
            return f"a pawn reaching the last rank must be promoted (add {_or(promotions)})"
        if move.promotion not in promotions:
            return f"a pawn may not be promoted to {move.promotion!r}"
        return ""
    if move.promotion:
        return "only a pawn reaching the last rank is promoted"
    return ""


def move_refusal(
    t: ChessTables, board: Position, move: MoveLike, seat_name: str, promotions: Sequence[str]
) -> str:
    """The rules every chess move keeps before its piece's movement is looked at: a piece of
    the side to move on the origin, and promotion exactly on the last rank."""
    return origin_refusal(t, board, move.origin, seat_name) or promotion_refusal(
        t, board, move, promotions
    )


def target_refusal(t: ChessTables, board: Position, move: MoveLike) -> str:
    """"your own piece stands on e5" (castling, king-takes-own-rook, aside)."""
    if (1 << move.target) & board.colours[board.turn]:
        return f"your own piece stands on {t.geometry.name(move.target)}"
    return ""


def tries_castling(t: ChessTables, board: Position, move: MoveLike) -> bool:
    """A king of the side to move going two files (castling written as the king's step; a
    moved king may not castle), or onto its own rook."""
    if not (1 << move.origin) & board.pieces[t.royal]:
        return False
    if (1 << move.target) & board.colours[board.turn] & board.pieces[t.rook]:
        return True
    g = t.geometry
    return abs(g.file_of(move.origin) - g.file_of(move.target)) == 2


def movement_refusal(
    t: ChessTables, board: Position, move: MoveLike, how: str = "", where: str = ""
) -> str:
    """"a bishop cannot move from c1 to c3", with the variant's words for where the piece
    stands (`where`: "on its side of the mirror") or how it moves (`how`: "as its regular
    move")."""
    g = t.geometry
    piece = t.kinds[t.kind_at(board.pieces, 1 << move.origin)].name
    words = f"a {piece} {where} " if where else f"a {piece} "
    words += f"cannot move from {g.name(move.origin)} to {g.name(move.target)}"
    return f"{words} {how}" if how else words


def named_move(moves: Iterable[M], move: M, text_of: Callable[[M], str]) -> M | None:
    """The move among `moves` that `move` names: the same origin and promotion, and the
    same target or the same text (castling read as the king's step is king-takes-rook)."""
    wanted = ""
    for found in moves:
        if found.origin != move.origin or found.promotion != move.promotion:
            continue
        if found.target == move.target:
            return found
        wanted = wanted or text_of(move)
        if text_of(found) == wanted:
            return found
    return None


def _or(letters: Sequence[str]) -> str:
    return ", ".join(letters[:-1]) + " or " + letters[-1] if len(letters) > 1 else letters[0]
