"""The worked examples of the Skock text (seed 001), played through the game API."""

from __future__ import annotations

from fractions import Fraction

import pytest

from motley.chesslike.testing import listed_texts as texts
from motley.chesslike.testing import play_on as play
from motley.core.errors import IllegalAction
from motley.core.rules import NodeKind
from motley.games.skock import Skock
from motley.games.skock.perft import turn_ends
from motley.games.skock.state import OVER, ROLL, SkockState, write_placement

NAMES = "abcdefgh"


def cell(name: str) -> int:
    return NAMES.index(name[0]) + 8 * (int(name[1]) - 1)


def letter_on(state: SkockState, name: str) -> str:
    kind = state.kind_at(cell(name))
    if kind < 0:
        return "."
    letter = "PNBRQK"[kind]
    return letter if state.owner(cell(name)) == 0 else letter.lower()


# -- the start (pictures 1 and 3) -----------------------------------------------------------


def test_the_board_starts_full_with_queens_on_their_colour() -> None:
    rules = Skock()
    start = rules.initial_state()
    assert start.occupied == (1 << 64) - 1
    assert [letter_on(start, n) for n in ("d1", "e2", "e1", "d2")] == ["Q", "Q", "K", "K"]
    assert [letter_on(start, n) for n in ("d8", "e7", "e8", "d7")] == ["q", "q", "k", "k"]
    for name in ("d1", "e2", "d8", "e7"):  # 'the white queens stand on white squares'
        x, y = NAMES.index(name[0]), int(name[1]) - 1
        assert (x + y) % 2 == (1 if name[1] in "12" else 0)


def test_only_pawns_of_columns_a_c_f_h_free_a_knight_with_one_and_four() -> None:
    rules = Skock()
    state = rules.apply(
        rules.initial_state(), rules.parse_action(rules.initial_state(), "roll 1 4")
    )
    firsts = texts(rules, state)
    assert firsts == ["1:a4b5", "1:c4b5", "1:c4d5", "1:f4e5", "1:f4g5", "1:h4g5"]
    assert {t[2] for t in firsts} == set("acfh")


def test_picture_3_the_knight_takes_on_e6() -> None:
    rules = Skock()
    state = play(rules, rules.initial_state(), "roll 1 4", "1:f4e5")
    assert texts(rules, state) == ["4:g2f4"]  # the knight on G2 is the only piece freed
    state = play(rules, state, "4:g2f4", "f4g2", "g2f4", "f4e6")
    assert letter_on(state, "e6") == "N" and letter_on(state, "e5") == "P"
    assert letter_on(state, "g2") == "." and letter_on(state, "f4") == "."
    assert state.queues == ("", "PP") and state.turn == 1 and state.phase == ROLL


def test_a_one_or_three_would_let_the_knight_stay_on_f4() -> None:
    """'White would have been better off with a 1 or a 3 instead of the 4.'"""
    rules = Skock()

    def knight_can_stop_on_f4(roll: str) -> bool:
        state = play(rules, rules.initial_state(), roll, "1:f4e5")
        return any(end.kind_at(cell("f4")) == 1 for end in turn_ends(rules, state))

    assert not knight_can_stop_on_f4("roll 1 4")
    assert knight_can_stop_on_f4("roll 1 3")
    assert knight_can_stop_on_f4("roll 1 1")


@pytest.mark.parametrize("low", range(2, 7))
@pytest.mark.parametrize("high", range(2, 7))
def test_a_throw_without_a_one_cannot_move_at_the_start(low: int, high: int) -> None:
    rules = Skock()
    if low > high:
        return
    state = play(rules, rules.initial_state(), f"roll {low} {high}")
    assert texts(rules, state) == ["pass"]
    after = play(rules, state, "pass")
    assert after.phase == ROLL and after.turn == 1 and after.pieces == state.pieces


def test_the_pawn_behind_may_use_the_two() -> None:
    """The notes' edge case: with 1 and 2, E3-E4 then E4xF5 is legal as written."""
    rules = Skock()
    state = play(rules, rules.initial_state(), "roll 1 2", "1:e4d5")
    assert "2:e3e4" in texts(rules, state)
    state = play(rules, state, "2:e3e4")
    assert texts(rules, state) == ["e4f5"]  # e4d5 holds White's own pawn; forward is blocked
    state = play(rules, state, "e4f5")
    assert letter_on(state, "f5") == "P" and letter_on(state, "d5") == "P"


# -- kings (pictures 6, the 69% remark) -----------------------------------------------------

