"""Two Move Chess: the seed's example turn, its rules quiz and promotion puzzle, and the card
bookkeeping. Boards are the seed's diagrams (two-move-chess1 to 7) as FEN placements."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motley.chesslike.testing import play_on as play
from motley.chesslike.testing import refusal
from motley.chesslike.turnless import read_board, write_board
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.rules import NodeKind
from motley.games.two_move import diagrams
from motley.games.two_move.cards import CardPair, read_cards, read_pair, resolution
from motley.games.two_move.rules import TwoMove
from motley.games.two_move.state import MOVE, TwoMoveState

N, B, R, Q, K = 1, 2, 3, 4, 5


def at_choice(
    board: str, white_up: str = "", black_up: str = "", **options: Any
) -> tuple[TwoMove, TwoMoveState]:
    """A turn about to start, with these cards lying face up."""
    rules = TwoMove(options)
    return rules, diagrams.at_choice(rules, board, white_up, black_up)


def reveal(rules: TwoMove, state: TwoMoveState, white: str, black: str) -> TwoMoveState:
    joint = {0: rules.parse_action(state, white, 0), 1: rules.parse_action(state, black, 1)}
    return rules.apply_joint(state, joint)


def texts(rules: TwoMove, state: TwoMoveState, seat: int | None = None) -> set[str]:
    return {rules.action_text(state, a) for a in rules.legal_actions(state, seat)}


def placement(state: TwoMoveState) -> str:
    return write_board(state.board).split()[0]


def wins_this_turn(rules: TwoMove, state: TwoMoveState, seat: int) -> bool:
    """Whether `seat` takes the king before the turn ends, whatever the other side moves."""
    if rules.kind(state) is NodeKind.TERMINAL:
        return rules.returns(state)[seat] > 0
    if state.phase != MOVE:
        return False
    outcomes = (wins_this_turn(rules, rules.apply(state, a), seat) for a in rules.card_moves(state))
    return any(outcomes) if rules.actors(state) == (seat,) else all(outcomes)


def takes_king_with(board: str, seat: int, card: int) -> bool:
    """Whether two moves of one card let `seat` take the king (the seed's two-move threats)."""
    rules = TwoMove()
    pos = read_board(board)
    for first in rules.moves_for(pos, seat, card, 0):
        state = TwoMoveState(pos, MOVE, (0, 0), (0, 0), ((seat, card), (seat, card)), 0)
        after = rules._move(state, first)
        if rules.kind(after) is NodeKind.TERMINAL:
            return True
        if any(
            rules.kind(rules._move(after, second)) is NodeKind.TERMINAL
            for second in rules.moves_for(after.board, seat, card, after.moved)
        ):
            return True
    return False


# -- the seed's example turn (two-move-chess1 and 2) -----------------------------------------

EXAMPLE = "rn2kbnr/pbpp1ppp/1p3q2/3Np3/2B1P3/8/PPPP1PPP/R1BQK1NR KQkq"


def test_example_threats() -> None:
    """Black threatens the king with two queen moves; White's only two-move threat on the
    king is the knight (whose card lies face up)."""
    assert takes_king_with(EXAMPLE, 1, Q)
    assert takes_king_with(EXAMPLE, 0, N)
    assert not any(takes_king_with(EXAMPLE, 0, card) for card in (B, R, Q, K))


def test_example_turn() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    assert texts(rules, state, 0) == {"BQ", "BK", "QK"}  # the knight and rook lie face up
    state = reveal(rules, state, "BQ", "BR")
    # the bishops cancel: Black's rook card moves twice, then White's queen card twice
    assert state.queue == ((1, R), (1, R), (0, Q), (0, Q))
    assert "b7c6" not in texts(rules, state)  # a rook card moves no bishop
    state = play(rules, state, "h7h5")  # the pawn is Black's least valuable movable piece
    state = play(rules, state, "h8h6")  # ... then the rook card moves a rook
    assert rules.actors(state) == (0,)
    assert {"d1e2", "c2c3"} <= texts(rules, state) and "d5f6" not in texts(rules, state)
    state = play(rules, state, "c2c3", "d1b3")
    assert placement(state) == "rn2kbn1/pbpp1pp1/1p3q1r/3Np2p/2B1P3/1QP5/PP1P1PPP/R1B1K1NR"
    # White had four cards face up and takes them back; Black's bishop and rook stay
    assert rules.kind(state) is NodeKind.SIMULTANEOUS
    assert state.face_up == (0, (1 << B) | (1 << R))
    assert texts(rules, state, 1) == {"NQ", "NK", "QK"}
    assert len(texts(rules, state, 0)) == 10


def test_white_could_have_taken_the_queen() -> None:
    """The example's remark: White declined to capture the black queen."""
    rules, state = at_choice(EXAMPLE, white_up="NR")
    state = play(rules, reveal(rules, state, "BQ", "BR"), "h7h5", "h8h6", "d1f3")
    assert "f3f6" in texts(rules, state)


# -- the rules quiz (two-move-chess3 to 5) ---------------------------------------------------

QUIZ = "5k2/1b2p3/p7/P7/1BB1P1q1/2P2P2/8/3n3K -"


def test_quiz_trap_gives_white_the_king() -> None:
    rules, state = at_choice(QUIZ, white_up="KN")
    state = reveal(rules, state, "QR", "QB")
    # the queens cancel: Black's bishop card moves twice, then White's rook card twice
    assert state.queue == ((1, B), (1, B), (0, R), (0, R))
    state = play(rules, state, "b7e4", "e4f3")
    # both movable white pawns are gone: the bishops are White's least valuable movers
    assert rules.least_movable(state.board, 0) == "bishop"
    assert "b4e7" in texts(rules, state)
    assert wins_this_turn(rules, state, 0)
    state = play(rules, state, "b4e7", "e7f8")
    assert placement(state) == "5B2/8/p7/P7/2B3q1/2P2b2/8/3n3K"
    assert rules.kind(state) is NodeKind.TERMINAL and rules.returns(state) == (1.0, -1.0)


def test_quiz_better_move_keeps_the_king_safe() -> None:
    rules, state = at_choice(QUIZ, white_up="KN")
    state = play(rules, reveal(rules, state, "QR", "QB"), "b7d5", "d5e6")
    assert placement(state) == "5k2/4p3/p3b3/P7/1BB1P1q1/2P2P2/8/3n3K"
    assert rules.least_movable(state.board, 0) == "pawn"
    assert all(rules.action_text(state, m)[1] in "34" for m in rules.card_moves(state))
    assert not wins_this_turn(rules, state, 0)
    # Black's last pawn is blocked: next turn any Black card may move the knight
    assert rules.least_movable(state.board, 1) == "knight"


# -- the promotion puzzle (two-move-chess6 and 7) --------------------------------------------

PUZZLE = "5k2/7P/1p6/2p1b3/8/1P6/8/7K -"


@pytest.mark.parametrize("black", ["NB", "NQ", "BQ"])
def test_promotion_puzzle_bishop_and_rook_win(black: str) -> None:
    """Whatever Black chooses (its king and rook lie face up), White's bishop and rook take
    the king this turn: promote to a rook and take f8 with the rook card."""
    rules, state = at_choice(PUZZLE, black_up="KR")
    assert texts(rules, state, 1) == {"NB", "NQ", "BQ"}
    assert wins_this_turn(rules, reveal(rules, state, "BR", black), 0)


def test_promotion_puzzle_solution_line() -> None:
    rules, state = at_choice(PUZZLE, black_up="KR")
    state = reveal(rules, state, "BR", "BQ")
    assert state.queue == ((0, R), (0, R), (1, Q), (1, Q))
    state = play(rules, state, "h7h8r", "h8f8")
    assert placement(state) == "5R2/8/1p6/2p1b3/8/1P6/8/7K"
    assert rules.returns(state) == (1.0, -1.0)


def test_promotion_puzzle_queen_is_blocked_and_rook_card_needs_a_rook() -> None:
    rules, state = at_choice(PUZZLE, black_up="KR")
    # with a queen card Black's queen card cancels it, and the bishop blocks h8 in time
    assert not wins_this_turn(rules, reveal(rules, state, "RQ", "BQ"), 0)
    # promoting to a queen with the rook card leaves the rook card nothing to take f8 with
    after = play(rules, reveal(rules, state, "BR", "BQ"), "h7h8q")
    assert "h8f8" not in texts(rules, after)
    assert rules.least_movable(after.board, 0) == "pawn"


def test_promoted_pawn_may_not_move_again_under_the_other_reading() -> None:
    rules, state = at_choice(PUZZLE, black_up="KR", promoted_pawn_moves_again=False)
    after = play(rules, reveal(rules, state, "BR", "BQ"), "h7h8r")
    assert "h8f8" not in texts(rules, after)
    assert not wins_this_turn(rules, reveal(rules, state, "BR", "BQ"), 0)


# -- cards -----------------------------------------------------------------------------------


def test_resolution_order_and_cancelling() -> None:
    assert resolution(read_cards("BQ"), read_cards("BQ")) == ()
    assert resolution(read_cards("NK"), read_cards("BR")) == ((0, N), (1, B), (1, R), (0, K))
    assert resolution(read_cards("RK"), read_cards("NK")) == ((1, N), (1, N), (0, R), (0, R))


def test_same_pair_moves_nothing() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    after = reveal(rules, state, "BQ", "BQ")
    assert after.board == state.board and rules.kind(after) is NodeKind.SIMULTANEOUS
    assert after.face_up == (0, (1 << B) | (1 << Q)) and after.turn == state.turn + 1


def test_face_up_cards_cannot_be_chosen() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    with pytest.raises(IllegalAction, match="knight card lies face up"):
        rules.parse_action(state, "NQ", 0)
    with pytest.raises(NotationError):
        rules.parse_action(state, "BQK", 0)
    with pytest.raises(NotationError):
        rules.parse_action(state, "P B", 0)


def test_setup_white_lays_out_two_cards() -> None:
    rules = TwoMove()
    state = rules.initial_state()
    assert rules.kind(state) is NodeKind.DECISION and rules.actors(state) == (0,)
    assert len(rules.legal_actions(state)) == 10
    state = rules.apply(state, rules.parse_action(state, "rk"))
    assert state.face_up == ((1 << R) | (1 << K), 0)
    assert texts(rules, state, 0) == {"NB", "NQ", "BQ"} and len(texts(rules, state, 1)) == 10
    fixed = TwoMove({"first_face_up": "KR"})
    assert fixed.initial_state() == state
    with pytest.raises(OptionError):
        TwoMove({"first_face_up": "KK"})


def test_cards_turn_by_turn_face_up() -> None:
    rules = TwoMove({"first_face_up": "KR"})
    state = rules.initial_state()
    state = reveal(rules, state, "NB", "NB")  # White: K R N B face up, takes all four back
    assert state.face_up == (0, (1 << N) | (1 << B))
    state = reveal(rules, state, "QK", "QK")
    assert state.face_up == ((1 << Q) | (1 << K), 0)


# -- moves -----------------------------------------------------------------------------------


def test_castling_ignores_attacks_and_needs_the_king_card() -> None:
    board = "4kr2/8/8/8/8/8/8/4K2R K"  # the black rook attacks f1, which the king crosses
    rules, state = at_choice(board, black_up="NB")
    after = reveal(rules, state, "RK", "RQ")  # rooks cancel: Black's queen card moves twice,
    after = play(rules, after, "f8f7", "f7f8")  # (its rook), then White's king card twice
    assert "e1g1" in texts(rules, after)
    assert rules.parse_action(after, "O-O") == rules.parse_action(after, "e1g1")
    after = play(rules, after, "O-O")
    assert placement(after) == "4kr2/8/8/8/8/8/8/5RK1"
    rules, state = at_choice(board, black_up="NB")
    after = reveal(rules, state, "RQ", "KQ")  # White's rook card moves twice: no castling
    assert "e1g1" not in texts(rules, after) and "h1g1" in texts(rules, after)


def test_no_check_a_king_may_step_into_attack_and_be_taken() -> None:
    rules, state = at_choice("8/8/8/3k4/R7/8/8/4K3 -", black_up="BR")
    after = reveal(rules, state, "QK", "NK")  # kings cancel: Black N, N, then White Q, Q
    after = play(rules, after, "d5c5")  # the knight card moves Black's only piece, the king
    assert "c5c4" in texts(rules, after)  # onto the rook's rank: there is no check
    after = play(rules, after, "c5c4", "a4c4")  # the queen card moves the rook: no queen
    assert rules.kind(after) is NodeKind.TERMINAL and rules.returns(after) == (1.0, -1.0)
    outcome = rules.outcome(after)
    assert outcome is not None and outcome.reason == "capture of the king"


def test_no_pawn_moves_twice() -> None:
    rules, state = at_choice("4k3/3p4/8/4P3/8/8/8/4K3 -", black_up="NB")
    after = reveal(rules, state, "RQ", "RQ")
    assert rules.kind(after) is NodeKind.SIMULTANEOUS  # both pairs matched: nothing moved
    after = reveal(rules, after, "NB", "RQ")  # White: N, B; Black: R, Q
    after = play(rules, after, "e5e6")  # White's knight card: the pawn
    assert texts(rules, after) == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}  # not the pawn again


