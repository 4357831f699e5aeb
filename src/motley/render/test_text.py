"""The terminal board: symbols, labels, orientation, any board size, status line."""

from __future__ import annotations

from typing import ClassVar

from motley.chesslike.fen import parse_fen
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules
from motley.core import registry
from motley.core.spec import GameSpec
from motley.geometry.square import SquareGeometry, square_board
from motley.pieces.catalogue import ORTHODOX, PieceType
from motley.render.text import move_highlight, piece_symbol, render, render_square

START_BOARD = """\
   a  b  c  d  e  f  g  h
8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8
7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟  7
6  ·  ·  ·  ·  ·  ·  ·  ·  6
5  ·  ·  ·  ·  ·  ·  ·  ·  5
4  ·  ·  ·  ·  ·  ·  ·  ·  4
3  ·  ·  ·  ·  ·  ·  ·  ·  3
2  ♙  ♙  ♙  ♙  ♙  ♙  ♙  ♙  2
1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1
   a  b  c  d  e  f  g  h
White to move"""


def chess() -> ChessLikeRules:
    rules = registry.make("chess")
    assert isinstance(rules, ChessLikeRules)
    return rules


def test_start_position() -> None:
    rules = chess()
    assert render_square(rules, rules.initial_state()) == START_BOARD


def test_flipped_board_puts_black_at_the_bottom() -> None:
    rules = chess()
    lines = render_square(rules, rules.initial_state(), flipped=True).splitlines()
    assert lines[0] == "   h  g  f  e  d  c  b  a"
    assert lines[1] == "1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1"
    assert lines[8] == "8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8"


def test_check_last_move_and_highlight() -> None:
    rules = chess()
    before = rules.initial_state()
    for text in ("f2f3", "e7e5", "g2g4"):
        before = rules.apply(before, rules.parse_action(before, text))
    move = rules.parse_action(before, "d8h4")
    after = rules.apply(before, move)
    picture = render_square(
        rules, after, highlight=move_highlight(rules, before, move), last="Qh4#"
    )
    assert "4  ·  ·  ·  ·  ·  ·  ♙ [♛] 4" in picture
    assert "8  ♜  ♞  ♝ [·] ♚" in picture
    assert picture.endswith("Game over: Black wins by checkmate (last move: Qh4#)")
    checked = parse_fen(rules.tables, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
    assert render_square(rules, checked).endswith("White to move, in check")


def test_castling_highlights_the_kings_squares() -> None:
    rules = chess()
    pos = parse_fen(rules.tables, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    castle = rules.parse_action(pos, "O-O")
    cells = move_highlight(rules, pos, castle)
    assert [rules.geometry.name(c) for c in cells] == ["e1", "g1"]


class Wide(ChessLikeRules):
    """Ten files, twelve ranks and an archbishop: labels and letters must still fit."""

    spec = GameSpec(
        id="wide-test", title="Wide", version=1, players=2, summary="", seed="test",
        seat_names=("White", "Black"), options=DRAW_OPTIONS,
    )  # fmt: skip
    geometry: ClassVar[SquareGeometry] = square_board(10, 12)
    pieces: ClassVar[tuple[PieceType, ...]] = (*ORTHODOX, PieceType("archbishop", "A", "BN", 700))
    start_fen: ClassVar[str] = (
        "rnbqkabnrr/pppppppppp/10/10/10/10/10/10/10/10/PPPPPPPPPP/RNBQKABNRR w - - 0 1"
    )


def test_any_board_size_and_unknown_letters() -> None:
    rules = Wide()
    lines = render_square(rules, rules.initial_state()).splitlines()
    assert lines[0] == "    a  b  c  d  e  f  g  h  i  j"
    assert lines[1] == "12  ♜  ♞  ♝  ♛  ♚  a  ♝  ♞  ♜  ♜  12"
    assert lines[12] == " 1  ♖  ♘  ♗  ♕  ♔  A  ♗  ♘  ♖  ♖  1"
    assert lines[-1] == "White to move"
    assert piece_symbol("A", 1) == "a" and piece_symbol("q", 0) == "♕"


def test_render_falls_back_for_states_without_a_board() -> None:
    rules = registry.make("chess960")
    undealt = rules.initial_state()
    assert render(rules, undealt) == rules.render(undealt)
    dealt = rules.apply(undealt, rules.parse_action(undealt, "sp 518"))
    assert render(rules, dealt, 0, last="e4").splitlines()[1].startswith("8  ♜  ♞")
