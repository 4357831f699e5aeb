"""Chess Golf as the table shows it: the chosen pieces ringed, the count, the prompt, drags."""

from __future__ import annotations

import random

from motley.core import present
from motley.core.driver import pick_outcome
from motley.core.rules import NodeKind
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.state import GolfState
from motley.games.chess_golf.test_moves import EXAMPLE, THREE, hole, play
from motley.geometry.square import square_board

G = square_board(8, 8)


def marks(rules: ChessGolf, state: GolfState) -> dict[str, str]:
    """The mark under each marked piece, by square name."""
    return {
        G.name(p.cell): p.marks[0].key for p in rules.scene(state, 0).pieces if p.marks
    }


def item(scene: present.Scene, kind: type) -> list[present.Item]:
    return [i for i in scene.items if isinstance(i, kind)]


def test_the_layout_adds_nothing_to_the_move_list_and_the_deal_names_the_cards() -> None:
    rules = ChessGolf()
    state = rules.initial_state()
    rng = random.Random(3)
    told = []
    while rules.kind(state) is NodeKind.CHANCE:
        outcome = pick_outcome(rules.chance_outcomes(state), rng)
        told.append(rules.notate(state, outcome, 0))
        state = rules.apply(state, outcome)
    assert told[:16] == [""] * 16
    chosen = [card.name for card in state.chosen]
    assert told[16:] == [f"chosen card: {name}" for name in chosen]
    scene = rules.scene(state, 0)
    line = item(scene, present.Cards)
    assert [c.caption for c in line[0].cards] == chosen  # type: ignore[union-attr]


def test_during_the_layout_the_deck_is_a_pile_and_nobody_is_asked_anything() -> None:
    rules = ChessGolf()
    state = rules.initial_state()
    state = rules.apply(state, rules.chance_outcomes(state)[0][0])
    scene = rules.scene(state, 0)
    pile = item(scene, present.Cards)[0]
    assert isinstance(pile, present.Cards) and pile.kind == "pile" and pile.hidden == 15
    assert scene.prompt == "" and "15 cards to go" in scene.status


def test_two_cards_ring_both_pieces_and_the_prompt_names_them() -> None:
    rules, state = hole(EXAMPLE, "Kb")
    scene = rules.scene(state, 0)
    assert marks(rules, state) == {"h2": "chosen", "a2": "chosen", "e5": "chosen"}
    assert set(scene.highlight) == {G.parse("h2"), G.parse("a2"), G.parse("e5")}
    assert scene.prompt == (
        "Capture a black bishop (on a2 or e5) with the white king on h2, or the white king "
        "with the black bishop: 0 moves taken, 10 at most"
    )
    score = item(scene, present.Score)[0]
    assert isinstance(score, present.Score)
    assert score.values == (("moves taken", "0"), ("at most", "10"))
    line = item(scene, present.Cards)[0]
    assert isinstance(line, present.Cards) and line.kind == "line"
    assert [(c.letter, c.owner, c.caption) for c in line.cards] == [
        ("K", 0, "white king"),
        ("B", 1, "black bishop"),
    ]
    legend = {m.key: m for m in rules.layout().legend}
    assert legend["hunter"].label == "the piece that must capture"
    assert legend["target"].label == "the target"


def test_after_the_first_of_three_captures_the_capturer_and_its_target_are_told_apart() -> None:
    rules, state = hole(THREE, "NNB")
    state = play(rules, state, "b2b5")
    scene = rules.scene(state, 0)
    assert marks(rules, state) == {"b5": "hunter", "h5": "target"}
    assert scene.prompt == (
        "Capture the white knight on h5 with the white knight on b5: 1 move taken, 10 at most"
    )
    tray = item(scene, present.Tray)[0]
    assert isinstance(tray, present.Tray) and tray.pieces == (("B", 0),)


def test_moves_are_drags_written_with_the_piece_and_both_squares() -> None:
    rules, state = hole(THREE, "NNB")
    capture = rules.parse_action(state, "b2b5")
    assert rules.gesture(state, capture) == present.Move(G.parse("b2"), G.parse("b5"))
    assert rules.notate(state, capture, 0) == "Nb2xb5"
    quiet = rules.parse_action(state, "a1c2")  # the rook borrows the knight's move
    assert rules.notate(state, quiet, 0) == "Ra1-c2"


def test_the_special_move_is_announced_for_a_colour_without_neighbours() -> None:
    rules, state = hole("7n/8/8/8/8/8/8/K1N5", "Kn")
    notes = [i.text for i in item(rules.scene(state, 0), present.Note)]  # type: ignore[union-attr]
    assert notes == [
        "Special move: every white piece may make a king's step (no two white pieces stand "
        "next to each other)",
        "Special move: every black piece may make a king's step (no two black pieces stand "
        "next to each other)",
    ]
    rules, state = hole(EXAMPLE, "Kb")
    assert not item(rules.scene(state, 0), present.Note)


def test_a_solved_hole_says_so_and_asks_nothing() -> None:
    rules, state = hole(THREE, "NB")
    state = play(rules, state, "h5b5")
    scene = rules.scene(state, 0)
    assert scene.prompt == "" and scene.status == "Solved in 1 move"
    assert not scene.highlight
