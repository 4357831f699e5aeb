"""Differential tests against python-chess (a test dependency only).

Random games from the orthodox start and from Chess960 starts, walked in lockstep by our
rules and by python-chess; at every position the two must agree on the legal moves, check,
checkmate, stalemate, dead material, repetition, the fifty-move count, FEN (X-FEN and
Shredder-FEN) and SAN. Random sparse positions (few pieces, any side to move) add the
endings that random games rarely reach.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import chess
import pytest

from motley.chesslike import movegen
from motley.chesslike.draws import insufficient_material, repetitions
from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.core import registry

MAX_PLIES = 400


def start(game: str, rng: random.Random) -> tuple[ChessLikeRules, Position, chess.Board]:
    rules = registry.make(game)
    assert isinstance(rules, ChessLikeRules)
    if game == "chess":
        return rules, rules.initial_state(), chess.Board()
    number = rng.randrange(960)
    undealt = rules.initial_state()
    pos = rules.apply(undealt, rules.parse_action(undealt, f"sp {number}"))
    return rules, pos, chess.Board.from_chess960_pos(number)


def random_walk(
    game: str, seed: int, max_plies: int = MAX_PLIES
) -> Iterator[tuple[ChessLikeRules, Position, chess.Board]]:
    """Positions of one random game, ours and python-chess's side by side."""
    rng = random.Random(f"{game}/{seed}")
    rules, pos, board = start(game, rng)
    for _ in range(max_plies):
        yield rules, pos, board
        moves = rules.moves(pos)
        if not moves or board.is_insufficient_material():
            return
        move = moves[rng.randrange(len(moves))]
        board.push(board.parse_uci(rules.action_text(pos, move)))
        pos = rules.apply(pos, move)


def expected_reason(board: chess.Board) -> str | None:
    """The game end our rules apply at once, in their order, from python-chess's facts."""
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient material"
    if board.halfmove_clock >= 100:
        return "no progress"
    if board.is_repetition(3):
        return "repetition"
    return None


def our_reason(rules: ChessLikeRules, pos: Position) -> str | None:
    outcome = rules.outcome(pos)
    if outcome is None:
        return None
    if "plies without" in outcome.reason:
        return "no progress"
    if "same position" in outcome.reason:
        return "repetition"
    return outcome.reason


def compare(rules: ChessLikeRules, pos: Position, board: chess.Board) -> None:
    """Everything but SAN at one position."""
    t = rules.tables
    fen = board.fen()
    ours = {rules.action_text(pos, m) for m in rules.moves(pos)}
    theirs = {board.uci(m) for m in board.legal_moves}
    assert ours == theirs, f"{fen}: extra {ours - theirs}, missing {theirs - ours}"
    assert len(ours) == len(rules.moves(pos)), f"{fen}: two moves share a text"
    assert bool(movegen.checkers(t, pos)) == board.is_check(), fen
    assert insufficient_material(t, pos) == board.is_insufficient_material(), fen
    assert (repetitions(t, pos) >= 2) == board.is_repetition(2), fen
    assert (repetitions(t, pos) >= 3) == board.is_repetition(3), fen
    reason = expected_reason(board)
    assert our_reason(rules, pos) == reason, fen
    if reason == "checkmate":
        winner = 0 if board.turn == chess.BLACK else 1
        assert rules.returns(pos) == ((1.0, -1.0) if winner == 0 else (-1.0, 1.0)), fen
    elif reason is not None:
        assert rules.returns(pos) == (0.0, 0.0), fen
    assert rules.fen(pos) == fen
    assert rules.fen(pos, "shredder") == board.fen(shredder=True)
    again = parse_fen(t, fen)
    assert rules.fen(again) == fen


def compare_san(rules: ChessLikeRules, pos: Position, board: chess.Board) -> None:
    """SAN out equals python-chess's, and reads back (through parse_action too)."""
    san = pytest.importorskip("motley.chesslike.san")
    playing = rules.outcome(pos) is None  # parse_action refuses moves once the game is over
    for move in rules.moves(pos):
        theirs = board.san(board.parse_uci(rules.action_text(pos, move)))
        text = san.san(rules, pos, move)
        assert text == theirs, f"{board.fen()}: {rules.action_text(pos, move)} {text} != {theirs}"
        assert san.parse_san(rules, pos, text) == move, f"{board.fen()}: {text}"
        if playing:
            assert rules.parse_action(pos, text) == move, f"{board.fen()}: {text}"
    for move in board.legal_moves:  # python-chess's own spellings without check marks
        bare = board.san(move).rstrip("+#")
        assert rules.action_text(pos, san.parse_san(rules, pos, bare)) == board.uci(move)


def run(game: str, seeds: range, san_every: int) -> int:
    count = 0
    for seed in seeds:
        for rules, pos, board in random_walk(game, seed):
            compare(rules, pos, board)
            if count % san_every == 0:
                compare_san(rules, pos, board)
            count += 1
    return count


@pytest.mark.parametrize("game", ["chess", "chess960"])
def test_random_games_fast(game: str) -> None:
    """A few hundred positions per game."""
    assert run(game, range(2), san_every=3) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("game", ["chess", "chess960"])
@pytest.mark.parametrize("block", [range(2, 10), range(10, 18), range(18, 26)], ids=str)
def test_random_games_slow(game: str, block: range) -> None:
    """Several thousand positions per game over all blocks."""
    assert run(game, block, san_every=2) >= 800


def test_walks_reach_the_interesting_cases() -> None:
    """The random games do meet checks, castling, en passant and promotion."""
    seen: set[str] = set()
    for game in ("chess", "chess960"):
        for seed in range(6):
            for _, _, board in random_walk(game, seed):
                if board.is_check():
                    seen.add("check")
                for move in board.legal_moves:
                    if board.is_castling(move):
                        seen.add(f"castling {game}")
                    if board.is_en_passant(move):
                        seen.add("en passant")
                    if move.promotion:
                        seen.add("promotion")
                if board.is_checkmate() or board.is_stalemate():
                    seen.add("mate or stalemate")
    assert seen >= {
        "check",
        "castling chess",
        "castling chess960",
        "en passant",
        "promotion",
        "mate or stalemate",
    }


# -- random sparse positions -----------------------------------------------------------------

SPARSE_PIECES = "PPNBBRQpnbbrq"


def random_board(rng: random.Random) -> chess.Board:
    """A valid position with both kings and up to five other pieces."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 7)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square in squares[2 : 2 + rng.randrange(6)]:
            board.set_piece_at(square, chess.Piece.from_symbol(rng.choice(SPARSE_PIECES)))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            return board


def compare_sparse(seed: int) -> chess.Board:
    rules = registry.make("chess")
    assert isinstance(rules, ChessLikeRules)
    board = random_board(random.Random(seed))
    pos = parse_fen(rules.tables, board.fen())
    compare(rules, pos, board)
    compare_san(rules, pos, board)
    return board


def test_sparse_positions_fast() -> None:
    boards = [compare_sparse(seed) for seed in range(300)]
    assert sum(b.is_insufficient_material() for b in boards) >= 20
    assert sum(b.is_check() for b in boards) >= 10


@pytest.mark.slow
def test_sparse_positions_slow() -> None:
    boards = [compare_sparse(seed) for seed in range(300, 4300)]
    assert sum(b.is_checkmate() for b in boards) >= 3
    assert sum(b.is_stalemate() for b in boards) >= 2
