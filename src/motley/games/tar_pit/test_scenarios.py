"""Tar Pit Chess scenarios: the seed's worked example and one test per rule it states."""

from __future__ import annotations

import json

import pytest

from motley.components.chess_cards import Card, Pile
from motley.core import registry
from motley.core.errors import IllegalAction, NotationError
from motley.core.rules import NodeKind
from motley.games.tar_pit.diagrams import example, play
from motley.games.tar_pit.rules import TarPitChess
from motley.games.tar_pit.state import CARD, DRAW, MOVE, THROW, TarPitState


def rules(**options: object) -> TarPitChess:
    made = registry.make("tar_pit", options)
    assert isinstance(made, TarPitChess)
    return made


def setup(r: TarPitChess, fen: str, **fields: object) -> TarPitState:
    """A position with no checkers in front and no cards unless given (no draws needed)."""
    hands = fields.get("hands", (Pile(), Pile()))
    assert isinstance(hands, tuple)
    fields.setdefault("supply", (len(hands[0]), len(hands[1])))
    return r.setup(fen, **fields)


def texts(r: TarPitChess, state: TarPitState) -> set[str]:
    return {r.action_text(state, a) for a in r.legal_actions(state)}


def moves_from(r: TarPitChess, state: TarPitState, square: str) -> set[str]:
    return {t for t in texts(r, state) if t.startswith(square)}


def marks(r: TarPitChess, state: TarPitState) -> str:
    return r.state_to_json(state)["fen"].split()[0]


# -- setup --------------------------------------------------------------------------------


def test_the_deal_gives_six_secret_cards_each_from_a_36_card_deck() -> None:
    r = rules()
    state = r.initial_state()
    assert r.kind(state) is NodeKind.CHANCE
    assert len(state.draw) == 36
    outcomes = r.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    assert {str(c) for c, _ in outcomes} == set("PNBRQKCpnbrqkc")
    dict_out = {str(c): p for c, p in outcomes}
    assert dict_out["P"] == 8 * dict_out["Q"] and dict_out["C"] == 2 * dict_out["K"]
    for card in "PPNNBBRqqQ"[:12] + "kc":
        state = play(r, state, f"draw {card}" if card != "q" else "draw p")
    assert state.phase == MOVE and r.actors(state) == (0,)
    assert [len(h) for h in state.hands] == [6, 6] and len(state.draw) == 24
    assert state.supply == (6, 6) and r.turns.extra(state, 0) == r.turns.extra(state, 1) == 6


def test_options_change_the_box_and_the_deck() -> None:
    r = rules(start_checkers=4, checker_cards=1, checkers=8)
    assert len(r.deck) == 34
    state = r.initial_state()
    while r.kind(state) is NodeKind.CHANCE:
        state = r.apply(state, r.chance_outcomes(state)[0][0])
    assert state.supply == (4, 4) and [len(h) for h in state.hands] == [4, 4]
    assert r.turns.extra(state, 0) == 4


# -- the seed's example -------------------------------------------------------------------


def test_the_worked_example_move_throw_add_draw() -> None:
    r = rules()
    state = example(r)
    # Black moves the knight to e4, taking a pawn and the black checker under it: carrying
    state = play(r, state, "f6e4")
    assert state.phase == THROW and marks(r, state).split("/")[4] == "4n*1P1"
    # throws the tar onto the pawn at f3: that pawn cannot take the knight now
    state = play(r, state, "throw f3")
    assert marks(r, state).split("/")[4:6] == ["4n1P1", "5P~2"]
    # adds a checker at e4 with the black knight card
    state = play(r, state, "play n e4")
    assert marks(r, state).split("/")[4] == "4n*1P1"
    assert state.supply == (4, 4) and str(state.hands[1]) == "pbr"
    # three cards, four checkers in front: one card is drawn
    assert state.phase == DRAW and r.kind(state) is NodeKind.CHANCE
    state = play(r, state, "draw q")
    assert state.phase == MOVE and state.seat == 0 and str(state.hands[1]) == "pbrq"
    assert "f3e4" not in texts(r, state) and not moves_from(r, state, "f3")