# Black's last king on a8 in check from White's rook; White's king can only go to g1 and back
# (Black's pawns hem it in), which keeps the search over every turn small
CHECKED = "k7/8/8/8/8/8/1p3ppp/RP3p1K w - -"


@pytest.mark.parametrize(
    "face", [6, *(pytest.param(f, marks=pytest.mark.slow) for f in range(1, 6))]
)
def test_a_king_in_check_survives_a_turn_25_times_in_36(face: int) -> None:
    """The text's 69%: only the king die takes a king, and 1 - 11/36 = 25/36 = 69.4%."""
    rules = Skock({"position": CHECKED, "king_die": face})
    start = rules.initial_state()
    taken = Fraction(0)
    for roll, probability in rules.chance_outcomes(start):
        ends = turn_ends(rules, rules.apply(start, roll))
        if any(end.phase == OVER and end.result == 0 for end in ends):
            taken += probability
            assert face in (roll.low, roll.high)  # type: ignore[union-attr]
    survives = 1 - taken
    assert survives == Fraction(25, 36)
    assert round(float(survives), 2) == 0.69


def test_only_the_king_die_takes_a_king() -> None:
    rules = Skock({"position": CHECKED})
    state = play(rules, rules.initial_state(), "roll 1 2")
    assert "1:a1a7" in texts(rules, state)
    with pytest.raises(IllegalAction, match="showing 6"):
        rules.parse_action(state, "1:a1a8")
    assert "1:a1a8" not in texts(rules, state)


def test_picture_6_knight_out_of_the_way_then_the_six_takes_the_last_king() -> None:
    rules = Skock({"position": "k7/8/8/8/N7/8/8/R3K3 w - K"})  # Black's other king queued
    state = play(rules, rules.initial_state(), "roll 2 6")
    rook_first = play(rules, state, "6:a1a2", "a2a3", "a3a2", "a2a3", "a3a2")
    assert "a2a8" not in texts(rules, rook_first)  # the knight on A4 is in the way
    state = play(rules, state, "2:a4c5", "c5e6", "6:a1a2", "a2a3", "a3a2", "a2a3", "a3a2")
    assert rules.kind(state) is NodeKind.DECISION
    state = play(rules, state, "a2a8")
    assert rules.kind(state) is NodeKind.TERMINAL
    assert rules.returns(state) == (1.0, -1.0)
    assert state.queues[1] == "KK"  # taken kings join the queue like any piece


def test_taking_one_of_two_kings_does_not_end_the_game() -> None:
    rules = Skock({"position": "k6k/8/8/8/8/8/8/R3K1N1 w - -"})
    state = play(rules, rules.initial_state(), "roll 1 6", "6:a1b1", "b1a1", "a1b1", "b1a1")
    state = play(rules, state, "a1a2", "a2a8", "1:g1h3")
    assert rules.kind(state) is NodeKind.CHANCE and state.queues[1] == "K"
    sudden = Skock({"position": "k6k/8/8/8/8/8/8/R3K1N1 w - -", "kings_to_take": 1})
    state = play(sudden, sudden.initial_state(), "roll 1 6", "6:a1b1", "b1a1", "a1b1", "b1a1")
    state = play(sudden, state, "a1a2", "a2a8")
    assert sudden.returns(state) == (1.0, -1.0)


# -- promotion (picture 5) ------------------------------------------------------------------

PROMOTION = "k6r/8/5P2/8/8/8/8/K5N1 w Q -"


def test_picture_5_the_queen_uses_the_pawns_leftover_steps() -> None:
    rules = Skock({"position": PROMOTION})
    state = play(rules, rules.initial_state(), "roll 1 5", "5:f6f7")
    assert texts(rules, state) == ["f7f8=Q"]  # a pawn left on row 8 could not use 3 steps
    with pytest.raises(IllegalAction, match="exchanged"):
        rules.parse_action(state, "f7f8")
    state = play(rules, state, "f7f8=Q", "f8g8", "g8g7", "g7h8")
    assert letter_on(state, "h8") == "Q"
    assert state.queues == ("P", "R")  # the pawn took the queen's place in the queue
    state = play(rules, state, "1:g1f3")
    assert state.phase == ROLL and state.turn == 1


