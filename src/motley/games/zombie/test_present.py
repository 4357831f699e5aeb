"""How Zombie Chess is shown and played: burials are clicks, secrets stay in their owner's
scene, zombies wear coins, and the move list says only what happened.

The seed's example game: 1. d4 Nc6 2. Nf3 e5 3. e3 exd4, Black buries the pawn under c6,
White's Nf3xd4 buries it under b2, Black's Nc6xd4 brings the white pawn back on c6.
"""

from __future__ import annotations

import pytest

from motley.core.present import Button, Click, Mark, Move, Note, Tray
from motley.core.rules import SPECTATOR
from motley.games.zombie import ZombieChess
from motley.games.zombie.state import Action, ZombieState

OPENING = "d2d4 b8c6 g1f3 e7e5 e2e3 e5d4"


@pytest.fixture
def rules() -> ZombieChess:
    return ZombieChess()


def play(rules: ZombieChess, texts: str, state: ZombieState | None = None) -> ZombieState:
    """Play `texts` (separated by spaces or commas; `bury P@b2` counts as one)."""
    state = rules.initial_state() if state is None else state
    for text in texts.replace(",", " ").replace("bury ", "bury_").split():
        state = rules.apply(state, rules.parse_action(state, text.replace("_", " ")))
    return state


def action(rules: ZombieChess, state: ZombieState, text: str) -> Action:
    return rules.parse_action(state, text)


def cell(rules: ZombieChess, name: str) -> int:
    return rules.t.geometry.parse(name)


def marks_at(rules: ZombieChess, state: ZombieState, seat: int, name: str) -> tuple[Mark, ...]:
    scene = rules.scene(rules.view(state, seat), seat)
    for piece in scene.pieces:
        if piece.cell == cell(rules, name):
            return piece.marks
    return ()


def tray(rules: ZombieChess, state: ZombieState, seat: int, item: str) -> Tray:
    for found in rules.scene(rules.view(state, seat), seat).items:
        if isinstance(found, Tray) and found.id == item:
            return found
    raise AssertionError(f"no tray {item}")


def test_a_burial_is_a_click_on_the_square_naming_the_piece(rules: ZombieChess) -> None:
    state = play(rules, OPENING)
    view = rules.view(state, 1)
    gestures = [rules.gesture(view, a) for a in rules.legal_actions(state)]
    assert len(gestures) == 16 and all(isinstance(g, Click) for g in gestures)
    bury = rules.gesture(view, action(rules, state, "bury P@c6"))
    assert isinstance(bury, Click) and bury.cell == cell(rules, "c6")
    assert bury.choice is not None and bury.choice.letter == "P" and bury.choice.owner == 0
    assert "pawn" in bury.choice.label
    scene = rules.scene(view, 1)
    assert scene.prompt.startswith("Bury the captured pawn under one of your pieces")
    assert scene.status == "Black is burying a captured pawn"
    assert rules.scene(rules.view(state, 0), 0).prompt == ""
    assert tray(rules, state, 0, "to-bury").pieces == (("P", 0),)


def test_a_burial_is_marked_in_its_owners_scene_only(rules: ZombieChess) -> None:
    state = play(rules, OPENING + ",bury P@c6")
    assert marks_at(rules, state, 1, "c6") == (Mark("buried-P"),)
    assert marks_at(rules, state, 0, "c6") == ()
    assert marks_at(rules, state, SPECTATOR, "c6") == ()
    keys = {m.key for m in rules.layout().legend}
    assert "buried-P" in keys and "zombie" in keys


def test_a_zombie_wears_its_coin_and_the_graveyards_are_trays(rules: ZombieChess) -> None:
    state = play(rules, OPENING + ",bury P@c6,f3d4,bury P@b2,c6d4")
    for seat in (0, 1, SPECTATOR):
        assert Mark("zombie") in marks_at(rules, state, seat, "c6")
        assert tray(rules, state, seat, "graveyard-1").pieces == (("P", 1),)
        assert tray(rules, state, seat, "graveyard-0").pieces == ()
    assert marks_at(rules, state, 0, "b2") == (Mark("buried-P"),)
    assert marks_at(rules, state, 1, "b2") == ()
    assert tray(rules, state, 0, "to-bury").pieces == (("N", 0),)


def test_the_move_list_says_only_what_happened(rules: ZombieChess) -> None:
    state = play(rules, OPENING + ",bury P@c6")
    capture = action(rules, state, "f3d4")
    assert rules.notate(state, capture, 0) == "Nxd4"  # not "; no zombies anywhere"
    state = play(rules, "f3d4", state)
    bury = action(rules, state, "bury P@b2")
    assert rules.notate(state, bury, 0) == "pawn buried under b2"
    assert rules.notate(state, bury, 1) == "pawn buried"
    assert rules.notate(state, bury, SPECTATOR) == "pawn buried"
    state = play(rules, "bury P@b2", state)
    rise = action(rules, state, "c6d4")
    for seat in (0, 1, SPECTATOR):
        assert rules.notate(state, rise, seat) == "Nxd4; zombie pawn rises on c6"


def test_a_horde_moves_by_drags_and_ends_by_a_button(rules: ZombieChess) -> None:
    state = play(rules, OPENING + ",bury P@c6,f3d4,bury P@b2,c6d4,bury N@g7")
    scene = rules.scene(rules.view(state, 0), 0)
    assert "your zombie must also move" in scene.prompt
    assert scene.highlight == (cell(rules, "c6"),)
    state = play(rules, "e3e4", state)
    view = rules.view(state, 0)
    scene = rules.scene(view, 0)
    assert scene.prompt.startswith("Move your zombies (1 left) or end your turn")
    assert rules.scene(rules.view(state, 1), 1).status == "White is moving zombies"
    end = rules.gesture(view, action(rules, state, "end"))
    assert isinstance(end, Button) and end.label.startswith("End your turn")
    step = rules.gesture(view, action(rules, state, "c6b7"))
    assert step == Move(cell(rules, "c6"), cell(rules, "b7"))
    ending = action(rules, state, "end")
    assert rules.notate(state, ending, 1) == "end of turn; zombie pawn on c6 destroyed"
    state = play(rules, "end", state)
    assert tray(rules, state, 1, "dust-0").pieces == (("P", 0),)
    notes = [i.text for i in rules.scene(rules.view(state, 1), 1).items if isinstance(i, Note)]
    assert any("destroyed" in text for text in notes)


def test_a_pawn_that_comes_back_on_its_last_rank_is_promoted_by_a_click() -> None:
    rules = ZombieChess({"position": "4k3/8/8/8/8/7K/8/R7 w - - 0 1"})
    start = rules.initial_state()
    data = {**rules.state_to_json(start), "grids": [{"a1": "P"}, {}]}
    state = play(rules, "a1a2", rules.state_from_json(data))
    view = rules.view(state, 1)
    gestures = [rules.gesture(view, a) for a in rules.legal_actions(state)]
    assert {g.cell for g in gestures if isinstance(g, Click)} == {cell(rules, "a1")}
    labels = sorted(g.choice.label for g in gestures if isinstance(g, Click) and g.choice)
    assert labels == ["bishop", "knight", "queen", "rook"]
    scene = rules.scene(view, 1)
    assert scene.prompt.startswith("Promote the pawn that came back on a1")
    assert scene.highlight == (cell(rules, "a1"),)
    promote = action(rules, state, "a1=Q")
    assert rules.notate(state, promote, 0) == "a1=Q"
