"""Synchronous Chess on the table: prompts for choosing at once, blows, check, the list."""

from __future__ import annotations

from typing import Any

from motley.chesslike.turnless import GEOMETRY
from motley.core.present import Button, Move, Note
from motley.games.synchronous.rules import PASS, Synchronous
from motley.games.synchronous.state import SyncState

SQ = GEOMETRY.parse
BLOWS = "4r1k1/7p/3p4/4p3/8/5N2/4Q3/6K1 -"  # Nf3 takes e5, defended by the d6 pawn and Re8


def game(position: str = "") -> tuple[Synchronous, SyncState]:
    rules = Synchronous({"position": position})
    return rules, rules.initial_state()


def both(rules: Synchronous, state: SyncState, white: str, black: str) -> SyncState:
    joint = {0: rules.parse_action(state, white, 0), 1: rules.parse_action(state, black, 1)}
    return rules.apply_joint(state, joint)


def gesture_of(rules: Synchronous, state: SyncState, text: str, seat: int) -> Any:
    return rules.gesture(state, rules.parse_action(state, text, seat))


def label(rules: Synchronous, state: SyncState, text: str, seat: int) -> str:
    return rules.notate(state, rules.parse_action(state, text, seat), 0)


def test_both_sides_are_told_to_choose_and_whom_they_wait_for() -> None:
    rules, state = game()
    white, black = rules.scene(state, 0), rules.scene(state, 1)
    assert white.prompt == black.prompt == "Choose your move; it is revealed when both have chosen"
    assert white.status == "Waiting for Black to choose"
    assert black.status == "Waiting for White to choose"
    assert rules.scene(state, -1).status == "White and Black are choosing their moves"
    assert rules.scene(state, -1).prompt == ""
    assert Note("Turn 1: both sides choose a move at once", "turn") in white.items
    assert len(white.pieces) == 32 and white.check == ()


def test_each_side_s_move_reads_as_san() -> None:
    rules, state = game()
    assert label(rules, state, "g1f3", 0) == "Nf3" and label(rules, state, "e7e5", 1) == "e5"
    rules, state = game("r3k3/8/8/8/8/8/8/4K2R Kq")
    assert label(rules, state, "O-O", 0) == "O-O"
    assert label(rules, state, "O-O-O", 1) == "O-O-O"
    rules, state = game("4k3/8/8/8/8/8/1R6/R3K3 -")
    assert label(rules, state, "a1a2", 0) == "Raa2"


def test_castling_is_the_king_s_two_square_drag() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/4K2R K")
    castle = gesture_of(rules, state, "O-O", 0)
    assert castle == Move(SQ("e1"), SQ("g1"))
    rules, state = game("4k3/P7/8/8/8/8/8/4K3 -")
    queen = gesture_of(rules, state, "a7a8q", 0)
    assert isinstance(queen, Move) and queen.choice is not None
    assert (queen.choice.label, queen.choice.letter, queen.choice.owner) == ("queen", "Q", 0)


def test_a_king_under_attack_is_shown_in_check_and_told_to_move() -> None:
    rules, state = game("R3r3/7k/8/8/8/8/8/4KB2 -")
    white = rules.scene(state, 0)
    assert white.check == (SQ("e1"),)
    assert white.prompt.startswith("Your king is attacked, so it must move")
    assert rules.scene(state, 1).status == (
        "Waiting for White to choose (White: king attacked, it must move)"
    )
    rules, state = game("4k2R/8/8/8/8/8/8/r3K3 -")
    assert set(rules.scene(state, -1).check) == {SQ("e1"), SQ("e8")}  # both must move


def test_an_exchange_of_blows_is_highlighted_and_prompted() -> None:
    rules, state = game(BLOWS)
    after = both(rules, state, "f3e5", "h7h6")
    black = rules.scene(after, 1)
    assert black.highlight == (SQ("e5"),)
    assert black.prompt == (
        "Exchange of blows on e5: capture there with a piece that has not struck yet, or "
        "strike no blow"
    )
    assert rules.scene(after, 0).prompt == ""
    assert rules.scene(after, 0).status == "Exchange of blows on e5: Black may capture there"
    knight = next(p for p in black.pieces if p.cell == SQ("e5"))
    assert [m.key for m in knight.marks] == ["blows"]
    assert rules.gesture(after, PASS) == Button("Strike no blow")
    assert rules.notate(after, PASS, 1) == "no blow"
    assert label(rules, after, "d6e5", 1) == "dxe5"
    after = rules.apply(after, rules.parse_action(after, "d6e5"))
    pawn = next(p for p in rules.scene(after, 0).pieces if p.cell == SQ("e5"))
    assert {m.key for m in pawn.marks} == {"blows", "struck"}
    assert {m.key for m in rules.layout().legend} == {"blows", "struck"}


def test_blows_chosen_at_once_wait_for_the_other_side() -> None:
    rules, state = game("r7/7k/8/8/8/8/7K/R7 -")
    after = both(rules, state, "a1a7", "a8a2")
    white = rules.scene(after, 0)
    assert white.prompt.endswith("; Black chooses at the same time")
    assert white.status.startswith("Waiting for Black to strike or not")
    assert set(white.highlight) == {SQ("a7"), SQ("a2")}


def test_the_end_is_told() -> None:
    rules, state = game("4k3/8/8/8/8/4p3/8/4K3 -")
    after = both(rules, state, "e1e2", "e3e2")
    scene = rules.scene(after, 0)
    assert scene.status == "Black wins by capture of the king" and scene.prompt == ""
