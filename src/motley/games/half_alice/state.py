"""Half Alice Chess values: the state and its written form.

Seed 002, The Rules of Chess Kit, section Half Alice Chess. The physical board is an orthodox
`Position` (one piece per square); `checkers` marks the squares whose piece stands on a
checker, i.e. on the other side of the mirror.

Written form ("setup"): a FEN in which a piece standing on a checker is followed by `*`,
for example `4k3/8/8/8/4P*3/8/8/4K3 b - - 0 1`.
"""

from __future__ import annotations

from typing import NamedTuple

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.marked import MARK, marked_placement, split_marks
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError


class HalfAliceState(NamedTuple):
    """A Half Alice Chess position and the positions since the last irreversible move."""

    board: Position  # the physical board; its own `previous` link is always None
    checkers: int  # squares whose piece stands on a checker (the other side of the mirror)
    previous: HalfAliceState | None = None  # back to the last capture or pawn move

    def key(self) -> tuple[object, ...]:
        """What must be equal for two positions to be the same one (repetition)."""
        b = self.board
        return (b.pieces, b.colours, b.turn, b.castling, b.ep, self.checkers)


def side_mask(t: ChessTables, checkers: int, cell: int) -> int:
    """The squares on the same side of the mirror as `cell` (checkers, or the plain side)."""
    return checkers if checkers >> cell & 1 else t.all_cells & ~checkers


def parse_setup(t: ChessTables, text: str) -> tuple[Position, int]:
    """Read a setup (FEN with `*` marks); the position is not yet checked for legality."""
    fields = text.split()
    if not fields:
        raise NotationError("empty setup text")
    placement, marks = split_marks(t, fields[0])
    if max(marks) > 1:
        raise NotationError("a piece stands on one checker at most (one '*')")
    checkers = sum(1 << cell for cell, count in enumerate(marks) if count)
    board = parse_fen(t, " ".join([placement, *fields[1:]]), strict=False)
    return board, checkers


def write_setup(t: ChessTables, board: Position, checkers: int, ep: int) -> str:
    """The setup text; `ep` is written as the en-passant square (-1 for none)."""
    fields = write_fen(t, board._replace(ep=-1, previous=None)).split()
    fields[0] = marked_placement(t, board, lambda cell: MARK * (checkers >> cell & 1))
    fields[3] = t.geometry.name(ep) if ep >= 0 else "-"
    return " ".join(fields)
