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
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError

MARK = "*"  # after a piece letter: the piece stands on a checker


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
    placement = fields[0]
    g = t.geometry
    checkers = 0
    rows = placement.split("/")
    if len(rows) != g.ranks:
        raise NotationError(f"FEN placement needs {g.ranks} ranks, got {len(rows)}")
    plain_rows = []
    for index, row in enumerate(rows):
        rank = g.ranks - 1 - index
        file = 0
        digits = ""
        previous_letter = False
        for char in row:
            if char.isdigit():
                digits += char
                previous_letter = False
                continue
            if digits:
                file += int(digits)
                digits = ""
            if char == MARK:
                if not previous_letter:
                    raise NotationError(f"a {MARK!r} must follow a piece letter: {row!r}")
                if file - 1 < g.files:
                    checkers |= 1 << (rank * g.files + file - 1)
                previous_letter = False
                continue
            file += 1
            previous_letter = True
        plain_rows.append(row.replace(MARK, ""))
    board = parse_fen(t, " ".join(["/".join(plain_rows), *fields[1:]]), strict=False)
    if checkers & ~board.occupied:
        raise NotationError("a checker mark without a piece")
    return board, checkers


def write_setup(t: ChessTables, board: Position, checkers: int, ep: int) -> str:
    """The setup text; `ep` is written as the en-passant square (-1 for none)."""
    g = t.geometry
    fields = write_fen(t, board._replace(ep=-1, previous=None)).split()
    rows = []
    for rank in range(g.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(g.files):
            cell = rank * g.files + file
            kind = t.kind_at(board.pieces, 1 << cell)
            if kind < 0:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter = t.letters[kind]
            row += letter if board.colours[0] >> cell & 1 else letter.lower()
            row += MARK if checkers >> cell & 1 else ""
        rows.append(row + (str(empty) if empty else ""))
    fields[0] = "/".join(rows)
    fields[3] = g.name(ep) if ep >= 0 else "-"
    return " ".join(fields)
