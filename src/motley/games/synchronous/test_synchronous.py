"""Synchronous Chess: the seed's resolution rules, exchanges of blows, the check rule, draws."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motley.chesslike.turnless import read_board, write_board
from motley.core.errors import IllegalAction, MotleyError, NotationError, OptionError, StateError
from motley.core.rules import NodeKind
from motley.core.table import Table
from motley.core.testing import check_part_of_joint_refused
from motley.games.synchronous.rules import PASS, Synchronous
from motley.games.synchronous.state import SyncState


def game(position: str, **options: Any) -> tuple[Synchronous, SyncState]:
    rules = Synchronous({"position": position, **options})
    return rules, rules.initial_state()


def texts(rules: Synchronous, state: SyncState, seat: int) -> set[str]:
    return {rules.action_text(state, a) for a in rules.legal_actions(state, seat)}


def both(rules: Synchronous, state: SyncState, white: str, black: str) -> SyncState:
    """Both sides' choices, written as text and resolved together."""
    joint = {0: rules.parse_action(state, white, 0), 1: rules.parse_action(state, black, 1)}
    return rules.apply_joint(state, joint)


def one(rules: Synchronous, state: SyncState, text: str) -> SyncState:
    return rules.apply(state, rules.parse_action(state, text))


def placement(state: SyncState) -> str:
    return write_board(state.board).split()[0]


# -- the three resolution rules --------------------------------------------------------------


def test_a_piece_that_stayed_is_captured() -> None:
    rules, state = game("4k3/p7/8/1n6/8/3B4/8/4K3 -")
    after = both(rules, state, "d3b5", "a7a6")
    assert placement(after) == "4k3/8/p7/1B6/8/8/8/4K3"
    assert rules.kind(after) is NodeKind.SIMULTANEOUS  # a6 pawn attacked b5 only afterwards


def test_pieces_taking_each_other_swap_places() -> None:
    """The seed's second rule: a capture onto a piece that moved captures nothing."""
    rules, state = game("r7/7k/8/8/8/8/7K/R7 -")
    after = both(rules, state, "a1a8", "a8a1")
    assert placement(after) == "R7/7k/8/8/8/8/7K/r7"
    assert rules.kind(after) is NodeKind.SIMULTANEOUS and after.turn == 2


def test_pieces_pass_through_each_other_then_both_may_strike() -> None:
    """Rooks pass on the a-file; each lands on a square the other attacked before and still
    attacks from its new square, so both exchanges open at once and the blows are chosen
    simultaneously. Taking each other again swaps them back (rule 2), and having struck,
    neither rook may strike again."""
    rules, state = game("r7/7k/8/8/8/8/7K/R7 -")
    after = both(rules, state, "a1a7", "a8a2")
    assert placement(after) == "8/R6k/8/8/8/8/r6K/8"
    assert rules.kind(after) is NodeKind.SIMULTANEOUS
    assert texts(rules, after, 0) == {"a7a2", "x"} and texts(rules, after, 1) == {"a2a7", "x"}
    swapped = both(rules, after, "a7a2", "a2a7")
    assert placement(swapped) == "8/r6k/8/8/8/8/R6K/8"
    assert not swapped.exchanges and swapped.turn == 2


def test_both_moves_onto_one_empty_square_capture_both() -> None:
    rules, state = game("4k3/p2n4/8/8/8/5N2/P7/4K3 -")
    after = both(rules, state, "f3e5", "d7e5")
    assert placement(after) == "4k3/p7/8/8/8/8/P7/4K3"
    assert rules.kind(after) is NodeKind.SIMULTANEOUS


def test_a_king_colliding_with_a_piece_is_captured_and_loses() -> None:
    """The seed: a king and another piece moving to the same square are both captured."""
    rules, state = game("4k3/8/8/8/8/4p3/8/4K3 -")
    assert "e1e2" in texts(rules, state, 0)  # e2 is not attacked: the pawn only pushes there
    after = both(rules, state, "e1e2", "e3e2")
    assert rules.kind(after) is NodeKind.TERMINAL
    assert rules.returns(after) == (-1.0, 1.0)
    outcome = rules.outcome(after)
    assert outcome is not None and outcome.reason == "capture of the king"