def test_no_en_passant() -> None:
    rules, state = at_choice("4k3/3p4/8/4P3/8/8/8/4K3 -", black_up="RQ")
    after = play(rules, reveal(rules, state, "QK", "NB"), "d7d5", "e8f8")
    assert texts(rules, after) == {"e5e6"}  # the queen card moves the pawn, but not e.p.
    with pytest.raises(IllegalAction):
        rules.parse_action(after, "e5d6")


def test_illegal_moves_name_the_rule() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    state = reveal(rules, state, "BQ", "BR")
    for text, rule in (
        ("b7c6", "rook card moves a rook or one of Black's least"),
        ("e4e5", "no Black piece"),
        ("NB", "already revealed"),
    ):
        assert rule in refusal(rules, state, text)
    assert "nothing to choose" in refusal(rules, state, "h7h5", seat=0)
    assert "twice in one turn" in refusal(rules, play(rules, state, "h7h5"), "h5h4")


# -- states ----------------------------------------------------------------------------------


def test_state_json_round_trip_mid_turn() -> None:
    rules, state = at_choice(QUIZ, white_up="KN")
    state = play(rules, reveal(rules, state, "QR", "QB"), "b7e4")
    data = json.loads(json.dumps(rules.state_to_json(state)))
    assert data["queue"] == [[1, "B"], [0, "R"], [0, "R"]] and data["moved"] == []
    assert rules.state_from_json(data) == state


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "dance"},
        {"face_up": ["NR", "NR"]},
        {"chosen": ["", ""]},
        {"queue": [[0, "R"], [1, "B"]]},
        {"queue": [[1, "B"], [1, "B"], [0, "R"], [0, "R"], [0, "R"]]},
        {"moved": ["z9"]},
        {"board": "8/8/8/8/8/8/8/8 -"},
        {"turn": "5"},
    ],
)
def test_state_json_refuses_nonsense(change: dict[str, Any]) -> None:
    rules, state = at_choice(QUIZ, white_up="KN")
    state = play(rules, reveal(rules, state, "QR", "QB"), "b7e4")
    with pytest.raises(StateError) as info:
        rules.state_from_json({**rules.state_to_json(state), **change})
    assert "\n" not in str(info.value)


def test_render_shows_cards_and_the_card_to_move() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    assert "White's cards face up: N R" in rules.render(state)
    state = reveal(rules, state, "BQ", "BR")
    text = rules.render(state)
    assert "Black's rook card: move a rook or a pawn" in text
    assert rules.parse_action(state, "h5") == rules.parse_action(state, "h7h5")
    assert rules.evaluate(state, 0) == -rules.evaluate(state, 1)


def test_card_pair_text_round_trip() -> None:
    for text in ("NB", "RK", "QK"):
        assert str(read_pair(text)) == text
    assert read_pair("k, r") == CardPair((1 << R) | (1 << K)) == read_pair("10 K")
    assert read_pair("8 9") == read_pair("NB")
