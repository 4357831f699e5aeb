"""Chess rules at the API: game ends from the rulebook, draw options, and readable refusals."""

from __future__ import annotations

import chess
import pytest

from motley.chesslike.draws import insufficient_material
from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.core import registry
from motley.core.errors import IllegalAction, MotleyError, NotationError
from motley.core.rules import NodeKind


def chess_rules(**options: object) -> ChessLikeRules:
    rules = registry.make("chess", options)
    assert isinstance(rules, ChessLikeRules)
    return rules


def play(rules: ChessLikeRules, pos: Position, *texts: str) -> Position:
    for text in texts:
        pos = rules.apply(pos, rules.parse_action(pos, text))
    return pos


def test_fools_mate() -> None:
    rules = chess_rules()
    pos = play(rules, rules.initial_state(), "f2f3", "e7e5", "g2g4", "d8h4")
    assert rules.kind(pos) is NodeKind.TERMINAL
    assert rules.actors(pos) == ()
    assert rules.legal_actions(pos) == []
    assert rules.returns(pos) == (-1.0, 1.0)
    outcome = rules.outcome(pos)
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"


def test_stalemate() -> None:
    rules = chess_rules(position="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    pos = rules.initial_state()
    assert rules.kind(pos) is NodeKind.TERMINAL
    assert rules.returns(pos) == (0.0, 0.0)
    outcome = rules.outcome(pos)
    assert outcome is not None and outcome.reason == "stalemate"


def test_no_progress_draw_after_100_plies() -> None:
    rules = chess_rules(position="4k3/8/8/8/8/8/8/R3K3 w - - 98 80")
    pos = play(rules, rules.initial_state(), "a1a2")
    assert rules.kind(pos) is NodeKind.DECISION  # 99 plies
    pos = play(rules, pos, "e8d8")
    assert rules.kind(pos) is NodeKind.TERMINAL and rules.returns(pos) == (0.0, 0.0)
    assert chess.Board(rules.fen(pos)).can_claim_fifty_moves()


def test_mate_on_the_hundredth_ply_is_mate() -> None:
    rules = chess_rules(position="7k/8/6K1/8/8/8/8/R7 w - - 99 80")
    pos = play(rules, rules.initial_state(), "a1a8")
    assert rules.returns(pos) == (1.0, -1.0)


def test_no_progress_option() -> None:
    rules = chess_rules(position="4k3/8/8/8/8/8/8/R3K3 w - - 99 80", no_progress_plies=0)
    pos = play(rules, rules.initial_state(), "a1a2")
    assert rules.kind(pos) is NodeKind.DECISION


KNIGHT_DANCE = ("g1f3", "g8f6", "f3g1", "f6g8") * 2


def test_threefold_repetition() -> None:
    """The start position stands for the third time after eight knight moves."""
    rules = chess_rules()
    pos = play(rules, rules.initial_state(), *KNIGHT_DANCE[:7])
    assert rules.kind(pos) is NodeKind.DECISION
    pos = play(rules, pos, KNIGHT_DANCE[7])
    assert rules.kind(pos) is NodeKind.TERMINAL and rules.returns(pos) == (0.0, 0.0)
    board = chess.Board()
    for text in KNIGHT_DANCE:
        board.push_uci(text)
    assert board.is_repetition(3)


def test_repetition_option() -> None:
    never = chess_rules(repetition=0)
    pos = play(never, never.initial_state(), *KNIGHT_DANCE, *KNIGHT_DANCE)
    assert never.kind(pos) is NodeKind.DECISION
    twice = chess_rules(repetition=2)
    pos = play(twice, twice.initial_state(), *KNIGHT_DANCE[:3])
    assert twice.kind(pos) is NodeKind.DECISION
    pos = play(twice, pos, KNIGHT_DANCE[3])
    assert twice.kind(pos) is NodeKind.TERMINAL


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",  # K v K
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",  # K+B v K
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",  # K+N v K
        "4k3/8/8/8/8/8/8/1N2K1q1 w - - 0 1",  # K+N v K+Q: the knight cannot mate
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",  # bishops on opposite colours
        "3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1",  # bishops on one colour
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",  # K+N+N v K
        "4k3/8/8/8/8/8/8/1n2K1N1 w - - 0 1",  # K+N v K+N
        "4k3/8/8/8/8/8/8/4K1Bb w - - 0 1",  # bishops on opposite colours, adjacent
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",  # K+R v K
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",  # K+P v K
        "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1",  # two bishops on dark squares
    ],
)
def test_insufficient_material_matches_python_chess(fen: str) -> None:
    rules = chess_rules()
    pos = parse_fen(rules.tables, fen)
    assert insufficient_material(rules.tables, pos) == chess.Board(fen).is_insufficient_material()


