"""Crowded House scenarios: one test per rule of the seed and per reading chosen."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motley.chesslike.testing import legal_texts as texts
from motley.chesslike.testing import rule_broken as refusal
from motley.core import registry
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.rules import NodeKind
from motley.core.spec import Utility
from motley.games.crowded_house.diagrams import CORNERED, EXPOSED, at, play
from motley.games.crowded_house.rules import CrowdedHouse
from motley.games.crowded_house.state import PASS

WK, BK, WQ, BQ = 0, 1, 2, 3  # the seats in play order


def make(options: dict[str, Any] | None = None) -> CrowdedHouse:
    rules = registry.make("crowded_house", options)
    assert isinstance(rules, CrowdedHouse)
    return rules


# -- seats and play order --------------------------------------------------------------------


def test_four_seats_in_two_teams_play_in_the_seeds_order() -> None:
    rules = make()
    spec = rules.spec
    assert spec.players == 4 and spec.utility is Utility.TEAMS
    assert spec.teams == ((WK, WQ), (BK, BQ))
    assert spec.seat_names == (
        "White king side",
        "Black king side",
        "White queen side",
        "Black queen side",
    )
    # Walter, Betty, Winnie, Bob, Walter, ...
    state = rules.initial_state()
    order = []
    for text in ("e2e4", "e7e5", "d2d4", "d7d5", "g1f3"):
        order.append(rules.actors(state)[0])
        state = play(rules, state, text)
    assert order == [WK, BK, WQ, BQ, WK]
    assert rules.actors(state) == (BK,)


# -- the half rule ---------------------------------------------------------------------------


def test_winnie_may_bring_the_bishop_to_the_queen_side_but_not_to_e2() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "e2e4", "e7e5")
    assert rules.actors(state) == (WQ,)
    moves = texts(rules, state)
    assert {"f1d3", "f1c4", "f1b5", "f1a6"} <= moves
    assert "f1e2" not in moves
    rule = refusal(rules, state, "f1e2")
    assert rule == "the bishop on f1 neither starts nor ends on the queen side (files a-d)"
    # the queen starts on Winnie's half, so it may go over to the king side
    assert {"d1e2", "d1h5"} <= moves
    # Walter, on the king side, may play the bishop anywhere, but not the a2 pawn
    walter = play(rules, state, "b1c3", "b8c6")
    assert {"f1e2", "f1b5"} <= texts(rules, walter)
    rule = refusal(rules, walter, "a2a3")
    assert rule == "the pawn on a2 neither starts nor ends on the king side (files e-h)"


def test_a_knight_crossing_into_the_other_half_may_be_moved_by_either_player() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "g1f3", "g8f6")
    assert "f3d4" in texts(rules, state)  # Winnie: ends on the queen side
    state = play(rules, state, "f3d4", "b8c6")
    assert "d4f5" in texts(rules, state)  # Walter: ends on the king side
    assert "d4b5" not in texts(rules, state)  # starts and ends on the queen side


def test_the_king_side_option_swaps_the_halves() -> None:
    rules = make({"king_side": "a-d"})
    state = rules.initial_state()
    assert "b1c3" in texts(rules, state) and "g1f3" not in texts(rules, state)


# -- passing ---------------------------------------------------------------------------------


def test_a_player_with_nothing_on_or_onto_their_half_passes() -> None:
    rules = make()
    fen = "k7/8/8/8/8/8/7P/7K w - - 0 1"
    state = at(rules, fen, WQ)
    assert list(rules.legal_actions(state)) == [PASS]
    after = play(rules, state, "pass")
    assert rules.actors(after) == (BQ,)
    assert after.board.pieces == state.board.pieces and after.board.turn == 1
    assert after.board.halfmove == state.board.halfmove + 1
    # Walter, on the king side, does have moves, so he may not pass
    walter = at(rules, fen, WK)
    assert "h1g1" in texts(rules, walter)
    assert "only without one" in refusal(rules, walter, "pass")


# -- moving into check -----------------------------------------------------------------------


def test_a_king_may_step_into_an_attack_the_next_player_cannot_use() -> None:
    for reading in ("capture", "illegal"):
        rules = make({"exposed_king": reading})
        state = at(rules, EXPOSED, WK)
        # d2 and the rook on a2 are both on the queen side: Betty cannot take there
        assert "e1d2" in texts(rules, state)
        after = play(rules, state, "e1d2")
        assert "a2d2" not in texts(rules, after)
        # but Winnie, after Betty, must deal with Bob's threat
        after = play(rules, after, "e8f8")
        assert rules.house.in_check(after.board, after.seat)


def test_stepping_into_a_capture_by_the_next_player_ends_the_game_by_capture() -> None:
    rules = make({"exposed_king": "capture"})
    state = at(rules, EXPOSED, WK)
    assert {"e1e2", "e1f2"} <= texts(rules, state)
    after = play(rules, state, "e1e2")
    assert "a2e2" in texts(rules, after)  # Betty may take the king: it stands on her half
    end = play(rules, after, "a2e2")
    assert rules.kind(end) is NodeKind.TERMINAL
    outcome = rules.outcome(end)
    assert outcome is not None and outcome.reason == "king captured" and outcome.winner == 1
    assert rules.returns(end) == (-1.0, 1.0, -1.0, 1.0)
    json.dumps(rules.state_to_json(end))
    assert rules.state_to_json(rules.state_from_json(rules.state_to_json(end))) == (
        rules.state_to_json(end)
    )


def test_with_the_illegal_reading_such_a_move_is_refused() -> None:
    rules = make({"exposed_king": "illegal"})
    state = at(rules, EXPOSED, WK)
    assert "e1e2" not in texts(rules, state) and "e1f2" not in texts(rules, state)
    rule = refusal(rules, state, "e1e2")
    assert rule == (
        "the move would leave White's king open to capture by Black king side, who moves next"
    )


# -- checkmate -------------------------------------------------------------------------------


def test_checkmate_is_judged_on_the_next_player_of_the_attacking_team() -> None:
    rules = make()
    # Walter to move: Betty, next, plays the king side and cannot take on a1: no mate.
    # Walter has nothing on his half, so he passes.
    walter = at(rules, CORNERED, WK)
    assert rules.kind(walter) is NodeKind.DECISION
    assert list(rules.legal_actions(walter)) == [PASS]
    # Winnie to move: Bob, next, could take on a1 and nothing stops him: mate.
    winnie = at(rules, CORNERED, WQ)
    outcome = rules.outcome(winnie)
    assert outcome is not None and outcome.reason == "checkmate" and outcome.winner == 1
    assert rules.returns(winnie) == (-1.0, 1.0, -1.0, 1.0)
    with pytest.raises(IllegalAction, match="the game is over"):
        rules.parse_action(winnie, "a2a3")


def test_mate_on_the_king_side_by_a_queen_side_attacker() -> None:
    for reading in ("capture", "illegal"):
        rules = make({"exposed_king": reading})
        # the a1 rook stands on Bob's half, the king on Betty's: each may take, so it is mate
        # whoever of White is to move (the pawns give no escape)
        for seat in (WK, WQ):
            state = at(rules, "k7/8/8/8/8/8/6PP/r6K w - - 0 1", seat)
            outcome = rules.outcome(state)
            assert outcome is not None and outcome.reason == "checkmate"


def test_an_escape_is_no_mate() -> None:
    rules = make()
    # as CORNERED but the b2 pawn is gone: Winnie's king may go to b2
    state = at(rules, "k7/8/8/8/8/8/P7/K2r4 w - - 0 1", WQ)
    assert rules.kind(state) is NodeKind.DECISION
    assert "a1b2" in texts(rules, state)


# -- en passant ------------------------------------------------------------------------------

EN_PASSANT = "4k3/8/8/8/3p1p2/8/4P3/4K3 w - - 0 1"


def test_en_passant_only_by_the_very_next_player() -> None:
    rules = make()
    state = play(rules, at(rules, EN_PASSANT, WK), "e2e4")
    # Betty: the f4 pawn starts on her half; the d4 pawn ends on e3, on her half
    assert {"f4e3", "d4e3"} <= texts(rules, state)
    again = rules.state_from_json(json.loads(json.dumps(rules.state_to_json(state))))
    assert texts(rules, again) == texts(rules, state)
    taken = play(rules, state, "f4e3")
    assert not taken.board.pieces[rules.tables.pawn] & (1 << 28)  # the e4 pawn is gone
    # if Betty lets it go, Bob may no longer take on e3 after Winnie's turn
    later = play(rules, state, "e8f8", "e1d1")
    assert rules.actors(later) == (BQ,)
    assert "d4e3" not in texts(rules, later)
    assert "cannot move" in refusal(rules, later, "d4e3")


def test_a_pass_ends_the_en_passant_chance() -> None:
    rules = make()
    # Winnie double-steps; Bob has nothing on the queen side, so he passes
    state = play(rules, at(rules, "7k/8/8/8/6p1/8/2P5/K7 w - - 0 1", WQ), "c2c4")
    assert list(rules.legal_actions(state)) == [PASS]
    assert play(rules, state, "pass").board.ep == -1


# -- castling --------------------------------------------------------------------------------

CASTLE = "4r2k/8/8/8/8/8/8/R3K2R w KQ - 0 1"  # the e8 rook attacks the white king


def test_each_player_castles_on_their_own_side() -> None:
    rules = make()
    free = "7k/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert "e1g1" in texts(rules, at(rules, free, WK))
    assert "e1c1" not in texts(rules, at(rules, free, WK))
    assert "e1c1" in texts(rules, at(rules, free, WQ))
    assert "e1g1" not in texts(rules, at(rules, free, WQ))
    assert "rook from a1 to d1" in refusal(rules, at(rules, free, WK), "O-O-O")
    relaxed = make({"castling": "king"})
    assert {"e1g1", "e1c1"} <= texts(relaxed, at(relaxed, free, WK))
    start = rules.initial_state()
    assert refusal(rules, start, "e1g1") == (
        "castling needs every square the king and the rook cross to be empty"
    )
    assert refusal(rules, start, "e1f1") == "a king cannot move from e1 to f1"
    castled = play(rules, at(rules, free, WQ), "e1c1")
    assert rules.state_to_json(castled)["fen"].startswith("7k/8/8/8/8/8/8/2KR3R b - -")


def test_castling_out_of_check_when_the_next_player_cannot_capture() -> None:
    rules = make()
    # Winnie: Bob plays the queen side and cannot use the e8 rook against e1
    assert "e1c1" in texts(rules, at(rules, CASTLE, WQ))
    # Walter: Betty plays the king side, where the king stands
    walter = at(rules, CASTLE, WK)
    assert "e1g1" not in texts(rules, walter)
    assert "could capture it" in refusal(rules, walter, "e1g1")


# -- notation and states ---------------------------------------------------------------------


def test_notation_round_trips_and_bad_input_is_refused_in_one_line() -> None:
    rules = make()
    state = rules.initial_state()
    for action in rules.legal_actions(state):
        assert rules.parse_action(state, rules.action_text(state, action)) == action
    with pytest.raises(NotationError):
        rules.parse_action(state, "knight to f3")
    with pytest.raises(IllegalAction, match="White king side's turn"):
        rules.parse_action(state, "e7e5", BK)
    assert refusal(rules, state, "e3e4") == "there is no piece on e3"
    assert refusal(rules, state, "e7e5") == "the piece on e7 is not White's"
    assert refusal(rules, state, "e2e5") == "a pawn cannot move from e2 to e5"


def test_promotion_is_written_with_the_piece_letter() -> None:
    rules = make()
    state = at(rules, "7k/4P3/8/8/8/8/8/K7 w - - 0 1", WK)
    assert {"e7e8q", "e7e8n"} <= texts(rules, state)
    assert "promoted" in refusal(rules, state, "e7e8")


def test_states_are_validated() -> None:
    rules = make()
    good = rules.state_to_json(rules.initial_state())
    assert good["seat"] == WK
    for bad in (
        {**good, "seat": 1},  # Black king side does not play White
        {**good, "seat": 4},
        {**good, "seat": True},
        {**good, "fen": "not a fen"},
        {"seat": 0},
        {**good, "history": ["8/8/8/8/8/8/8/8 w - - 0 1"]},
    ):
        with pytest.raises(StateError):
            rules.state_from_json(bad)


def test_evaluation_is_shared_by_team_mates() -> None:
    rules = make()
    moves = ("e2e4", "g8f6", "b1c3", "d7d5", "g1f3", "f6e4")
    state = play(rules, rules.initial_state(), *moves)
    values = [rules.evaluate(state, seat) for seat in range(4)]
    assert values[WK] == values[WQ] < 0 < values[BK] == values[BQ]
    assert values[WK] == -values[BK]


def test_repeating_a_position_with_the_same_player_to_move_draws() -> None:
    rules = make()
    state = rules.initial_state()
    shuffle = ("g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8", "c3b1", "c6b8")
    state = play(rules, state, *shuffle, *shuffle)
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winner is None and "3 times" in outcome.reason
    assert rules.returns(state) == (0.0, 0.0, 0.0, 0.0)


# -- the defaults of round two ---------------------------------------------------------------


def test_by_default_a_king_may_not_step_into_a_capture_by_the_next_player() -> None:
    """"A king may move into check ... if the next player can't make the capture": where the
    next player can, the move is refused (the game is won "by check mate", not by capture)."""
    rules = make()
    state = at(rules, EXPOSED, WK)
    assert "e1e2" not in texts(rules, state) and "e1d2" in texts(rules, state)
    assert "open to capture by Black king side" in refusal(rules, state, "e1e2")


# Winnie's king on a1 may only step to b1 or b2, where Bob could take it; her pawn is blocked
BLOCKED = "1r5k/8/8/8/8/p7/P7/K7 w - - 0 1"


def test_a_player_whose_every_move_is_refused_passes() -> None:
    rules = make()
    state = at(rules, BLOCKED, WQ)
    assert rules.outcome(state) is None
    assert list(rules.legal_actions(state)) == [PASS]
    assert rules.actors(play(rules, state, "pass")) == (BQ,)


def test_with_the_stalemate_reading_such_a_player_is_stalemated() -> None:
    rules = make({"no_move": "stalemate"})
    outcome = rules.outcome(at(rules, BLOCKED, WQ))
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"
    # a player with nothing at all on or onto their half still moves nothing that turn
    state = at(rules, "k7/8/8/8/8/8/7P/7K w - - 0 1", WQ)
    assert rules.outcome(state) is None and list(rules.legal_actions(state)) == [PASS]
    # and a player in check with no way out is mated under either reading
    mated = at(rules, CORNERED, WQ)
    assert rules.outcome(mated) is not None and rules.outcome(mated).reason == "checkmate"
