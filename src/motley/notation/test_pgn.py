"""PGN export, checked by reading it back with python-chess."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest

from motley.chesslike.rules import ChessLikeRules
from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.errors import MotleyError
from motley.core.record import Event, GameRecord, replay, seed_hash
from motley.core.rules import NodeKind
from motley.notation.pgn import to_pgn

AGENTS = {0: RandomAgent(), 1: RandomAgent()}


def record_of(game: str, moves: list[str], first: int = 0, **options: object) -> GameRecord:
    seats = [(first + i) % 2 for i in range(len(moves))]
    events = tuple(Event(NodeKind.DECISION, ((s, m),)) for s, m in zip(seats, moves, strict=True))
    return GameRecord(game, 1, dict(options), seed_hash(0), events)


def read_back(text: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    assert not game.errors, game.errors
    return game


def same_final_position(record: GameRecord) -> None:
    """python-chess reaches our final placement, side to move and castling rights."""
    text = to_pgn(record)
    board = read_back(text).end().board()
    rules = registry.make(record.game, record.options)
    assert isinstance(rules, ChessLikeRules)
    ours = rules.fen(replay(record)[-1]).split()
    theirs = board.fen().split()
    assert ours[:3] == theirs[:3], text


def test_fools_mate() -> None:
    text = to_pgn(record_of("chess", ["f2f3", "e7e5", "g2g4", "d8h4"]))
    assert text.startswith('[Event "Motley Chess game"]\n[Site "?"]\n[Date "????.??.??"]')
    assert '[Result "0-1"]' in text and '[Termination "normal"]' in text
    assert "SetUp" not in text and "Variant" not in text
    assert text.endswith("\n1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n")
    assert read_back(text).headers["Result"] == "0-1"


def test_unfinished_and_resigned_games() -> None:
    record = record_of("chess", ["e2e4"])
    text = to_pgn(record)
    assert '[Result "*"]' in text and '[Termination "unterminated"]' in text
    assert text.endswith("1. e4 *\n")
    resigned = GameRecord(**{**record.__dict__, "result": (1.0, -1.0)})
    assert to_pgn(resigned).endswith("1. e4 {Black resigns} 1-0\n")


def test_a_given_start_position_gets_setup_and_fen() -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K2R b K - 3 40"
    record = record_of("chess", ["e8d7", "e1g1"], first=1, position=fen)
    text = to_pgn(record)
    assert '[SetUp "1"]' in text and f'[FEN "{fen}"]' in text
    assert "40... Kd7 41. O-O" in text
    same_final_position(record)


def test_chess960_names_its_variant_and_start() -> None:
    rules = registry.make("chess960")
    played = play(rules, AGENTS, seed=5, max_events=30)
    text = to_pgn(played.record)
    assert '[Variant "Chess960"]' in text and '[SetUp "1"]' in text
    fen = rules.fen(replay(played.record)[1])
    assert f'[FEN "{fen}"]' in text
    assert read_back(text).board().chess960


def test_only_chess_games_export() -> None:
    with pytest.raises(MotleyError, match="PGN export supports"):
        to_pgn(GameRecord("go", 1, {}, seed_hash(0)))


@pytest.mark.parametrize("game", ["chess", "chess960"])
def test_random_games_read_back_quickly(game: str) -> None:
    for seed in range(15):
        same_final_position(play(registry.make(game), AGENTS, seed=seed).record)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "games"), [("chess", 80), ("chess960", 40)])
def test_hundreds_of_random_games_read_back(game: str, games: int) -> None:
    rules = registry.make(game)
    for seed in range(100, 100 + games):
        played = play(rules, AGENTS, seed=seed)
        same_final_position(played.record)
        if rules.is_terminal(played.state):
            result = read_back(to_pgn(played.record)).headers["Result"]
            assert result in ("1-0", "0-1", "1/2-1/2")
