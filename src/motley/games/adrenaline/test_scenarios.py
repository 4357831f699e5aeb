"""Adrenaline Chess, rule by rule: the seed's checkmate and each reading chosen.

Positions are written as setups: a FEN with a `*` after a piece for each checker under it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from motley.chesslike.position import Move
from motley.chesslike.testing import legal_texts, letter_on, not_offered, refusal
from motley.core import registry
from motley.core.errors import NotationError, OptionError, StateError
from motley.core.present import Mark
from motley.games.adrenaline import AdrenalineChess
from motley.games.adrenaline.state import MOVE, RUSH, STEP, AdrenalineState

# The seed's strange checkmate, rebuilt from its text (the diagram is missing). Assumed:
# White K f2, bishop c1 trapped by its own pawns b2 and d2 with two checkers before Black's
# rush, pawn g2 and knight g1 filling the king's other squares; Black queen c4 (it reaches
# c1 down the c-file and e2, f1 along the diagonal), bishop g4 covering f3 and guarded by
# the pawn h5, which has a checker (h5-h4, then a step to g3), and the king far off on a8.
# Black has just captured a pawn and places the turn's checker.
SEED_MATE = "k7/8/8/7p*/2q3b1/8/1P1P1KP1/2B**3N1 b - - 0 1"


def game(position: str = "", **options: Any) -> tuple[AdrenalineChess, AdrenalineState]:
    rules = AdrenalineChess({"position": position, **options} if position else options)
    return rules, rules.initial_state()


def mid_turn(
    rules: AdrenalineChess, fen: str, phase: str, piece: str = "-", captured: bool = False
) -> AdrenalineState:
    data = {"fen": fen, "phase": phase, "piece": piece, "captured": captured, "history": []}
    return rules.state_from_json(data)


def play(rules: AdrenalineChess, state: AdrenalineState, texts: str) -> AdrenalineState:
    for text in texts.split(","):
        state = rules.apply(state, rules.parse_action(state, text.strip()))
    return state


texts = legal_texts


def checkers(rules: AdrenalineChess, state: AdrenalineState, name: str) -> int:
    return state.stacks[rules.geometry.parse(name)]


def letter(rules: AdrenalineChess, state: AdrenalineState, name: str) -> str:
    return letter_on(rules.tables, state.board, name)


# -- the regular move first, then extra steps ------------------------------------------------


def test_a_piece_with_checkers_first_makes_a_regular_move() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1")
    assert "b1c3" in texts(rules, state)
    assert "regular move" in not_offered(rules, state, "b1b2")
    assert "regular move" in refusal(rules, state, "stop")


def test_checkers_travel_with_the_piece_and_buy_king_steps() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1")
    state = play(rules, state, "b1c3")
    assert state.phase == STEP and checkers(rules, state, "c3") == 2
    assert {"stop", "c3c4", "c3d4", "c3b2", "c3d2"} <= texts(rules, state)
    assert "single king step" in not_offered(rules, state, "c3c5")
    state = play(rules, state, "c3c4")
    assert state.phase == STEP and checkers(rules, state, "c4") == 1
    state = play(rules, state, "d5")  # the destination alone is read too
    assert state.phase == MOVE and state.board.turn == 1
    assert letter(rules, state, "d5") == "N" and checkers(rules, state, "d5") == 0


def test_stopping_keeps_the_remaining_checkers() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1")
    state = play(rules, state, "b1c3, c3c4, stop")
    assert state.phase == MOVE and checkers(rules, state, "c4") == 1


def test_a_turn_without_capture_places_no_checker() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1")
    state = play(rules, state, "b1c3, stop")
    assert state.phase == MOVE and sum(state.stacks) == 2


# -- captures: inheriting checkers and exactly one rush checker ------------------------------


def test_a_step_that_captures_takes_over_the_victims_checkers() -> None:
    rules, state = game("r3k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1")
    state = play(rules, state, "b1c3")
    assert checkers(rules, state, "c3") == 1
    state = play(rules, state, "c3d4")  # one spent, two taken over
    assert state.phase == STEP and checkers(rules, state, "d4") == 2 and state.captured
    state = play(rules, state, "stop")
    assert state.phase == RUSH
    assert texts(rules, state) == {"rush a8", "rush e8"}


def test_a_regular_capture_takes_over_checkers_to_spend_at_once() -> None:
    rules, state = game("4k3/8/8/n**7/8/8/8/R3K3 w - - 0 1")
    state = play(rules, state, "a1a5")
    assert state.phase == STEP and checkers(rules, state, "a5") == 2
    assert "a5b6" in texts(rules, state)


def test_exactly_one_checker_after_a_turn_with_two_captures() -> None:
    rules, state = game("r3k3/8/8/8/2p5/2p5/8/1N*2K3 w - - 0 1")
    before = sum(state.stacks)
    state = play(rules, state, "b1xc3, c3c4")  # a regular capture and a capturing step
    assert state.phase == RUSH
    state = play(rules, state, "rush a8")
    assert state.phase == MOVE and state.board.turn == 1
    assert sum(state.stacks) == before - 1 + 1  # one spent, exactly one placed
    assert checkers(rules, state, "a8") == 1
    assert "rush" not in " ".join(texts(rules, state))


def test_the_king_may_receive_a_checker_unless_the_option_says_not() -> None:
    fen = "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"
    rules, _ = game()
    state = mid_turn(rules, fen, RUSH, captured=True)
    assert texts(rules, state) == {"rush a8", "rush e8"}
    rules, _ = game(rush_king=False)
    state = mid_turn(rules, fen, RUSH, captured=True)
    assert texts(rules, state) == {"rush a8"}
    assert "rush_king=false" in refusal(rules, state, "rush e8")


def test_a_checker_goes_under_an_enemy_piece_only() -> None:
    rules, _ = game()
    state = mid_turn(rules, "r3k3/8/8/8/8/8/8/4K2R w - - 0 1", RUSH, captured=True)
    assert "opponent's pieces" in refusal(rules, state, "rush h1")
    assert "opponent's pieces" in refusal(rules, state, "rush d4")


def test_no_rush_checker_that_would_expose_your_king() -> None:
    # with a checker the knight could go c4-d2 and step onto e1
    rules, _ = game()
    state = mid_turn(rules, "4k3/8/8/8/2n5/8/8/4K3 w - - 0 1", RUSH, captured=True)
    assert texts(rules, state) == {"rush e8"}
    assert "capture your king" in refusal(rules, state, "rush c4")


def test_a_capture_needs_a_safe_place_for_its_checker() -> None:
    fen = "4k3/8/8/p7/2n5/8/8/R3K3 w - - 0 1"
    rules, state = game(fen)
    assert "a1a5" in texts(rules, state)  # the checker can go under the black king
    rules, state = game(fen, rush_king=False)
    # only the knight could take it
    assert "could not then be finished" in not_offered(rules, state, "a1a5")


# -- castling ------------------------------------------------------------------------------


def test_no_castling_while_king_or_rook_has_checkers() -> None:
    rules, state = game("r3k2r/8/8/8/8/8/8/R3K2R* w KQkq - 0 1")
    assert "e1c1" in texts(rules, state)
    assert "has checkers" in refusal(rules, state, "e1g1")
    rules, state = game("r3k2r/8/8/8/8/8/8/R3K*2R w KQkq - 0 1")
    assert "has checkers" in refusal(rules, state, "O-O-O")


def test_the_king_may_not_pass_a_square_extra_moves_reach() -> None:
    # the knight on h4 with a checker can go to g2 and step to f1 (or g1), but reaches
    # neither e1 nor, by an ordinary move, f1 or g1: chess alone would allow O-O
    rules, state = game("4k3/8/8/8/7n*/8/8/R3K2R w KQ - 0 1")
    assert not rules.in_check(state)
    assert "e1c1" in texts(rules, state)
    assert "through" in refusal(rules, state, "e1g1")
    chess = registry.make("chess", {})
    plain = chess.state_from_json({"fen": "4k3/8/8/8/7n/8/8/R3K2R w KQ - 0 1", "history": []})
    assert "e1g1" in {chess.action_text(plain, m) for m in chess.legal_actions(plain)}


# -- en passant ----------------------------------------------------------------------------


def test_en_passant_after_a_real_double_step() -> None:
    rules, state = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    state = play(rules, state, "d7d5")
    assert "e5d6" in texts(rules, state)
    state = play(rules, state, "e5d6")
    assert letter(rules, state, "d5") == "" and state.phase == RUSH


def test_en_passant_after_a_double_step_that_kept_its_checker() -> None:
    rules, state = game("4k3/3p*4/8/4P3/8/8/8/4K3 b - - 0 1")
    state = play(rules, state, "d7d5, stop")
    assert "e5d6" in texts(rules, state)


def test_no_en_passant_after_the_pawn_used_an_extra_move() -> None:
    rules, state = game("4k3/3p*4/8/4P3/8/8/8/4K3 b - - 0 1")
    state = play(rules, state, "d7d5, d5c4")
    assert state.board.ep == -1
    assert "e5d6" not in texts(rules, state)


def test_an_extra_step_never_captures_en_passant() -> None:
    rules, state = game("4k3/3p4/8/8/2P*5/8/8/4K3 b - - 0 1")
    state = play(rules, state, "d7d5, c4c5, c5d6")  # a step onto the square passed over
    assert letter(rules, state, "d5") == "p" and letter(rules, state, "d6") == "P"
    assert state.phase == MOVE and state.board.turn == 1  # nothing captured, no rush


# -- promotion -------------------------------------------------------------------------------


def test_a_promoted_pawn_keeps_stepping() -> None:
    rules, state = game("k7/6P**1/8/8/8/8/8/7K w - - 0 1")
    state = play(rules, state, "g7g8q")
    assert state.phase == STEP and letter(rules, state, "g8") == "Q"
    assert checkers(rules, state, "g8") == 2
    state = play(rules, state, "g8f8")
    assert letter(rules, state, "f8") == "Q" and checkers(rules, state, "f8") == 1


def test_a_pawn_stepping_onto_the_last_rank_is_promoted() -> None:
    rules, state = game("4k3/8/1P*6/8/8/8/8/K7 w - - 0 1")
    state = play(rules, state, "b6b7")
    assert {"b7a8q", "b7a8n", "b7c8r"} <= texts(rules, state)
    assert "must be promoted" in refusal(rules, state, "b7a8")
    state = play(rules, state, "b7a8n")
    assert letter(rules, state, "a8") == "N"


# -- the king's safety after every decision ------------------------------------------------


def test_no_step_may_expose_your_own_king() -> None:
    rules, state = game("4r2k/8/8/8/8/8/4R*3/4K3 w - - 0 1")
    state = play(rules, state, "e2e4")
    assert "open to capture" in not_offered(rules, state, "e4d4")
    assert "e4e5" in texts(rules, state)


def test_no_revealed_check_even_if_a_step_would_block_it_again() -> None:
    rules, state = game("4r2k/8/8/8/8/4B*3/8/4K3 w - - 0 1")
    assert "check" in not_offered(rules, state, "e3d4")


def test_check_counts_the_opponents_extra_steps() -> None:
    # the black knight on a1 with a checker reaches b3 or c2, one step short of e1
    rules, state = game("4k3/8/8/8/8/8/8/n*3K3 w - - 0 1")
    assert not rules.in_check(state)
    rules, state = game("4k3/8/8/8/2n*5/8/8/4K3 w - - 0 1")
    assert rules.in_check(state)  # c4-d2 is a knight move, d2 touches e1


def test_check_counts_checkers_taken_over_by_capturing() -> None:
    # the black rook takes the white knight on a4 and its two checkers, then steps twice
    rules, state = game("4k3/8/8/r7/N**7/8/1K6/8 w - - 0 1")
    assert rules.in_check(state)
    rules, state = game("4k3/8/8/r7/N7/8/1K6/8 w - - 0 1")
    assert not rules.in_check(state)


# -- the seed's strange checkmate ----------------------------------------------------------


def test_seed_checkmate_a_third_checker_under_the_trapped_bishop() -> None:
    rules, _ = game()
    state = mid_turn(rules, SEED_MATE, RUSH, captured=True)
    assert "rush c1" in texts(rules, state)
    after = play(rules, state, "rush c1")
    f2 = rules.geometry.parse("f2")
    assert checkers(rules, after, "c1") == 3
    assert rules.in_check(after)
    assert list(rules.legal_actions(after)) == []
    outcome = rules.outcome(after)
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"
    # the escapes the seed names (g1 and g2 are assumed filled): e2, f1 and f3 are plain
    # captures by the queen or the bishop, e1, e3 and g3 need extra steps
    escapes = {"e2": "in check", "f1": "in check", "f3": "in check"}
    escapes.update({"e1": "open to capture", "e3": "open to capture", "g3": "open to capture"})
    for square, rule in escapes.items():
        reason = rules.turns.broken(after, Move(f2, rules.geometry.parse(square)))
        assert reason is not None and rule in reason, square


def test_seed_checkmate_needs_the_third_checker() -> None:
    rules, _ = game()
    state = mid_turn(rules, SEED_MATE, RUSH, captured=True)
    after = play(rules, state, "rush b2")
    assert not rules.in_check(after) and rules.outcome(after) is None


def test_seed_checkmate_the_pumped_bishop_cannot_step_without_a_regular_move() -> None:
    rules, _ = game()
    state = play(rules, mid_turn(rules, SEED_MATE, RUSH, captured=True), "rush c1")
    # the bishop could reach the queen on c4 with three steps, but has no regular move
    bishop = rules.geometry.parse("c1")
    moves = rules.turns.candidates(state)
    assert not any(isinstance(a, Move) and a.origin == bishop for a in moves)


# -- notation and states -------------------------------------------------------------------


def test_notation_round_trips_and_refuses_garbage() -> None:
    rules, state = game("r3k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1")
    for action in rules.legal_actions(state):
        assert rules.parse_action(state, rules.action_text(state, action)) == action
    with pytest.raises(NotationError):
        rules.parse_action(state, "e2e4e5e6")
    state = play(rules, state, "b1c3")
    assert rules.parse_action(state, "step c3d4") == rules.parse_action(state, "d4")


def test_mid_turn_states_survive_json() -> None:
    rules, state = game("r3k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1")
    for text in ("b1c3", "c3d4"):
        state = play(rules, state, text)
        data = json.loads(json.dumps(rules.state_to_json(state)))
        again = rules.state_from_json(data)
        assert rules.state_to_json(again) == data
        assert texts(rules, again) == texts(rules, state)


def test_bad_states_and_options_are_refused_in_one_line() -> None:
    rules, _ = game()
    bad = [
        {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "phase": "dance"},
        {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "phase": STEP, "piece": "e1"},
        {"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "phase": RUSH, "captured": False},
        {"fen": "*4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
        {"fen": "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"},
        {"fen": 7},
    ]
    for data in bad:
        with pytest.raises(StateError) as info:
            rules.state_from_json(data)
        assert "\n" not in str(info.value)
    with pytest.raises(OptionError):
        AdrenalineChess({"position": "8/8/8/8/8/8/8/8 w - - 0 1"})


def test_the_board_shows_checker_counts() -> None:
    rules, state = game("4k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1")
    marks = {p.cell: p.marks for p in rules.scene(state, 0).pieces}
    assert marks[rules.geometry.parse("d4")] == (Mark("checker", 2),)
    assert marks[rules.geometry.parse("b1")] == (Mark("checker", 1),)
    assert marks[rules.geometry.parse("h1")] == ()
    assert rules.scene(state, 1).status == "White to move"
    assert -1 <= rules.evaluate(state, 0) <= 1


def test_the_board_highlights_a_check_by_extra_steps() -> None:
    rules, state = game("4k3/8/8/8/2n*5/8/8/4K3 w - - 0 1")
    assert rules.scene(state, 0).check == (4,)  # e1, reached by c4-d2 and a king step
    rules, state = game("4k3/8/8/8/8/8/8/n*3K3 w - - 0 1")
    assert rules.scene(state, 0).check == ()
