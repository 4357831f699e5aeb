"""Combat Chess II as the table shows it: drags, clicks on castles, dice, prisoners, prompts."""

from __future__ import annotations

from motley.core import present
from motley.core.present import Button, Choice, Click, Dice, Note, Tray
from motley.core.present_testing import gestures, items_of, notated, rolled
from motley.games.combat_chess import CombatChess
from motley.games.combat_chess.test_combat_scenarios import cell, game, play

ESCAPING = "r6k/1B6/8/8/8/8/8/R6K w -/-/-/QN"  # Black's right castle (a8) holds White's Q, N


def trays(scene: present.Scene) -> dict[str, Tray]:
    return {item.id: item for item in items_of(scene, Tray)}


def test_the_board_names_the_pieces_in_the_rulebooks_words() -> None:
    rules, state = game()
    layout = rules.layout()
    names = dict(layout.piece_names)
    assert names["R"].startswith("castle") and names["N"].startswith("dragon")
    assert "+3" in names["Q"] and "leader" in names["Q"] and "leader" not in names["N"]
    assert layout.figures and {m.key for m in layout.legend} == {"leader", "prisoners"}
    scene = rules.scene(state, 0)
    leaders = [p for p in scene.pieces if any(m.key == "leader" for m in p.marks)]
    assert len(leaders) == 8  # two bishops, a queen and a king a side
    assert "who moves first" in scene.status and scene.prompt == ""


def test_a_challenge_is_a_drag_onto_the_enemy_and_its_dice_are_told() -> None:
    rules, state = game("7k/8/8/4p3/4K3/8/8/R6R w -/-/-/-")
    made = gestures(rules, state)
    assert made["challenge e4 e5"] == present.Move(cell("e4"), cell("e5"))
    assert made["roll"] == Button("Roll to move")
    assert made["teleport"] == Button("Teleport the king")
    prompt = rules.scene(state, 0).prompt
    assert "you need exactly 5" in prompt  # one die plus one leader, the king
    loose = CombatChess({"position": "7k/8/8/4p3/4K3/8/8/R6R w -/-/-/-", "teleport_exact": False})
    assert "you need 5 or more" in loose.scene(loose.initial_state(), 0).prompt
    assert "challenge: drag" in prompt
    state = play(rules, state, "challenge e4 e5")
    assert "king on e4 (+4) challenges Black's pawn on e5 (+0)" in rules.scene(state, 1).status
    assert any(isinstance(i, Note) for i in rules.scene(state, 0).items)
    outcome = rules.parse_action(state, "combat 1 6")
    assert rules.notate(state, outcome, 1) == (
        "king 1+4, pawn 6+0: king killed, the pawn becomes a bishop"
    )
    outcome = rules.parse_action(state, "combat 6 1")
    assert rules.notate(state, outcome, 1) == "king 6+4, pawn 1+0: pawn killed"
    outcome = rules.parse_action(state, "combat 2 6")
    assert rules.notate(state, outcome, 1) == "king 2+4, pawn 6+0: tie, roll again"


