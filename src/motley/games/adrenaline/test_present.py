"""Adrenaline Chess as the table shows it: checker stacks, a turn played on the board."""

from __future__ import annotations

from motley.core import present
from motley.core.present import Choice, Click, MarkStyle
from motley.core.present_testing import gestures, notated
from motley.games.adrenaline.state import RUSH, STEP, Stop
from motley.games.adrenaline.test_scenarios import SEED_MATE, game, mid_turn, play
from motley.geometry.square import square_board

G = square_board(8, 8)


def test_checkers_are_stacks_counted_on_the_board_and_in_the_box() -> None:
    rules, state = game("4k3/8/8/8/3p**4/8/8/1N*5K w - - 0 1")
    (kind,) = rules.layout().legend
    assert kind.key == "checker" and kind.style is MarkStyle.STACK
    score = rules.scene(state, 0).items[0]
    assert isinstance(score, present.Score)
    assert score.values == (
        ("under White's pieces", "1"),
        ("under Black's pieces", "2"),
        ("in the box", "21"),
    )
    assert "may then spend them on extra king steps" in rules.scene(state, 0).prompt


def test_extra_steps_are_drags_of_the_piece_and_ending_is_a_button() -> None:
    rules, state = game("4k3/8/8/8/8/8/8/1N**5K w - - 0 1")
    state = play(rules, state, "b1c3")
    scene = rules.scene(state, 0)
    assert scene.prompt == (
        "Your knight on c3 has 2 checkers: take up to 2 extra king steps (drag it), or end the turn"
    )
    assert scene.highlight == (G.parse("c3"),)
    assert "knight is taking extra king steps (2 checkers left)" in rules.scene(state, 1).status
    assert rules.scene(state, 1).prompt == ""
    found = gestures(rules, state)
    assert found["c3d4"] == present.Move(G.parse("c3"), G.parse("d4"))
    assert found["stop"] == present.Button("End the turn")
    state = play(rules, state, "c3d4")
    assert "has 1 checker: take one extra king step" in rules.scene(state, 0).prompt


def test_a_capturing_turn_stops_into_the_rush_a_click_on_the_enemy_piece() -> None:
    rules, state = game("4k3/7p/8/8/8/8/3p4/1N**5K w - - 0 1")
    assert notated(rules, state, "b1d2") == "Nxd2"
    state = play(rules, state, "b1d2")
    assert gestures(rules, state)["stop"] == present.Button("Stop and give a checker")
    assert rules.scene(state, 0).prompt.endswith("or stop and give a checker")
    assert notated(rules, state, "d2e3") == "d2-e3"
    assert notated(rules, state, "stop") == "stop"
    state = rules.apply(state, Stop())
    assert state.phase == RUSH
    found = gestures(rules, state)
    assert found == {"rush e8": Click(G.parse("e8")), "rush h7": Click(G.parse("h7"))}
    scene = rules.scene(state, 0)
    assert scene.prompt == "You captured this turn: give one checker to an enemy piece (click it)"
    assert rules.scene(state, 1).status == "White is giving a checker to one of Black's pieces"
    assert notated(rules, state, "rush h7") == "checker under Ph7"


def test_a_pawn_stepping_onto_the_last_rank_asks_for_its_piece() -> None:
    rules, state = game("4k3/8/1P*6/8/8/8/8/K7 w - - 0 1")
    state = play(rules, state, "b6b7")
    assert state.phase == STEP
    knight = gestures(rules, state)["b7a8n"]
    assert knight == present.Move(G.parse("b7"), G.parse("a8"), Choice("knight", "N", 0))
    assert notated(rules, state, "b7a8n") == "b7-a8=N"
    assert notated(rules, state, "b7a8q") == "b7-a8=Q+"  # the queen sees e8 along the rank


def test_check_is_the_games_own_and_the_mating_checker_reads_so() -> None:
    rules, state = game("4k3/8/8/8/2n*5/8/8/4K3 w - - 0 1")  # c4-d2 and a king step reach e1
    scene = rules.scene(state, 0)
    assert scene.check == (G.parse("e1"),) and "extra steps included" in scene.prompt
    state = mid_turn(rules, SEED_MATE, RUSH, captured=True)
    assert notated(rules, state, "rush c1") == "checker under Bc1#"
    assert notated(rules, state, "rush b2") == "checker under Pb2"
    after = play(rules, state, "rush c1")
    assert rules.scene(after, 0).status == "Black wins by checkmate"
    assert rules.scene(after, 0).prompt == ""
