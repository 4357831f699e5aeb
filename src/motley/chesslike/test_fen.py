"""FEN, X-FEN and Shredder-FEN: round trips on random positions, agreement with python-chess on
castling rights, and one-line NotationErrors for malformed input."""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motley.chesslike.fen import castling_field, ep_field, parse_fen, write_fen
from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.chesslike.test_perft import load
from motley.core import registry
from motley.core.errors import NotationError

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def rules_for(game: str) -> ChessLikeRules:
    rules = registry.make(game)
    assert isinstance(rules, ChessLikeRules)
    return rules


def reached(game: str, seed: int, plies: int) -> tuple[ChessLikeRules, Position]:
    """The position after up to `plies` random moves (from a random Chess960 start for 960)."""
    rng = random.Random(seed)
    rules = rules_for(game)
    if game == "chess":
        pos = rules.initial_state()
    else:
        pos = parse_fen(rules.tables, _start960(rng.randrange(960)))
    for _ in range(plies):
        moves = rules.moves(pos)
        if not moves:
            break
        pos = rules.apply(pos, moves[rng.randrange(len(moves))])
    return rules, pos


def _start960(number: int) -> str:
    return chess.Board.from_chess960_pos(number).fen()


GAMES = st.sampled_from(["chess", "chess960"])
SEEDS = st.integers(0, 2**31)
PLIES = st.integers(0, 160)


@settings(max_examples=150, deadline=None)
@given(game=GAMES, seed=SEEDS, plies=PLIES)
def test_fen_round_trip(game: str, seed: int, plies: int) -> None:
    """parse_fen(write_fen(pos)) writes the same FEN and holds the same position."""
    rules, pos = reached(game, seed, plies)
    t = rules.tables
    for style in ("xfen", "shredder"):
        text = write_fen(t, pos, style)
        again = parse_fen(t, text)
        assert write_fen(t, again, style) == text
        assert again.pieces == pos.pieces and again.colours == pos.colours
        assert (again.turn, again.castling) == (pos.turn, pos.castling)
        assert (again.halfmove, again.fullmove) == (pos.halfmove, pos.fullmove)
        assert ep_field(t, again) == ep_field(t, pos)
        assert rules.moves(again) == rules.moves(pos)


@settings(max_examples=150, deadline=None)
@given(game=GAMES, seed=SEEDS, plies=PLIES)
def test_xfen_and_shredder_agree(game: str, seed: int, plies: int) -> None:
    """Both castling styles read back to the same rights, and match python-chess's."""
    rules, pos = reached(game, seed, plies)
    t = rules.tables
    xfen = parse_fen(t, write_fen(t, pos, "xfen"))
    shredder = parse_fen(t, write_fen(t, pos, "shredder"))
    assert xfen.castling == shredder.castling == pos.castling
    board = chess.Board(write_fen(t, pos, "shredder"), chess960=True)
    assert pos.castling == board.clean_castling_rights()


@settings(max_examples=60, deadline=None)
@given(game=GAMES, seed=SEEDS, plies=PLIES)
def test_move_text_round_trip(game: str, seed: int, plies: int) -> None:
    """Coordinate text and SAN read back to the same move."""
    from motley.chesslike.san import parse_san, san

    rules, pos = reached(game, seed, plies)
    playing = rules.outcome(pos) is None  # parse_action refuses moves once the game is over
    for move in rules.moves(pos):
        if playing:
            assert rules.parse_action(pos, rules.action_text(pos, move)) == move
        assert parse_san(rules, pos, san(rules, pos, move)) == move


def test_castling_rights_match_python_chess_on_reference_positions() -> None:
    """Every perft position's castling field reads as python-chess reads it."""
    rules = rules_for("chess960")
    for filename in ("tricky.perft", "chess960.perft", "cpw-positions.perft"):
        for case in load(filename):
            pos = parse_fen(rules.tables, case.epd)
            board = chess.Board(case.epd + " 0 1", chess960=True)
            assert pos.castling == board.clean_castling_rights(), case.epd
            assert write_fen(rules.tables, pos, counters=False) == board.fen().rsplit(" ", 2)[0]
            assert castling_field(rules.tables, pos, "shredder") == board.castling_shredder_fen()


