"""Telepathic Chess as the table shows it: the trophy, the hands, the face-down prediction."""

from __future__ import annotations

from motley.core.present import Cards, Click, Move, Note, Pick, Scene, Score, Track
from motley.core.rules import SPECTATOR
from motley.games.telepathic.rules import TelepathicChess
from motley.games.telepathic.state import TeleState
from motley.games.telepathic.test_scenarios import BA, BB, QUIET, WA, WB, at, make, play


def scene(rules: TelepathicChess, state: TeleState, seat: int) -> Scene:
    return rules.scene(rules.view(state, seat), seat)


def item(scene: Scene, id_: str) -> Cards:
    found = [i for i in scene.items if isinstance(i, Cards) and i.id == id_]
    assert len(found) == 1, f"no single item {id_!r}"
    return found[0]


def test_the_trophy_is_a_track_between_the_teams() -> None:
    rules = make()
    state = at(rules, QUIET, trophy=-1, lost=[8, 3], face_up=["", "P"])
    tracks = [i for i in scene(rules, state, BA).items if isinstance(i, Track)]
    assert len(tracks) == 1
    assert tracks[0].steps == ("beside White", "in the middle", "beside Black")
    assert tracks[0].at == 0
    lost = [i for i in scene(rules, state, BA).items if isinstance(i, Score)]
    assert lost[0].values == (("White", "8"), ("Black", "3"))
    assert item(scene(rules, state, BA), "face-up-white").title.endswith("(eight pieces lost)")


def test_the_predictor_picks_a_card_from_a_hand_only_it_sees() -> None:
    rules = make()
    state = rules.initial_state()
    own = scene(rules, state, WB)
    hand = item(own, "hand-white")
    assert [c.rank for c in hand.cards] == ["N", "B", "R", "Q", "K", "C"]
    assert hand.owner == WB and {c.owner for c in hand.cards} == {0}
    assert hand.cards[-1].caption == "checker" and hand.cards[-1].letter == ""
    assert own.prompt.startswith("Predict which piece type your partner will move: pick a card")
    assert "the pawn card lies face up" in own.prompt
    for seat in (WA, BA, BB, SPECTATOR):
        other = scene(rules, state, seat)
        assert item(other, "hand-white").hidden == 6 and not item(other, "hand-white").cards
        assert other.prompt == ""
        assert other.status == "White B is predicting which piece type White A will move"
    gestures = {
        rules.action_text(state, a): rules.gesture(rules.view(state, WB), a)
        for a in rules.legal_actions(state)
    }
    assert gestures["predict N"] == Pick("hand-white", 0)
    assert gestures["predict C"] == Pick("hand-white", 5)
    assert [c.rank for c in item(own, "face-up-white").cards] == ["P"]


def test_the_face_down_card_is_a_back_to_all_but_its_predictor() -> None:
    rules = make()
    state = play(rules, rules.initial_state(), "predict N")
    mine = scene(rules, state, WB)
    assert [c.rank for c in item(mine, "prediction").cards] == ["N"]
    assert [c.rank for c in item(mine, "hand-white").cards] == ["B", "R", "Q", "K", "C"]
    for seat in (WA, BA, BB, SPECTATOR):
        other = scene(rules, state, seat)
        shown = item(other, "prediction")
        assert shown.hidden == 1 and not shown.cards
        assert item(other, "hand-white").hidden == 5  # the mover cannot see which is missing
        assert "knight" not in other.status
    mover = scene(rules, state, WA)
    assert mover.prompt.startswith("Move a piece: your partner predicted a card you cannot see")
    roles = [i for i in mover.items if isinstance(i, Note) and i.id == "roles"]
    assert roles[0].text == "White B predicts, White A moves"
    # the move list: the card only to its predictor; the move with the card it turned over
    predict = rules.parse_action(rules.initial_state(), "predict N")
    assert rules.notate(rules.initial_state(), predict, WB) == "predicts knight"
    for seat in (WA, BA, BB, SPECTATOR):
        assert rules.notate(rules.initial_state(), predict, seat) == "predicts, face down"
    knight = rules.parse_action(state, "g1f3")
    assert rules.gesture(rules.view(state, WA), knight) == Move(6, 21)
    assert rules.notate(state, knight, BA) == "Nf3, predicted knight: trophy pulled"
    pawn = rules.parse_action(state, "e2e4")
    assert rules.notate(state, pawn, BA) == "e4, predicted knight: trophy stays"


def test_a_removal_is_a_click_and_the_turned_card_is_shown_to_all() -> None:
    rules = make()
    state = at(rules, QUIET.replace(" w ", " b "), trophy=-1, face_up=["P", "P"])
    state = play(rules, state, "predict q")
    king = rules.parse_action(state, "e8f8")
    assert rules.notate(state, king, WA) == (
        "Kf8, predicted queen: trophy beyond the end, Black loses a piece"
    )
    state = rules.apply(state, king)
    remover = scene(rules, state, BB)
    assert remover.prompt.startswith("The trophy went beyond the end: remove one of your")
    cells = {rules.action_text(state, a): rules.gesture(rules.view(state, BB), a) for a in
             rules.legal_actions(state)}
    assert cells["remove d7"] == Click(rules.geometry.parse("d7"))
    for seat in (WA, BA, WB, SPECTATOR):
        shown = item(scene(rules, state, seat), "prediction")
        assert [c.rank for c in shown.cards] == ["Q"] and "turned over" in shown.title
        assert scene(rules, state, seat).status == "Black B is choosing a piece for Black to remove"
    remove = rules.parse_action(state, "remove d7")
    assert rules.notate(state, remove, WA) == "removes the pawn on d7"


def test_a_king_in_check_is_marked_and_the_mover_told() -> None:
    rules = make()
    checked = at(rules, "4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    assert scene(rules, checked, WA).check == (4,)  # e1, attacked along the rank
    moving = play(rules, checked, "predict K")
    assert scene(rules, moving, WA).prompt.startswith("Your king is in check. Move a piece")
    assert scene(rules, at(rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), BA).check == ()
    rook = at(rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    rook = play(rules, rook, "predict R")
    assert rules.notate(rook, rules.parse_action(rook, "a1a8"), BA).startswith("Ra8+, ")


def test_the_removal_prompt_says_whether_the_king_may_go() -> None:
    from motley.games.telepathic.test_scenarios import QUIET, at, make, play

    for removable, words in ((False, "not the king"), (True, "the king loses the game")):
        rules = make({"king_removable": removable})
        state = play(rules, at(rules, QUIET, trophy=-1), "predict K", "e1f1")
        actor = rules.actors(state)[0]
        assert rules.scene(rules.view(state, actor), actor).prompt.endswith(f"{words})")