def test_the_worked_example_other_card_cancels_out() -> None:
    r = rules()
    state = play(r, example(r), "f6e4", "throw f3", "play p f5")
    # the black checker cancels the white one under f5: both go back to their owners
    assert marks(r, state).split("/")[3] == "5p2"
    assert state.supply == (5, 5)
    state = play(r, state, "draw K", "draw k")  # three cards, five checkers: two draws
    assert state.phase == MOVE
    # White can still take on f5, but the g-pawn has no checker to throw at the knight
    after = play(r, state, "g4f5")
    assert after.phase == CARD


# -- moving -------------------------------------------------------------------------------


def test_a_tarred_pawn_cannot_move() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/3p4/4P~3/4K3 w - - 0 1")
    assert not moves_from(r, state, "e2")
    free = setup(r, "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1")
    assert moves_from(r, free, "e2") == {"e2e3", "e2e4", "e2d3"}


def test_a_tarred_piece_moves_like_a_pawn_without_the_double_step() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/n1p5/1N~6/4K3 w - - 0 1")
    assert moves_from(r, state, "b2") == {"b2b3", "b2a3", "b2c3"}
    queen = setup(r, "4k3/8/8/3Q~4/8/8/8/4K3 w - - 0 1")
    assert moves_from(r, queen, "d5") == {"d5d6"}
    black = setup(r, "4k3/8/8/3q~4/2P5/8/8/4K3 b - - 0 1")  # forward is down for Black
    assert moves_from(r, black, "d5") == {"d5d4", "d5c4"}


def test_a_carrying_piece_moves_normally() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/1N*6/4K3 w - - 0 1")
    assert moves_from(r, state, "b2") == {"b2a4", "b2c4", "b2d3", "b2d1"}


def test_a_tarred_piece_may_capture_en_passant() -> None:
    r = rules()
    state = setup(r, "4k3/3p4/8/4R~3/8/8/8/4K3 b - - 0 1")
    state = play(r, state, "d7d5")
    assert state.phase == MOVE and state.seat == 0
    assert moves_from(r, state, "e5") == {"e5e6", "e5d6"}
    after = play(r, state, "e5d6")
    assert marks(r, after).split("/")[2] == "3R~4" and "p" not in marks(r, after)


def saved_and_read(r: TarPitChess, state: TarPitState) -> TarPitState:
    return r.state_from_json(json.loads(json.dumps(r.state_to_json(state))))


@pytest.mark.parametrize(
    ("direction", "fen", "capture"),
    [
        ("owner", "4k3/3p4/8/4R~3/8/8/8/4K3 b - - 0 1", "e5d6"),
        ("tarrer", "7k/3pR~3/8/8/8/8/8/4K3 b - - 0 1", "e7d6"),  # it moves down the board
    ],
)
def test_en_passant_only_a_tarred_piece_can_take_survives_saving(
    direction: str, fen: str, capture: str
) -> None:
    """No pawn can take on d6, a tarred rook can: the saved position keeps the square."""
    r = rules(tar_direction=direction)
    state = play(r, setup(r, fen), "d7d5")
    assert r.state_to_json(state)["fen"].split()[3] == "d6"
    assert r.turns.key(state).split()[3] == "d6"  # repetition tells the two apart too
    back = saved_and_read(r, state)
    assert capture in texts(r, back)
    assert marks(r, play(r, back, capture)) == marks(r, play(r, state, capture))
    assert "p" not in marks(r, play(r, back, capture))