@pytest.mark.parametrize(
    ("fen", "xfen", "shredder"),
    [
        (START, "KQkq", "HAha"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", "KQkq", "EAea"),
        ("1r1kr1r1/8/8/8/8/8/8/1R1KR1R1 w EBeb - 0 1", "EQeq", "EBeb"),
        ("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "Q", "A"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "-", "-"),
    ],
)
def test_castling_styles(fen: str, xfen: str, shredder: str) -> None:
    """X-FEN uses K/Q for the outermost rook and a file letter for an inner one."""
    rules = rules_for("chess960")
    pos = parse_fen(rules.tables, fen)
    assert castling_field(rules.tables, pos, "xfen") == xfen
    assert castling_field(rules.tables, pos, "shredder") == shredder
    board = chess.Board(fen, chess960=True)
    assert pos.castling == board.clean_castling_rights()


def test_en_passant_written_only_when_capturable() -> None:
    """The FEN e.p. field names the cell only when a legal capture exists (python-chess)."""
    rules = rules_for("chess")
    pos = rules.initial_state()
    for text in ("e2e4", "a7a6", "e4e5", "d7d5"):
        pos = rules.apply(pos, rules.parse_action(pos, text))
    assert rules.fen(pos).split()[3] == "d6"
    pos = rules_for("chess").initial_state()
    pos = rules.apply(pos, rules.parse_action(pos, "e2e4"))
    assert rules.fen(pos) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


@pytest.mark.parametrize(
    "fen",
    [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",  # one field
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",  # seven
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",  # seven ranks
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",  # nine ranks
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # nine files
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # seven files
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # rank too long
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # unknown piece
        "rnbqkbnr/pppp~ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # promoted marker
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",  # side to move
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1",  # halfmove
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",  # fullmove 0
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",  # negative
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",  # no white king
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1",  # two white kings
        "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # two black kings
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",  # pawn on rank 8
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1",  # pawn on rank 1
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",  # castling letter x
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk1 - 0 1",  # castling digit
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1",  # castling dash
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w C - 0 1",  # no rook on c1
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",  # no rook for K
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",  # king off its first rank
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",  # no double step
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",  # not a cell
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",  # e.p. on the pawn
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1",  # wrong side
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",  # wrong rank
        "4k3/8/8/8/8/8/8/4K2r b - - 0 1",  # the side not to move is in check
    ],
)
def test_malformed_fen_raises_one_line(fen: str) -> None:
    t = rules_for("chess").tables
    with pytest.raises(NotationError) as info:
        parse_fen(t, fen)
    message = str(info.value)
    assert message.strip() and "\n" not in message
    if fen not in STRICTER_THAN_PYTHON_CHESS:
        assert chess_rejects(fen), "python-chess accepts it: the case is not malformed"


# python-chess reads a bare placement (defaulting the rest) and a full-move number of 0
STRICTER_THAN_PYTHON_CHESS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
}


def chess_rejects(fen: str) -> bool:
    """python-chess's opinion: the FEN does not parse, or the position is not valid."""
    try:
        board = chess.Board(fen, chess960=True)
    except ValueError:
        return True
    return not board.is_valid()


def test_accepted_variants_of_a_fen() -> None:
    """Counters may be left out; all three castling spellings name the same rights."""
    t = rules_for("chess").tables
    full = parse_fen(t, START)
    short = parse_fen(t, START.rsplit(" ", 2)[0])
    shredder = parse_fen(t, START.replace("KQkq", "HAha"))
    assert full == short == shredder
    assert write_fen(t, full) == START
