"""The simultaneous games' board weighed: the kit's evaluation, and a lost king decides."""

from __future__ import annotations

from motley.chesslike.turnless import START, evaluate_board, read_board


def test_the_start_is_even() -> None:
    board = read_board(START)
    assert evaluate_board(board, 0) == evaluate_board(board, 1) == 0


def test_a_side_without_its_king_has_lost() -> None:
    board = read_board("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQ")
    assert evaluate_board(board, 0) == 1.0
    assert evaluate_board(board, 1) == -1.0


def test_material_counts_and_the_sides_see_it_oppositely() -> None:
    board = read_board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq")
    assert evaluate_board(board, 0) > 0.3
    assert evaluate_board(board, 1) == -evaluate_board(board, 0)


def test_developed_knights_are_worth_more_than_knights_at_home() -> None:
    # equal material: placement decides (the kit's tables, not bare material)
    home = read_board(START)
    developed = read_board("rnbqkbnr/pppppppp/8/8/8/2N2N2/PPPPPPPP/R1BQKB1R KQkq")
    assert evaluate_board(developed, 0) > evaluate_board(home, 0)
