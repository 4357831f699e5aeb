"""Masquerade Chess, rule by rule: the filled-in tables, normal moves, "Capture?" with both
answers, what each player learns, the deduction aid, and the king hunt without check.

The seed's example tables are lost with its pictures; its Strategy section names one
assignment, "KQ, QN, RB, NR, BK", which serves as the filled-in table here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from motley.chesslike.testing import (
    letter_on,
    one_line_refusals,
    play,
    record_of,
    refusal,
    same_but_for_the_owner,
    seat_records,
    texts,
)
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.seat_record import SeatRecord
from motley.games.masquerade import MasqueradeChess
from motley.games.masquerade.assignment import Clue, combos, marks, possible, tables_of
from motley.games.masquerade.state import MasqueradeState

SEED_EXAMPLE = "QNBKR"  # rows K Q R B N: KQ, QN, RB, BK, NR


def fill(table: str) -> str:
    """A table as the five decisions that fill it in: 'QNBKR' -> 'KQ QN RB BK NR'."""
    return combos(table)


def ready(
    white: str, black: str, fen: str = "", **options: Any
) -> tuple[MasqueradeChess, MasqueradeState]:
    """Rules and the first position of play: `white` is White's pieces' table (which Black
    fills in), `black` Black's (which White fills in first)."""
    rules = MasqueradeChess({"position": fen, **options} if fen else options)
    return rules, play(rules, f"{fill(black)} {fill(white)}")


def view(rules: MasqueradeChess, state: MasqueradeState, seat: int) -> dict[str, Any]:
    return rules.view_to_json(rules.view(state, seat))


def piece(rules: MasqueradeChess, state: MasqueradeState, name: str) -> str:
    return letter_on(rules.t, state.board, name)


# -- the secret tables ------------------------------------------------------------------------


def test_the_filled_in_table() -> None:
    rules = MasqueradeChess()
    state = rules.initial_state()
    assert rules.actors(state) == (0,)
    assert texts(rules, state) == {row + capture for row in "KQRBN" for capture in "KQRBN"}
    for decision in fill(SEED_EXAMPLE).split():
        assert rules.event_text_for(state, rules.parse_action(state, decision), 1) == (
            f"White fills in row {decision[0]}"
        )
        assert rules.event_text_for(state, rules.parse_action(state, decision), 0) == decision
        state = play(rules, decision, state)
    white, black = view(rules, state, 0), view(rules, state, 1)
    assert white["table_you_filled"] == SEED_EXAMPLE
    assert combos(white["table_you_filled"]) == "KQ QN RB BK NR"
    assert black["table_you_filled"] == "....." and black["filled"] == ["", "KQRBN"]
    assert SEED_EXAMPLE not in json.dumps(black) and SEED_EXAMPLE not in json.dumps(
        view(rules, state, SPECTATOR)
    )
    assert rules.actors(state) == (1,), "then Black fills in White's table"
    state = play(rules, fill("KQRBN"), state)
    assert rules.actors(state) == (0,) and state.tables == ("KQRBN", SEED_EXAMPLE)
    assert view(rules, state, 1)["table_you_filled"] == "KQRBN"


def test_the_rows_are_filled_in_any_order_as_in_the_seed_example() -> None:
    # the seed writes its example as "KQ, QN, RB, NR, BK": row N before row B
    rules = MasqueradeChess()
    state = play(rules, "KQ QN RB NR")
    assert state.tables[1] == "QNB.R" and texts(rules, state) == {"BK"}
    assert view(rules, state, 0)["table_you_filled"] == "QNB.R"
    assert view(rules, state, 1)["filled"] == ["", "KQRN"]
    assert "QNB" not in json.dumps(view(rules, state, 1))
    state = play(rules, "BK", state)
    assert state.tables[1] == SEED_EXAMPLE and rules.actors(state) == (1,)
    state = play(rules, "NN BB KK", state)
    assert state.tables[0] == "K..BN"
    state = play(rules, "RR QQ", state)
    assert state.tables == ("KQRBN", SEED_EXAMPLE) and rules.filling(state) < 0
    fixed = MasqueradeChess({"row_order": "fixed"})
    assert fixed.spec.option("row_order").label
    state = play(fixed, "KQ")
    assert texts(fixed, state) == {"QK", "QR", "QB", "QN"}
    with pytest.raises(IllegalAction, match="filled in order: now row Q"):
        fixed.parse_action(state, "NR")