def test_en_passant_a_card_may_yet_open_survives_saving() -> None:
    """Mid-turn the square stays while a card may still tar a piece that could take there."""
    r = rules()
    black_hand = Pile.of([Card(0, "N")])  # a white knight card: Black may tar the knight
    state = setup(
        r, "4k3/8/8/3pN3/8/8/8/4K3 w - d6 0 2", hands=(Pile(), black_hand), phase=CARD, seat=1
    )
    assert r.state_to_json(state)["fen"].split()[3] == "d6"
    back = play(r, saved_and_read(r, state), "play N e5")
    assert back.phase == MOVE and "e5d6" in texts(r, back)
    kept = play(r, state, "no card")
    assert r.state_to_json(kept)["fen"].split()[3] == "-"  # nobody can take there now


def test_a_tarred_pawn_keeps_no_en_passant_square() -> None:
    r = rules()
    state = play(r, setup(r, "4k3/3p4/8/4P~3/8/8/8/4K3 b - - 0 1"), "d7d5")
    assert "e5d6" not in texts(r, state)
    assert r.state_to_json(state)["fen"].split()[3] == "-"


def test_a_tarred_piece_at_the_end_of_its_pawn_path_hands_the_checker_back() -> None:
    r = rules()
    state = setup(r, "4k3/R~7/8/8/8/8/8/4K3 w - - 0 1", supply=(6, 5))
    after = play(r, state, "a7a8")
    assert marks(r, after).split("/")[0] == "R3k3"
    assert after.supply == (6, 6)  # the tar goes back in front of Black


def test_tarrer_reading_moves_towards_the_own_first_rank() -> None:
    r = rules(tar_direction="tarrer")
    state = setup(r, "4k3/8/8/8/8/2p5/1N~6/n3K3 w - - 0 1", supply=(6, 5))
    assert moves_from(r, state, "b2") == {"b2b1", "b2a1"}
    after = play(r, state, "b2b1")
    assert marks(r, after).split("/")[7] == "nN2K3" and after.supply == (6, 6)


def test_moving_piece_takes_its_checker_along() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/1N*6/4K3 w - - 0 1", hands=(Pile(), Pile()))
    after = play(r, state, "b2c4")  # no piece next to c4: nothing to throw at
    assert after.phase == MOVE and marks(r, after).split("/")[4] == "2N*5"


# -- capturing ----------------------------------------------------------------------------


def test_capturing_a_carrying_piece_leaves_you_tarred() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/3n*4/8/8/8/3RK3 w - - 0 1")
    after = play(r, state, "d1d5")
    assert marks(r, after).split("/")[3] == "3R~4"


def test_capturing_a_tarred_piece_leaves_you_carrying() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/3n~4/8/8/8/3RK3 w - - 0 1", hands=(Pile(), Pile()))
    after = play(r, state, "d1d5")
    assert marks(r, after).split("/")[3] == "3R*4"


def test_removal_by_capture_a_tarred_piece_takes_a_piece_tarred_with_its_own_checker() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/3n~4/4R~3/8/8/4K3 w - - 0 1", supply=(5, 5))
    after = play(r, state, "e4d5")  # the tarred rook captures like a pawn
    assert marks(r, after).split("/")[3] == "3R4"
    assert after.supply == (6, 6)  # the two checkers cancel and go home


def test_same_colour_checkers_repel() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/3n*4/8/8/8/3R*K3 w - - 0 1", supply=(4, 4))
    after = play(r, state, "d1d5")  # carrier takes carrier: opposite colours cancel
    assert marks(r, after).split("/")[3] == "3R4" and after.supply == (5, 5)
    state = setup(r, "4k3/8/8/3n~4/8/8/8/3R*K3 w - - 0 1", supply=(4, 6))
    after = play(r, state, "d1d5")  # two white checkers meet: one goes back
    assert marks(r, after).split("/")[3] == "3R*4" and after.supply == (5, 6)


# -- throwing -----------------------------------------------------------------------------


