"""FEN with marks (`2B**4K`: a `*` for each checker under a piece), and a board as text.

Games that put checkers under pieces (Half Alice's mirror, Adrenaline's stacks) write them in
the placement field, `2B**4K`, so a position stays one line of text; the other FEN fields
are as usual.
"""

from __future__ import annotations

from collections.abc import Callable

from motley.chesslike.fen import parse_fen, placement, write_fen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError

MARK = "*"


def split_marks(t: ChessTables, placement: str) -> tuple[str, tuple[int, ...]]:
    """The placement without its marks, and how many marks follow the piece on each cell."""
    g = t.geometry
    rows = placement.split("/")
    if len(rows) != g.ranks:
        raise NotationError(f"FEN placement needs {g.ranks} ranks, got {len(rows)}")
    marks = [0] * t.n
    plain = []
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
                marks[rank * g.files + file - 1] += 1
                continue
            file += 1
            after_letter = True
        plain.append(row.replace(MARK, ""))
    return "/".join(plain), tuple(marks)


def marked_placement(t: ChessTables, board: Position, marks: Callable[[int], str]) -> str:
    """The placement field of `board` with the text `marks(cell)` after each piece."""
    return placement(t, board, marks)


def read_marked_fen(
    t: ChessTables, text: str, *, keep_ep: bool = False
) -> tuple[Position, tuple[int, ...], str]:
    """A FEN with marks, read loosely (`parse_fen(strict=False)`): the board, the marks on
    each cell and the en-passant field as written. The field is judged by the game (where
    the pawn that double-stepped may stand depends on it) and left out of the board, unless
    `keep_ep` asks for the orthodox test."""
    fields = text.split()
    if len(fields) < 4 or len(fields) > 6:
        raise NotationError(f"FEN needs 4 to 6 fields, got {len(fields)}: {text!r}")
    fields[0], marks = split_marks(t, fields[0])
    ep = fields[3]
    if not keep_ep:
        fields[3] = "-"
    return parse_fen(t, " ".join(fields), strict=False), marks, ep


def write_marked_fen(
    t: ChessTables, board: Position, marks: Callable[[int], str], ep: int
) -> str:
    """The FEN of `board` with `marks(cell)` after each piece and `ep` (-1: none) written as
    the en-passant field, whether or not a pawn could take there."""
    fields = write_fen(t, board._replace(ep=-1, previous=None)).split()
    fields[0] = placement(t, board, marks)
    fields[3] = t.geometry.name(ep) if ep >= 0 else "-"
    return " ".join(fields)


def marked_board_text(t: ChessTables, board: Position, mark: Callable[[int], str]) -> list[str]:
    """The board as lines of text, White at the bottom, each piece followed by a one-character
    mark (`mark(cell)`, a space for none), with the files above and below."""
    g = t.geometry
    files = "   " + "  ".join(g.name(file)[0] for file in range(g.files))
    lines = [files]
    for rank in range(g.ranks - 1, -1, -1):
        row = f"{rank + 1:>2} "
        for file in range(g.files):
            cell = rank * g.files + file
            kind = t.kind_at(board.pieces, 1 << cell)
            if kind < 0:
                row += ".  "
                continue
            letter = t.letters[kind]
            letter = letter if board.colours[0] >> cell & 1 else letter.lower()
            row += letter + (mark(cell) or " ")[:1] + " "
        lines.append(row.rstrip())
    lines.append(files)
    return lines


def board_text(t: ChessTables, board: Position, mark: Callable[[int], str], *notes: str) -> str:
    """The terminal's picture of a position: `marked_board_text`, then lines of notes (what
    the marks mean, things beside the board, whose turn it is)."""
    return "\n".join([*marked_board_text(t, board, mark), *notes])


def turn_line(ending: str, to_move: str, check: bool = False) -> str:
    """`Game over: White wins by checkmate` once `ending` is said, else `White to move` with
    `, in check` when the game's own check says so."""
    if ending:
        return f"Game over: {ending}"
    return f"{to_move}, in check" if check else to_move
