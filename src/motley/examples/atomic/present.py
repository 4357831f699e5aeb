"""How Atomic chess is shown: the chess kit's board and moves, with atomic check.

Only two things differ from chess. The king is marked in check only when an enemy piece
could take it (never while the kings touch), and the move list adds `+` for that check and
`#` for mate or for the blast that kills the enemy king.
"""

from __future__ import annotations

from collections.abc import Callable

from motley.chesslike import movegen
from motley.chesslike.position import Move, Position
from motley.chesslike.present import king_cells
from motley.chesslike.rules import ChessLikeRules
from motley.chesslike.san import check_mark
from motley.examples.atomic.moves import in_check


def check_cells(rules: ChessLikeRules, ring: tuple[int, ...], pos: Position) -> tuple[int, ...]:
    """The side to move's king, when it stands in atomic check."""
    return king_cells(rules.tables, pos) if in_check(rules.tables, ring, pos, pos.turn) else ()


def check_marks(
    rules: ChessLikeRules, ring: tuple[int, ...], pos: Position
) -> Callable[[Move], str]:
    """The sign after each move at `pos` in SAN: `Nxd7#` when its blast takes the king."""
    t = rules.tables

    def mark(move: Move) -> str:
        after = rules.apply(pos, move)
        if movegen.king_cell(t, after, after.turn) < 0:
            return "#"
        return check_mark(in_check(t, ring, after, after.turn), lambda: not rules.moves(after))

    return mark
