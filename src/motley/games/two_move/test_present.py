"""Two Move Chess as the table shows it: cards to pick, the revealed pairs, the card that moves."""

from __future__ import annotations

from motley.chesslike.turnless import GEOMETRY
from motley.core.present import Cards, Move, Pick, Scene
from motley.games.two_move.rules import TwoMove
from motley.games.two_move.state import TwoMoveState
from motley.games.two_move.test_two_move import EXAMPLE, at_choice, play, reveal

WHITE, BLACK, SPECTATOR = 0, 1, -1


def cards(scene: Scene, item: str) -> Cards:
    found = [i for i in scene.items if isinstance(i, Cards) and i.id == item]
    assert len(found) == 1, f"no single item {item!r}"
    return found[0]


def picks(rules: TwoMove, state: TwoMoveState, seat: int) -> dict[str, tuple[int, str]]:
    """Each pair's pick: (the card's place in the hand, the chooser's label)."""
    out = {}
    for action in rules.legal_actions(state, seat):
        gesture = rules.gesture(state, action)
        assert isinstance(gesture, Pick) and gesture.item == "hand" and gesture.choice
        out[rules.action_text(state, action)] = (gesture.index, gesture.choice.label)
    return out


def test_white_lays_two_cards_face_up_by_picking_them() -> None:
    rules = TwoMove()
    state = rules.initial_state()
    scene = rules.scene(state, WHITE)
    hand = cards(scene, "hand")
    assert [c.rank for c in hand.cards] == ["N", "B", "R", "Q", "K"]
    assert [c.caption for c in hand.cards][:2] == ["knight", "bishop"]
    assert {c.owner for c in hand.cards} == {WHITE} and hand.cards[0].letter == "N"
    assert "face up" in scene.prompt
    assert cards(scene, "hand-black").hidden == 5 and not cards(scene, "hand-black").cards
    assert rules.scene(state, BLACK).prompt == ""
    assert rules.scene(state, BLACK).status == "White is laying two cards face up"
    # a pair is a pick of its less valuable card, then the choice of its partner
    assert picks(rules, state, WHITE)["RK"] == (2, "rook and king")
    assert rules.notate(state, rules.parse_action(state, "KR"), BLACK) == "rook and king face up"


def test_face_up_cards_lie_in_the_hand_marked_and_cannot_be_picked() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    scene = rules.scene(state, WHITE)
    captions = [c.caption for c in cards(scene, "hand").cards]
    assert captions[:3] == ["knight: face up", "bishop", "rook: face up"]
    assert "your knight and rook lie face up" in scene.prompt
    assert picks(rules, state, WHITE) == {
        "BQ": (1, "bishop and queen"),
        "BK": (1, "bishop and king"),
        "QK": (3, "queen and king"),
    }
    # Black sees White's hand as backs and White's face-up cards in a line
    black = rules.scene(state, BLACK)
    assert cards(black, "hand-white").hidden == 3
    assert [c.rank for c in cards(black, "face-up-white").cards] == ["N", "R"]
    assert len(picks(rules, state, BLACK)) == 10
    assert black.status == "White and Black are choosing their cards"
    spectator = rules.scene(state, SPECTATOR)
    assert spectator.prompt == "" and not any(
        isinstance(i, Cards) and i.id == "hand" for i in spectator.items
    )


def test_the_revealed_pairs_and_the_card_that_moves_now() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    state = reveal(rules, state, "BQ", "BR")
    scene = rules.scene(state, BLACK)
    played = cards(scene, "played")
    assert [(c.owner, c.rank, c.caption) for c in played.cards] == [
        (WHITE, "B", "bishop: cancelled"),
        (WHITE, "Q", "queen: moves twice"),
        (BLACK, "B", "bishop: cancelled"),
        (BLACK, "R", "rook: moves twice"),
    ]
    assert [(c.owner, c.rank) for c in cards(scene, "to-move").cards] == [
        (BLACK, "R"),
        (BLACK, "R"),
        (WHITE, "Q"),
        (WHITE, "Q"),
    ]
    assert scene.prompt.startswith("Your rook card: move a rook or a pawn")
    assert scene.prompt.endswith("this card moves twice, first move")
    white = rules.scene(state, WHITE)
    assert white.prompt == "" and white.status.startswith("Black's rook card: Black moves")
    # the rook card moves a pawn: the move list names the card
    h5 = rules.parse_action(state, "h7h5")
    assert rules.notate(state, h5, WHITE) == "h5 (rook card)"
    state = play(rules, state, "h7h5")
    scene = rules.scene(state, BLACK)
    assert scene.prompt.endswith("second move")
    moved = [p for p in scene.pieces if p.marks]
    assert [(GEOMETRY.name(p.cell), p.marks[0].key) for p in moved] == [("h5", "moved")]
    rook = rules.parse_action(state, "h8h6")
    assert rules.notate(state, rook, BLACK) == "Rh6"
    assert rules.gesture(state, rook) == Move(GEOMETRY.parse("h8"), GEOMETRY.parse("h6"))


def test_castling_is_the_kings_step_and_reads_as_castling() -> None:
    rules, state = at_choice("r3k2r/8/8/8/8/8/8/R3K2R KQkq", black_up="BR")
    state = reveal(rules, state, "NK", "NQ")  # the knights cancel; Black's queen card first
    state = play(rules, state, "a8b8", "b8a8")  # with no queen, Black moves its rook
    castle = rules.parse_action(state, "e1g1")
    assert rules.gesture(state, castle) == Move(GEOMETRY.parse("e1"), GEOMETRY.parse("g1"))
    assert rules.notate(state, castle, BLACK) == "O-O"


def test_a_choice_of_cards_reads_in_words() -> None:
    rules, state = at_choice(EXAMPLE, white_up="NR")
    assert rules.notate(state, rules.parse_action(state, "BQ", WHITE), BLACK) == (
        "plays bishop and queen"
    )
