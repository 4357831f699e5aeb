"""Imperial Hex Chess: the rules the seed text fixes, each as a position and its moves.

Positions are arranged with the provisional piece table (the default): King one step in the
eight directions, Queen/Dragon/Elephant sliding, Guard corner leaps, pawns to the two forward
neighbours. Directions in comments are from White's side: a cell (q, r) is row letter r and
number q; White's pawns go to (q, r+1) and (q+1, r+1), Black's to (q, r-1) and (q-1, r-1).
"""

from __future__ import annotations

import pytest

from motley.core.errors import IllegalAction, MotleyError
from motley.core.rules import NodeKind
from motley.games.imperial_hex.rules import ImperialHex
from motley.games.imperial_hex.state import HexPosition, arrange

RULES = ImperialHex()
G = RULES.geometry


def position(placement: str, turn: int = 0, **fields: str) -> HexPosition:
    pos = arrange(G, placement, turn, **fields)
    RULES.validate(pos)
    return pos


def texts(pos: HexPosition, rules: ImperialHex = RULES) -> set[str]:
    return {rules.action_text(pos, m) for m in rules.moves(pos)}


def play(pos: HexPosition, *moves: str, rules: ImperialHex = RULES) -> HexPosition:
    """Play moves by their text, whether or not a draw rule has ended the game already."""
    for text in moves:
        found = [m for m in rules.moves(pos) if rules.action_text(pos, m) == text]
        assert found, f"{text} is not legal"
        pos = rules.apply(pos, found[0])
    return pos


# -- the capture hierarchy ---------------------------------------------------------------------


def test_seed_example_lost_protection_lasts_one_move() -> None:
    """Black's Dragon takes a White Elephant guarded only by a Pawn; the Pawn may take the
    Dragon alone at once, but not once White has let that move pass."""
    start = position("KA2 EG4 PF3 kM8 dG8", turn=1)
    assert "G8xG4" in texts(start)  # Dragon = Elephant: an equal piece is taken alone
    after = play(start, "G8xG4")
    assert after.exposed == G.parse("G4")
    assert "F3xG4" in texts(after)
    recaptured = play(after, "F3xG4")
    assert recaptured.pieces == play(start, "G8xG4", "F3xG4").pieces
    assert RULES.board(recaptured).colours[1] == 1 << G.parse("M8")
    later = play(after, "A2-B2", "M8-L8")
    assert later.exposed == -1
    assert "F3xG4" not in texts(later)
    with pytest.raises(IllegalAction, match="second piece"):
        RULES.parse_action(later, "F3xG4")


def test_lost_protection_lets_any_piece_take() -> None:
    """Any piece attacking the capturer may take it, a Guard included."""
    after = play(position("KA2 EG4 GE3 kM8 dG8", turn=1), "G8xG4")
    assert "E3xG4" in texts(after)  # a Guard's corner leap (1, 2) reaches G4
    quiet = play(position("KA2 GE3 kM8 dG8", turn=1), "G8-G4")
    assert "E3xG4" not in texts(quiet)  # a Dragon that did not capture keeps its protection


def test_a_higher_piece_needs_a_second_attacker() -> None:
    alone = position("KA3 PF4 kM8 dG5")
    assert "F4xG5" not in texts(alone)
    pair = position("KA3 PF4 PF5 kM8 dG5")
    assert {"F4xG5", "F5xG5"} <= texts(pair)
    # an equal or lower piece is taken alone
    assert "F4xG5" in texts(position("KA3 PF4 kM8 pG5"))
    assert "G2xG5" in texts(position("KA3 DG2 kM8 nG5"))


def test_support_is_counted_before_the_move() -> None:
    """An Elephant lined up behind the pawn (E3-F4-G5) does not attack G5 yet."""
    xray = position("KA3 PF4 EE3 kM8 dG5")
    assert "F4xG5" not in texts(xray)
    assert "E3xG5" not in texts(xray)  # the pawn blocks the Elephant's line


