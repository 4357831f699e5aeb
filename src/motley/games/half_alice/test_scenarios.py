"""Half Alice Chess, rule by rule: the seed's example and each reading chosen.

Positions are written as setups: a FEN with `*` after each piece standing on a checker.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from motley.chesslike.testing import legal_texts, letter_on, not_offered, refusal
from motley.core.errors import IllegalAction, NotationError, OptionError, StateError
from motley.core.present import Mark, Piece
from motley.core.rules import NodeKind
from motley.games.half_alice import HalfAliceChess
from motley.games.half_alice.state import HalfAliceState

# the seed's example: king b8 checked by the queen on d8, a rook on b1 behind the mirror
SEED_EXAMPLE = "1k1Q4/8/8/8/8/8/8/1R*5K b - - 0 1"


def game(position: str = "", **options: Any) -> tuple[HalfAliceChess, HalfAliceState]:
    rules = HalfAliceChess({"position": position, **options} if position else options)
    return rules, rules.initial_state()


def play(rules: HalfAliceChess, texts: str, state: HalfAliceState) -> HalfAliceState:
    for text in texts.split():
        state = rules.apply(state, rules.parse_action(state, text))
    return state


texts = legal_texts


def piece(rules: HalfAliceChess, state: HalfAliceState, name: str) -> str:
    """The piece on a square as a FEN letter ('' if empty), '*' added on a checker."""
    letter = letter_on(rules.tables, state.board, name)
    on_checker = state.checkers >> rules.geometry.parse(name) & 1
    return letter + ("*" if on_checker else "")


# -- the seed's example ----------------------------------------------------------------------


def test_seed_example_the_only_move_is_a7() -> None:
    rules, state = game(SEED_EXAMPLE)
    assert rules.in_check(state)
    assert texts(rules, state) == {"b8a7"}


def test_seed_example_a8_is_in_check_before_switching() -> None:
    rules, state = game(SEED_EXAMPLE)
    assert "before switching" in refusal(rules, state, "b8a8")


def test_seed_example_b7_is_in_check_after_switching() -> None:
    rules, state = game(SEED_EXAMPLE)
    assert "after switching" in refusal(rules, state, "b8b7")


def test_seed_example_the_king_switches_to_a_checker() -> None:
    rules, state = game(SEED_EXAMPLE)
    after = play(rules, "b8a7", state)
    assert piece(rules, after, "a7") == "k*"
    assert not rules.in_check(after._replace(board=after.board._replace(turn=1)))


def test_covering_a7_too_is_checkmate() -> None:
    rules, state = game("1k1Q4/8/8/8/8/8/8/RR*5K b - - 0 1".replace("RR*", "R*R*"))
    assert rules.kind(state) is NodeKind.TERMINAL
    assert rules.returns(state) == (1.0, -1.0)
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "checkmate"


# -- switching sides, moving through and capturing -------------------------------------------


def test_every_move_switches_the_piece_and_back() -> None:
    rules, state = game()
    state = play(rules, "g1f3", state)
    assert piece(rules, state, "f3") == "N*"
    state = play(rules, "g8f6 f3g1", state)
    assert piece(rules, state, "g1") == "N"
    assert piece(rules, state, "f6") == "n*"


def test_a_piece_moves_through_the_other_side_but_not_onto_it() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R2n*2K1 w - - 0 1")
    legal = texts(rules, state)
    assert {"a1b1", "a1c1", "a1e1", "a1f1"} <= legal
    assert "a1d1" not in legal
    assert "cannot capture a piece on the other side" in refusal(rules, state, "a1d1")
    after = play(rules, "a1f1", state)
    assert piece(rules, after, "f1") == "R*" and piece(rules, after, "d1") == "n*"


def test_a_capture_on_the_same_side_removes_the_piece() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R2n2K1 w - - 0 1")
    after = play(rules, "a1d1", state)
    assert piece(rules, after, "d1") == "R*"
    assert not after.board.colours[1] & ~after.board.pieces[rules.tables.royal]


def test_a_same_side_piece_blocks() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R2N2K1 w - - 0 1")
    assert "cannot move" in not_offered(rules, state, "a1e1")


def test_no_landing_on_an_own_piece_of_the_other_side() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R2N*2K1 w - - 0 1")
    legal = texts(rules, state)
    assert "a1e1" in legal and "a1d1" not in legal
    assert "other side of the mirror" in refusal(rules, state, "a1d1")


def test_pawns_block_and_capture_only_on_their_side() -> None:
    rules, state = game()
    # 1. e4 e5: both pawns on checkers, so they block each other
    blocked = play(rules, "e2e4 e7e5", state)
    assert "e4e5" not in texts(rules, blocked)
    # 1. d4 e5: both on checkers, so d4 takes e5 and returns to the plain side
    taking = play(rules, "d2d4 e7e5 d4e5", state)
    assert piece(rules, taking, "e5") == "P"
    # a pawn on d6 (checker) cannot take the pawn on e7 (plain side)
    rules2, state2 = game("4k3/4p3/3P*4/8/8/8/8/4K3 w - - 0 1")
    assert "d6e7" not in texts(rules2, state2)
    assert "across the mirror" in refusal(rules2, state2, "d6e7")
    assert "d6d7" in texts(rules2, state2)


def test_a_pawn_double_steps_through_the_other_side() -> None:
    rules, state = game("4k3/8/8/8/8/4N*3/4P3/4K3 w - - 0 1")
    legal = texts(rules, state)
    assert "e2e4" in legal and "e2e3" not in legal


# -- check --------------------------------------------------------------------------------------


def test_a_piece_may_block_check_by_arriving_on_the_kings_side() -> None:
    rules, state = game("k3r*3/8/8/8/2B5/8/8/4K*1N*1 w - - 0 1")
    assert rules.in_check(state)
    legal = texts(rules, state)
    assert "c4e2" in legal  # the bishop lands on a checker, between the rook and the king
    assert "g1e2" not in legal  # the knight leaves the checkers: no block
    assert "after the switch" in refusal(rules, state, "g1e2")


def test_the_king_on_the_movers_side_is_judged_before_the_switch() -> None:
    # a pinned knight on the king's side cannot move, even though it leaves that side
    rules, state = game("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1")
    assert not {t for t in texts(rules, state) if t.startswith("e2")}
    assert "in check" in refusal(rules, state, "e2c3")


def test_an_attacker_on_the_other_side_gives_no_check() -> None:
    rules, state = game("k3r*3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert not rules.in_check(state)
    assert "e1e2" not in texts(rules, state)  # e2 is attacked by the rook after the switch
    assert "e1d1" in texts(rules, state)


def test_stalemate() -> None:
    rules, state = game("k7/2Q5/8/8/8/8/8/7K b - - 0 1")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "stalemate"
    assert rules.returns(state) == (0.0, 0.0)


# -- checkers --------------------------------------------------------------------------------


SHORT = "4k3/8/8/8/8/P*P*P*P*P*P*P*P*/8/1N*B*QKB*N*1 w - - 0 1"


def test_no_free_checker_no_move_for_a_plain_piece() -> None:
    rules, state = game(SHORT)
    assert rules.mirror.free_checkers(state, 0) == 0
    legal = texts(rules, state)
    assert not {t for t in legal if t[:2] in ("d1", "e1")}
    assert "a3a4" in legal and "b1c3" not in legal  # c3 holds an own pawn on its side
    assert "free checker" in refusal(rules, state, "d1d2")


def test_a_move_back_to_the_plain_side_frees_a_checker() -> None:
    rules, state = game(SHORT)
    after = play(rules, "a3a4 e8e7", state)
    assert rules.mirror.free_checkers(after, 0) == 1
    assert "d1d2" in texts(rules, after)


def test_sixteen_checkers_are_never_short() -> None:
    rules, state = game(SHORT, checkers=16)
    assert rules.mirror.free_checkers(state, 0) == 4
    assert "d1d2" in texts(rules, state)


def test_a_captured_piece_gives_its_checker_back() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R*2n*2K1 w - - 0 1")
    assert rules.mirror.free_checkers(state, 1) == 11
    after = play(rules, "a1d1", state)
    assert piece(rules, after, "d1") == "R"
    assert rules.mirror.free_checkers(after, 1) == 12
    assert rules.mirror.free_checkers(after, 0) == 12


# -- castling --------------------------------------------------------------------------------


CASTLE = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


def test_castling_switches_king_and_rook() -> None:
    rules, state = game(CASTLE)
    after = play(rules, "O-O", state)
    assert piece(rules, after, "g1") == "K*" and piece(rules, after, "f1") == "R*"
    assert rules.action_text(state, rules.parse_action(state, "e1g1")) == "e1g1"


def test_castling_king_only_switches_the_king() -> None:
    rules, state = game(CASTLE, castling="king")
    after = play(rules, "e1g1", state)
    assert piece(rules, after, "g1") == "K*" and piece(rules, after, "f1") == "R"


def test_queenside_castling_is_read_as_o_o_o() -> None:
    rules, state = game("r3k3/8/8/8/8/8/8/4K3 b q - 0 1")
    move = rules.parse_action(state, "O-O-O")
    assert rules.action_text(state, move) == "e8c8"
    after = rules.apply(state, move)
    assert piece(rules, after, "c8") == "k*" and piece(rules, after, "d8") == "r*"


def test_castling_none() -> None:
    rules, state = game(CASTLE, castling="none")
    assert "castling=none" in refusal(rules, state, "e1g1")


def test_castling_needs_empty_arrival_squares() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/4Kn*1R w K - 0 1")
    assert "arrival squares" in refusal(rules, state, "e1g1")


def test_castling_passes_other_side_pieces_on_the_way() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/R*3K2R w K - 0 1")
    assert "e1g1" in texts(rules, state)
    rules, state = game("4k3/8/8/8/8/8/8/Rn*2K3 w Q - 0 1")
    assert "e1c1" in texts(rules, state)  # the rook passes b1, where a piece stands on a checker
    rules, state = game("4k3/8/8/8/8/8/8/Rn2K3 w Q - 0 1")
    assert "e1c1" not in texts(rules, state)  # a piece on the plain side blocks


def test_castling_not_through_an_attacked_square_before_switching() -> None:
    rules, state = game("4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    assert "e1g1" not in texts(rules, state)


def test_castling_not_into_check_after_switching() -> None:
    rules, state = game("4k1r*1/8/8/8/8/8/8/4K2R w K - 0 1")
    assert "after switching" in refusal(rules, state, "e1g1")


def test_castling_needs_two_free_checkers() -> None:
    eleven = "4k3/8/8/8/8/P*P*P*P*P*P*P*P*/8/1N*B*QK2R w K - 0 1"
    rules, state = game(eleven.replace("QK", "Q*K"))
    assert rules.mirror.free_checkers(state, 0) == 1
    assert "2 free checkers" in refusal(rules, state, "e1g1")
    rules, state = game(eleven.replace("QK", "Q*K"), castling="king")
    assert "e1g1" in texts(rules, state)


# -- en passant ------------------------------------------------------------------------------


EP = "4k3/8/8/8/3p{mark}4/8/4P3/4K3 w - - 0 1"


@pytest.mark.parametrize(
    ("mark", "option", "allowed"),
    [
        ("", "any", True),
        ("*", "any", True),
        ("", "same", False),
        ("*", "same", True),
    ],
)
def test_en_passant_across_sides(mark: str, option: str, allowed: bool) -> None:
    rules, state = game(EP.format(mark=mark), en_passant=option)
    state = play(rules, "e2e4", state)
    assert piece(rules, state, "e4") == "P*"
    assert ("d4e3" in texts(rules, state)) is allowed
    if allowed:
        after = play(rules, "d4e3", state)
        assert piece(rules, after, "e4") == ""
        assert piece(rules, after, "e3") == ("p*" if not mark else "p")


def test_en_passant_needs_the_square_passed_over_empty() -> None:
    rules, state = game("4k3/8/8/8/3p4/4N*3/4P3/4K3 w - - 0 1")
    state = play(rules, "e2e4", state)
    assert "d4e3" not in texts(rules, state)
    assert state.board.ep == -1


# -- promotion, draws ------------------------------------------------------------------------


def test_promotion_switches_too() -> None:
    rules, state = game("k7/4P*3/8/8/8/8/8/4K3 w - - 0 1")
    assert "promoted" in refusal(rules, state, "e7e8")
    after = play(rules, "e7e8q", state)
    assert piece(rules, after, "e8") == "Q"


def test_repetition_draws() -> None:
    rules, state = game()
    state = play(rules, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", state)
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "the same position 3 times"


def test_bare_kings_draw() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/3QK3 b - - 0 1".replace("3QK", "3Q*K"))
    assert rules.outcome(state) is None
    rules, state = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "insufficient material"


# -- notation and states ---------------------------------------------------------------------


def test_every_legal_move_round_trips() -> None:
    rules, state = game()
    for line in ("", "e2e4 d7d5", "e2e4 d7d5 e4d5 g8f6 f1b5"):
        here = play(rules, line, state)
        for move in rules.legal_actions(here):
            assert rules.parse_action(here, rules.action_text(here, move)) == move


def test_bad_text_is_refused_in_one_line() -> None:
    rules, state = game()
    with pytest.raises(NotationError):
        rules.parse_action(state, "hello")
    assert "no piece on e3" in refusal(rules, state, "e3e4")
    assert "not White's" in refusal(rules, state, "e7e5")
    assert "cannot move" in refusal(rules, state, "e2e5")
    with pytest.raises(IllegalAction, match="Black's turn"):
        rules.parse_action(play(rules, "e2e4", state), "d7d5", seat=0)


def test_state_json_round_trip_keeps_checkers_and_history() -> None:
    rules, state = game()
    state = play(rules, "g1f3 g8f6 f3g1", state)
    data = json.loads(json.dumps(rules.state_to_json(state)))
    assert data["fen"].startswith("rnbqkb1r/pppppppp/5n*2/")
    assert len(data["history"]) == 3
    again = rules.state_from_json(data)
    assert again == state


@pytest.mark.parametrize(
    "bad",
    [
        "4k3/8/8/8/8/8/8/8 w - - 0 1",  # no white king
        "4k3/8/8/8/8/8/8/4K*2R* w K - 0 1",  # a castling rook on a checker
        "4k3/8/8/8/8/8/8/*4K3 w - - 0 1",  # a mark without a piece
        "k3r3/8/8/8/8/8/8/4K3 b - - 0 1",  # the side not to move is in check
    ],
)
def test_bad_setups_are_refused(bad: str) -> None:
    rules = HalfAliceChess()
    with pytest.raises(StateError) as info:
        rules.state_from_json({"fen": bad, "history": []})
    assert "\n" not in str(info.value)
    with pytest.raises(OptionError):
        HalfAliceChess({"position": bad})


def test_too_many_checkers_for_twelve() -> None:
    thirteen = "4k3/8/8/8/8/P*P*P*P*P*P*P*P*/8/1N*B*Q*K*B*N*1 w - - 0 1"
    with pytest.raises(OptionError, match="more checkers"):
        HalfAliceChess({"position": thirteen})
    assert HalfAliceChess({"position": thirteen, "checkers": 16})


def test_render_and_board_marks() -> None:
    rules, state = game()
    state = play(rules, "e2e4", state)
    picture = rules.render(state)
    assert "P*" in picture and "White 11, Black 12 free checkers" in picture
    marked = [p for p in rules.scene(state, 1).pieces if p.marks]
    assert marked == [Piece(28, "P", 0, (Mark("checker"),))]


def test_evaluate_counts_material() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    assert rules.evaluate(state, 0) > 0.3 > -0.3 > rules.evaluate(state, 1)
    assert HalfAliceChess().evaluate(HalfAliceChess().initial_state(), 0) == 0.0


def test_the_board_highlights_a_king_in_check_only() -> None:
    rules, state = game(SEED_EXAMPLE)
    assert rules.scene(state, 1).check == (57,)  # b8
    rules, state = game("k3r*3/8/8/8/8/8/8/4K3 w - - 0 1")  # the rook is on the other side
    assert rules.scene(state, 0).check == ()


def test_by_default_en_passant_stays_on_one_side_of_the_mirror() -> None:
    """"Pieces cannot capture pieces on the other side of the mirror": a plain pawn may not
    take en passant a pawn that stepped through onto a checker."""
    rules, state = game(EP.format(mark=""))
    state = play(rules, "e2e4", state)
    assert piece(rules, state, "e4") == "P*" and "d4e3" not in texts(rules, state)
    rules, state = game(EP.format(mark="*"))
    assert "d4e3" in texts(rules, play(rules, "e2e4", state))
