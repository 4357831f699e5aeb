"""Telepathic Chess scenarios: one test per rule of the seed and per reading chosen."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.core import registry
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import Trait, Utility
from motley.games.telepathic.rules import TelepathicChess
from motley.games.telepathic.state import END, MOVE, PREDICT, REMOVE, UNSEEN, TeleState

WA, BA, WB, BB = 0, 1, 2, 3  # White A, Black A, White B, Black B


def make(options: dict[str, Any] | None = None) -> TelepathicChess:
    rules = registry.make("telepathic", options)
    assert isinstance(rules, TelepathicChess)
    return rules


def at(rules: TelepathicChess, fen: str, **table: Any) -> TeleState:
    """A state from a FEN and the table (JSON fields; the rest default)."""
    return rules.state_from_json({"fen": fen, **table})


def play(rules: TelepathicChess, state: TeleState, *texts: str) -> TeleState:
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text, rules.actors(state)[0]))
    return state


def texts(rules: TelepathicChess, state: TeleState) -> list[str]:
    return [rules.action_text(state, a) for a in rules.legal_actions(state)]


def refusal(rules: TelepathicChess, state: TeleState, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, text)
    return info.value.rule


# -- seats, teams and roles ------------------------------------------------------------------


def test_four_seats_in_two_teams_with_a_hidden_card() -> None:
    spec = make().spec
    assert spec.players == 4 and spec.utility is Utility.TEAMS
    assert spec.teams == ((WA, WB), (BA, BB))
    assert {Trait.HIDDEN, Trait.TEAMS} <= spec.traits


def test_setup_lays_each_teams_pawn_card_face_up() -> None:
    rules = make()
    state = rules.initial_state()
    assert state.face_up == ("P", "P") and state.trophy == 0 and state.phase == PREDICT
    # the predictor holds the other six cards
    assert rules.actors(state) == (WB,)
    assert texts(rules, state) == [f"predict {c}" for c in "NBRQKC"]


def test_roles_swap_every_team_turn() -> None:
    rules = make()
    state = rules.initial_state()
    seen = []
    for move in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4"):
        predictor = rules.actors(state)[0]
        state = play(rules, state, "predict c" if state.team else "predict C")
        seen.append((predictor, rules.actors(state)[0]))
        state = play(rules, state, move)
    assert seen == [(WB, WA), (BB, BA), (WA, WB), (BA, BB), (WB, WA)]


def test_each_team_chooses_who_moves_first() -> None:
    rules = make({"white_first_mover": 2, "black_first_mover": 3})
    state = rules.initial_state()
    assert rules.actors(state) == (WA,)
    state = play(rules, state, "predict N")
    assert rules.actors(state) == (WB,)
    state = play(rules, state, "e2e4", "predict n")
    assert rules.actors(state) == (BB,)


# -- pull, nothing, push, and the cards picked up --------------------------------------------


def test_a_matched_face_down_card_pulls_and_stays_face_up() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict N", "g1f3")
    assert state.trophy == -1  # towards White's side
    # the mover picked up the face-up pawn card; the knight card now lies face up
    assert state.face_up == ("N", "P") and state.phase == PREDICT
    assert "pulled, now beside White" in state.last
    # Black pulls the other way
    state = play(rules, state, "predict n", "b8c6")
    assert state.trophy == 0


def test_the_face_up_card_matched_does_nothing() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict N", "e2e4")
    assert state.trophy == 0
    assert state.face_up == ("N", "P")  # the face-up pawn card went back to the hand
    assert "stays, now in the middle" in state.last


def test_no_match_pushes() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict Q", "g1f3")
    assert state.trophy == 1  # away from White
    assert state.face_up == ("Q", "P")
    state = play(rules, state, "predict k", "g8f6")
    assert state.trophy == 0  # Black's push comes back towards White


def test_the_checker_copies_the_face_up_card_and_is_picked_up() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict C", "e2e4")
    assert state.trophy == -1  # the checker stood for the face-up pawn: a pull
    assert state.face_up == ("P", "P")  # the mover took the checker; the pawn card stays up
    assert "checker (a copy of the pawn)" in state.last
    # next White turn: the hand is again everything but the pawn card
    state = play(rules, state, "predict n", "e7e5")
    assert texts(rules, state) == [f"predict {c}" for c in "NBRQKC"]


# -- beyond the ends -------------------------------------------------------------------------

QUIET = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"


def test_the_seeds_example_beside_white_a_black_push_costs_black_a_piece() -> None:
    rules = make()
    state = at(rules, QUIET.replace(" w ", " b "), trophy=-1, face_up=["P", "P"])
    state = play(rules, state, "predict q", "e8f8")  # a king: neither card
    assert state.phase == REMOVE and state.loser == 1 and state.trophy == 0
    # the choice is Black's player who moves next for Black: the predictor, seat 3
    assert rules.actors(state) == (BB,)
    assert sorted(texts(rules, state)) == ["remove a7", "remove b7", "remove c7", "remove d7"]
    assert refusal(rules, state, "remove f8") == "the king may not be removed"
    assert refusal(rules, state, "remove a2") == "Black has no piece on a2"
    after = play(rules, state, "remove d7")
    assert after.lost == (0, 1) and after.trophy == 0 and after.phase == PREDICT
    assert not after.board.occupied >> rules.geometry.parse("d7") & 1
    assert after.face_up == ("P", "Q")  # then the mover picked up
    assert rules.actors(after) == (WB,)


def test_a_pull_beyond_makes_the_other_team_remove() -> None:
    rules = make()
    state = at(rules, QUIET, trophy=-1)
    state = play(rules, state, "predict K", "e1f1")
    assert state.phase == REMOVE and state.loser == 1
    assert rules.actors(state) == (BA,)  # Black's next mover
    other = make({"remover": "next_predictor"})
    assert other.actors(at(other, QUIET, trophy=-1)) == (WB,)
    pending = play(other, at(other, QUIET, trophy=-1), "predict K", "e1f1")
    assert other.actors(pending) == (BB,)
    state = play(rules, state, "remove a7")
    assert state.lost == (0, 1) and state.team == 1 and rules.actors(state) == (BB,)


def test_a_push_beyond_on_whites_own_turn_is_chosen_by_its_predictor() -> None:
    rules = make()
    state = at(rules, QUIET, trophy=1)
    state = play(rules, state, "predict Q", "e1f1")
    assert state.phase == REMOVE and state.loser == 0 and rules.actors(state) == (WB,)
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "remove a2", WA)
    state = play(rules, state, "remove a2")
    assert state.lost == (1, 0) and state.trophy == 0


def test_a_team_with_only_its_king_removes_nothing() -> None:
    rules = make()
    state = at(rules, "4k3/8/8/8/8/8/P7/4K3 b - - 0 1", trophy=-1, lost=[0, 15])
    state = play(rules, state, "predict q", "e8d8")
    assert state.phase == PREDICT and state.trophy == 0 and state.lost == (0, 15)
    assert "has only its king" in state.last


def test_a_removal_that_opens_the_king_lets_it_be_captured() -> None:
    rules = make()
    # Black's only piece besides the king blocks the rook: no check
    state = at(rules, "4k3/4p3/8/8/8/8/8/K3R3 b - - 0 1", trophy=-1, face_up=["P", "B"])
    state = play(rules, state, "predict n", "e7e6")  # a pawn: neither card, pushed beyond
    assert texts(rules, state) == ["remove e6"]
    state = play(rules, state, "remove e6")
    state = play(rules, state, "predict R", "e1e8")
    assert state.phase == END and rules.kind(state) is NodeKind.TERMINAL
    assert rules.returns(state) == (1.0, -1.0, 1.0, -1.0)
    assert rules.describe(rules.outcome(state)) == "White wins: king captured"
    assert rules.actors(state) == () and rules.legal_actions(state) == []


def test_without_the_check_rule_a_king_may_be_left_attacked_and_taken() -> None:
    rules = make({"king_safety": "none"})
    state = at(rules, "4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    state = play(rules, state, "predict Q")
    # the king stands attacked on the first rank; it may stay on it
    assert {"e1d1", "e1f2", "e1f1"} <= set(texts(rules, state))
    state = play(rules, state, "e1d1", "predict r", "h1d1")
    assert rules.returns(state) == (-1.0, 1.0, -1.0, 1.0)


def test_the_mover_may_not_leave_its_king_attacked() -> None:
    rules = make()
    state = play(rules, at(rules, "4k3/8/8/8/8/8/8/4K2r w - - 0 1"), "predict Q")
    assert sorted(texts(rules, state)) == ["e1d2", "e1e2", "e1f2"]
    # taking the enemy king is allowed even with a pinned piece
    pinned = play(rules, at(rules, "4r3/8/8/8/5k2/8/4N3/4K3 w - - 0 1"), "predict N")
    assert "e2f4" in texts(rules, pinned) and "e2c3" not in texts(rules, pinned)
    assert rules.returns(play(rules, pinned, "e2f4")) == (1.0, -1.0, 1.0, -1.0)
    mated = at(rules, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
    assert rules.describe(rules.outcome(mated)) == "White wins: checkmate"
    # without the check rule the same king simply takes the queen (and is taken)
    free = make({"king_safety": "none"})
    assert "a8b7" in texts(
        free, play(free, at(free, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"), "predict k")
    )


# -- losing eight pieces ---------------------------------------------------------------------

EIGHT_DOWN = "4k3/pppp4/8/8/8/8/N7/4K3 b - - 0 1"  # White has lost 14 pieces, Black 11


def test_after_eight_losses_only_the_face_down_card_is_played() -> None:
    rules = make({"position": EIGHT_DOWN})
    state = rules.initial_state()
    assert state.lost == (14, 11) and state.face_up == ("", "")
    assert texts(rules, state) == [f"predict {c}" for c in "pnbrqkc"]
    # a pawn predicted and moved: a pull; anything else would push
    after = play(rules, state, "predict p", "a7a6")
    assert after.trophy == 1 and after.face_up == ("", "")
    pushed = play(rules, state, "predict n", "a7a6")
    assert pushed.trophy == -1
    lone = play(rules, state, "predict c", "a7a6")  # no face-up card to copy: no match
    assert lone.trophy == -1 and "no face-up card to copy" in lone.last


def test_the_eighth_capture_takes_the_face_up_card_back_at_once() -> None:
    rules = make()
    state = at(rules, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1", lost=[0, 7], face_up=["P", "B"])
    state = play(rules, state, "predict R", "a1a2")  # Black's eighth piece is captured
    assert state.lost == (0, 8) and state.face_up == ("R", "")
    assert texts(rules, state) == [f"predict {c}" for c in "pnbrqkc"]
    later = make({"eighth_loss": "after_turn"})
    kept = at(later, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1", lost=[0, 7], face_up=["P", "B"])
    kept = play(later, kept, "predict R", "a1a2")
    assert kept.face_up == ("R", "B")  # Black plays one more turn with its bishop card up
    assert texts(later, kept) == [f"predict {c}" for c in "pnrqkc"]
    kept = play(later, kept, "predict k", "e8d8")
    # the face-down king matched (a pull back to the middle); both cards were picked up
    assert kept.face_up == ("R", "") and kept.trophy == 0


def test_a_removal_can_be_the_eighth_loss() -> None:
    rules = make()
    state = at(rules, QUIET.replace(" w ", " b "), trophy=-1, lost=[0, 7], face_up=["P", "N"])
    state = play(rules, state, "predict q", "e8f8", "remove a7")
    assert state.lost == (0, 8) and state.face_up == ("P", "")


# -- what each seat may see ------------------------------------------------------------------


def test_the_face_down_card_is_seen_only_by_its_predictor_until_the_move() -> None:
    rules = make()
    start = rules.initial_state()
    state = play(rules, start, "predict R")
    assert state.phase == MOVE
    assert rules.view(state, WB).state.face_down == "R"
    for seat in (WA, BA, BB, SPECTATOR):
        assert rules.view(state, seat).state.face_down == UNSEEN
        assert rules.view_to_json(rules.view(state, seat))["face_down"] == UNSEEN
    # every card is described alike to everyone but the predictor
    for seat in (WA, BA, BB, SPECTATOR):
        told = {rules.event_text_for(start, a, seat) for a in rules.legal_actions(start)}
        assert told == {"predict (a card face down)"}
    assert rules.event_text_for(start, rules.parse_action(start, "predict R"), WB) == "predict R"
    # the partner's choices do not depend on the card
    assert rules.legal_actions(state) == rules.legal_actions(play(rules, start, "predict Q"))
    # a sampled card is one of the predictor's hand
    view = rules.view(state, WA)
    cards = {rules.sample_hidden(view, random.Random(n)).face_down for n in range(60)}
    assert cards == set("NBRQKC")
    assert rules.sample_hidden(rules.view(state, WB), random.Random(0)) == state
    # the move turns it over, for everyone
    moved = rules.parse_action(state, "g1f3")
    told = {rules.event_text_for(state, moved, seat) for seat in (WA, BA, WB, BB, SPECTATOR)}
    assert told == {"g1f3; White predicted rook, moved a knight: trophy pushed, now beside Black"}
    after = rules.apply(state, moved)
    assert rules.view(after, BA).state.face_up[0] == "R"


def test_a_revealed_card_stays_visible_while_a_piece_is_removed() -> None:
    rules = make()
    state = at(rules, QUIET.replace(" w ", " b "), trophy=-1)
    state = play(rules, state, "predict q", "e8f8")
    assert state.phase == REMOVE
    assert rules.view(state, WA).state.face_down == "Q"
    assert "White face-down card: queen" not in rules.render(state, WA)
    assert "Black face-down card: queen" in rules.render(state, WA)


def test_the_text_picture_shows_the_table() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict N")
    lines = rules.render(state, BA).splitlines()[9:]
    assert lines[:4] == [
        "Trophy in the middle",
        "White face-up card: pawn",
        "Black face-up card: pawn",
        "White face-down card: hidden",
    ]
    assert "Pieces lost: White 0, Black 0" in lines
    assert "White face-down card: knight" in rules.render(state, WB)


# -- draws -----------------------------------------------------------------------------------


def test_the_turn_limit_draws() -> None:
    rules = make({"turn_limit": 2})
    state = play(rules, rules.initial_state(), "predict N", "g1f3", "predict n", "g8f6")
    assert rules.describe(rules.outcome(state)) == "draw by the turn limit (2 team turns)"


def test_a_position_three_times_draws() -> None:
    rules = make()
    fen = "1nb1k3/8/8/8/8/8/8/1NB1K3 w - - 0 1"
    state = at(rules, fen, face_up=["N", "N"])
    # each turn moves the face-up card's type and predicts the other: the trophy stays
    cycle = (
        ("predict B", "b1c3"),
        ("predict b", "b8c6"),
        ("predict N", "c1d2"),
        ("predict n", "c8d7"),
        ("predict B", "c3b1"),
        ("predict b", "c6b8"),
        ("predict N", "d2c1"),
        ("predict n", "d7c8"),
    )
    for round_ in range(2):
        for index, pair in enumerate(cycle):
            assert rules.outcome(state) is None, (round_, index)
            state = play(rules, state, *pair)
    assert state.trophy == 0 and state.face_up == ("N", "N")
    assert rules.describe(rules.outcome(state)) == "draw by the same position 3 times"


def test_bare_kings_draw() -> None:
    rules = make()
    state = at(rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", lost=[15, 15])
    assert rules.describe(rules.outcome(state)) == "draw by insufficient material"


# -- notation and JSON -----------------------------------------------------------------------


def test_actions_are_refused_with_the_rule_they_break() -> None:
    rules = make()
    state = rules.initial_state()
    assert (
        refusal(rules, state, "predict P")
        == "the pawn card lies face up on the table, not in the hand"
    )
    assert "must predict" in refusal(rules, state, "e2e4")
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "predict N", WA)
    assert info.value.rule == "it is White B's turn to predict"
    state = play(rules, state, "predict N")
    assert refusal(rules, state, "e2e5") == "a pawn cannot move from e2 to e5"
    assert refusal(rules, state, "O-O").startswith("castling needs")
    assert refusal(rules, state, "e7e5") == "there is no White piece on e7"
    for bad in ("predict X", "remove z9", "e2", "hello"):
        with pytest.raises(NotationError):
            rules.parse_action(state, bad)


def test_castling_and_promotion_are_written_as_in_chess() -> None:
    rules = make()
    state = at(rules, "r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1")
    state = play(rules, state, "predict K")
    moves = texts(rules, state)
    assert "e1g1" in moves and "b7b8q" in moves and "b7a8n" in moves
    assert rules.parse_action(state, "O-O") == rules.parse_action(state, "e1g1")
    castled = play(rules, state, "O-O")
    assert "moved a king: trophy pulled" in castled.last
    promoted = play(rules, state, "b7a8q")
    assert "moved a pawn" in promoted.last and promoted.lost == (0, 1)


def test_state_json_round_trips_and_is_checked() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict C", "e2e4", "predict n")
    data = rules.state_to_json(state)
    assert rules.state_from_json(data) == state
    bad_cases = [
        {**data, "phase": "dance"},
        {**data, "face_down": "P"},  # Black's pawn card lies face up
        {**data, "face_up": ["C", "P"]},
        {**data, "movers": [1, 1]},
        {**data, "trophy": 2},
        {**data, "history": ["nonsense"]},
        {**data, "fen": "8/8/8/8/8/8/8/8 w - - 0 1"},
        {**data, "phase": REMOVE, "loser": -1},
    ]
    for bad in bad_cases:
        with pytest.raises(StateError):
            rules.state_from_json(bad)


def test_with_king_removable_a_team_may_give_up_its_king_and_lose() -> None:
    rules = make({"king_removable": True})
    state = at(rules, "4k3/8/8/8/8/8/P7/4K3 b - - 0 1", trophy=-1, lost=[0, 15])
    state = play(rules, state, "predict q", "e8d8")
    assert state.phase == REMOVE and texts(rules, state) == ["remove d8"]
    state = play(rules, state, "remove d8")
    assert state.phase == END and rules.describe(rules.outcome(state)) == "White wins: king removed"
    assert rules.returns(state) == (1.0, -1.0, 1.0, -1.0)
    assert rules.state_from_json(rules.state_to_json(state)) == state
    # a king removed with its castling rights still standing takes them with it
    state = at(rules, "r3k2r/8/8/8/8/8/P7/4K3 b kq - 0 1", trophy=-1, lost=[0, 13])
    state = play(rules, state, "predict q", "a8b8", "remove e8")
    assert state.phase == END and state.board.castling == 0
    assert rules.state_from_json(rules.state_to_json(state)) == state
    # a team with more left may still choose its king
    state = at(rules, QUIET, trophy=-1)
    state = play(rules, state, "predict K", "e1f1")
    assert "remove e8" in texts(rules, state) or "remove f8" in texts(rules, state)