def test_two_pawns_attacking_a_king_give_check() -> None:
    """ "Two pawns can capture a King, provided they both attack it together." """
    assert RULES.in_check(position("KG5 pH5 pH6 kA2"))
    assert not RULES.in_check(position("KG5 pH6 kA2"))


# -- check -------------------------------------------------------------------------------------


def test_the_queen_alone_gives_check() -> None:
    assert RULES.in_check(position("KG5 kA2 qG9"))
    assert "in check" in RULES.status(position("KG5 kA2 qG9"))


def test_a_single_lower_piece_does_not_give_check() -> None:
    for attacker in ("dG9", "eI7", "nJ6", "gI6", "pH6"):
        pos = position(f"KG5 kA2 {attacker}")
        assert RULES.tables.attackers(G.parse("G5"), 1, pos.occupied, pos.pieces, pos.colours[1]), (
            attacker
        )
        assert not RULES.in_check(pos), attacker


def test_double_attack_gives_check() -> None:
    assert RULES.in_check(position("KG5 kA2 dG9 pH6"))
    assert RULES.in_check(position("KG5 kA2 dK7 eI7"))


def test_no_move_may_leave_the_king_in_check() -> None:
    """The Dragon on G5 shields its King from a Queen on G9: it may not leave the row."""
    pos = position("KG1 DG5 kA2 qG9")
    moves = texts(pos)
    assert "G5-G6" in moves and "G5xG9" not in moves  # Queen above Dragon: no support
    assert not any(m.startswith("G5-") and m[3] != "G" for m in moves)


# -- the King's escape rules -------------------------------------------------------------------


def test_in_check_the_king_goes_only_where_nothing_attacks() -> None:
    """A pawn on J7 attacks I6; in check the King may not go there, out of check it may."""
    checked = position("KG5 PA1 kA2 qG9 pJ7")
    assert texts(checked) == {"G5-E4", "G5-F4", "G5-F5", "G5-H5", "G5-H6"}
    calm = position("KG5 PA1 kA2 dG9 pJ7")
    assert {"G5-I6", "G5-G6"} <= texts(calm)  # attacked by one weaker piece: not capturable


def test_the_king_never_moves_where_it_could_be_taken() -> None:
    calm = position("KG5 kA2 qG9 pJ7", turn=0)
    assert RULES.in_check(calm)
    two = position("KG5 kA2 dI9 pJ7")  # I6 is attacked by the pawn and the Dragon
    assert not RULES.in_check(two)
    assert "G5-I6" not in texts(two)
    queen = position("KG5 kA2 qI9")  # I9's row reaches I6
    assert "G5-I6" not in texts(queen)


def test_kings_never_stand_next_to_each_other() -> None:
    pos = position("KG5 kI7")
    assert "G5-H6" not in texts(pos) and "G5-I6" not in texts(pos)
    assert "G5-G4" in texts(pos)


def test_the_king_captures_only_where_nothing_attacks() -> None:
    """Having captured, the King has no protection: even a pawn could take it."""
    guarded = position("KG5 kA2 pH6 pI7")
    assert "G5xH6" not in texts(guarded)
    with pytest.raises(IllegalAction, match="no enemy piece attacks"):
        RULES.parse_action(guarded, "G5xH6")
    assert "G5xH6" in texts(position("KG5 kA2 pH6"))


def test_checks_are_met_by_capture_block_or_king_move() -> None:
    double = position("KG5 PG6 kA2 dK7 pH6")
    assert texts(double) == {"G5-F4", "G5-F5", "G5-G4", "G5-H5", "G5xH6", "G6xH6"}
    queen_row = position("KG1 EE3 DE4 PD1 kA2 qG9")
    moves = texts(queen_row)
    assert "E4-G5" in moves  # the Dragon blocks straight ahead
    assert not any(m.startswith("D1") for m in moves)  # a pawn move ignores the check


