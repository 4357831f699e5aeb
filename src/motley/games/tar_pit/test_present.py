"""Tar Pit Chess as the table shows it: checkers as stacked marks, the hands and piles as
cards, and one gesture per part of the turn (seed 002, Tar Pit Chess, the worked example)."""

from __future__ import annotations

from typing import Any

from motley.components.chess_cards import Card, Pile
from motley.core.present import Button, Cards, Click, Mark, MarkStyle, Move, Pick, Scene, Score
from motley.core.rules import SPECTATOR
from motley.games.tar_pit.diagrams import example, play
from motley.games.tar_pit.rules import TarPitChess
from motley.games.tar_pit.state import CARD, DISCARD, RETURN, THROW, TarPitState
from motley.games.tar_pit.test_scenarios import rules, setup


def scene_of(r: TarPitChess, state: TarPitState, seat: int) -> Scene:
    return r.scene(r.view(state, seat), seat)


def items(scene: Scene) -> dict[str, Any]:
    return {item.id: item for item in scene.items if isinstance(item, Cards | Score)}


def gestures(r: TarPitChess, state: TarPitState) -> dict[str, Any]:
    actor = r.actors(state)[0]
    view = r.view(state, actor)
    return {r.action_text(state, a): r.gesture(view, a) for a in r.legal_actions(state)}


def test_the_legend_tells_carrying_from_tar_and_both_stack() -> None:
    layout = rules().layout()
    legend = {m.key: m for m in layout.legend}
    assert set(legend) == {"carry", "tar"}
    assert all(m.style is MarkStyle.STACK for m in legend.values())
    assert "throw" in legend["carry"].meaning and "like a pawn" in legend["tar"].meaning


def test_checkers_under_pieces_are_marks_with_a_count() -> None:
    r = rules()
    state = example(r)
    g = r.geometry
    pieces = {p.cell: p for p in scene_of(r, state, SPECTATOR).pieces}
    # the seed's example: the black pawns on e7 and f5 and the white pawn on e4 are tarred
    for square in ("e7", "f5", "e4"):
        assert pieces[g.parse(square)].marks == (Mark("tar", 1),), square
    assert not pieces[g.parse("f6")].marks
    carried = setup(r, "4k3/8/8/8/8/8/8/3R*K3 w - - 0 1")
    assert scene_of(r, carried, 0).pieces[0].marks == (Mark("carry", 1),)


def test_own_hand_face_up_the_other_as_backs_and_the_piles_with_counts() -> None:
    r = rules()
    state = example(r)  # White holds NBRQ, Black rbpn; a white pawn card on the discard pile
    white = items(scene_of(r, state, 0))
    assert [c.rank for c in white["hand-0"].cards] == ["N", "B", "R", "Q"]
    assert white["hand-0"].title == "Your hand"
    assert not white["hand-1"].cards and white["hand-1"].hidden == 4
    assert white["draw"].kind == "pile" and white["draw"].hidden == 36 - 9
    assert "27" in white["draw"].title
    assert [c.caption for c in white["discard"].cards] == ["white pawn"]
    assert white["checkers"].values == (
        ("White (light)", "4 in front, 6 extra"),  # 12 less 4 in front, 2 under black pawns
        ("Black (dark)", "5 in front, 6 extra"),
    )
    watcher = items(scene_of(r, state, SPECTATOR))
    assert watcher["hand-0"].hidden == 4 and not watcher["hand-0"].cards
    assert watcher["hand-1"].hidden == 4 and not watcher["hand-1"].cards


def test_each_part_of_the_worked_turn_is_one_gesture_with_its_prompt() -> None:
    r = rules()
    g = r.geometry
    state = example(r)
    black = scene_of(r, state, 1)
    assert black.prompt.startswith("Your move") and "pawn on f5, pawn on e7" in black.prompt
    assert scene_of(r, state, 0).prompt == "" and scene_of(r, state, 0).status == "Black to move"
    assert gestures(r, state)["f6e4"] == Move(g.parse("f6"), g.parse("e4"))
    assert r.notate(state, r.parse_action(state, "f6e4"), 0) == "Nxe4"

    state = play(r, state, "f6e4")
    assert state.phase == THROW
    black = scene_of(r, state, 1)
    assert "knight on e4 carries your checker" in black.prompt
    assert black.highlight == (g.parse("e4"),)
    assert scene_of(r, state, 0).status == "Black may throw the checker from e4 or keep it"
    made = gestures(r, state)
    assert made["throw f3"] == Click(g.parse("f3"))
    assert made["keep"] == Button("Keep the checker")
    assert r.notate(state, r.parse_action(state, "throw f3"), 0) == "throw at f3"

    state = play(r, state, "throw f3")
    assert state.phase == CARD
    black = scene_of(r, state, 1)
    assert "black knight card: e4" in black.prompt and "No card" in black.prompt
    made = gestures(r, state)
    knight = made["play n e4"]
    assert isinstance(knight, Click) and knight.cell == g.parse("e4")
    assert knight.choice is not None and knight.choice.card is not None
    assert knight.choice.card.caption == "black knight"
    assert made["no card"] == Button("No card")
    assert r.notate(state, r.parse_action(state, "play n e4"), 0) == "black knight card at e4"
    # the watcher learns only that a card is being chosen
    assert scene_of(r, state, 0).status == "Black is choosing a card to play, or no card"


def test_a_checker_card_and_a_discard_are_picks_in_the_hand_and_a_return_a_click() -> None:
    r = rules()
    g = r.geometry
    state = setup(
        r,
        "4k3/8/8/8/8/8/3P~4/4K3 w - - 0 1",
        hands=(Pile.parse("Pc"), Pile.parse("pnr")),
        supply=(2, 3),
    )
    state = play(r, state, "e1f1")
    made = gestures(r, state)
    assert made["play c"] == Pick("hand-0", 1)  # White's hand reads P, c
    state = play(r, state, "play c")
    assert state.phase == RETURN
    black = scene_of(r, state, 1)
    assert black.prompt.startswith("White played your checker card")
    assert "click a piece" in black.prompt and "in front of you" in black.prompt
    assert black.highlight == (g.parse("d2"),)
    made = gestures(r, state)
    assert made["return d2"] == Click(g.parse("d2"))
    assert made["return supply"] == Button("Return a checker from in front of you")
    state = play(r, state, "return supply")
    assert state.phase == DISCARD  # three cards, two checkers in front
    assert "click a card in your hand" in scene_of(r, state, 1).prompt
    assert scene_of(r, state, 0).status == "Black is discarding a card"
    made = gestures(r, state)
    assert made["discard n"] == Pick("hand-1", 1)  # Black's hand reads p, n, r
    assert r.notate(state, r.parse_action(state, "discard n"), 0) == "discards the black knight"


def test_a_drawn_card_reads_in_its_holders_list_only() -> None:
    r = rules()
    state = play(r, example(r), "f6e4", "throw f3", "play n e4")
    card = Card.parse("q")
    assert r.notate(state, card, 1) == "drew a black queen card"
    assert r.notate(state, card, 0) == "" and r.notate(state, card, SPECTATOR) == ""


def test_check_is_shown_on_the_king_and_castling_is_the_kings_step() -> None:
    r = rules()
    g = r.geometry
    state = setup(r, "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1")
    scene = scene_of(r, state, 0)
    assert scene.check == (g.parse("e1"),) and scene.prompt.startswith("You are in check")
    calm = setup(r, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert gestures(r, calm)["e1c1"] == Move(g.parse("e1"), g.parse("c1"))
    assert r.notate(calm, r.parse_action(calm, "e1c1"), 0) == "O-O-O"
