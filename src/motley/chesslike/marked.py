"""FEN with marks: a piece letter followed by `*` once for each checker under that piece.

Games that put checkers under pieces (Half Alice's mirror, Adrenaline's stacks) write them in
the placement field, `2B**4K`, so a position stays one line of text; the other FEN fields
are as usual.
"""

from __future__ import annotations

from collections.abc import Callable

from motley.chesslike.fen import cell_letters
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
    g = t.geometry
    letters = cell_letters(t, board)
    rows = []
    for rank in range(g.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for cell in range(rank * g.files, (rank + 1) * g.files):
            letter = letters[cell]
            if not letter:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += letter + marks(cell)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


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