def test_king_escape_last_resort_option() -> None:
    """With king_escape=last-resort the King steps away only when nothing else helps."""
    strict = ImperialHex({"king_escape": "last-resort"})
    double = position("KG5 PG6 kA2 dK7 pH6")
    assert texts(double, strict) == {"G5xH6", "G6xH6"}
    with pytest.raises(IllegalAction, match="only when no capture or block"):
        strict.parse_action(double, "G5-F4")
    cornered = position("KG5 kA2 qG9 pJ7")
    assert texts(cornered, strict) == texts(cornered)  # no capture or block: the King moves


# -- the end of the game -----------------------------------------------------------------------


def test_checkmate() -> None:
    mate = position("KA2 QM7 DL6 EI6 kM9", turn=1)
    assert RULES.kind(mate) is NodeKind.TERMINAL
    assert RULES.returns(mate) == (1.0, -1.0)
    outcome = RULES.outcome(mate)
    assert outcome is not None and outcome.reason == "checkmate"
    assert RULES.status(mate) == "Game over: White wins by checkmate"


def test_stalemate() -> None:
    stale = position("KK7 QL6 kM9", turn=1)
    assert not RULES.in_check(stale)
    outcome = RULES.outcome(stale)
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"
    assert RULES.returns(stale) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("placement", "drawn"),
    [
        ("KG5 kA2", True),
        ("KG5 DA1 kM8", True),
        ("KG5 DA1 kM8 dM9", True),
        ("KG5 QA1 kM8", False),  # King and Queen against a lone King: the one won ending
        # "A King and a Queen are the minimum required to obtain checkmate against a lone
        # King": two pieces may check, but not mate a lone King
        ("KG5 DA1 EA3 kM8", True),
        ("KG5 GB2 NB1 kM8", True),
        ("KG5 DA1 EA3 kM8 pM7", False),  # not a lone King: a double check may still mate
        ("KG5 PD1 kM8", False),  # a pawn may still become a Queen
    ],
)
def test_insufficient_material(placement: str, drawn: bool) -> None:
    outcome = RULES.outcome(position(placement))
    assert (outcome is not None and outcome.reason == "insufficient material") is drawn


def test_with_lone_king_check_two_pieces_play_on_against_a_lone_king() -> None:
    rules = ImperialHex({"lone_king": "check"})
    assert rules.outcome(position("KG5 DA1 EA3 kM8")) is None
    assert rules.outcome(position("KG5 GB2 NB1 kM8")) is None
    assert rules.outcome(position("KG5 DA1 kM8")) is not None


def test_a_pawn_cannot_mate_without_promotion() -> None:
    rules = ImperialHex({"promotion": False})
    outcome = rules.outcome(position("KG5 PD1 kM8"))
    assert outcome is not None and outcome.reason == "insufficient material"


def test_no_progress_and_repetition_draws() -> None:
    pos = position("KA2 QA1 kM8 qM9", halfmove=99)
    rules = ImperialHex({"no_progress_plies": 100})
    assert rules.outcome(pos) is None
    after = play(pos, "A2-B2", rules=rules)
    outcome = rules.outcome(after)
    assert outcome is not None and "100 plies" in outcome.reason
    shuffle = ("A2-B2", "M8-L8", "B2-A2", "L8-M8")
    again = play(position("KA2 QA1 kM8 qM9"), *shuffle, *shuffle)
    outcome = RULES.outcome(again)
    assert outcome is not None and outcome.reason == "the same position 3 times"
    assert RULES.outcome(play(position("KA2 QA1 kM8 qM9"), *shuffle)) is None


# -- pawns -------------------------------------------------------------------------------------


