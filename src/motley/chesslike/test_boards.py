"""The terminal's chess boards: any text per cell laid out under the files, beside the ranks,
and the notes and ending line of dice games."""

from __future__ import annotations

from motley.chesslike.boards import dice_board_text, ending_line, marked_board_lines, text_board
from motley.chesslike.forms import DRAW


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


def test_a_dice_games_board_is_followed_by_its_notes_and_its_ending() -> None:
    names = ("White", "Black")
    text = dice_board_text(lambda cell: ".", {4}, "a note", ending_line(names, 1, "3 turns", "won"))
    lines = text.split("\n")
    assert lines[8] == "1  . . . . .<. . .  1"
    assert lines[-2:] == ["a note", "Game over: Black won"]
    drawn = ending_line(names, DRAW, "3 turns", "won")
    assert drawn == "Game over: drawn at the turn limit (3 turns)"
