"""Skock on the table: the dice, the queues, the piece part-way through its die, the list."""

from __future__ import annotations

from typing import Any

from motley.core.present import Button, Click, Dice, Move, Note, Score, Tray
from motley.core.rules import Rules
from motley.games.skock import Skock
from motley.games.skock.state import GEOMETRY, SkockState

SQ = GEOMETRY.parse


def play(rules: Skock, *texts: str) -> SkockState:
    state = rules.initial_state()
    for text in texts:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def item(scene_items: tuple[Any, ...], kind: type, ident: str) -> Any:
    found = [i for i in scene_items if isinstance(i, kind) and getattr(i, "id", "") == ident]
    assert len(found) == 1, (ident, scene_items)
    return found[0]


def gestures(rules: Skock, state: SkockState) -> dict[str, Any]:
    legal = rules.legal_actions(state)
    return {rules.action_text(state, a): rules.gesture(state, a) for a in legal}


def labels(rules: Rules[Any, Any], *texts: str) -> list[str]:
    """Each step's move-list label, as White reads it."""
    state = rules.initial_state()
    out = []
    for text in texts:
        action = rules.parse_action(state, text)
        out.append(rules.notate(state, action, 0))
        state = rules.apply(state, action)
    return out


def test_the_throw_is_a_dice_item_and_the_prompt_says_what_to_do() -> None:
    rules = Skock()
    state = play(rules, "roll 1 4")
    scene = rules.scene(state, 0)
    dice = item(scene.items, Dice, "dice")
    assert dice.faces == (1, 4) and dice.used == (False, False) and dice.owner == 0
    assert scene.prompt.startswith("You threw 1 and 4: drag a piece's first step")
    other = rules.scene(state, 1)
    assert other.prompt == "" and other.status == "White threw 1 and 4 and is choosing a piece"


def test_the_prompt_names_the_piece_and_its_steps_left() -> None:
    rules = Skock()
    state = play(rules, "roll 1 4", "1:f4e5")
    scene = rules.scene(state, 0)
    assert scene.prompt.startswith("Now the 4: drag the first step of a piece other than the pawn")
    assert {p.cell for p in scene.pieces if p.marks and p.marks[0].key == "moved"} == {SQ("e5")}
    state = play(rules, "roll 1 4", "1:f4e5", "4:g2f4")
    scene = rules.scene(state, 0)
    assert scene.prompt == (
        "Knight on f4: 3 of 4 steps left; move it on (only the last step may capture)"
    )
    assert rules.scene(state, 1).status == "White is moving the knight on f4: 3 of 4 steps left"
    moving = [p for p in scene.pieces if any(m.key == "moving" for m in p.marks)]
    assert [(p.cell, p.letter) for p in moving] == [(SQ("f4"), "N")]
    dice = item(scene.items, Dice, "dice")
    assert dice.faces == (4,) and dice.used == (True,)  # the 4 is taken by the knight


def test_the_first_die_in_use_is_faded_and_the_other_still_to_come() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/K5N1 w - -"})
    state = play(rules, "roll 1 4", "4:g1f3")
    scene = rules.scene(state, 0)
    dice = item(scene.items, Dice, "dice")
    assert dice.faces == (4, 1) and dice.used == (True, False)
    assert scene.prompt == (
        "Knight on f3: 3 of 4 steps left; move it on (only the last step may capture); "
        "then the 1 moves another piece"
    )
    # later steps of the piece are plain drags: the die is already chosen
    for made in gestures(rules, state).values():
        assert isinstance(made, Move) and made.origin == SQ("f3") and made.choice is None


def test_steps_are_drags_and_a_step_either_die_could_make_asks_which() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/K5N1 w - -"})
    state = play(rules, "roll 1 2")
    made = gestures(rules, state)
    one, two = made["1:g1f3"], made["2:g1f3"]
    assert isinstance(one, Move) and (one.origin, one.target) == (SQ("g1"), SQ("f3"))
    assert one.choice is not None and one.choice.label == "use the 1"
    assert two.choice is not None and two.choice.label == "use the 2"


def test_a_pawn_on_the_last_row_asks_for_the_exchange_and_the_die() -> None:
    rules = Skock({"position": "k7/4P3/8/8/8/8/8/K7 w Q -"})
    state = play(rules, "roll 1 2")
    made = gestures(rules, state)
    chosen = {
        text: (g.choice.label, g.choice.letter)
        for text, g in made.items()
        if isinstance(g, Move) and g.origin == SQ("e7") and g.choice is not None
    }
    assert chosen == {
        "1:e7e8=Q": ("use the 1, exchange for the queen", "Q"),
        "1:e7e8": ("use the 1, stay a pawn", "P"),
        "2:e7e8=Q": ("use the 2, exchange for the queen", "Q"),
    }


def test_a_double_brings_pieces_back_by_a_button_and_clicks() -> None:
    rules = Skock({"position": "k7/8/8/8/8/8/8/K7 w QR -"})
    state = play(rules, "roll 2 2")
    scene = rules.scene(state, 0)
    assert scene.prompt == (
        "No two pieces can use a double 2: bring back 2 pieces from your queue, or pass"
    )
    assert [p for _, p in item(scene.items, Tray, "queue-0").pieces] == [0, 0]
    assert [letter for letter, _ in item(scene.items, Tray, "queue-0").pieces] == ["Q", "R"]
    made = gestures(rules, state)
    assert made["back"] == Button("Bring back 2 pieces from the queue")
    assert made["pass"] == Button("Pass (no two pieces can use the dice)")
    state = rules.apply(state, rules.parse_action(state, "back"))
    scene = rules.scene(state, 0)
    assert item(scene.items, Tray, "placing").pieces == (("Q", 0), ("R", 0))
    assert item(scene.items, Tray, "queue-0").pieces == ()
    assert set(scene.highlight) == {SQ(f"{f}1") for f in "bcdefgh"}
    assert "click a square of rank 1" in scene.prompt
    queen = gestures(rules, state)["Q@d1"]
    assert isinstance(queen, Click) and queen.cell == SQ("d1")
    assert queen.choice is not None and (queen.choice.label, queen.choice.letter) == ("queen", "Q")
    assert rules.scene(state, 1).status == "White is placing pieces brought back from the queue"


def test_the_table_shows_kings_throws_and_the_king_die() -> None:
    rules = Skock({"king_die": 5})
    scene = rules.scene(play(rules, "roll 2 3"), 1)
    kings = item(scene.items, Score, "kings")
    assert kings.values == (("White", "2"), ("Black", "2"))
    assert item(scene.items, Score, "throws").values == (("so far", "1"), ("draw at", "300"))
    assert item(scene.items, Note, "king-die").text == (
        "Only a step made with a die showing 5 may take a king."
    )
    layout = rules.layout()
    assert {m.key for m in layout.legend} == {"moving", "moved"}


def test_a_turn_reads_compactly_in_the_move_list() -> None:
    rules = Skock()
    assert labels(rules, "roll 1 4", "1:f4e5", "4:g2f4", "f4g2", "g2f4", "f4e6") == [
        "",
        "1: f4xe5",
        "4: Ng2-f4",
        "-g2",
        "-f4",
        "xe6",
    ]
    assert labels(rules, "roll 2 4", "pass") == ["", "2-4: pass"]
    queued = Skock({"position": "k7/8/8/8/8/8/8/K7 w QRN -"})
    assert labels(queued, "roll 2 2", "back", "R@c1", "Q@d1") == [
        "",
        "2-2: back Q R",
        "R@c1",
        "Q@d1",
    ]