def test_double_step_from_the_fourth_row_and_en_passant() -> None:
    pos = position("KA2 PD3 kM8 pF4")
    assert {"D3-E3", "D3-E4", "D3-F3", "D3-F5"} == {m for m in texts(pos) if m[:2] == "D3"}
    after = play(pos, "D3-F3")
    assert (after.ep, after.ep_pawn) == (G.parse("E3"), G.parse("F3"))
    assert "F4xE3" in texts(after)
    taken = play(after, "F4xE3")
    assert not taken.pieces[6] & (1 << G.parse("F3"))  # the pawn that passed is gone
    assert taken.exposed == G.parse("E3")  # en passant is a capture like any other
    later = play(after, "M8-L8", "A2-B2")
    assert "F4xE3" not in texts(later)  # only on the very next move


def test_a_pawn_may_step_onto_the_passed_cell_without_taking() -> None:
    """Pawns move where they capture, so F4 may go to E3 quietly or take en passant there."""
    after = play(position("KA2 QA1 PD3 kM8 qM9 pF4"), "D3-F3")
    quiet, taking = RULES.parse_action(after, "F4-E3"), RULES.parse_action(after, "F4xE3")
    assert quiet != taking and {quiet, taking} <= set(RULES.moves(after))
    assert RULES.apply(after, quiet).pieces[6] >> G.parse("F3") & 1
    assert not RULES.apply(after, taking).pieces[6] >> G.parse("F3") & 1
    assert RULES.apply(after, quiet).exposed == -1


def test_double_step_needs_both_cells_empty() -> None:
    blocked = texts(position("KA2 PD3 NE3 kM8"))
    assert "D3-F3" not in blocked and "D3-F5" in blocked
    far = texts(position("KA2 PD3 NF5 kM8"))
    assert "D3-F5" not in far and "D3-E4" in far


def test_double_step_whether_or_not_the_pawn_has_moved() -> None:
    pos = play(position("KA2 PC2 kM8"), "C2-D2", "M8-L8")
    assert "D2-F2" in texts(pos)


def test_promotion_on_rows_eleven_and_twelve() -> None:
    eleventh = texts(position("KA2 PJ5 kM8"))
    assert {"J5-K5", "J5-K5=N", "J5-K5=G", "J5-K6", "J5-K6=N", "J5-K6=G"} == eleventh - {
        m for m in eleventh if m.startswith("A2")
    }
    twelfth = {m for m in texts(position("KA2 PK5 kM8")) if m.startswith("K5")}
    assert twelfth == {"K5-L6=D", "K5-L6=E", "K5-L6=Q"}
    with pytest.raises(IllegalAction, match="Dragon, Elephant or Queen"):
        RULES.parse_action(position("KA2 PK5 kM8"), "K5-L6")
    with pytest.raises(IllegalAction, match="Knight or a Guard"):
        RULES.parse_action(position("KA2 PJ5 kM8"), "J5-K5=Q")


def test_a_guard_promoted_on_a_white_cell_stays_on_white() -> None:
    pos = play(position("KA2 PJ6 kM8"), "J6-K7=G")
    assert pos.pieces[5] == 1 << G.parse("K7") and G.colour_name(G.parse("K7")) == "white"
    pos = play(pos, "M8-M9")
    guard_moves = [m for m in RULES.moves(pos) if m.origin == G.parse("K7")]
    assert guard_moves and all(G.colour_name(m.target) == "white" for m in guard_moves)


def test_promotion_off_keeps_pawns() -> None:
    rules = ImperialHex({"promotion": False})
    assert {m for m in texts(position("KA2 PK5 kM8"), rules) if m[:2] == "K5"} == {"K5-L6"}


# -- setup -------------------------------------------------------------------------------------