# -- the exchange of blows -------------------------------------------------------------------

BLOWS = "4r1k1/7p/3p4/4p3/8/5N2/4Q3/6K1 -"  # Nf3 takes e5, defended by the d6 pawn and Re8


def test_an_exchange_of_blows_runs_until_nobody_can_strike() -> None:
    rules, state = game(BLOWS)
    after = both(rules, state, "f3e5", "h7h6")
    # e5 was attacked by d6 and e8 before the moves and still is: Black may strike
    assert rules.kind(after) is NodeKind.DECISION and rules.actors(after) == (1,)
    assert texts(rules, after, 1) == {"d6e5", "e8e5", "x"}
    after = one(rules, after, "d6e5")
    assert rules.actors(after) == (0,) and texts(rules, after, 0) == {"e2e5", "x"}
    after = one(rules, after, "e2e5")
    assert rules.actors(after) == (1,) and texts(rules, after, 1) == {"e8e5", "x"}
    after = one(rules, after, "e8e5")
    # White has no piece left to strike on e5: the turn is over
    assert rules.kind(after) is NodeKind.SIMULTANEOUS and after.turn == 2
    assert placement(after) == "6k1/8/7p/4r3/8/8/8/6K1"


def test_passing_ends_the_exchange() -> None:
    rules, state = game(BLOWS)
    after = both(rules, state, "f3e5", "h7h6")
    after = rules.apply(after, rules.parse_action(after, "x"))
    assert rules.kind(after) is NodeKind.SIMULTANEOUS
    assert placement(after) == "4r1k1/8/3p3p/4N3/8/8/4Q3/6K1"


def test_no_exchange_when_the_square_was_not_attacked_before() -> None:
    """The bishop move attacks e5 only after the moves: not 'the same piece' as before."""
    rules, state = game("5b1k/8/8/4p3/8/5N2/8/K7 -")
    after = both(rules, state, "f3e5", "f8g7")
    assert not after.exchanges and rules.kind(after) is NodeKind.SIMULTANEOUS


@pytest.mark.parametrize(("first_blow", "expected"), [("any", {"d6e5", "g7e5", "x"}),
                                                      ("attacker", {"d6e5", "x"})])  # fmt: skip
def test_first_blow_option(first_blow: str, expected: set[str]) -> None:
    """The bishop newly attacks e5; the d6 pawn opened the exchange. Who may strike first?"""
    rules, state = game("5b1k/8/3p4/4p3/8/5N2/8/K7 -", first_blow=first_blow)
    after = both(rules, state, "f3e5", "f8g7")
    assert texts(rules, after, 1) == expected


DOUBLE = "6k1/8/3p1n2/4p3/4P3/3P1N2/8/6K1 -"  # Nxe5 and Nxe4, each defended by a pawn


def test_blows_on_both_squares_are_chosen_at_once() -> None:
    rules, state = game(DOUBLE)
    after = both(rules, state, "f3e5", "f6e4")
    assert rules.kind(after) is NodeKind.SIMULTANEOUS and after.exchanges
    assert texts(rules, after, 0) == {"d3e4", "x"} and texts(rules, after, 1) == {"d6e5", "x"}
    # a seat's commitment waits at the table, unseen by the other seat
    table = Table(rules, after).play(rules.parse_action(after, "d3e4", 0), 0)
    assert table.pending_json(1) == {"0": "committed"}
    assert table.pending_json(0) == {"0": "d3e4"}
    assert json.dumps(rules.view_to_json(rules.view(table.state, 1))) == json.dumps(
        rules.view_to_json(rules.view(after, 1))
    )
    done = table.play(rules.parse_action(after, "x", 1), 1).state
    assert placement(done) == "6k1/8/3p4/4N3/4P3/8/8/6K1" and done.turn == 2


