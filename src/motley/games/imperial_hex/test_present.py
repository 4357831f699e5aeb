"""Imperial Hex Chess as the table shows it: the setup with its scouts, moves, marks, notes."""

from __future__ import annotations

from motley.core import present
from motley.core.present import Choice, Click, Mark, Note
from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import CoinToss, HexPosition, Move, Scouts, arrange

RULES = ImperialHex()
G = RULES.geometry


def cells(*names: str) -> tuple[int, ...]:
    return tuple(G.parse(n) for n in names)


def position(placement: str, turn: int = 0, **fields: str) -> HexPosition:
    pos = arrange(G, placement, turn, **fields)
    RULES.validate(pos)
    return pos


def gestures(pos: HexPosition) -> dict[str, present.Gesture]:
    return {RULES.action_text(pos, m): RULES.gesture(pos, m) for m in RULES.moves(pos)}


def test_the_board_draws_letters_named_in_the_legend() -> None:
    layout = RULES.layout()
    assert layout.geometry.cell_count == 75 and not layout.figures
    assert dict(layout.piece_names) == {
        "K": "King",
        "Q": "Queen",
        "D": "Dragon",
        "E": "Elephant",
        "N": "Knight",
        "G": "Guard",
        "P": "Pawn",
    }
    assert {m.key for m in layout.legend} == {"unprotected", "passed"}


def test_the_setup_shows_the_arrays_and_the_scouts_placed_so_far() -> None:
    toss = RULES.initial_state()
    assert RULES.notate(toss, CoinToss(1), 0) == "coin toss: Black moves first"
    assert RULES.scene(toss, 0).status == "A coin toss decides who moves first"
    state = RULES.apply(toss, CoinToss(0))
    scene = RULES.scene(state, 0)
    assert len(scene.pieces) == 32  # each side's 16 behind the scouts
    assert scene.highlight == cells("E1", "E2", "E3")
    assert scene.prompt.startswith("Place your two scouts (0 of 4 scouts placed)")
    assert "row E" in scene.prompt
    assert RULES.scene(state, 1).prompt == ""
    assert "White places two scouts" in RULES.scene(state, 1).status
    pair = Scouts(cells("E2", "E6"))  # type: ignore[arg-type]
    assert RULES.gesture(state, pair) == Click(G.parse("E2"))
    assert RULES.notate(state, pair, 1) == "scouts E2 E6"
    state = RULES.apply(state, pair)
    scene = RULES.scene(state, 1)
    assert len(scene.pieces) == 34
    assert {p.cell for p in scene.pieces if p.letter == "P" and p.owner == 0} >= set(
        cells("E2", "E6")
    )
    assert scene.highlight == cells("I7", "I8", "I9")  # Black's left, from its chair
    assert "(2 of 4 scouts placed)" in scene.prompt and "row I" in scene.prompt
    made = {RULES.gesture(state, a) for a in RULES.legal_actions(state)}
    assert made == {Click(c) for c in cells("I7", "I8", "I9")}


def test_the_capture_hierarchy_and_check_are_told_beside_the_board() -> None:
    scene = RULES.scene(position("KA2 EG4 PF3 kM8 dG8", turn=1), 1)
    notes = [i.text for i in scene.items if isinstance(i, Note)]
    assert any(n.startswith("Capture hierarchy: King = Queen") for n in notes)
    assert any("two enemy pieces, or by the Queen" in n for n in notes)


def test_a_piece_that_captured_is_marked_unprotected() -> None:
    start = position("KA2 EG4 PF3 kM8 dG8", turn=1)
    take = next(m for m in RULES.moves(start) if RULES.action_text(start, m) == "G8xG4")
    assert RULES.notate(start, take, 0) == "D G8xG4"
    after = RULES.apply(start, take)
    scene = RULES.scene(after, 0)
    dragon = next(p for p in scene.pieces if p.cell == G.parse("G4"))
    assert (dragon.letter, dragon.owner, dragon.marks) == ("D", 1, (Mark("unprotected"),))
    assert "The Dragon on G4 has just captured" in scene.prompt


def test_en_passant_or_a_step_is_a_choice_on_one_drag() -> None:
    pos = position("KA2 PF3 kM8 pF4", turn=1, ep="E3F3")
    made = gestures(pos)
    assert made["F4xE3"] == present.Move(*cells("F4", "E3"), Choice("take en passant", "P", 1))
    assert made["F4-E3"] == present.Move(*cells("F4", "E3"), Choice("step without taking", "P", 1))
    passed = [p for p in RULES.scene(pos, 1).pieces if p.letter == ""]
    assert passed == [present.Piece(G.parse("E3"), "", -1, (Mark("passed"),))]
    take = Move(*cells("F4", "E3"), en_passant=True)
    assert RULES.notate(pos, take, 0) == "F4xE3 e.p."


def test_a_promotion_asks_for_the_piece_and_may_stay_a_pawn() -> None:
    pos = position("KA2 PJ5 kM8")
    made = gestures(pos)
    assert made["J5-K5"] == present.Move(*cells("J5", "K5"), Choice("stay a pawn", "P", 0))
    assert made["J5-K5=G"] == present.Move(*cells("J5", "K5"), Choice("Guard", "G", 0))
    assert made["J5-K5=N"] == present.Move(*cells("J5", "K5"), Choice("Knight", "N", 0))
    assert made["A2-B2"] == present.Move(*cells("A2", "B2"))


def test_check_is_shown_and_the_prompt_says_how_to_meet_it() -> None:
    pos = position("KA2 qB2 kM8")
    scene = RULES.scene(pos, 0)
    assert scene.check == cells("A2")
    assert scene.prompt.startswith("You are in check")
    assert scene.status == "White to move, in check"
    assert RULES.scene(pos, 1).prompt == ""


def test_the_move_list_marks_check_and_mate_and_the_end_says_why() -> None:
    pos = position("KA2 QD4 kM8")
    checks = {RULES.notate(pos, m, 1) for m in RULES.moves(pos)}
    assert "Q D4-E4+" in checks and "K A2-B2" in checks
    mating = "N2/4/gg3/6/3Q3/2EP4/e1E3p2/p2k2PP/1P2p2/6/2K2/D3/D2 w - - 0 103"
    rules = ImperialHex({"position": mating})
    start = rules.initial_state()
    mate = rules.parse_action(start, "I6-H6")
    assert rules.notate(start, mate, 1) == "Q I6-H6#"
    assert rules.scene(rules.apply(start, mate), 1).status == "White wins by checkmate"
