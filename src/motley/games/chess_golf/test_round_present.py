"""A round of Chess Golf as the table shows it: bid buttons, cards, scores, par, prompts."""

from __future__ import annotations

from motley.core import present
from motley.games.chess_golf.round import Bid
from motley.games.chess_golf.test_round import at_bid, bid, make, moves
from motley.geometry.square import square_board

G = square_board(8, 8)


def items(scene: present.Scene, kind: type) -> list[present.Item]:
    return [i for i in scene.items if isinstance(i, kind)]


def test_bids_are_buttons_and_the_solving_time_is_declared() -> None:
    rules = make()
    state = at_bid(rules)
    labels = [rules.gesture(state, a) for a in rules.legal_actions(state, 0)]
    assert labels[2] == present.Button("Bid 3 moves") and labels[-1] == present.Button("Impossible")
    assert rules.gesture(state, Bid(1)) == present.Button("Bid 1 move")
    scene = rules.scene(state, 0)
    assert scene.prompt.startswith("Hole 1 of 9. Capture a black bishop (on a2 or e5)")
    assert "within 60 s" in scene.prompt and "solving (60 s)" in rules.scene(state, -1).status
    notes = [i.text for i in items(scene, present.Note)]  # type: ignore[attr-defined]
    assert "Solving time: 60 s" in notes
    line = items(scene, present.Cards)[1]
    assert isinstance(line, present.Cards) and [c.caption for c in line.cards] == [
        "white king",
        "black bishop",
    ]


def test_the_demonstrator_is_prompted_and_the_others_told() -> None:
    rules = make()
    state = bid(rules, at_bid(rules), 3, 0, 4)
    me, other = rules.scene(state, 0), rules.scene(state, 1)
    assert me.prompt.startswith("Demonstrate: Capture") and "bid of 3 moves" in me.prompt
    assert other.prompt == "" and other.status.startswith("Hole 1 of 9: Golfer 1 demonstrates")
    shown = items(me, present.Score)[0]
    assert isinstance(shown, present.Score)
    assert shown.values == (
        ("Golfer 1", "3 moves"),
        ("Golfer 2", "impossible"),
        ("Golfer 3", "4 moves"),
    )
    assert present.Button("Hint (1 point)") in [
        rules.gesture(state, a) for a in rules.legal_actions(state)
    ]


def test_putting_back_is_a_click_and_the_par_follows_the_hole() -> None:
    rules = make()
    state = bid(rules, at_bid(rules), 3, 0, 4)
    state = moves(rules, state, "e5g6", "g6h5", "h5h2")
    put = next(a for a in rules.legal_actions(state) if rules.action_text(state, a) == "put K a1")
    gesture = rules.gesture(state, put)
    assert isinstance(gesture, present.Click) and gesture.cell == G.parse("a1")
    assert rules.scene(state, 0).prompt == "Put the captured white king back on any empty square"
    state = moves(rules, state, "put K a1")
    scene = rules.scene(state, 2)
    notes = [i.text for i in items(scene, present.Note)]  # type: ignore[attr-defined]
    assert notes[0].startswith("Hole 1: par 3: ")
    totals = next(i for i in items(scene, present.Score) if i.id == "totals")  # type: ignore[attr-defined]
    assert totals.values == (("Golfer 1", "3"), ("Golfer 2", "5"), ("Golfer 3", "4"))
    card = items(scene, present.Grid)[0]
    assert isinstance(card, present.Grid) and card.columns == ("1", "total")
