"""Adrenaline Chess values: the state, the actions and the written form of a position.

Seed 002, The Rules of Chess Kit, section Adrenaline Chess. The board is an orthodox
`Position`; `stacks` counts the checkers under the piece on each square.

Written form ("setup"): a FEN in which each checker under a piece is a `*` after the piece's
letter, for example `4k3/7p*/8/8/8/8/8/2B**4K w - - 0 1` (two checkers under the bishop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError

MARK = "*"  # after a piece letter: one checker under that piece

# the phases of a turn: the regular move, extra king steps, placing the rush checker
MOVE = "move"
STEP = "step"
RUSH = "rush"
PHASES = (MOVE, STEP, RUSH)

Stacks = tuple[int, ...]  # checkers under the piece on each of the 64 squares


class AdrenalineState(NamedTuple):
    """An Adrenaline Chess position, at the start of a turn or in the middle of one.

    `board.turn` is the player whose turn it is for the whole turn. At the start of a turn
    `board.ep` is that player's en-passant square; during the turn it is the square the
    opponent will be able to take on (cleared as soon as the moved piece steps).
    """

    board: Position  # its own `previous` link is always None
    stacks: Stacks
    phase: str = MOVE
    piece: int = -1  # the square of the piece that made this turn's regular move (STEP)
    captured: bool = False  # this turn has captured at least one piece
    previous: AdrenalineState | None = None  # turn-start states back to the last capture
    # or pawn move; during a turn, the state the turn started from

    def key(self) -> tuple[object, ...]:
        """What must be equal for two turn-start positions to be the same (repetition)."""
        b = self.board
        return (b.pieces, b.colours, b.turn, b.castling, b.ep, self.stacks)


@dataclass(frozen=True, slots=True)
class Step:
    """An extra king step of the moved piece, spending one checker. Written `e4e5`."""

    origin: int
    target: int
    promotion: str = ""  # a pawn stepping onto its last rank is promoted


@dataclass(frozen=True, slots=True)
class Stop:
    """Take no more extra steps (the remaining checkers stay). Written `stop`."""


@dataclass(frozen=True, slots=True)
class Rush:
    """Place this turn's checker under the opponent's piece on `cell`. Written `rush h7`."""

    cell: int


def stacked_mask(stacks: Stacks) -> int:
    """The squares whose piece has at least one checker."""
    mask = 0
    for cell, count in enumerate(stacks):
        if count:
            mask |= 1 << cell
    return mask


def parse_setup(t: ChessTables, text: str) -> tuple[Position, Stacks, str]:
    """Read a setup: the board (en passant left out), the stacks and the en-passant field."""
    fields = text.split()
    if len(fields) < 4 or len(fields) > 6:
        raise NotationError(f"a position needs 4 to 6 FEN fields, got {len(fields)}")
    g = t.geometry
    rows = fields[0].split("/")
    if len(rows) != g.ranks:
        raise NotationError(f"FEN placement needs {g.ranks} ranks, got {len(rows)}")
    stacks = [0] * t.n
    plain_rows = []
    for index, row in enumerate(rows):
        rank = g.ranks - 1 - index
        file = 0
        digits = ""
        after_letter = False
        for char in row:
            if char.isdigit():
                digits += char
                after_letter = False
                continue
            if digits:
                file += int(digits)
                digits = ""
            if char == MARK:
                if not after_letter or not 0 < file <= g.files:
                    raise NotationError(f"a {MARK!r} must follow a piece letter: {row!r}")
                stacks[rank * g.files + file - 1] += 1
                continue
            file += 1
            after_letter = True
        plain_rows.append(row.replace(MARK, ""))
    ep = fields[3]
    fields[0] = "/".join(plain_rows)
    fields[3] = "-"
    board = parse_fen(t, " ".join(fields), strict=False)
    return board, tuple(stacks), ep


def write_setup(t: ChessTables, board: Position, stacks: Stacks) -> str:
    """The setup text of a board with its stacks; `board.ep` is written as it stands."""
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
            row += MARK * stacks[cell]
        rows.append(row + (str(empty) if empty else ""))
    fields[0] = "/".join(rows)
    fields[3] = g.name(board.ep) if board.ep >= 0 else "-"
    return " ".join(fields)
