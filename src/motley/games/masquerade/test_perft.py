"""Perft for Masquerade Chess with fixed tables: the number of action sequences of a given
length once both tables are filled in (a move, a pawn capture, or a "Capture?" attempt per
ply; a refused attempt passes the turn; capturing a king ends the game).

The numbers are cross-checked against an independent model written here on top of
python-chess (its quiet moves and pawn captures, and its attack sets for a piece of each type
put on the attacker's square; castling without any attack test, refused captures as null
moves), and pinned as measured.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
import pytest

from motley.chesslike.testing import depth_params
from motley.cli.perft import perft
from motley.games.masquerade import MasqueradeChess
from motley.games.masquerade.assignment import ROWS
from motley.games.masquerade.state import MasqueradeState
from motley.games.masquerade.test_scenarios import ready

TYPE_OF = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}


# -- the independent model ------------------------------------------------------------------


def reach(board: chess.Board, square: int, piece_type: int) -> chess.SquareSet:
    """Where a piece of `piece_type` standing on `square` would attack, on this board."""
    scratch = board.copy(stack=False)
    colour = board.color_at(square)
    assert colour is not None
    scratch.set_piece_at(square, chess.Piece(piece_type, colour))
    return scratch.attacks(square)


def castlings(board: chess.Board) -> list[chess.Move]:
    """Castling with unmoved king and rook over empty squares, attacked or not."""
    colour = board.turn
    rank = 0 if colour == chess.WHITE else 7
    king = chess.square(4, rank)
    out = []
    for rook_file, empty, target in ((7, (5, 6), 6), (0, (1, 2, 3), 2)):
        rook = chess.square(rook_file, rank)
        if not board.castling_rights & chess.BB_SQUARES[rook]:
            continue
        if board.king(colour) != king or board.piece_type_at(rook) != chess.ROOK:
            continue
        if all(board.piece_at(chess.square(f, rank)) is None for f in empty):
            out.append(chess.Move(king, chess.square(target, rank)))
    return out


def actions(board: chess.Board) -> list[chess.Move]:
    colour = board.turn
    out = []
    for move in board.generate_pseudo_legal_moves():
        if board.is_castling(move):
            continue
        capture = board.is_capture(move)
        if board.piece_type_at(move.from_square) == chess.PAWN or not capture:
            out.append(move)
    out += castlings(board)
    for square in chess.SquareSet(board.occupied_co[colour] & ~board.pawns):
        near = reach(board, square, chess.QUEEN) | reach(board, square, chess.KNIGHT)
        for target in near & chess.SquareSet(board.occupied_co[not colour]):
            out.append(chess.Move(square, target))
    return out


@dataclass(frozen=True)
class Tables:
    white: str
    black: str

    def capture_of(self, board: chess.Board, square: int) -> int:
        table = self.white if board.turn == chess.WHITE else self.black
        letter = chess.piece_symbol(board.piece_type_at(square) or 0).upper()
        return TYPE_OF[table[ROWS.index(letter)]]


def model_perft(board: chess.Board, tables: Tables, depth: int) -> int:
    if depth == 0:
        return 1
    if board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
        return 0  # a king was captured: the game is over
    options = actions(board)
    if depth == 1:
        return len(options)
    total = 0
    for move in options:
        after = board.copy(stack=False)
        piece = board.piece_type_at(move.from_square)
        attempt = board.is_capture(move) and piece != chess.PAWN
        if attempt and move.to_square not in reach(
            board, move.from_square, tables.capture_of(board, move.from_square)
        ):
            after.push(chess.Move.null())  # "no": nothing moves, the turn is over
        else:
            after.push(move)
        total += model_perft(after, tables, depth - 1)
    return total


# -- positions with fixed tables -------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    fen: str
    white: str  # the table of White's pieces (rows K Q R B N)
    black: str
    counts: tuple[int, ...]
    slow_from: int


CASES = (
    Case("start", chess.STARTING_FEN, "QNBKR", "KQRBN", (20, 400, 9218, 212377), 4),
    Case(
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "NKQRB",
        "BRKNQ",
        (53, 2595, 139636),
        3,
    ),
    # kings face to face, pawns about to promote, an en-passant chance after b7-b5
    Case(
        "endgame",
        "8/1p4P1/8/P1k5/8/2K5/8/8 b - - 0 1",
        "KQRBN",
        "QKNRB",
        (12, 152, 1487, 22200, 219794),
        5,
    ),
)


def engine(case: Case) -> tuple[MasqueradeChess, MasqueradeState]:
    return ready(case.white, case.black, "" if case.fen == chess.STARTING_FEN else case.fen)


PARAMS = depth_params(CASES)


@pytest.mark.parametrize(("case", "depth"), PARAMS)
def test_perft_with_fixed_tables(case: Case, depth: int) -> None:
    rules, state = engine(case)
    expected = case.counts[depth - 1]
    assert perft(rules, state, depth) == expected
    assert model_perft(chess.Board(case.fen), Tables(case.white, case.black), depth) == expected