def test_throws_go_one_king_step_and_only_under_a_piece() -> None:
    r = rules()
    state = setup(
        r, "4k3/8/8/3p4/2P5/8/8/1N*2K3 w - - 0 1", hands=(Pile.parse("P"), Pile.parse("p"))
    )
    after = play(r, state, "b1d2")  # the checker may go to the king only
    assert after.phase == THROW
    assert texts(r, after) == {"throw e1", "keep"}
    state = setup(
        r, "4k3/8/8/8/2p5/8/3P4/1N*2K3 w - - 0 1", hands=(Pile.parse("P"), Pile.parse("p"))
    )
    after = play(r, state, "b1c3")
    assert texts(r, after) == {"throw c4", "throw d2", "keep"}
    with pytest.raises(IllegalAction, match="only under a piece"):
        r.parse_action(after, "throw b3")
    with pytest.raises(IllegalAction, match="one king step"):
        r.parse_action(after, "throw e5")
    thrown = play(r, after, "throw c4")
    assert marks(r, thrown).split("/")[4] == "2p~5" and thrown.phase == CARD


def test_no_throw_unless_the_moved_piece_carries() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/3P*4/1N2K3 w - - 0 1", hands=(Pile.parse("P"), Pile()))
    after = play(r, state, "b1c3")
    assert after.phase == CARD


def test_a_throw_may_not_make_an_enemy_piece_check_like_a_pawn() -> None:
    r = rules()
    # a black knight on d4 tarred would capture like a black pawn, onto e3 where the king is
    state = setup(r, "4k3/8/8/8/3n4/4K3/8/2B*5 w - - 0 1", hands=(Pile.parse("P"), Pile()))
    after = play(r, state, "c1d2")
    assert "throw d3" not in texts(r, after)
    assert after.phase == THROW and texts(r, after) == {"throw e3", "keep"}


def test_passing_a_checker_cancels_a_tarred_friend() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/3P~4/1N*2K3 w - - 0 1", supply=(4, 5))
    after = play(r, state, "b1c3", "throw d2")
    assert marks(r, after).split("/")[6] == "3P4" and after.supply == (5, 6)


# -- check and the end --------------------------------------------------------------------


def test_check_is_judged_with_the_pieces_actual_moves() -> None:
    r = rules()
    # a tarred black queen on d4 captures like a black pawn: c3 and e3, not d1
    state = setup(r, "4k3/8/8/8/3q~4/8/8/3K4 w - - 0 1")
    assert not r.turns.in_check(state)
    assert "d1e2" in texts(r, state) and "d1d2" in texts(r, state)
    assert "d1c2" in texts(r, state)
    state = setup(r, "4k3/8/8/8/8/3r~4/8/3K4 w - - 0 1")
    assert "d1c2" not in texts(r, state) and "d1e2" not in texts(r, state)
    assert "d1d2" in texts(r, state)


