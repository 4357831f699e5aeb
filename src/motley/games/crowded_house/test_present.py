"""Crowded House as the table shows it: the half of the player to move, its check, SAN."""

from __future__ import annotations

from motley.core.present import Button, Move, Scene
from motley.games.crowded_house.diagrams import at, play
from motley.games.crowded_house.rules import CrowdedHouse
from motley.games.crowded_house.state import HouseState
from motley.games.crowded_house.test_scenarios import BK, BQ, CORNERED, WK, WQ, make


def tinted(rules: CrowdedHouse, scene: Scene) -> set[str]:
    """The cells marked as the half of the player to move."""
    g = rules.geometry
    return {g.name(p.cell) for p in scene.pieces if any(m.key == "half" for m in p.marks)}


def files(rules: CrowdedHouse, letters: str) -> set[str]:
    return {f + str(r) for f in letters for r in range(1, 9)}


def gestures(rules: CrowdedHouse, state: HouseState) -> dict[str, object]:
    actions = rules.legal_actions(state)
    return {rules.action_text(state, a): rules.gesture(state, a) for a in actions}


def test_the_half_of_the_player_to_move_is_tinted() -> None:
    rules = make()
    state = rules.initial_state()
    scene = rules.scene(state, WK)
    assert tinted(rules, scene) == files(rules, "efgh")
    assert scene.prompt == "Move a piece that starts or ends on your king side (files e-h)"
    for seat in (BK, WQ, BQ):
        other = rules.scene(state, seat)
        assert other.prompt == "" and tinted(rules, other) == files(rules, "efgh")
        assert other.status.startswith("White king side to move")
    assert [m.key for m in rules.layout().legend] == ["half"]
    # the seed's example: Winnie may bring the f1 bishop to b5, which ends on her half
    state = play(rules, state, "e2e4", "e7e5")
    scene = rules.scene(state, WQ)
    assert tinted(rules, scene) == files(rules, "abcd")
    assert "queen side (files a-d)" in scene.prompt
    g = rules.geometry
    made = gestures(rules, state)
    assert made["f1b5"] == Move(g.parse("f1"), g.parse("b5")) and "f1e2" not in made
    assert rules.notate(state, rules.parse_action(state, "f1b5"), BK) == "Bb5"
    other = make({"king_side": "a-d"})
    assert tinted(other, other.scene(other.initial_state(), WK)) == files(other, "abcd")


def test_a_king_the_next_player_could_take_is_in_check() -> None:
    rules = make()
    threatened = at(rules, "k7/8/8/8/8/8/8/K2r4 w - - 0 1", WQ)  # Bob, next, could take a1
    scene = rules.scene(threatened, WQ)
    assert scene.check == (0,)
    assert scene.prompt.startswith("Black queen side, who moves next, could capture your king")
    assert rules.scene(at(rules, "k7/8/8/8/8/8/8/K2r4 w - - 0 1", WK), WK).check == ()
    mated = at(rules, CORNERED, WQ)
    assert rules.scene(mated, BK).check == (0,) and rules.scene(mated, BK).prompt == ""
    assert rules.scene(mated, BK).status == "Black wins: checkmate"


def test_a_player_without_a_move_passes_with_a_button() -> None:
    rules = make()
    walter = at(rules, CORNERED, WK)  # nothing on or onto the king side
    assert gestures(rules, walter) == {"pass": Button("Pass (no move on or onto your half)")}
    assert rules.scene(walter, WK).prompt.startswith("No piece can move on or onto your king side")
    assert rules.notate(walter, rules.legal_actions(walter)[0], BK) == "pass"


def test_moves_read_as_san_with_the_games_check() -> None:
    rules = make()
    g = rules.geometry
    state = at(rules, "3k4/8/8/8/8/8/8/K6R w - - 0 1", WK)
    rook = rules.parse_action(state, "h1h8")  # the d8 king stands on Winnie's half
    assert rules.notate(state, rook, BQ) == "Rh8+"
    castle = at(rules, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", WK)
    short = rules.parse_action(castle, "e1g1")
    assert rules.gesture(castle, short) == Move(g.parse("e1"), g.parse("g1"))
    assert rules.notate(castle, short, BK) == "O-O"
    promote = at(rules, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", WK)
    queen = gestures(rules, promote)["e7e8q"]
    assert isinstance(queen, Move) and queen.choice is not None
    assert (queen.choice.label, queen.choice.letter) == ("queen", "Q")
    # Betty, next, cannot move the a8 king off Bob's half, and Winnie takes it: mate
    assert rules.notate(promote, rules.parse_action(promote, "e7e8q"), BK) == "e8=Q#"


def test_a_player_whose_every_move_is_refused_is_told_why_they_pass() -> None:
    rules = make()
    winnie = at(rules, "1r5k/8/8/8/8/p7/P7/K7 w - - 0 1", WQ)  # b1 and b2 are Bob's to take
    label = "Pass (every move would leave your king open to capture)"
    assert gestures(rules, winnie) == {"pass": Button(label)}
    prompt = rules.scene(winnie, WQ).prompt
    assert prompt == "Every move would leave your king open to capture by Black queen side: pass"
