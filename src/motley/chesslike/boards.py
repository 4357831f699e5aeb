"""Chess boards as the terminal draws them, and as games without a required king store them.

`board_lines` draws a board with its letters; `marked_board_lines` draws one with a mark
after chosen cells (dice games point at the piece to act), `dice_board_text` adds the notes
under it and `ending_line` says how a dice game with a turn limit ended; `text_board` lays out
any text per cell under the files and beside the ranks. `fen_text` and `read_board` write
and read a state file's board loosely: in games where a king may be captured or
outnumbered, the reader counts the kings and leaves judging them to the game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from motley.chesslike.fen import parse_fen
from motley.chesslike.forms import DRAW
from motley.chesslike.marked import write_marked_fen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError, StateError


def board_lines(t: ChessTables, board: Position) -> list[str]:
    """The board as text, White at the bottom: files over the top, ranks down the left,
    upper-case letters for White, `.` for an empty square."""
    lines = ["   a b c d e f g h"]
    for rank in range(7, -1, -1):
        row = []
        for file in range(8):
            bit = 1 << (rank * 8 + file)
            kind = t.kind_at(board.pieces, bit)
            letter = "." if kind < 0 else t.letters[kind]
            row.append(letter if bit & board.colours[0] else letter.lower())
        lines.append(f"{rank + 1}  " + " ".join(row))
    return lines


def marked_board_lines(letter_at: Callable[[int], str], marks: Collection[int]) -> list[str]:
    """The terminal's 8x8 board, White at the bottom: `letter_at(cell)` on each cell (`.` for
    empty), `<` after each marked cell, files above and below, ranks on both sides."""
    return text_board(lambda cell: letter_at(cell) + ("<" if cell in marks else " "), 2, 0, True)


def dice_board_text(letter_at: Callable[[int], str], marks: Collection[int], *notes: str) -> str:
    """The terminal's picture of a dice game: `marked_board_lines`, then lines of notes (what
    lies beside the board, then where the turn stands)."""
    return "\n".join([*marked_board_lines(letter_at, marks), *notes])


def ending_line(seat_names: Sequence[str], result: int, limit: str, won: str) -> str:
    """The status of a finished dice game with a turn limit: `Game over: drawn at the turn
    limit (40 turns)` when `result` is DRAW, else the winner's name and what it `won` by."""
    if result == DRAW:
        return f"Game over: drawn at the turn limit ({limit})"
    return f"Game over: {seat_names[result]} {won}"


def text_board(
    cell_text: Callable[[int], str], width: int, offset: int = 0, both_sides: bool = False
) -> list[str]:
    """The terminal's 8x8 board, White at the bottom: `cell_text(cell)` for each cell, `width`
    characters with the piece's letter `offset` characters in, the files above and below it,
    the ranks on the left (on both sides with `both_sides`; else trailing blanks cut)."""
    files = " " * (3 + offset) + (" " * (width - 1)).join("abcdefgh")
    lines = [files]
    for rank in range(7, -1, -1):
        row = "".join(cell_text(rank * 8 + file) for file in range(8))
        if both_sides:
            lines.append(f"{rank + 1}  {row} {rank + 1}")
        else:
            lines.append(f" {rank + 1} {row}".rstrip())
    lines.append(files)
    return lines


def fen_text(t: ChessTables, board: Position) -> str:
    """The board as FEN, the en-passant field as the rules keep it (set after a double step
    that a pawn could answer, whether or not the capture would be legal)."""
    return write_marked_fen(t, board, _unmarked, board.ep)


def _unmarked(cell: int) -> str:
    return ""


def read_board(t: ChessTables, text: str) -> tuple[Position, list[int]]:
    """A board from a state file's FEN (read loosely, as the rules keep it) and the number
    of kings of each colour on it, for the game to judge."""
    try:
        board = parse_fen(t, text, strict=False)
    except NotationError as error:
        raise StateError(f"bad position in state: {error}") from None
    kings = [(board.pieces[t.royal] & board.colours[c]).bit_count() for c in (0, 1)]
    return board._replace(previous=None), kings