@pytest.mark.parametrize(
    ("fen", "text", "error", "words"),
    [
        (None, "e2e5", IllegalAction, "pawn"),
        (None, "e7e5", IllegalAction, "not White's"),
        (None, "e1g1", IllegalAction, "castling"),
        (None, "O-O", IllegalAction, "castling"),
        (None, "e3e4", IllegalAction, "no piece"),
        (None, "Nf6", IllegalAction, "knight"),
        (None, "zz", NotationError, "zz"),
        (None, "e2e4x", NotationError, "promotion"),
        (None, "a2a1q", IllegalAction, "promoted"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", IllegalAction, "promoted"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k", IllegalAction, "promoted"),
        ("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2f3", IllegalAction, "king"),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1d1", IllegalAction, "king"),
        ("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "e1g1", IllegalAction, "castling"),
    ],
)
def test_refusals_are_one_line(
    fen: str | None, text: str, error: type[MotleyError], words: str
) -> None:
    rules = chess_rules() if fen is None else chess_rules(position=fen)
    pos = rules.initial_state()
    with pytest.raises(error) as info:
        rules.parse_action(pos, text)
    message = str(info.value)
    assert "\n" not in message and words in message


def test_wrong_seat_and_finished_game_are_refused() -> None:
    rules = chess_rules()
    with pytest.raises(IllegalAction, match="White's turn"):
        rules.parse_action(rules.initial_state(), "e2e4", 1)
    pos = play(rules, rules.initial_state(), "f2f3", "e7e5", "g2g4", "d8h4")
    with pytest.raises(IllegalAction, match="over"):
        rules.parse_action(pos, "a2a3")


def test_check_legal_refuses_a_move_from_another_position() -> None:
    rules = chess_rules()
    start = rules.initial_state()
    e4 = rules.parse_action(start, "e2e4")
    after = rules.apply(start, e4)
    with pytest.raises(IllegalAction) as info:
        rules.check_legal(after, e4)
    assert "\n" not in str(info.value)


def test_apply_leaves_its_input_alone() -> None:
    rules = chess_rules()
    start = rules.initial_state()
    fen = rules.fen(start)
    for move in rules.moves(start):
        rules.apply(start, move)
    assert rules.fen(start) == fen and start == rules.initial_state()


def test_parse_action_reads_san_with_a_bishop_rank_hint() -> None:
    """Two white bishops can reach f5 (from c2 and c8): SAN names them B2f5 and B8f5, as
    python-chess does. parse_action should read both as SAN."""
    fen = "1nB5/K7/8/8/8/5k2/2B3r1/8 w - - 0 1"
    rules = chess_rules(position=fen)
    pos = rules.initial_state()
    board = chess.Board(fen)
    assert board.san(chess.Move.from_uci("c2f5")) == "B2f5"
    assert rules.action_text(pos, rules.parse_action(pos, "B2f5")) == "c2f5"
    assert rules.action_text(pos, rules.parse_action(pos, "B8f5")) == "c8f5"


def test_san_reader_handles_the_bishop_rank_hint() -> None:
    """parse_san itself is right about B2f5; only parse_action's coordinate guess is not."""
    from motley.chesslike.san import parse_san

    rules = chess_rules(position="1nB5/K7/8/8/8/5k2/2B3r1/8 w - - 0 1")
    pos = rules.initial_state()
    assert rules.action_text(pos, parse_san(rules, pos, "B2f5")) == "c2f5"
