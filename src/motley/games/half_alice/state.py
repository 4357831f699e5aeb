"""Half Alice Chess values: the state and its written form.

Seed 002, The Rules of Chess Kit, section Half Alice Chess. The physical board is an orthodox
`Position` (one piece per square); `checkers` marks the squares whose piece stands on a
checker, i.e. on the other side of the mirror.

Written form ("setup"): a FEN in which a piece standing on a checker is followed by `*`,
for example `4k3/8/8/8/4P*3/8/8/4K3 b - - 0 1` (`chesslike.marked`). A state file is a
`HalfAliceRecord`, read and written by `CODEC`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.codec import StateCodec


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


@dataclass(frozen=True)
class HalfAliceRecord:
    """A state as its file holds it: the setup text and the setups back to the last capture
    or pawn move (oldest first)."""

    fen: str
    history: tuple[str, ...] = ()


CODEC = StateCodec("half_alice", HalfAliceRecord, omit_defaults=False)