def test_one_by_one_resolves_whites_arrival_square_first() -> None:
    rules, state = game(DOUBLE, exchange_order="one_by_one")
    after = both(rules, state, "f3e5", "f6e4")
    assert rules.actors(after) == (1,) and texts(rules, after, 1) == {"d6e5", "x"}
    after = one(rules, after, "d6e5")
    assert rules.actors(after) == (0,) and texts(rules, after, 0) == {"d3e4", "x"}
    after = one(rules, after, "d3e4")
    assert placement(after) == "6k1/8/8/4p3/4P3/8/8/6K1" and after.turn == 2


# -- the check rule --------------------------------------------------------------------------


def test_a_king_under_attack_must_move() -> None:
    """No blocking (Be2) and no taking the attacker with another piece (Rxe8)."""
    rules, state = game("R3r3/7k/8/8/8/8/8/4KB2 -")
    assert texts(rules, state, 0) == {"e1d1", "e1d2", "e1f2"}
    with pytest.raises(IllegalAction, match="king itself must move"):
        rules.parse_action(state, "f1e2", 0)
    with pytest.raises(IllegalAction, match="king itself must move"):
        rules.parse_action(state, "Rxe8", 0)


def test_no_castling_out_of_check() -> None:
    rules, state = game("4r3/7k/8/8/8/8/8/4K2R K")
    assert texts(rules, state, 0) == {"e1d1", "e1d2", "e1f1", "e1f2"}
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "O-O", 0)


def test_castling_when_not_attacked() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/4K2R K")
    move = rules.parse_action(state, "O-O", 0)
    assert rules.parse_action(state, "e1g1", 0) == move == rules.parse_action(state, "e1h1", 0)
    after = both(rules, state, "e1g1", "e8d8")
    assert write_board(after.board) == "3k4/8/8/8/8/8/8/5RK1 -"


def test_mate_when_only_another_piece_could_take_the_attacker() -> None:
    """Orthodox chess would allow Rxe1; here the king must move and cannot."""
    rules, state = game("8/8/k7/8/4R3/8/6PP/4r2K -")
    assert rules.kind(state) is NodeKind.TERMINAL
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "checkmate" and outcome.winner == 1


def test_both_kings_mated_at_once_is_a_draw() -> None:
    rules, state = game("7k/6pp/8/3r4/2R5/8/6PP/7K -")
    after = both(rules, state, "c4c8", "d5d1")
    assert rules.kind(after) is NodeKind.TERMINAL and rules.returns(after) == (0.0, 0.0)
    outcome = rules.outcome(after)
    assert outcome is not None and outcome.reason == "both kings checkmated at once"


def test_no_en_passant() -> None:
    rules, state = game("4k3/3p4/8/4P3/8/8/8/4K3 -")
    after = both(rules, state, "e1e2", "d7d5")
    assert "e5d6" not in texts(rules, after, 0)
    with pytest.raises(IllegalAction, match="no en passant"):
        rules.parse_action(after, "e5d6", 0)


# -- draws -----------------------------------------------------------------------------------


def test_stalemate_and_dead_material_are_draws() -> None:
    rules, state = game("k7/8/1Q6/8/8/8/8/7K -")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"
    rules, state = game("k7/8/8/8/8/8/8/1B5K -")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "insufficient material"


def test_threefold_repetition() -> None:
    rules = Synchronous()
    state = rules.initial_state()
    for white, black in [("g1f3", "b8c6"), ("f3g1", "c6b8")] * 2:
        assert rules.kind(state) is NodeKind.SIMULTANEOUS
        state = both(rules, state, white, black)
    assert rules.kind(state) is NodeKind.TERMINAL
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "the same position 3 times"
    endless = Synchronous({"repetition": 0})
    state = endless.initial_state()
    for white, black in [("g1f3", "b8c6"), ("f3g1", "c6b8")] * 2:
        state = both(endless, state, white, black)
    assert endless.kind(state) is NodeKind.SIMULTANEOUS


def test_no_progress_turns() -> None:
    rules = Synchronous({"no_progress_turns": 2, "repetition": 0})
    state = both(rules, rules.initial_state(), "g1f3", "b8c6")
    assert rules.kind(state) is NodeKind.SIMULTANEOUS
    state = both(rules, state, "f3g1", "c6b8")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "2 turns without a capture or pawn move"
    pawn = both(rules, rules.initial_state(), "e2e4", "b8c6")
    assert len(pawn.seen) == 1  # a pawn move starts the count again