def test_promotion_on_the_last_step_is_optional_by_default() -> None:
    rules = Skock({"position": "k7/8/8/8/8/5P2/8/K5N1 w QR -"})
    state = play(rules, rules.initial_state(), "roll 1 5", "5:f3f4", "f4f5", "f5f6", "f6f7")
    assert texts(rules, state) == ["f7f8=R", "f7f8=Q", "f7f8"]
    strict = Skock({"position": "k7/8/8/8/8/5P2/8/K5N1 w QR -", "promotion_compulsory": True})
    state = play(strict, strict.initial_state(), "roll 1 5", "5:f3f4", "f4f5", "f5f6", "f6f7")
    assert texts(strict, state) == ["f7f8=R", "f7f8=Q"]


def test_promoted_pawn_placement_options() -> None:
    queue = "QRQ"
    position = f"k7/5P2/8/8/8/8/8/K5N1 w {queue} -"
    for option, expected in (("exchange", "QRP"), ("queue_end", "QRP"), ("removed", "QR")):
        rules = Skock({"position": position, "promoted_pawn": option})
        state = play(rules, rules.initial_state(), "roll 1 1", "1:f7f8=Q")
        assert state.queues[0] == expected, option
    rules = Skock({"position": "k7/5P2/8/8/8/8/8/K5N1 w QRN -", "promoted_pawn": "exchange"})
    state = play(rules, rules.initial_state(), "roll 1 1", "1:f7f8=R")
    assert state.queues[0] == "QPN"


def test_an_empty_queue_leaves_the_pawn_a_pawn() -> None:
    position = "k7/5P2/8/8/8/8/8/K5N1 w - -"
    rules = Skock({"position": position})
    state = play(rules, rules.initial_state(), "roll 1 1")
    assert "1:f7f8" in texts(rules, state) and "1:f7f8=Q" not in texts(rules, state)
    free = Skock({"position": position, "free_promotion": True})
    state = play(free, free.initial_state(), "roll 1 1")
    assert {"1:f7f8=Q", "1:f7f8=N", "1:f7f8"} <= set(texts(free, state))


# -- the queue and doubles (picture 4) ------------------------------------------------------


def test_picture_4_black_brings_back_three_pieces_rear_rows_first() -> None:
    position = "r1b1k1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - QNB"
    rules = Skock({"position": position})
    state = play(rules, rules.initial_state(), "roll 3 3")
    assert texts(rules, state)[-1] == "back"
    state = play(rules, state, "back")
    assert state.queues[1] == "" and sorted(state.placing) == ["B", "N", "Q"]
    # row 8 has three gaps (b8, d8, f8): every piece must go there
    assert {t.split("@")[1] for t in texts(rules, state)} == {"b8", "d8", "f8"}
    state = play(rules, state, "Q@d8", "N@b8", "B@f8")
    assert write_placement((state.pieces, state.colours)).startswith("rnbqkbnr/")
    assert state.phase == ROLL and state.turn == 0


def test_a_double_larger_than_the_queue_brings_back_all_of_it() -> None:
    position = "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - BN"
    rules = Skock({"position": position})
    state = play(rules, rules.initial_state(), "roll 5 5", "back")
    assert sorted(state.placing) == ["B", "N"]
    assert {t.split("@")[1] for t in texts(rules, state)} == {"f8"}  # one gap on row 8
    state = play(rules, state, "N@f8")
    assert {t.split("@")[1] for t in texts(rules, state)} == {
        "a6",
        "b6",
        "c6",
        "d6",
        "e6",
        "f6",
        "g6",
        "h6",
    }


def test_the_front_of_the_queue_comes_back_first() -> None:
    position = "rnbqkbn1/pppppppp/8/8/8/8/8/K7 b - RQNB"
    rules = Skock({"position": position})
    state = play(rules, rules.initial_state(), "roll 2 2", "back")
    assert sorted(state.placing) == ["Q", "R"] and state.queues[1] == "NB"


def test_captured_pieces_queue_in_capture_order() -> None:
    rules = Skock({"position": "k7/8/8/8/2q5/8/8/K2N2Rr w - -"})
    state = play(rules, rules.initial_state(), "roll 1 1", "1:g1h1", "1:d1b2")
    assert state.queues[1] == "R"
    state = play(rules, state, "roll 1 1")
    # Black's queen takes back on b2, then White's queue holds the knight
    assert "1:c4b4" in texts(rules, state)


def test_the_second_die_must_move_another_piece() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/K5N1 w - -"})
    state = play(rules, rules.initial_state(), "roll 1 2", "2:g1f3", "f3g1")
    assert all(not t.startswith("1:g1") for t in texts(rules, state))
    with pytest.raises(IllegalAction, match="two different pieces"):
        rules.parse_action(state, "1:g1h3")