def test_setup_coin_toss_then_scouts() -> None:
    state = RULES.initial_state()
    assert RULES.kind(state) is NodeKind.CHANCE and RULES.actors(state) == ()
    outcomes = RULES.chance_outcomes(state)
    assert [RULES.action_text(state, o) for o, _ in outcomes] == ["first White", "first Black"]
    assert sum(p for _, p in outcomes) == 1
    state = RULES.apply(state, RULES.parse_action(state, "first Black"))
    assert RULES.actors(state) == (1,)
    assert [RULES.action_text(state, a) for a in RULES.legal_actions(state)] == [
        "scouts I5 I7",
        "scouts I4 I8",
        "scouts I3 I9",
    ]
    with pytest.raises(IllegalAction, match="symmetrically"):
        RULES.parse_action(state, "scouts I5 I8")
    with pytest.raises(IllegalAction, match="Black places"):
        RULES.parse_action(state, "scouts E3 E5", 0)
    state = RULES.apply(state, RULES.parse_action(state, "scouts I3 I9"))
    assert RULES.actors(state) == (0,)
    state = RULES.apply(state, RULES.parse_action(state, "scouts E2-E6"))
    assert isinstance(state, HexPosition) and state.turn == 1
    pawns = {G.name(c) for c in range(75) if state.pieces[6] >> c & 1}
    assert {"E2", "E6", "I3", "I9"} <= pawns and len(pawns) == 16


def test_start_position_facts() -> None:
    """Each side's 18 pieces; Dragon, King, Elephant on the first row; Guards on red and blue."""
    state = RULES.initial_state()
    for text in ("first White", "scouts E1 E7", "scouts I3 I9"):
        state = RULES.apply(state, RULES.parse_action(state, text))
    assert isinstance(state, HexPosition)
    counts = [1, 1, 2, 2, 2, 2, 8]
    for seat in (0, 1):
        own = state.colours[seat]
        assert [(bits & own).bit_count() for bits in state.pieces] == counts
        guards = state.pieces[5] & own
        assert {G.colour_name(c) for c in range(75) if guards >> c & 1} == {"red", "blue"}
    row = {G.name(c): c for c in range(75)}
    marks = {
        name: "KQDENGP"[k] + "wb"[0 if state.colours[0] >> row[name] & 1 else 1]
        for name in ("A1", "A2", "A3", "M7", "M8", "M9")
        for k in range(7)
        if state.pieces[k] >> row[name] & 1
    }
    assert marks == {"A1": "Dw", "A2": "Kw", "A3": "Ew", "M7": "Eb", "M8": "Kb", "M9": "Db"}


def test_start_array_has_no_contact() -> None:
    """At the start no piece attacks an enemy piece, whatever the scouts."""
    for first in ("first White", "first Black"):
        for a in range(3):
            for b in range(3):
                state = RULES.apply(
                    RULES.initial_state(), RULES.parse_action(RULES.initial_state(), first)
                )
                state = RULES.apply(state, RULES.legal_actions(state)[a])
                state = RULES.apply(state, RULES.legal_actions(state)[b])
                assert isinstance(state, HexPosition)
                for seat in (0, 1):
                    for cell in range(75):
                        if state.colours[seat ^ 1] >> cell & 1:
                            assert not RULES.tables.attackers(
                                cell, seat, state.occupied, state.pieces, state.colours[seat]
                            )


def test_layout_option_checks_the_fixed_facts() -> None:
    assert ImperialHex({"layout": "DKE/NDQN/1GEG1/PPPPPP"}).array == RULES.array
    for bad, words in [
        ("EKD/NDQN/1GEG1/PPPPPP", "Dragon, King, Elephant"),
        ("DKE/NDQN/1EGG1/PPPPPP", "red and blue"),
        ("DKE/NDQN/1GEG1/PPPPP1", "6 pawns"),
        ("DKE/NDQN/1GEG1", "rows A to D"),
        ("DKE/NDQX/1GEG1/PPPPPP", "not valid"),
    ]:
        with pytest.raises(MotleyError, match=words) as info:
            ImperialHex({"layout": bad})
        assert "\n" not in str(info.value)


# -- text, errors and JSON ---------------------------------------------------------------------