def test_one_circle_per_row_and_column() -> None:
    rules = MasqueradeChess()
    state = play(rules, "KQ")
    assert "QQ" not in texts(rules, state) and "RB" in texts(rules, state)
    assert "one circle" in refusal(rules, state, "QQ")
    assert "row K is already filled in" in refusal(rules, state, "KN")
    assert "White's turn" in refusal(rules, state, "QN", seat=1)
    assert "tables are filled in" in refusal(rules, state, "e2e4")


# -- capturing: "Capture?" ----------------------------------------------------------------------


def test_a_refused_capture_moves_nothing_and_ends_the_turn() -> None:
    # White's knight captures like a bishop (the table Black filled in: row N, column B)
    rules, state = ready("KQRNB", SEED_EXAMPLE, "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1")
    assert "c3xd5" in texts(rules, state)
    attempt = rules.parse_action(state, "c3xd5")
    assert rules.event_text_for(state, attempt, 1) == "c3xd5? no"
    after = rules.apply(state, attempt)
    assert after.board.pieces == state.board.pieces and after.board.colours == state.board.colours
    assert after.board.turn == 1
    # both players heard "no": White's knight does not capture like a knight
    for seat in (0, 1, SPECTATOR):
        assert view(rules, after, seat)["knowledge"][0][4] == "....X"
    assert marks(possible(after.clues[0]))[4] == "....X"
    assert view(rules, after, 0)["possible"][0] == 96  # the 120 tables without N->N


