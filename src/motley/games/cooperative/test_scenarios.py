"""Cooperative Chess scenarios: each rule of the seed's section, and its worked example."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from motley.chesslike.position import Move
from motley.chesslike.turnless import GEOMETRY, read_board
from motley.components.chess_cards import PIECE_TYPES, Card, Pile, full_deck
from motley.core.driver import RandomAgent, play
from motley.core.errors import IllegalAction, MotleyError
from motley.core.rules import NodeKind
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire
from motley.games.cooperative.state import (
    ACT,
    DRAW,
    OVER,
    PLACE,
    PLAY,
    RECYCLE,
    Capture,
    CoopState,
    EndTurn,
    PlayCard,
    hand_of,
    new_state,
    read_line,
)

RULES = CooperativeChess()
DECK = full_deck(PIECE_TYPES)


def sq(name: str) -> int:
    return GEOMETRY.parse(name)


def make(
    board: str,
    colour: int,
    line: str = "",
    hands: tuple[str, str] = ("", ""),
    discard: str = "",
    phase: str = ACT,
    pile: str | None = None,
) -> CoopState:
    """A state with the given cards; every other card is in the draw pile (or `pile`)."""
    rest = Counter(DECK)
    shown = [*read_line(line), *Pile.parse(discard), *(c for h in hands for c in read_line(h))]
    for card in shown:
        rest[card] -= 1
    assert all(n >= 0 for n in rest.values()), "more cards than the deck holds"
    deck_pile = Pile.of(c for c, n in rest.items() for _ in range(n))
    state = new_state(read_board(board)._replace(turn=colour), deck_pile, 2)
    return state._replace(
        phase=phase,
        hands=tuple(hand_of(list(read_line(h))) for h in hands),
        line=read_line(line),
        discard=Pile.parse(discard),
        pile=deck_pile if pile is None else Pile.parse(pile),
        turns=5,
    )


def texts(state: CoopState, rules: CooperativeChess = RULES) -> list[str]:
    return [rules.action_text(state, a) for a in rules.legal_actions(state)]


def do(state: CoopState, *moves: str, rules: CooperativeChess = RULES) -> CoopState:
    for text in moves:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


# the seed's example: Black holds a black knight and a white pawn card; the bishop goes to
# e6 and takes two white pawns, one with the pawn card on each side of its own card
EXAMPLE = "2b1k3/8/8/3P4/4P3/8/6P1/4K3 -"


def example() -> CoopState:
    board = EXAMPLE.split()[0] + " -"
    return make(board, 1, line="pPb", hands=("", "nP"), phase=PLAY)


# -- the deal and the draw ---------------------------------------------------------------------


def test_the_deal_gives_two_cards_each_and_every_draw_is_weighted_by_what_is_left() -> None:
    state = RULES.initial_state()
    assert RULES.kind(state) is NodeKind.CHANCE
    outcomes = dict(RULES.chance_outcomes(state))
    assert outcomes[Card(0, "P")] == Fraction(8, 32)
    assert outcomes[Card(1, "K")] == Fraction(1, 32)
    for text in ("draw P", "draw n", "draw B", "draw b"):
        state = do(state, text)
    assert state.hands == ((Card(0, "P"), Card(1, "N")), (Card(0, "B"), Card(1, "B")))
    assert state.phase == PLAY and RULES.actors(state) == (0,)
    assert len(state.pile) == 28
    assert dict(RULES.chance_outcomes(RULES.initial_state()))  # untouched


def test_a_king_card_dealt_goes_face_up_and_is_replaced() -> None:
    state = do(RULES.initial_state(), "draw K", "draw P")
    assert state.line == (Card(0, "K"),)
    assert state.hands[0] == (Card(0, "P"),)
    state = do(state, "draw k", "draw N", "draw n", "draw p")
    assert state.line == (Card(0, "K"), Card(1, "K"))  # each to the far end of the line
    assert state.hands == ((Card(0, "P"), Card(0, "N")), (Card(1, "P"), Card(1, "N")))


def test_a_king_card_drawn_goes_to_the_line_and_the_draw_goes_on() -> None:
    state = make("4k3/8/8/8/8/8/8/4K3 -", 0, line="p", hands=("N", "bb"), phase=DRAW)
    state = RULES._settle(state)
    assert RULES.kind(state) is NodeKind.CHANCE
    state = do(state, "draw K")
    assert state.line == (Card(1, "P"), Card(0, "K"))
    assert state.phase == DRAW and state.hands[0] == (Card(0, "N"),)
    state = do(state, "draw R")
    assert state.hands[0] == (Card(0, "N"), Card(0, "R"))
    assert state.phase == PLAY and state.board.turn == 1  # Black's turn now


# -- playing a card -------------------------------------------------------------------------


def test_a_card_is_played_from_hand_to_the_far_end_of_the_line() -> None:
    state = example()
    assert texts(state) == ["play P", "play n"]
    after = do(state, "play P")
    assert after.line == read_line("pPbP")
    assert after.hands[1] == (Card(1, "N"),)
    assert after.phase == ACT
    with pytest.raises(IllegalAction, match="no white queen card in your hand"):
        RULES.parse_action(state, "play Q")
    with pytest.raises(IllegalAction, match="first play a card"):
        RULES.parse_action(state, "c8e6")


# -- captures -------------------------------------------------------------------------------


def test_the_seed_example_bishop_takes_both_pawns_but_not_the_third() -> None:
    state = do(example(), "play P", "c8e6")
    assert state.quiet_left is False
    captures = [t for t in texts(state) if "@" in t]
    assert captures == ["e6d5 @2", "e6d5 @4"]  # either pawn card beside the bishop card
    state = do(state, "e6d5 @2")
    assert state.line == read_line("pbP")
    assert state.discard == Pile.parse("P")
    state = do(state, "d5e4 @3")
    assert state.line == read_line("pb")  # only the black pawn and bishop cards are left
    # the bishop now stands on e4 and sees g2, but the pawn card left is black
    assert texts(state) == []  # nothing left to do: the moves ended by themselves
    assert state.phase == DRAW
    assert state.board.pieces[0] & state.board.colours[0] == 1 << sq("g2")


def test_a_capture_needs_the_two_cards_side_by_side() -> None:
    state = make(EXAMPLE.split()[0] + " -", 1, line="Ppb", hands=("", "n"), phase=PLAY)
    state = do(state, "play n", "c8e6")
    assert state.phase == DRAW  # no capture possible: the moves ended by themselves
    stuck = make("4k3/8/4b3/3P4/8/8/8/4K3 -", 1, line="Ppbn")._replace(quiet_left=False)
    assert texts(stuck) == ["end"]
    with pytest.raises(IllegalAction, match="capturing piece"):
        RULES.parse_action(stuck, "e6d5 @1")


def test_the_white_reply_takes_the_bishop_with_a_knight_card() -> None:
    state = do(example(), "play P", "c8e6", "e6d5 @2", "d5e4 @3")
    state = state._replace(
        board=state.board._replace(
            pieces=tuple(
                bits | (1 << sq("c3")) if kind == 1 else bits
                for kind, bits in enumerate(state.board.pieces)
            ),
            colours=(state.board.colours[0] | 1 << sq("c3"), state.board.colours[1]),
        )
    )
    state = state._replace(
        phase=PLAY,
        board=state.board._replace(turn=0),
        hands=(hand_of([Card(0, "N"), Card(0, "R")]), ()),
        pile=state.pile.remove(Card(0, "N")).remove(Card(0, "R")),
    )
    state = do(state, "play N")
    assert "c3e4 @2" in texts(state)
    state = do(state, "Nxe4 @2")
    assert state.line == read_line("pN")


def test_several_captures_by_different_pieces_in_one_turn() -> None:
    board = "4k3/8/8/3p4/2P1p3/2N5/8/4K3 -"
    state = make(board, 0, line="PpNp", hands=("B", ""), phase=PLAY)
    state = do(state, "play B")
    captures = {t for t in texts(state) if "@" in t}
    assert captures == {"c3d5 @2", "c3d5 @4", "c3e4 @2", "c3e4 @4", "c4d5 @2"}
    state = do(state, "c4d5 @2")
    assert state.line == read_line("PNpB")
    assert [t for t in texts(state) if "@" in t] == ["c3e4 @3"]
    state = do(state, "Nxe4 @3")
    assert state.line == read_line("PNB") and state.discard == Pile.parse("pp")
    assert state.phase == DRAW  # no black card left in the line: the moves end


def test_the_non_capturing_move_comes_before_the_captures() -> None:
    board = "4k3/8/4p3/3p4/2P5/8/8/R3K3 -"
    state = make(board, 0, line="PpPp", hands=("N", ""), phase=PLAY)
    state = do(state, "play N", "c4d5 @2")
    assert state.line == read_line("PPpN") and state.phase == ACT
    assert texts(state) == ["d5e6 @3", "end"]
    with pytest.raises(IllegalAction, match="before the captures"):
        RULES.parse_action(state, "a1a2")
    free = CooperativeChess({"free_order": True})
    state = make(board, 0, line="PpPp", hands=("N", ""), phase=PLAY)
    state = do(state, "play N", "c4d5 @2", rules=free)
    assert "a1a2" in texts(state, free)
    state = do(state, "a1a2", rules=free)
    assert texts(state, free) == ["d5e6 @3", "end"]  # still only one non-capturing move


def test_en_passant_needs_the_cards_and_lasts_the_next_turn() -> None:
    board = "4k3/3p4/8/4P3/8/8/8/4K3 -"
    state = make(board, 1, line="", hands=("N", "n"), phase=PLAY)
    state = do(state, "play n", "d7d5")
    assert state.double_step == sq("d6")
    state = RULES._settle(state._replace(phase=DRAW))
    state = do(state, "draw q", "draw r")
    assert state.board.turn == 0 and state.board.ep == sq("d6")
    state = state._replace(line=read_line("pP"), hands=((Card(0, "N"),), state.hands[1]))
    state = do(state, "play N")
    assert "e5d6 @1" in texts(state)
    state = do(state, "e5d6 @1")
    assert not state.board.pieces[0] & state.board.colours[1]  # the black pawn is gone


def test_a_king_may_move_into_check() -> None:
    state = make("4k3/8/8/8/8/8/3r4/4K3 -", 0, line="", hands=("N", ""), phase=PLAY)
    state = do(state, "play N")
    assert "e1d1" in texts(state) and "e1e2" in texts(state)


def test_castling_ignores_attacks_unless_the_option_says_otherwise() -> None:
    board = "4k3/8/8/8/8/8/5r2/4K2R K"  # the black rook attacks f1 and f2
    state = make(board, 0, line="", hands=("N", ""), phase=PLAY)
    ignored = CooperativeChess({"castling": "ignored"})
    assert "e1g1" in texts(do(state, "play N", rules=ignored), ignored)
    orthodox = CooperativeChess({"castling": "orthodox"})
    assert "e1g1" not in texts(do(state, "play N", rules=orthodox), orthodox)


# -- recycling --------------------------------------------------------------------------------


def test_four_cards_of_one_colour_are_recycled_one_leaving_unseen() -> None:
    state = make("4k3/8/8/8/8/8/8/4K3 -", 0, line="pPNB", hands=("R", ""), phase=PLAY)
    state = do(state, "play R")
    assert state.phase == RECYCLE and state.resume == ACT
    assert state.line == read_line("p")
    assert state.pending == Pile.parse("PNBR")
    assert RULES.kind(state) is NodeKind.CHANCE
    assert dict(RULES.chance_outcomes(state)) == {Card(0, t): Fraction(1, 4) for t in "PNBR"}
    size = len(state.pile)
    assert RULES.event_text_for(state, Card(0, "N"), 0) == "remove a card unseen"
    after = do(state, "remove N")
    assert after.removed == (Card(0, "N"),)
    assert after.recycled == (Pile.parse("PNBR"),)
    assert len(after.pile) == size + 3 and Card(0, "B") in after.pile
    assert RULES.view(after, 0) == RULES.view(do(state, "remove P"), 0)


def test_a_capture_in_the_middle_can_make_a_run() -> None:
    board = "4k3/8/8/3n4/2P5/8/8/4K3 -"
    state = make(board, 0, line="PPnP", hands=("P", ""), phase=PLAY)
    state = do(state, "play P")
    assert state.line == read_line("PPnPP")
    state = do(state, "c4d5 @3")
    assert state.phase == RECYCLE and state.pending == Pile.parse("PPPP")
    assert state.line == ()


def test_taking_a_run_out_can_join_its_neighbours_into_another() -> None:
    state = make("4k3/8/8/8/8/8/8/4K3 -", 0, line="ppPPPp", hands=("P", ""))
    state = RULES._settle(state._replace(line=read_line("ppPPPPpp")))
    assert state.pending == Pile.parse("PPPP") and state.line == read_line("pppp")
    state = do(state, "remove P")
    assert state.phase == RECYCLE and state.pending == Pile.parse("pppp")  # at once again
    state = do(state, "remove p")
    assert state.line == () and len(state.removed) == 2 and state.phase == ACT


PROMOTE = "3k4/4P3/8/8/8/8/8/4K3 -"  # the white queen has been captured (Q discarded)


def test_promotion_needs_a_pawn_card_and_a_captured_piece() -> None:
    state = make(PROMOTE, 0, line="bP", hands=("N", ""), discard="Q", phase=PLAY)
    state = do(state, "play N")
    assert "e7e8q" in texts(state)
    assert "e7e8r" not in texts(state)  # no white rook has been captured
    without_pawn_card = make(PROMOTE, 0, line="bN", hands=("R", ""), discard="Q", phase=PLAY)
    after = do(without_pawn_card, "play R")
    assert not [t for t in texts(after) if t.startswith("e7e8")]
    with pytest.raises(IllegalAction, match="pawn card in the line"):
        RULES.parse_action(after, "e7e8q")


def test_a_promotion_moves_the_cards_then_runs_are_checked() -> None:
    state = make(PROMOTE, 0, line="bP", hands=("N", ""), discard="Q", phase=PLAY)
    state = do(state, "play N", "e7e8q")
    assert state.phase == PLACE and RULES.actors(state) == (0,)
    options = texts(state)
    assert options == ["out P2 in Q1", "out P2 in Q2", "out P2 in Q3"]
    state = do(state, "out P2 in Q1")
    assert state.line == read_line("QbN")
    assert state.discard == Pile.parse("P")
    assert state.phase == DRAW  # no capture is possible after it: the turn's moves end


def test_a_capturing_promotion_discards_the_victim_first() -> None:
    board = "3nk3/4P3/8/8/8/8/8/4K3 -"
    state = make(board, 0, line="Pn", hands=("N", ""), discard="Q", phase=PLAY)
    state = do(state, "play N", "e7d8q @2")
    assert state.phase == PLACE and state.discard == Pile.parse("Qn")
    state = do(state, "out P1 in Q1")
    assert state.line == read_line("QN") and state.discard == Pile.parse("Pn")


# -- the end and the score --------------------------------------------------------------------


def test_capturing_a_king_ends_the_game_at_once_with_the_bonus() -> None:
    board = "4k3/8/8/8/8/8/PP6/RN2K2R -"  # White: K, 2 R, N, 2 P; Black: the king only
    state = make(board, 0, line="Rk", hands=("N", ""), phase=PLAY)
    state = do(state, "play N", "h1h8")
    assert "h8e8 @2" in texts(state)
    state = do(state, "h8e8 @2")
    assert RULES.kind(state) is NodeKind.TERMINAL and "king captured" in RULES.end_text(state)
    # 26 captured; queens and bishops are wiped out (kings, pawns, knights, rooks are not)
    assert RULES.returns(state) == (46.0, 46.0)


def test_the_seed_scoring_example_scores_43() -> None:
    # 23 captured, among them both queens, all four bishops and a king; at least one pawn,
    # knight and rook and the other king still on the board
    nine = read_board("8/8/8/8/8/3p4/PPn1r3/RN2K2R -")
    assert 32 - nine.occupied.bit_count() == 23
    state = make("4k3/8/8/8/8/8/8/4K3 -", 0)._replace(board=nine, phase=OVER)
    assert RULES.score(state) == 43


def test_running_out_of_cards_ends_without_the_bonus() -> None:
    board = "4k3/8/8/8/8/8/8/4K3 -"  # everything but the kings captured
    state = make(board, 0, line="", hands=("N", ""), phase=PLAY, pile="")
    state = state._replace(pile=Pile())
    leftover = Counter(DECK)
    for card in (Card(0, "N"),):
        leftover[card] -= 1
    state = state._replace(discard=Pile.of(c for c, n in leftover.items() for _ in range(n)))
    state = do(state, "play N", "end")
    assert RULES.kind(state) is NodeKind.TERMINAL and state.phase == OVER
    assert RULES.returns(state) == (30.0, 30.0)  # no bonus for the five types wiped out
    assert "no bonus" in RULES.end_text(state)


def test_a_player_without_cards_is_skipped_while_the_partner_plays_on() -> None:
    board = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 -"
    state = make(board, 0, line="", hands=("N", "nb"), phase=PLAY)._replace(pile=Pile())
    state = do(state, "play N", "end")
    assert state.board.turn == 1 and state.phase == PLAY
    state = do(state, "play n", "end")
    # White has no card and the pile is empty: its turn is skipped and Black plays on
    assert state.board.turn == 1 and state.phase == PLAY and RULES.actors(state) == (1,)
    state = do(state, "play b", "end")
    assert state.phase == OVER and RULES.kind(state) is NodeKind.TERMINAL
    moving = CooperativeChess({"empty_hand": "move"})
    state = make(board, 0, line="", hands=("N", "nb"), phase=PLAY)._replace(pile=Pile())
    state = do(state, "play N", "end", "play n", "end", rules=moving)
    assert state.board.turn == 0 and state.phase == ACT and "e2e4" in texts(state, moving)


def test_solitaire_draws_a_card_to_the_line_each_turn_for_both_colours() -> None:
    rules = CooperativeSolitaire()
    state = rules.initial_state()
    assert rules.kind(state) is NodeKind.CHANCE and state.hands == ()
    state = do(state, "draw P", rules=rules)
    assert state.line == (Card(0, "P"),) and state.phase == ACT
    assert rules.actors(state) == (0,) and state.board.turn == 0
    state = do(state, "e2e4", rules=rules)
    state = do(state, "end", rules=rules) if state.phase == ACT else state
    assert state.phase == PLAY and state.board.turn == 1 and rules.kind(state) is NodeKind.CHANCE
    state = do(state, "draw p", rules=rules)
    assert "d7d5" in texts(state, rules) and rules.actors(state) == (0,)
    ended = state._replace(pile=Pile(), phase=ACT)
    ended = do(ended, "end", rules=rules)
    assert rules.kind(ended) is NodeKind.TERMINAL


def test_solitaire_replaces_a_drawn_king_card_with_another_draw_to_the_line() -> None:
    # "If you ever draw ... a king card, immediately add it to the face-up line and draw a
    # replacement card": in solitaire the replacement goes to the line too
    rules = CooperativeSolitaire()
    state = do(rules.initial_state(), "draw K", rules=rules)
    assert state.line == (Card(0, "K"),) and state.phase == PLAY
    assert rules.kind(state) is NodeKind.CHANCE
    state = do(state, "draw p", rules=rules)
    assert state.line == (Card(0, "K"), Card(1, "P")) and state.phase == ACT
    last = make("4k3/8/8/8/8/8/8/4K3 -", 0, phase=PLAY, pile="K")._replace(hands=())
    assert do(last, "draw K", rules=rules).phase == ACT  # nothing left to replace it with
    kept = CooperativeSolitaire({"king_card": "turn"})
    assert kept.spec.option("king_card").label
    state = do(kept.initial_state(), "draw K", rules=kept)
    assert state.line == (Card(0, "K"),) and state.phase == ACT
    assert "king_card" not in {o.name for o in RULES.spec.options}


# -- text ---------------------------------------------------------------------------------------


def test_notation_round_trips_and_reads_san() -> None:
    state = do(example(), "play P")
    assert RULES.parse_action(state, "Be6") == Move(sq("c8"), sq("e6"))
    state = do(state, "c8e6")
    for action in RULES.legal_actions(state):
        assert RULES.parse_action(state, RULES.action_text(state, action)) == action
    assert RULES.parse_action(state, "Bxd5 @4") == Capture(Move(sq("e6"), sq("d5")), 3)
    assert RULES.parse_action(state, "end") == EndTurn()
    with pytest.raises(MotleyError, match="say which card"):
        RULES.parse_action(state, "e6d5")
    for garbage in ("", "play", "play X", "e6d5 @9", "out P1 in Q9", "draw P", "zz"):
        with pytest.raises(MotleyError) as info:
            RULES.parse_action(state, garbage)
        assert "\n" not in str(info.value)
    assert PlayCard(Card(0, "P")) not in RULES.legal_actions(state)


def test_state_json_round_trips_and_refuses_lost_cards() -> None:
    agents = {seat: RandomAgent() for seat in (0, 1)}
    state = play(RULES, agents, "json", max_events=80).state
    data = RULES.state_to_json(state)
    assert RULES.state_from_json(data) == state
    with pytest.raises(MotleyError, match="32 piece cards"):
        RULES.state_from_json(dict(data, discard="-", pile=data["pile"] + "Q"))
    with pytest.raises(MotleyError, match="32 piece cards"):
        RULES.state_from_json(dict(data, line=data["line"].strip("-") + "q"))
    with pytest.raises(MotleyError, match="the field"):
        RULES.state_from_json({k: v for k, v in data.items() if k != "line"})


def test_by_default_castling_reads_as_the_text_a_king_may_land_in_check() -> None:
    """"All individual moves must be legal chess moves, with this exception: you may move a
    king into check": castling may end on an attacked square, never start on or cross one."""
    into = make("4k3/8/8/8/8/8/6r1/4K2R K", 0, line="", hands=("N", ""), phase=PLAY)
    assert "e1g1" in texts(do(into, "play N"))  # g1 is attacked: the king lands in check
    through = make("4k3/8/8/8/8/8/5r2/4K2R K", 0, line="", hands=("N", ""), phase=PLAY)
    assert "e1g1" not in texts(do(through, "play N"))  # f1 is crossed under attack
    out = make("4k3/8/8/8/8/8/4r3/4K2R K", 0, line="", hands=("N", ""), phase=PLAY)
    assert "e1g1" not in texts(do(out, "play N"))  # the king stands in check
