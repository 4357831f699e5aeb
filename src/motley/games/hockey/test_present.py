"""Hockey Chess on the table: goals, checkers, the steps of a turn as gestures, the words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motley.core import present
from motley.core.driver import pick_outcome
from motley.core.present import Button, Choice, Click, Dice, MarkStyle, Note, Score, Tray
from motley.core.present_testing import (
    gestures,
    labelled,
    notations,
    one_drag,
    rolled,
)
from motley.core.rules import NodeKind
from motley.core.test_present import check_decision
from motley.games.hockey.rules import HockeyChess
from motley.games.hockey.state import Action, HockeyState
from motley.games.hockey.test_scenarios import play, start


def legal(rules: HockeyChess, state: HockeyState) -> list[Action]:
    return list(rules.legal_actions(state))


def at(rules: HockeyChess, name: str) -> int:
    layout = rules.layout()
    for cell in range(64 + len(layout.off_cells)):
        if layout.cell_name(cell) == name:
            return cell
    raise KeyError(name)


# -- the board ---------------------------------------------------------------------------------


def test_the_goals_lie_one_row_beyond_the_end_ranks_behind_d_and_e() -> None:
    layout = HockeyChess().layout()
    goals = {c.name: c for c in layout.off_cells}
    assert [c.name for c in layout.off_cells] == ["d0", "e0", "d9", "e9"]
    assert goals["d0"].label == goals["e0"].label == "White's goal"
    assert goals["d9"].label == goals["e9"].label == "Black's goal"
    assert goals["d0"].corners == ((3, -1), (4, -1), (4, 0), (3, 0))
    assert goals["e9"].centre == (4.5, 8.5)
    assert layout.cell_name(64) == "d0" and layout.cell_name(67) == "e9"
    styles = {m.key: m.style for m in layout.legend}
    assert styles == {"puck": MarkStyle.TOKEN, "referee": MarkStyle.TOKEN, "crease": MarkStyle.TINT}


def test_pucks_referees_and_creases_are_marks_even_on_empty_squares() -> None:
    rules, state = start("4k3/8/8/.*7/8/8/8/R*3K2.^ w - -")
    pieces = {p.cell: p for p in rules.scene(state, 0).pieces}
    g = rules.geometry
    rook = pieces[g.parse("a1")]
    assert (rook.letter, rook.owner, [m.key for m in rook.marks]) == ("R", 0, ["puck"])
    loose = pieces[g.parse("a5")]
    assert loose.letter == "" and [m.key for m in loose.marks] == ["puck"]
    assert [m.key for m in pieces[g.parse("h1")].marks] == ["referee"]
    assert [m.key for m in pieces[g.parse("e1")].marks] == ["crease"]
    assert pieces[g.parse("c8")].letter == "" and [m.key for m in pieces[g.parse("c8")].marks] == [
        "crease"
    ]
    assert g.parse("b1") not in pieces and g.parse("g8") not in pieces


def test_the_table_shows_goals_captures_and_the_turn() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K4 w - - 2-1")
    state = state._replace(lost=("NP", "Q"))
    items = rules.scene(state, 1).items
    score = next(i for i in items if isinstance(i, Score))
    assert score.values == (("White", "2"), ("Black", "1")) and "5" in score.title
    trays = {i.id: i for i in items if isinstance(i, Tray)}
    assert trays["captured-0"].pieces == (("N", 0), ("P", 0))
    assert trays["captured-1"].pieces == (("Q", 1),)
    assert any(isinstance(i, Note) and i.text == "Turn 1 of at most 200" for i in items)
    assert not any(isinstance(i, Dice) for i in items)


# -- passes and shots --------------------------------------------------------------------------


def test_a_pass_is_a_drag_from_the_possessor_and_a_shared_square_asks_which() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K4 w - -")
    made = gestures(rules, state)
    assert one_drag(made, "e4e6", "pass:e4e6") == (at(rules, "e4"), at(rules, "e6"))
    move, pass_ = made["e4e6"], made["pass:e4e6"]
    assert labelled(move) == "move the rook" and labelled(pass_) == "pass the puck to this square"
    king = made["d1d2"]  # no puck under the king: a plain drag
    assert isinstance(king, present.Move) and king.choice is None


def test_shots_go_into_goal_cells_and_an_own_goal_says_so() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K4 w - -")
    made = gestures(rules, state)
    shot, own = made["pass:e4e9"], made["pass:e4e0"]
    assert isinstance(shot, present.Move) and shot.target == at(rules, "e9")
    assert labelled(shot) == "shoot at Black's goal"
    assert isinstance(own, present.Move) and own.target == at(rules, "e0")
    assert labelled(own) == "shoot into your own goal (a point for Black)"
    written = notations(rules, state)
    assert written["pass:e4e9"] == "puck e4→e9, goal!"
    assert written["pass:e4e0"] == "puck e4→e0, own goal!"
    assert written["pass:e4e6"] == "puck e4→e6" and written["e4e6"] == "Re6"


def test_a_pass_to_a_piece_names_it() -> None:
    rules, state = start("4k3/8/8/8/8/P7/8/R*3K3 w - -")
    assert labelled(gestures(rules, state)["pass:a1a3"]) == "pass the puck to your pawn"
    rules, state = start("4k3/8/8/8/8/p7/8/R*3K3 w - -")
    assert labelled(gestures(rules, state)["pass:a1a3"]) == "pass the puck to Black's pawn"


def test_every_action_has_its_own_gesture_and_words_in_a_crowded_position() -> None:
    rules, state = start("3K4/k2B4/8/8/4R*3/8/8/8 w - -")
    check_decision(rules, state, 0)  # no two actions share a gesture and its words
    made = gestures(rules, state)
    assert labelled(made["pass:e4e9"]) == "shoot at Black's goal"
    assert labelled(made["d8 goal"]) == "walk the king into Black's goal"


@pytest.mark.parametrize(
    "options", [{}, {"play_after_goal": True, "referees": 3}, {"goals": 1, "turn_limit": 40}]
)
def test_random_games_are_shown_and_made_on_the_table(options: dict[str, Any]) -> None:
    rules = HockeyChess(options)
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.initial_state()
        for _ in range(400):
            kind = rules.kind(state)
            if kind is NodeKind.TERMINAL:
                assert rules.scene(state, 0).status
                break
            if kind is NodeKind.CHANCE:
                state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
                continue
            check_decision(rules, state, rules.actors(state)[0])
            state = rules.apply(state, rng.choice(legal(rules, state)))


# -- moves of pieces ---------------------------------------------------------------------------


def test_a_bishop_slide_is_a_drag_to_where_it_ends() -> None:
    rules, state = start("k7/3B4/8/8/8/8/8/K*7 w - -")
    made = gestures(rules, state)
    assert one_drag(made, "d7c8d8", "d7e8d8") == (at(rules, "d7"), at(rules, "d8"))
    assert labelled(made["d7c8d8"]) == "bishop to c8, sliding on to d8"
    assert labelled(made["d7e8d8"]) == "bishop to e8, sliding on to d8"
    assert notations(rules, state)["d7e8f8"] == "Be8→f8"


def test_a_king_walks_into_the_goal_and_castling_is_the_kings_step() -> None:
    rules, state = start("3K4/8/8/k7/8/8/8/7R w - -")
    goal = gestures(rules, state)["d8 goal"]
    assert isinstance(goal, present.Move) and goal.target == at(rules, "d9")
    assert labelled(goal) == "walk the king into Black's goal"
    assert notations(rules, state)["d8 goal"] == "Kd8→goal"
    rules, state = start("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -")
    castle = gestures(rules, state)["e1g1"]
    assert isinstance(castle, present.Move) and castle.target == at(rules, "g1")
    assert notations(rules, state)["e1g1"] == "O-O" and notations(rules, state)["a1a8"] == "Rxa8"


def test_a_moving_possessor_leaves_its_puck_by_a_click_on_its_path() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K3 w - -")
    state = play(rules, state, "a1a4")
    scene = rules.scene(state, 0)
    assert scene.prompt == (
        "Leave the puck on a lit square of the rook's path, or click the rook to keep it"
    )
    assert set(scene.highlight) == {at(rules, c) for c in ("a1", "a2", "a3", "a4")}
    made = gestures(rules, state)
    assert made["put@a2"] == Click(at(rules, "a2"), Choice("leave the puck here"))
    assert made["keep"] == Click(at(rules, "a4"), Choice("keep the puck under the rook"))
    assert notations(rules, state) == {
        "keep": "puck kept",
        "put@a1": "puck left on a1",
        "put@a2": "puck left on a2",
        "put@a3": "puck left on a3",
    }
    assert rules.scene(state, 1).status == "White is leaving the rook's puck on its path"
    assert rules.scene(state, 1).prompt == ""


def test_after_one_act_the_turn_ends_by_a_button() -> None:
    rules, state = start("4k3/8/8/8/8/8/8/R*3K2.^ w - -")
    state = play(rules, state, "pass:a1a4")
    assert rules.scene(state, 0).prompt == "Move a piece or pass a puck again, or end the turn"
    assert gestures(rules, state)["end"] == Button("End the turn")
    assert notations(rules, state)["end"] == ""
    state = play(rules, state, "e1e2")
    assert rules.scene(state, 0).prompt == ""  # the die is rolled now
    assert rules.scene(state, 0).status == "The referee die is rolled for White"


def test_a_promotion_scores_by_a_button_or_brings_a_piece_back_by_a_click() -> None:
    rules, state = start("4k3/1P6/8/8/8/8/8/4K3 w - -")
    state = play(rules, state._replace(lost=("NQ", "")), "b7b8")
    scene = rules.scene(state, 0)
    assert scene.prompt.startswith("Score a point, or bring a captured piece back on a vacant")
    assert set(scene.highlight) == {at(rules, c) for c in ("a1", "a8", "h1", "h8")}
    made = gestures(rules, state)
    assert made["score"] == Button("Score a point")
    queen = made["Q@h1"]
    assert isinstance(queen, Click) and queen.cell == at(rules, "h1")
    assert queen.choice == Choice("bring back your queen", "Q", 0)
    assert labelled(made["N@h1"]) == "bring back your knight"
    assert notations(rules, state)["Q@h1"] == "Q back on h1"


# -- referees ----------------------------------------------------------------------------------


def test_referees_are_placed_by_clicks_in_turn() -> None:
    rules = HockeyChess()
    state = rules.initial_state()
    scene = rules.scene(state, 0)
    assert scene.prompt.startswith("Place referee 1 of 2: click a square")
    assert rules.scene(state, 1).status == "White is placing a referee"
    assert rules.scene(state, 1).prompt == ""
    assert gestures(rules, state)["ref@d4"] == Click(at(rules, "d4"), Choice("put a referee here"))
    assert notations(rules, state)["ref@d4"] == "referee on d4"
    state = play(rules, state, "ref@d4")
    assert rules.scene(state, 1).prompt.startswith("Place referee 2 of 2")


def test_the_referee_moves_by_the_die_shown_as_a_die() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/.^7/.*^2K3.^ w - -")
    state = play(rules, state, "pass:e4e9")
    state, scene = rolled(
        rules, state, "roll 3", "die 3", Dice("die", "Referee die", (3,), owner=0)
    )
    assert scene.prompt.startswith("Move a referee exactly 3 squares, out from under a new puck")
    assert set(scene.highlight) == {at(rules, "h1"), at(rules, "a2")}
    score = next(i for i in scene.items if isinstance(i, Score))
    assert score.values == (("White", "1"), ("Black", "0"))
    move = gestures(rules, state)["ref:h1h4"]
    assert isinstance(move, present.Move)
    assert (move.origin, move.target) == (at(rules, "h1"), at(rules, "h4"))
    assert notations(rules, state)["ref:h1h4"] == "referee h1→h4"
    assert rules.scene(state, 1).status == "White is moving a referee exactly 3 squares"
    pieces = {p.cell: p for p in scene.pieces}
    assert [m.key for m in pieces[at(rules, "h1")].marks] == ["puck", "referee"]


def test_the_end_is_told_to_everyone() -> None:
    rules, state = start("7k/8/8/8/4R*3/8/8/3K4 w - - 4-2")
    state = play(rules, state, "pass:e4e9")
    scene = rules.scene(state, 1)
    assert scene.status == "White wins: 5 goals" and scene.prompt == ""


def test_a_promotion_says_how_many_points_it_scores() -> None:
    rules = HockeyChess({"position": "4k3/1P6/8/8/8/8/8/4K3 w - -", "goals": 10})
    state = rules.initial_state()._replace(lost=("Q", ""))
    state = rules.apply(state, rules.parse_action(state, "b7b8"))
    assert rules.gesture(state, rules.parse_action(state, "score")) == Button("Score 2 points")
    assert rules.scene(state, 0).prompt.startswith("Score 2 points, or bring")