def test_a_capture_that_is_allowed_is_made() -> None:
    # White's queen captures like a rook: a capture along the d-file is allowed
    rules, state = ready("KRQBN", SEED_EXAMPLE, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1")
    attempt = rules.parse_action(state, "d1xd8")
    assert rules.event_text_for(state, attempt, 1) == "d1xd8? yes"
    after = rules.apply(state, attempt)
    assert piece(rules, after, "d8") == "Q" and piece(rules, after, "d1") == ""
    # learned: the queen captures like a queen or a rook, not like a king, bishop or knight
    assert marks(possible(after.clues[0]))[1] == "X..XX"


def test_the_x_and_o_table_fills_in_by_deduction() -> None:
    """Each answer crosses out columns in its row; a row with one column left gets an O, and
    that column is crossed out in the other rows."""
    rules, state = ready("QKRBN", SEED_EXAMPLE, "k7/8/8/8/8/3p4/8/K3N3 w - - 0 1")
    state = play(rules, "e1xd3", state)  # a knight's jump, and White's knight has one: yes
    assert marks(possible(state.clues[0]))[4] == "XXXXO"
    assert all(row[4] == "X" for row in marks(possible(state.clues[0]))[:4])
    knowledge = view(rules, state, 0)
    assert knowledge["possible"][0] == 24
    assert len(knowledge["your_possible_tables"]) == 24
    assert all(t.endswith("NN") for t in knowledge["your_possible_tables"])


def test_pawns_always_capture_as_pawns() -> None:
    rules, state = ready("KQRBN", SEED_EXAMPLE)
    state = play(rules, "e2e4 d7d5", state)
    assert "e4xd5" in texts(rules, state)
    after = play(rules, "e4xd5", state)
    assert piece(rules, after, "d5") == "P" and after.clues == ((), ())
    assert rules.event_text_for(state, rules.parse_action(state, "e4xd5"), 1) == "e4xd5"


def test_en_passant_is_a_pawn_capture() -> None:
    for allowed in (True, False):
        rules, state = ready("KQRBN", SEED_EXAMPLE, en_passant=allowed)
        state = play(rules, "e2e4 a7a6 e4e5 d7d5", state)
        assert ("e5xd6" in texts(rules, state)) is allowed


def test_a_promoted_pawn_captures_like_its_row_or_its_own_type() -> None:
    fen = "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    for option, answer in (("assignment", "no"), ("own", "yes")):
        # White's queen captures like a knight, so a promoted queen does too by default
        rules, state = ready("KNRBQ", SEED_EXAMPLE, fen, promoted_capture=option)
        state = play(rules, "b7b8q e8e7", state)
        attempt = rules.parse_action(state, "b8xc8")
        assert rules.event_text_for(state, attempt, 0) == f"b8xc8? {answer}"


# -- the king: no check -----------------------------------------------------------------------


def test_there_is_no_check() -> None:
    rules, state = ready("KQRBN", SEED_EXAMPLE, "4k3/8/8/8/8/8/3r4/R3K3 w Q - 0 1")
    moves = texts(rules, state)
    assert "e1e2" in moves, "a king may walk into attack (or bluff)"
    assert "e1c1" in moves, "a king may castle out of check"
    after = play(rules, "e1c1", state)
    assert piece(rules, after, "c1") == "K" and piece(rules, after, "d1") == "R"


def test_capturing_the_king_wins_and_kings_may_take_kings() -> None:
    # the kings stand side by side; White's king captures like a king
    rules, state = ready("KQRBN", SEED_EXAMPLE, "8/8/8/8/8/8/8/3kK3 w - - 0 1")
    attempt = rules.parse_action(state, "e1xd1")
    assert rules.event_text_for(state, attempt, 1) == "e1xd1? yes; game over: capturing the king"
    after = rules.apply(state, attempt)
    assert rules.kind(after) is NodeKind.TERMINAL and rules.returns(after) == (1.0, -1.0)
    # with a knight's capture the same king cannot take the king next to it
    rules, state = ready("NQRBK", SEED_EXAMPLE, "8/8/8/8/8/8/8/3kK3 w - - 0 1")
    after = play(rules, "e1xd1", state)
    assert rules.kind(after) is NodeKind.DECISION and after.board.turn == 1


def test_repetition_counts_knowledge_too() -> None:
    rules, state = ready("KQRBN", SEED_EXAMPLE)
    shuffle = "g1f3 g8f6 f3g1 f6g8 "
    assert rules.kind(play(rules, shuffle * 2, state)) is NodeKind.TERMINAL
    assert rules.kind(play(rules, shuffle + "g1f3 g8f6 f3g1", state)) is NodeKind.DECISION
    # the same board with one more answer known is another position
    learned = state._replace(clues=((Clue("N", "B", False),), ()))
    assert rules.position_key(learned) != rules.position_key(state)


# -- the deduction aid and guessing -------------------------------------------------------------


def test_guesses_of_a_table_fit_everything_heard() -> None:
    rules, state = ready("QKRBN", SEED_EXAMPLE, "k7/8/8/8/8/3p4/8/K3N3 w - - 0 1")
    state = play(rules, "e1xd3", state)  # White learns its knight captures like a knight
    own = rules.view(state, 0)
    left = set(tables_of(possible(state.clues[0])))
    guessed = {rules.sample_hidden(own, random.Random(n)).tables[0] for n in range(400)}
    assert guessed == left and len(left) == 24
    # White knows Black's table (it filled it in): never guessed
    assert {rules.sample_hidden(own, random.Random(n)).tables[1] for n in range(20)} == {
        SEED_EXAMPLE
    }
    # Black (and a spectator) guess Black's own table among all 120
    theirs = {
        rules.sample_hidden(rules.view(state, 1), random.Random(n)).tables[1] for n in range(400)
    }
    assert len(theirs) > 100


def test_guesses_during_the_setup_keep_the_rows_filled() -> None:
    rules = MasqueradeChess()
    state = play(rules, "NR BK")
    guesses = {rules.sample_hidden(rules.view(state, 1), random.Random(n)) for n in range(400)}
    for guess in guesses:
        assert [c == "." for c in guess.tables[1]] == [True, True, True, False, False]
        assert guess.tables[0] == "....." and rules.actors(guess) == (0,)
        assert len(rules.legal_actions(guess)) == 3 * 3  # rows K, Q, R; three captures left
    assert len({g.tables[1] for g in guesses}) == 20  # any two different captures for B, N


# -- text, JSON and errors ----------------------------------------------------------------------


def test_every_action_text_round_trips() -> None:
    rules, state = ready("KQRBN", SEED_EXAMPLE, "r3k3/1P6/8/3p4/4P3/2N5/8/R3K2R w KQq - 0 1")
    for action in rules.legal_actions(state):
        assert rules.parse_action(state, rules.action_text(state, action)) == action
    assert rules.parse_action(state, "c3d5") == rules.parse_action(state, "c3xd5")
    assert rules.action_text(state, rules.parse_action(state, "e1g1")) == "e1g1"


test_bad_input_gets_one_clear_line = one_line_refusals(
    lambda: ready("KQRBN", SEED_EXAMPLE),
    [
        ("", NotationError, "expected"),
        ("flibbertigibbet", NotationError, "expected"),
        ("KZ", NotationError, "expected"),
        ("e2e5", IllegalAction, "cannot move"),
        ("e7e5", IllegalAction, "no piece of yours"),
        ("a1xa8", IllegalAction, "no capture move"),
        ("KQ", IllegalAction, "already filled in"),
    ],
    secret=SEED_EXAMPLE,  # the secret table of Black's pieces: no refusal tells it
)


def test_state_json_round_trips_and_validates() -> None:
    rules, state = ready("QKRBN", SEED_EXAMPLE, "k7/8/8/8/8/3p4/8/K3N3 w - - 0 1")
    state = play(rules, "e1xd3", state)
    data = json.loads(json.dumps(rules.state_to_json(state)))
    assert rules.state_from_json(data) == state
    for bad in (
        {**data, "tables": ["KQRBK", SEED_EXAMPLE]},
        {**data, "tables": ["KQRB", SEED_EXAMPLE]},
        {**data, "tables": ["KQR.N", SEED_EXAMPLE]},
        {**data, "tables": ["KQRBN", "QN.KR"]},
        {**data, "clues": [["N:N-"], []]},  # it said yes
        {**data, "clues": [["Z:N+"], []]},
        {**data, "winner": 0},
        {**data, "promoted": ["a5"]},
        {**data, "ep": "e3"},
        {k: v for k, v in data.items() if k != "last"},
    ):
        with pytest.raises(StateError) as info:
            rules.state_from_json(bad)
        assert "\n" not in str(info.value)


def test_a_stored_game_of_the_old_shape_still_loads() -> None:
    """Tables were once written as the rows filled so far, in order ("QN": rows K and Q)."""
    rules = MasqueradeChess()
    data = rules.state_to_json(play(rules, "KQ QN"))
    assert data["tables"] == [".....", "QN..."]
    old = rules.state_from_json({**data, "tables": ["", "QN"]})
    assert old == play(rules, "KQ QN") and rules.actors(old) == (0,)
    assert rules.state_from_json({**data, "tables": ["", "QN..."]}) == old
    full = rules.state_from_json({**data, "tables": ["QN", SEED_EXAMPLE]})
    assert full.tables == ("QN...", SEED_EXAMPLE) and rules.actors(full) == (1,)
    assert play(rules, "RR BB NK", full).tables[0] == "QNRBK"


def test_a_captured_kings_castling_rights_go_with_it() -> None:
    rules, state = ready("KQRBN", SEED_EXAMPLE, "r3k3/8/8/8/8/8/8/4R1K1 w q - 0 1")
    over = play(rules, "e1xe8", state)
    assert over.winner == 0 and over.board.castling == 0
    assert rules.state_from_json(json.loads(json.dumps(rules.state_to_json(over)))) == over


# -- records for one seat -----------------------------------------------------------------------


def test_a_seat_record_keeps_its_own_table_secret() -> None:
    """Two games in which White gave Black's bishop and knight each other's captures, and
    Black never asked about either: Black's record (and the public one) are byte-identical,
    White's are not. White's attempt is answered alike in both, and both hear it."""
    rules = MasqueradeChess()
    moves = "e2e4 d7d5 e4xd5 g8f6 f1b5 c7c6 b5xc6"
    games = [
        record_of(rules, f"{fill(black)} {fill('QKRBN')} {moves}") for black in ("QNBKR", "QNBRK")
    ]
    exported = seat_records(games)
    same_but_for_the_owner(exported, 0)
    black = SeatRecord.from_json(json.loads(exported[0][1]))
    told = [t for e in black.events for _, t in e.texts]
    assert told[:5] == [f"White fills in row {row}" for row in "KQRBN"]
    assert told[-1] == "b5xc6? yes"
    assert "QNBKR" not in exported[0][1]
