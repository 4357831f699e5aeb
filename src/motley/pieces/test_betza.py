"""The Betza subset: atoms, riders, range limits, modalities and directions, and what compiles
from them on a board (checked against python-chess's attack tables where it has them)."""

from __future__ import annotations

import chess
import pytest

from motley.core.errors import NotationError
from motley.geometry import cellset
from motley.geometry.base import Direction
from motley.geometry.square import square_board
from motley.pieces.betza import Atom, parse
from motley.pieces.catalogue import ORTHODOX
from motley.pieces.movement import compile_movement

BOARD = square_board(8, 8)
KING_STEPS = {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}
KNIGHT_LEAPS = {(x, y) for x in (-2, -1, 1, 2) for y in (-2, -1, 1, 2) if abs(x) != abs(y)}


def vectors(atoms: tuple[Atom, ...]) -> set[Direction]:
    return {v for a in atoms for v in a.vectors}


def test_king_is_a_one_step_leaper() -> None:
    atoms = parse("K")
    assert vectors(atoms) == KING_STEPS
    assert not any(a.rider for a in atoms)
    assert all(a.moves and a.captures for a in atoms)


def test_queen_rook_bishop_are_unlimited_riders() -> None:
    assert vectors(parse("Q")) == KING_STEPS
    assert vectors(parse("R")) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert vectors(parse("B")) == {(1, 1), (1, -1), (-1, -1), (-1, 1)}
    for text in ("Q", "R", "B", "WW", "NN"):
        assert all(a.rider and a.range == 0 for a in parse(text)), text


def test_knight_and_nightrider() -> None:
    (knight,) = parse("N")
    assert set(knight.vectors) == KNIGHT_LEAPS and not knight.rider and knight.range == 1
    (nightrider,) = parse("NN")
    assert set(nightrider.vectors) == KNIGHT_LEAPS and nightrider.rider


def test_pawn_modalities() -> None:
    """mfWcfF: move one step forward, capture one step diagonally forward."""
    move, capture = parse("mfWcfF")
    assert set(move.vectors) == {(0, 1)} and move.moves and not move.captures
    assert set(capture.vectors) == {(1, 1), (-1, 1)} and capture.captures and not capture.moves


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ffN", {(1, 2), (-1, 2)}),  # the narrow forward pair
        ("fsN", {(2, 1), (-2, 1)}),  # the wide forward pair
        ("fN", {(1, 2), (-1, 2), (2, 1), (-2, 1)}),
        ("bbN", {(1, -2), (-1, -2)}),
        ("bsN", {(2, -1), (-2, -1)}),
        ("flF", {(-1, 1)}),
        ("frF", {(1, 1)}),
        ("blF", {(-1, -1)}),
        ("fF", {(1, 1), (-1, 1)}),
        ("bW", {(0, -1)}),
        ("vW", {(0, 1), (0, -1)}),
        ("sW", {(1, 0), (-1, 0)}),
        ("lW", {(-1, 0)}),
        ("rW", {(1, 0)}),
        ("vN", {(1, 2), (-1, 2), (1, -2), (-1, -2)}),
        ("sN", {(2, 1), (-2, 1), (2, -1), (-2, -1)}),
        ("fD", {(0, 2)}),
        ("A", {(2, 2), (2, -2), (-2, 2), (-2, -2)}),
        ("C", {(x, y) for x in (-3, -1, 1, 3) for y in (-3, -1, 1, 3) if abs(x) != abs(y)}),
        ("Z", {(x, y) for x in (-3, -2, 2, 3) for y in (-3, -2, 2, 3) if abs(x) != abs(y)}),
        ("H", {(0, 3), (3, 0), (0, -3), (-3, 0)}),
        ("G", {(3, 3), (3, -3), (-3, 3), (-3, -3)}),
    ],
)
def test_directions(text: str, expected: set[Direction]) -> None:
    assert vectors(parse(text)) == expected


def test_range_limits() -> None:
    (short_rook,) = parse("R4")
    assert short_rook.rider and short_rook.range == 4
    assert set(short_rook.vectors) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    (two,) = parse("W2")
    assert two.rider and two.range == 2
    (one,) = parse("W1")
    assert not one.rider and one.range == 1


def test_compound_pieces() -> None:
    archbishop = parse("BN")
    assert vectors(archbishop) == {(1, 1), (1, -1), (-1, -1), (-1, 1)} | KNIGHT_LEAPS
    assert [a.rider for a in archbishop] == [True, False]


@pytest.mark.parametrize("bad", ["", "   ", "X", "m", "fm", "zN", "N!", "Kx", "1"])
def test_errors(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(bad)
    assert "\n" not in str(info.value)


# -- compiled on a board ---------------------------------------------------------------------


def reach(betza: str, square: str, seat: int = 0, occupied: int = 0) -> int:
    movement = compile_movement(BOARD, seat, parse(betza))
    cell = BOARD.parse(square)
    return movement.quiet(cell, occupied) | movement.captures(cell, occupied)


@pytest.mark.parametrize("square", ["a1", "e4", "h8", "b7", "g2"])
@pytest.mark.parametrize("occupied", [0, chess.BB_RANK_2 | chess.BB_E5 | chess.BB_C3])
def test_orthodox_reach_matches_python_chess(square: str, occupied: int) -> None:
    cell = BOARD.parse(square)
    assert reach("N", square, occupied=occupied) == chess.BB_KNIGHT_ATTACKS[cell]
    assert reach("K", square, occupied=occupied) == chess.BB_KING_ATTACKS[cell]
    board = chess.Board(None)
    board.occupied = occupied
    for letter, piece in (("R", chess.ROOK), ("B", chess.BISHOP), ("Q", chess.QUEEN)):
        board.clear()
        for blocker in chess.SquareSet(occupied):
            board.set_piece_at(blocker, chess.Piece(chess.PAWN, chess.BLACK))
        board.set_piece_at(cell, chess.Piece(piece, chess.WHITE))
        assert reach(letter, square, occupied=occupied) == int(board.attacks(cell)), letter


def test_limited_rider_on_a_board() -> None:
    assert sorted(cellset.cells(reach("R4", "a1"))) == sorted(
        BOARD.parse(n) for n in ("a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1")
    )
    blocked = BOARD.parse("a3")
    assert reach("R4", "a1", occupied=1 << blocked) & (1 << BOARD.parse("a4")) == 0


def test_pawns_face_their_owner() -> None:
    pawn = compile_movement(BOARD, 0, parse("mfWcfF"))
    e2 = BOARD.parse("e2")
    assert pawn.quiet(e2, 0) == 1 << BOARD.parse("e3")
    assert pawn.captures(e2, 0) == chess.BB_PAWN_ATTACKS[chess.WHITE][e2]
    black = compile_movement(BOARD, 1, parse("mfWcfF"))
    e7 = BOARD.parse("e7")
    assert black.quiet(e7, 0) == 1 << BOARD.parse("e6")
    assert black.captures(e7, 0) == chess.BB_PAWN_ATTACKS[chess.BLACK][e7]
    assert not pawn.symmetric
    assert compile_movement(BOARD, 0, parse("N")).symmetric


def test_catalogue() -> None:
    letters = {p.letter: p for p in ORTHODOX}
    assert set(letters) == set("PNBRQK")
    assert letters["K"].royal and sum(p.royal for p in ORTHODOX) == 1
    assert letters["P"].pawn and sum(p.pawn for p in ORTHODOX) == 1
    assert letters["Q"].value > letters["R"].value > letters["B"].value >= letters["N"].value
    for piece in ORTHODOX:
        assert piece.atoms == parse(piece.betza)