def test_action_text_round_trips_and_reads_variants() -> None:
    pos = position("KA2 PJ5 EG4 PF3 kM8 dG8", turn=1)
    for state in (pos, play(pos, "G8xG4"), position("KA2 PJ5 kM8")):
        for move in RULES.moves(state):
            assert RULES.parse_action(state, RULES.action_text(state, move)) == move
    after = play(pos, "G8xG4")
    assert RULES.parse_action(after, "f3g4") == RULES.parse_action(after, "F3xG4")
    assert RULES.parse_action(after, "F3 - G4") == RULES.parse_action(after, "F3xG4")


@pytest.mark.parametrize("text", ["", "e2e4e5e6", "Z9-A1", "A1-A2=X", "scouts", "G8"])
def test_bad_text_gives_one_line_errors(text: str) -> None:
    pos = position("KA2 kM8 dG8", turn=1)
    with pytest.raises(MotleyError) as info:
        RULES.parse_action(pos, text)
    assert "\n" not in str(info.value) and str(info.value)


def test_illegal_moves_name_the_rule() -> None:
    pos = position("KA2 PF3 kM8 dG8 nG4")
    cases = {
        "B1-B2": "no piece",
        "G8-G7": "not the mover's",
        "F3-H3": "cannot move",
        "A2-G5": "cannot move",
    }
    for text, words in cases.items():
        with pytest.raises(IllegalAction, match=words):
            RULES.parse_action(pos, text)
    with pytest.raises(IllegalAction, match="White's turn"):
        RULES.parse_action(pos, "G8-G7", seat=1)


def test_state_json_round_trips_and_validates() -> None:
    pos = play(position("KA2 QA1 PD3 kM8 qM9 pF4"), "D3-F3", "M8-L8", "A2-B2")
    data = RULES.state_to_json(pos)
    assert len(data["history"]) == 2
    again = RULES.state_from_json(data)
    assert again == pos
    setup = RULES.apply(
        RULES.initial_state(), RULES.parse_action(RULES.initial_state(), "first White")
    )
    assert RULES.state_from_json(RULES.state_to_json(setup)) == setup
    text = RULES.write_position(position("KG5 kA2"))
    bad = [
        {"position": text.replace("K", "Q")},  # no White King
        {"position": RULES.write_position(position("KG5 kA2 qG9")).replace(" w ", " b ")},
        {"position": text.replace(" - - ", " E3F3 - ")},  # en passant with no pawn
        {"position": text.replace(" - - ", " - G5 ")},  # the mover's own piece unprotected
        {"position": text + " extra"},
        {"setup": {"first": "Green", "scouts": []}},
        {"setup": {"first": "White", "scouts": [["E3", "E4"]]}},
        {"position": text, "history": ["garbage"]},
    ]
    for data in bad:
        with pytest.raises(MotleyError) as info:
            RULES.state_from_json(data)
        assert "\n" not in str(info.value)


def test_position_option_skips_the_setup() -> None:
    text = RULES.write_position(position("KG5 QA1 kM8", turn=1))
    rules = ImperialHex({"position": text})
    assert rules.initial_state() == position("KG5 QA1 kM8", turn=1)
    with pytest.raises(MotleyError, match="option 'position'"):
        ImperialHex({"position": "KG5"})


def test_evaluate_uses_the_seed_values() -> None:
    """Queen 30, Dragon 20, Elephant 18, Knight 8, Guard 6, Pawn 2; squashed into [-1, 1]."""
    values = {"Q": 30, "D": 20, "E": 18, "N": 8, "G": 6, "P": 2}
    for white, black in [("Q", "D"), ("E", "N"), ("G", "P"), ("D", "E")]:
        pos = position(f"KA2 QA1 {white}B2 kM8 qM9 {black.lower()}L8")
        balance = values[white] - values[black]
        assert RULES.evaluate(pos, 0) == pytest.approx(balance / (balance + 40))
        assert RULES.evaluate(pos, 1) == pytest.approx(-balance / (balance + 40))
    mate = position("KA2 QM7 DL6 EI6 kM9", turn=1)
    assert RULES.evaluate(mate, 0) == 1.0 and RULES.evaluate(mate, 1) == -1.0
