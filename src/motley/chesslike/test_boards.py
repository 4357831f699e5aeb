"""The terminal's chess boards: any text per cell laid out under the files, beside the ranks."""

from __future__ import annotations

from motley.chesslike.boards import marked_board_lines, text_board


def test_each_cell_text_stands_under_its_file_letter() -> None:
    lines = text_board(lambda cell: f" {'abcdefgh'[cell % 8]}  ", 4, 1)
    assert lines[0] == "    a   b   c   d   e   f   g   h" == lines[-1]
    assert lines[1] == " 8  a   b   c   d   e   f   g   h"
    assert all(row.index("h") == lines[0].index("h") for row in lines[1:-1])
    assert [row[1] for row in lines[1:-1]] == list("87654321")


def test_the_marked_board_numbers_the_ranks_on_both_sides_and_marks_cells() -> None:
    lines = marked_board_lines(lambda cell: "K" if cell == 4 else ".", {4})
    assert lines[0] == "   a b c d e f g h" == lines[-1]
    assert lines[8] == "1  . . . . K<. . .  1"
    assert lines[1] == "8  . . . . . . . .  8"