def test_no_castling_with_a_checker_under_king_or_rook() -> None:
    r = rules()
    plain = setup(r, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert {"e1g1", "e1c1"} <= texts(r, plain)
    rook = setup(r, "4k3/8/8/8/8/8/8/R3K2R* w KQ - 0 1")
    assert "e1g1" not in texts(r, rook) and "e1c1" in texts(r, rook)
    king = setup(r, "4k3/8/8/8/8/8/8/R3K~2R w KQ - 0 1")
    assert not {"e1g1", "e1c1"} & texts(r, king)
    with pytest.raises(IllegalAction):
        r.parse_action(rook, "O-O")
    assert r.action_text(plain, r.parse_action(plain, "O-O-O")) == "e1c1"


def test_checkmate_of_a_tarred_king() -> None:
    r = rules()
    # the tarred white king can only step to e2 or capture on d2/f2 like a pawn
    state = setup(r, "4k3/8/8/8/8/8/3ppp2/4K~3 w - - 0 1")
    assert r.kind(state) is NodeKind.DECISION
    state = setup(r, "4k3/8/8/8/1b6/8/4P3/4K~3 w - - 0 1")
    assert r.kind(state) is NodeKind.TERMINAL
    assert r.describe(r.outcome(state)) == "Black wins by checkmate"
    assert r.returns(state) == (-1.0, 1.0)


def test_a_card_may_get_the_king_out_of_check_by_the_end_of_the_turn() -> None:
    # the turn is the answer to check: a black rook card tars the checking rook on e8,
    # which then captures only like a black pawn (d7, f7)
    fen = "4r2k/8/8/8/8/8/P7/4K3 w - - 0 1"
    r = rules()
    state = setup(r, fen, hands=(Pile.parse("r"), Pile()))
    assert r.turns.in_check(state) and "a2a3" in texts(r, state)
    after = play(r, state, "a2a3")
    assert after.phase == CARD and texts(r, after) == {"play r e8"}
    with pytest.raises(IllegalAction, match="still in check"):
        r.parse_action(after, "no card")
    done = play(r, after, "play r e8")
    assert done.phase == MOVE and marks(r, done) == "4r~2k/8/8/8/8/P7/8/4K3"
    strict = rules(check_escape="move")
    state = setup(strict, fen, hands=(Pile.parse("r"), Pile()))
    assert "a2a3" not in texts(strict, state)
    with pytest.raises(IllegalAction, match="leave your king in check"):
        strict.parse_action(state, "a2a3")


def test_a_throw_may_get_the_king_out_of_check() -> None:
    # the carrying knight jumps next to the checking rook and throws its tar under it
    fen = "4r2k/3N*4/8/8/8/8/8/4K3 w - - 0 1"
    r = rules()
    state = setup(r, fen)
    assert "d7f8" in texts(r, state)
    after = play(r, state, "d7f8")
    assert after.phase == THROW and texts(r, after) == {"throw e8"}
    assert marks(r, play(r, after, "throw e8")) == "4r~N1k/8/8/8/8/8/8/4K3"
    strict = rules(check_escape="move")
    assert "d7f8" not in texts(strict, setup(strict, fen))


def test_a_card_in_hand_saves_a_king_from_checkmate() -> None:
    fen = "4k3/8/8/8/1b6/8/4P3/4K~3 w - - 0 1"
    r = rules()
    state = setup(r, fen, hands=(Pile.parse("b"), Pile()))
    assert r.kind(state) is NodeKind.DECISION and texts(r, state) == {"e2e3", "e2e4"}
    strict = rules(check_escape="move")
    state = setup(strict, fen, hands=(Pile.parse("b"), Pile()))
    assert strict.describe(strict.outcome(state)) == "Black wins by checkmate"


def test_stalemate_and_bare_kings() -> None:
    r = rules()
    state = setup(r, "4k3/8/8/8/8/8/3P~4/3K~4 w - - 0 1")  # nothing but a frozen pawn and king
    assert r.describe(r.outcome(state)) in ("draw by stalemate",)
    kings = setup(r, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert r.describe(r.outcome(kings)) == "draw by insufficient material"


def test_turn_limit_draws() -> None:
    r = rules(turn_limit=1)
    state = setup(r, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", hands=(Pile(), Pile()))
    after = play(r, state, "d2d4")
    assert r.describe(r.outcome(after)) == "draw by the limit of 1 turns"


# -- notation -----------------------------------------------------------------------------


def test_bad_text_is_refused_in_one_line() -> None:
    r = rules()
    state = example(r)
    for text in ("", "throw", "play", "play x e4", "play n", "play C e4", "e2e4e5", "z9z9"):
        with pytest.raises(NotationError) as info:
            r.parse_action(state, text)
        assert "\n" not in str(info.value)
    for text in ("keep", "no card", "throw e4", "play n e4", "return supply", "draw N"):
        with pytest.raises(IllegalAction) as error:
            r.parse_action(state, text)
        assert "\n" not in str(error.value)
    with pytest.raises(IllegalAction, match="it is Black's decision"):
        r.parse_action(state, "f6e4", 0)