# -- text, JSON and errors -------------------------------------------------------------------


def test_moves_read_in_san_and_coordinates() -> None:
    rules = Synchronous()
    state = rules.initial_state()
    assert rules.parse_action(state, "Nf3", 0) == rules.parse_action(state, "g1f3", 0)
    assert rules.parse_action(state, "e5", 1) == rules.parse_action(state, "e7e5", 1)
    with pytest.raises(NotationError):
        rules.parse_action(state, "Zz9", 0)
    with pytest.raises(IllegalAction, match="cannot reach"):
        rules.parse_action(state, "e2e5", 0)
    with pytest.raises(IllegalAction, match="no White piece"):
        rules.parse_action(state, "e7e5", 0)
    with pytest.raises(IllegalAction, match="'x' passes only"):
        rules.parse_action(state, "x", 0)
    with pytest.raises(IllegalAction, match="which side"):
        rules.parse_action(state, "e2e4")


def test_joint_actions_are_checked() -> None:
    rules = Synchronous()
    state = rules.initial_state()
    e4 = rules.parse_action(state, "e2e4", 0)
    check_part_of_joint_refused(rules, state, e4)
    with pytest.raises(IllegalAction):
        rules.apply_joint(state, {0: e4, 1: e4})
    with pytest.raises(IllegalAction):
        rules.apply_joint(state, {0: PASS, 1: e4})


def test_state_json_round_trip_mid_exchange() -> None:
    rules, state = game(DOUBLE, first_blow="attacker")
    after = both(rules, state, "f3e5", "f6e4")
    data = json.loads(json.dumps(rules.state_to_json(after)))
    assert data["exchanges"][0] == {"square": "e5", "striker": 1, "allowed": ["d6"]}
    again = rules.state_from_json(data)
    assert again == after and texts(rules, again, 0) == texts(rules, after, 0)


@pytest.mark.parametrize(
    "change",
    [
        {"board": "8/8/8/8/8/8/8/8 KQ"},
        {"board": "kk6/8/8/8/8/8/8/K7 -"},
        {"turn": 0},
        {"progress": "no"},
        {"seen": []},
        {"exchanges": [{"square": "e5", "striker": 0, "allowed": "any"}]},
        {"exchanges": [{"square": "z9", "striker": 1, "allowed": "any"}]},
        {"exchanges": [{"square": "a1", "striker": 1, "allowed": "any"}]},
        {"struck": ["e5"], "exchanges": []},
        {"exchanges": "none"},
    ],
)
def test_state_json_refuses_nonsense(change: dict[str, Any]) -> None:
    rules, state = game(DOUBLE)
    after = both(rules, state, "f3e5", "f6e4")
    data = {**rules.state_to_json(after), **change}
    with pytest.raises(StateError) as info:
        rules.state_from_json(data)
    assert "\n" not in str(info.value)


def test_between_turns_seen_must_end_with_the_board() -> None:
    rules = Synchronous()
    data = rules.state_to_json(rules.initial_state())
    data["seen"] = ["8/8/8/8/8/8/8/K6k -"]
    with pytest.raises(StateError):
        rules.state_from_json(data)


def test_bad_options_are_refused() -> None:
    for options in ({"position": "nonsense"}, {"position": "8/8/8/8/8/8/8/K7 -"}):
        with pytest.raises(OptionError):
            Synchronous(options)
    with pytest.raises(MotleyError):
        Synchronous({"first_blow": "sometimes"})


def test_board_text_round_trip() -> None:
    for text in ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq", "8/8/8/8/8/8/8/K7 -"):
        assert write_board(read_board(text)) == text
    with pytest.raises(NotationError):
        read_board("4k3/8/8/8/8/8/8/4K3 K")  # no rook to castle with


def test_render_and_evaluate() -> None:
    rules, state = game(BLOWS)
    after = both(rules, state, "f3e5", "h7h6")
    assert "Exchange of blows on e5: Black may capture" in rules.render(after)
    assert rules.evaluate(after, 0) == -rules.evaluate(after, 1) > 0