def test_the_killed_piece_goes_by_a_castle_the_winner_clicks() -> None:
    rules, state = game("7k/8/8/4p3/4K3/8/8/R6R w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    made = gestures(rules, state)
    left, right = made["left"], made["right"]
    assert isinstance(left, Click) and left.cell == cell("a1") and left.choice is not None
    assert isinstance(right, Click) and right.cell == cell("h1")
    assert left.choice == Choice("hold the pawn by your left castle", "P", 1)
    scene = rules.scene(state, 0)
    assert "click your left castle (a1) or right castle (h1)" in scene.prompt
    assert set(scene.highlight) == {cell("a1"), cell("h1")}
    assert trays(scene)["captive"].pieces == (("P", 1),)
    assert notated(rules, state, "right", 1) == "pawn held at h1"
    state = play(rules, state, "right")
    scene = rules.scene(state, 0)
    assert trays(scene)["castle-h1"].pieces == (("P", 1),)
    castle = next(p for p in scene.pieces if p.cell == cell("h1"))
    assert castle.marks == (present.Mark("prisoners", 1),)
    assert scene.prompt.startswith("Your challenger won and acts again")


def test_the_move_roll_is_a_die_on_the_table() -> None:
    rules, state = game("7k/8/8/8/8/8/8/R3K2R w -/-/-/-")
    state = play(rules, state, "roll")
    state, scene = rolled(
        rules, state, "roll 2", "rolls 2", Dice("roll", "White rolled 2 to move", (2,), 0)
    )
    assert scene.prompt.startswith("You rolled 2: move a piece exactly 2 squares")
    assert scene.highlight == (cell("e1"),)  # castles never move
    assert gestures(rules, state)["e1e3"] == present.Move(cell("e1"), cell("e3"))
    assert notated(rules, state, "e1e3", 1) == "Ke1-e3"
    assert "Black rolled" not in str(rules.scene(play(rules, state, "e1e3"), 1).items)


def test_an_escape_is_a_drag_onto_the_castle_and_the_freed_piece_a_choice() -> None:
    rules, state = game(ESCAPING)
    made = gestures(rules, state)
    escape, challenge = made["escape b7 a8"], made["challenge b7 a8"]
    assert escape == present.Move(cell("b7"), cell("a8"), Choice("free a prisoner"))
    assert challenge == present.Move(cell("b7"), cell("a8"), Choice("challenge"))
    assert "you need 4 or more" in rules.scene(state, 0).prompt  # one die plus the bishop's 2
    held = trays(rules.scene(state, 1))["castle-a8"]
    assert held.pieces == (("N", 0), ("Q", 0)) and "Black's right castle (a8)" in held.title
    assert notated(rules, state, "escape b7 a8", 0) == "Bb7 tries an escape"
    state = play(rules, state, "escape b7 a8")
    assert notated(rules, state, "roll 3", 0) == "escape roll 3+2: fails"
    state = play(rules, state, "roll 4")
    made = gestures(rules, state)
    assert made["Q@b8"] == Click(cell("b8"), Choice("free the queen", "Q", 0))
    assert made["N@b8"] == Click(cell("b8"), Choice("free the dragon", "N", 0))
    scene = rules.scene(state, 0)
    assert set(scene.highlight) == {cell("a7"), cell("b8")}
    assert "then choose which prisoner" in scene.prompt


def test_over_planning_is_a_button_in_words_and_the_end_says_why() -> None:
    rules, state = game("7k/8/8/8/8/8/3PPP2/RR1PKP1R w -/-/-/-", plan_before_roll=True)
    made = gestures(rules, state)
    assert made["roll e1"] == Click(cell("e1"))
    state = play(rules, state, "roll e1", "roll 6")
    assert gestures(rules, state) == {
        "pass": Button("Lose the turn (the chosen piece cannot move 6)")
    }
    assert "your chosen piece cannot move exactly 6 squares" in rules.scene(state, 0).prompt
    rules, state = game("7k/8/8/4p3/4K3/8/8/8 b -/-/-/-")
    state = play(rules, state, "challenge e5 e4", "combat 6 1")
    assert rules.scene(state, 0).status == "Black wins: every White leader is dead"


def test_a_successful_teleport_may_be_declined_with_a_button() -> None:
    rules, state = game(first_player="white")
    state = play(rules, state, "teleport", "roll 2")
    assert gestures(rules, state)["stay"] == Button("Keep the king where it stands")
    assert "or keep it where it stands" in rules.scene(state, 0).prompt
    assert notated(rules, state, "stay", 1) == "the king stays"


def test_only_the_standing_castle_is_offered_for_a_killed_piece() -> None:
    rules, state = game("7k/8/8/4p3/4K3/8/8/7R w -/-/-/-")
    state = play(rules, state, "challenge e4 e5", "combat 6 1")
    assert set(gestures(rules, state)) == {"right"}
    prompt = rules.scene(state, 0).prompt
    assert "click your right castle (h1)" in prompt and "left castle has fallen" in prompt
