"""Cooperative Chess as the table shows it: the face-up line in order, the hands and piles as
cards, the score with the rulebook's yardsticks, and prompts that name the captures the line
allows (seed 002, Cooperative Chess, its worked example)."""

from __future__ import annotations

from typing import Any

from motley.components.chess_cards import Card
from motley.core.present import Button, Cards, Choice, Move, Pick, Scene, Score
from motley.core.rules import SPECTATOR
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire
from motley.games.cooperative.state import OVER, PLACE, CoopState
from motley.games.cooperative.test_scenarios import PROMOTE, RULES, do, example, make, sq


def scene_of(state: CoopState, seat: int, rules: CooperativeChess = RULES) -> Scene:
    return rules.scene(rules.view(state, seat), seat)


def items(scene: Scene) -> dict[str, Any]:
    return {item.id: item for item in scene.items if isinstance(item, Cards | Score)}


def gestures(state: CoopState, rules: CooperativeChess = RULES) -> dict[str, Any]:
    seat = rules.actors(state)[0]
    view = rules.view(state, seat)
    return {rules.action_text(state, a): rules.gesture(view, a) for a in rules.legal_actions(state)}


def test_the_line_is_drawn_in_order_and_the_hands_and_piles_as_cards() -> None:
    state = example()  # the line from the draw pile: black pawn, white pawn, black bishop
    black = items(scene_of(state, 1))
    line = black["line"]
    assert line.kind == "line"
    assert [(c.rank, c.owner) for c in line.cards] == [("P", 1), ("P", 0), ("B", 1)]
    assert [c.caption for c in black["hand-1"].cards] == ["white pawn", "black knight"]
    assert black["hand-1"].title == "Your hand"
    white_hand = black["hand-0"]
    assert not white_hand.cards and white_hand.hidden == 0  # White holds nothing here
    assert black["draw"].kind == "pile" and black["draw"].hidden == 32 - 5
    assert "27 cards" in black["draw"].title
    watcher = items(scene_of(state, SPECTATOR))
    assert not watcher["hand-1"].cards and watcher["hand-1"].hidden == 2


def test_the_partners_hand_shows_only_with_open_hands() -> None:
    state = make("4k3/8/8/8/8/8/8/4K3 -", 0, hands=("N", "bq"), phase="play")
    assert items(scene_of(state, 0))["hand-1"].hidden == 2
    open_rules = CooperativeChess({"open_hands": True})
    shown = items(scene_of(state, 0, open_rules))["hand-1"]
    assert [c.caption for c in shown.cards] == ["black bishop", "black queen"]
    assert shown.title == "Black's hand"


def test_the_score_says_the_rulebooks_yardsticks() -> None:
    state = example()
    score = dict(items(scene_of(state, 1))["score"].values)
    assert score["Pieces captured"] == str(32 - 6)  # six pieces stand
    assert score["Yardstick"] == "under 32 is a loss, over 50 is great"
    ended = state._replace(phase=OVER)
    final = dict(items(scene_of(ended, 0))["score"].values)
    assert final["Final score"] == "26: a loss (under 32)"
    assert "no bonus" in scene_of(ended, 0).status


def test_a_card_is_played_by_a_pick_on_the_hand_and_the_prompt_reads_the_line() -> None:
    state = example()
    made = gestures(state)
    assert made["play P"] == Pick("hand-1", 0) and made["play n"] == Pick("hand-1", 1)
    prompt = scene_of(state, 1).prompt
    assert prompt.startswith("Play a card from your hand to the far end of the line")
    assert "beside the black bishop card" in prompt
    assert "the line already lets your bishops take pawns" in prompt.lower()
    # the partner is told what is going on, not asked to act
    assert scene_of(state, 0).prompt == ""
    assert scene_of(state, 0).status == "Black is playing a card to the line"
    assert RULES.notate(state, RULES.parse_action(state, "play P"), 0) == "white pawn card"


def test_the_prompt_names_the_captures_and_a_capture_is_a_drag_with_the_card_to_discard() -> None:
    state = do(example(), "play P")
    before = scene_of(state, 1).prompt
    assert "no capture now" in before and "bishops take pawns once a move" in before
    state = do(state, "c8e6")
    scene = scene_of(state, 1)
    assert scene.prompt.startswith("The line lets your bishop on e6 take the pawn on d5")
    assert scene.highlight == (sq("e6"),)
    made = gestures(state)
    left, right = made["e6d5 @2"], made["e6d5 @4"]
    assert isinstance(left, Move) and (left.origin, left.target) == (sq("e6"), sq("d5"))
    assert left.choice is not None and right.choice is not None
    assert left.choice.label == "discard the card at position 2 of the line"
    assert left.choice.card is not None and left.choice.card.caption == "white pawn"
    assert made["end"] == Button("End the turn")
    capture = RULES.parse_action(state, "e6d5 @2")
    assert RULES.notate(state, capture, 0) == "Bxd5 (card 2)"
    state = do(state, "e6d5 @2")
    lone = gestures(state)["d5e4 @3"]
    assert lone == Move(sq("d5"), sq("e4"))  # only one card can go: no chooser


def test_a_card_that_opens_a_capture_at_once_is_named() -> None:
    board = "4k3/8/8/3p4/2P5/8/8/4K3 -"
    state = make(board, 0, line="p", hands=("PR", ""), phase="play")
    prompt = scene_of(state, 0).prompt
    assert "The white pawn card would let your pawn on c4 take the pawn on d5" in prompt


def test_a_promotion_places_its_card_by_a_pick_on_the_pawn_card_with_a_chooser() -> None:
    state = make(PROMOTE, 0, line="bP", hands=("N", ""), discard="Q", phase="play")
    state = do(state, "play N")
    made = gestures(state)
    queen = made["e7e8q"]
    assert queen == Move(sq("e7"), sq("e8"), Choice("queen", "Q", 0))
    state = do(state, "e7e8q")
    assert state.phase == PLACE
    scene = scene_of(state, 0)
    assert scene.prompt.startswith("Your pawn became a queen on e8")
    assert scene.highlight == (sq("e8"),)
    made = gestures(state)
    first = made["out P2 in Q1"]
    assert isinstance(first, Pick) and (first.item, first.index) == ("line", 1)
    assert first.choice is not None
    assert first.choice.label.startswith("white queen card at position 1, at the draw-pile end")
    last = made["out P2 in Q3"]
    assert last.choice.label.endswith("at the far end, after the white knight")


def test_solitaire_draws_read_in_the_list_and_the_prompt_names_the_colour() -> None:
    rules = CooperativeSolitaire()
    state = rules.initial_state()
    assert rules.notate(state, Card(0, "P"), 0) == "white pawn card to the line"
    assert "a card is drawn to the line" in scene_of(state, 0, rules).status
    state = do(state, "draw P", rules=rules)
    scene = scene_of(state, 0, rules)
    assert scene.prompt.startswith("White's turn. The line allows no capture now")
    assert "hand-0" not in items(scene)


def test_a_hidden_draw_reads_only_in_its_holders_list() -> None:
    state = do(example(), "play P", "c8e6", "e6d5 @2", "d5e4 @3")
    card = Card(0, "Q")
    assert RULES.notate(state, card, 1) == "drew a white queen card"
    assert RULES.notate(state, card, 0) == "" and RULES.notate(state, card, SPECTATOR) == ""
    assert RULES.notate(state, Card(0, "K"), 0) == "white king card to the line"
