"""Chess Golf moves: borrowing, the special move, capture rights, the layout from cards.

Legal move lists are cross-checked against a naive generator written here from the rules
(walking rays square by square, no tables).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from motley.chesslike.testing import naive_board
from motley.components.chess_cards import Card
from motley.core.errors import IllegalAction, OptionError
from motley.core.rules import NodeKind
from motley.games.chess_golf.board import lay_out, write_placement
from motley.games.chess_golf.rules import DECK, ChessGolf
from motley.games.chess_golf.state import GolfState

EXAMPLE = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2"  # the opening example, cards K b
LAYOUT = "5Q2/b6K/1B1n1N2/R5q1/1r2b3/1r1n1N2/5k2/2B3R1"  # the layout example
LAYOUT_ORDER = "BRkrnNrbRqBnNbKQ"  # the layout example's cards, in the order drawn
PROBLEMS = (
    ("3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb"),
    ("5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr"),
    ("1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB"),
)


def hole(position: str, chosen: str, **options: object) -> tuple[ChessGolf, GolfState]:
    rules = ChessGolf({"position": position, "chosen": chosen, **options})
    return rules, rules.initial_state()


def play(rules: ChessGolf, state: GolfState, *moves: str) -> GolfState:
    for text in moves:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def texts(rules: ChessGolf, state: GolfState, origin: str = "") -> set[str]:
    found = {rules.action_text(state, m) for m in rules.legal_actions(state)}
    return {t for t in found if t.startswith(origin)}


# -- a naive generator, from the rules' words ---------------------------------------------------

STEPS = {
    "N": [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
    "B": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    "R": [(1, 0), (-1, 0), (0, 1), (0, -1)],
}
STEPS["Q"] = STEPS["B"] + STEPS["R"]
STEPS["K"] = STEPS["Q"]
RIDES = {"N": False, "B": True, "R": True, "Q": True, "K": False}


def naive_moves(placement: str, chosen: str, special: str = "no_pairs") -> set[str]:
    """Every legal move of a fresh hole, computed square by square."""
    board = naive_board(placement)
    cards = list(chosen)

    def white(ch: str) -> bool:
        return ch.isupper()

    def may_take(mover: str, victim: str) -> bool:
        rest = list(cards)
        if mover not in rest:
            return False
        rest.remove(mover)
        return victim in rest

    def borrowed(square: tuple[int, int]) -> set[str]:
        me = board[square]
        kinds = set()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                other = board.get((square[0] + dx, square[1] + dy))
                if (dx or dy) and other and white(other) == white(me):
                    kinds.add(other.upper())
        return kinds

    def targets(square: tuple[int, int], kind: str) -> set[tuple[int, int]]:
        out = set()
        for dx, dy in STEPS[kind]:
            x, y = square[0] + dx, square[1] + dy
            while 0 <= x < 8 and 0 <= y < 8:
                other = board.get((x, y))
                if other is None or may_take(board[square], other):
                    out.add((x, y))
                if other is not None or not RIDES[kind]:
                    break
                x, y = x + dx, y + dy
        return out

    def name(square: tuple[int, int]) -> str:
        return "abcdefgh"[square[0]] + str(square[1] + 1)

    moves = set()
    for colour in (True, False):
        mine = [s for s, ch in board.items() if white(ch) == colour]
        has_kinds = {s: borrowed(s) for s in mine}
        if special == "no_pairs":
            kings = not any(has_kinds.values())
        else:
            kings = not any(targets(s, k) for s in mine for k in has_kinds[s])
        for square in mine:
            kinds = set(has_kinds[square]) | ({"K"} if kings else set())
            for kind in kinds:
                moves |= {name(square) + name(t) for t in targets(square, kind)}
    return moves


def random_layout(rng: random.Random) -> str:
    cards = list(DECK)
    rng.shuffle(cards)
    return write_placement(lay_out(cards))


@pytest.mark.parametrize("special", ["no_pairs", "no_moves"])
def test_moves_match_the_naive_generator(special: str) -> None:
    rng = random.Random(5)
    holes = [(EXAMPLE, "Kb"), (LAYOUT, "qN"), *PROBLEMS]
    holes += [(random_layout(rng), "".join(rng.sample(LAYOUT_ORDER, 2))) for _ in range(12)]
    for placement, chosen in holes:
        rules, state = hole(placement, chosen, special=special)
        assert texts(rules, state) == naive_moves(placement, chosen, special), placement


# -- borrowing ------------------------------------------------------------------------------------


def test_a_piece_borrows_only_its_neighbours_moves() -> None:
    """The opening example: the bishop on e5 moves like the knight beside it, not along its
    own diagonals to the king; the king on h2 has no white neighbour and cannot move."""
    rules, state = hole(EXAMPLE, "Kb")
    # d3, f3, f7 and g4 hold pieces that are not both chosen types: they block
    assert texts(rules, state, "e5") == {"e5c4", "e5c6", "e5d7", "e5g6"}
    assert texts(rules, state, "h2") == set()
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "e5h2")
    assert "e5" in str(info.value) and "\n" not in str(info.value)


def test_only_same_coloured_neighbours_lend_moves() -> None:
    """The bishop on a2 stands next to the white bishop on b3 but is black: no move."""
    rules, state = hole(EXAMPLE, "Kb")
    assert texts(rules, state, "a2") == set()
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "a2b1")
    assert "black neighbour" in str(info.value)
    # and the white bishop on b3 moves like the white rook on a4
    assert "b3c3" in texts(rules, state, "b3") and "b3c4" not in texts(rules, state, "b3")


def test_several_neighbours_lend_all_their_moves() -> None:
    rules, state = hole("8/8/8/8/8/8/8/RN1B4", "Rb")  # b1 knight between a rook and nothing
    rook = {"b1c1", "b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1b8"}
    assert texts(rules, state, "b1") == rook
    rules, state = hole("8/8/8/8/8/8/8/RNB5", "Rb")  # now a bishop beside it too
    assert {"b1a2", "b1c2", "b1d3", "b1b8"} <= texts(rules, state, "b1")


# -- the special move -----------------------------------------------------------------------------


def test_special_move_when_a_colour_has_no_neighbouring_pair() -> None:
    """The seed's example: moving the bishop off b6 leaves White with no two pieces side by
    side, so the knight on f6 takes the black queen with a king's step."""
    rules, state = hole(LAYOUT, "qN")
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "f6g5")
    assert "king steps" in str(info.value)
    state = play(rules, state, "b6c6", "f6g5")
    assert rules.kind(state) is NodeKind.TERMINAL
    assert rules.returns(state) == (-2.0,)


def test_special_move_is_for_the_whole_colour_only() -> None:
    """A lone piece does not step like a king while others of its colour have a pair."""
    rules, state = hole(EXAMPLE, "Kb")
    assert texts(rules, state, "h2") == set()  # White still has the pair a4-b3


def test_special_move_reading_no_moves() -> None:
    """A pair whose moves are all blocked: the text's reading gives no king steps; the
    other reading (no borrowed move at all) gives them to every white piece."""
    position = "7Q/8/8/8/8/rrb5/2bq4/NN5k"
    rules, state = hole(position, "Qk")
    assert texts(rules, state, "h8") == set()
    rules, state = hole(position, "Qk", special="no_moves")
    assert texts(rules, state, "h8") == {"h8g8", "h8g7", "h8h7"}
    assert texts(rules, state, "b1") == {"b1a2", "b1b2", "b1c1"}


# -- captures -------------------------------------------------------------------------------------


def test_only_chosen_types_capture_each_other() -> None:
    # white rooks lend to the white queen (chosen) and to the white knight (not chosen)
    rules, state = hole("8/8/8/8/8/8/7R/qRQ2n1N", "Qn")
    assert "c1f1" in texts(rules, state, "c1")  # queen takes the black knight
    assert texts(rules, state, "c1") & {"c1a1"} == set()  # the black queen is not chosen
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "h1f1")
    assert "chosen" in str(info.value)


def test_identical_cards_let_a_piece_take_its_twin() -> None:
    rules, state = hole("8/8/8/8/8/8/8/RB3B2", "BB")
    assert "b1f1" in texts(rules, state, "b1")
    rules, state = hole("8/8/8/8/8/8/8/RB3B2", "Bb")  # one white, one black bishop card
    assert "b1f1" not in texts(rules, state, "b1")
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "b1f1")
    assert "two such cards" in str(info.value)
    rules, state = hole("8/8/8/8/8/8/8/RB3b2", "Bb")
    assert "b1f1" in texts(rules, state, "b1")


THREE = "8/8/8/1B5N/7R/8/1N6/R7"  # knights b2 (rook a1 beside) and h5 (rook h4), bishop b5


def test_three_cards_first_capturer_makes_the_second() -> None:
    rules, state = hole(THREE, "NNB")
    assert {"b2b5", "h5b5"} <= texts(rules, state)
    state = play(rules, state, "b2b5")  # a knight takes the bishop
    assert rules.kind(state) is NodeKind.DECISION and state.capturer == 33
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "h5b5")  # the other knight may not take the first
    assert "first capture" in str(info.value)


def test_three_cards_same_type_reading() -> None:
    rules, state = hole(THREE, "NNB", second="same_type")
    state = play(rules, state, "b2b5", "h5b5")
    assert rules.is_solved(state) and rules.returns(state) == (-2.0,)


def test_two_cards_end_with_one_capture() -> None:
    rules, state = hole(THREE, "NB")
    state = play(rules, state, "h5b5")
    assert rules.kind(state) is NodeKind.TERMINAL and rules.describe(state) == "solved in 1 move"


def test_move_limit_ends_a_hole_unsolved() -> None:
    rules, state = hole(EXAMPLE, "Kb", move_limit=2)
    state = play(rules, state, "b3c3", "c3b3")
    assert rules.kind(state) is NodeKind.TERMINAL and not rules.is_solved(state)
    assert rules.returns(state) == (-3.0,)
    with pytest.raises(IllegalAction):
        rules.parse_action(state, "b3c3")


# -- the layout -----------------------------------------------------------------------------------


def test_layout_from_cards_leaves_the_gaps() -> None:
    cards = [Card.parse(c) for c in LAYOUT_ORDER]
    assert write_placement(lay_out(cards)) == LAYOUT


def test_layout_gaps_one_card_at_a_time() -> None:
    """Knight 1, bishop 2, rook 3, queen 5 and king 6 empty squares before the piece."""
    for letter, square in (("N", "b1"), ("B", "c1"), ("R", "d1"), ("Q", "f1"), ("K", "g1")):
        board = lay_out([Card.parse(letter)])
        assert write_placement(board).endswith("/" + _rank_text(square, letter))
    two = write_placement(lay_out([Card.parse("K"), Card.parse("K")]))
    assert two.split("/")[-2:] == ["5K2", "6K1"]  # g1, then 6 more empty: h1 a2..e2 -> f2


def _rank_text(square: str, letter: str) -> str:
    file = "abcdefgh".index(square[0])
    return (str(file) if file else "") + letter + (str(7 - file) if file < 7 else "")


def test_the_deal_is_chance_nodes_over_the_cards_left() -> None:
    rules = ChessGolf()
    state = rules.initial_state()
    assert rules.kind(state) is NodeKind.CHANCE
    odds = dict(rules.chance_outcomes(state))
    assert sum(odds.values()) == 1 and odds[Card.parse("B")] == Fraction(2, 16)
    for letter in LAYOUT_ORDER:
        state = rules.apply(state, rules.parse_action(state, f"lay {letter}"))
    assert write_placement(state.cells) == LAYOUT and state.phase == "deal"
    assert len(state.pile) == 16  # shuffled again for the chosen cards
    state = rules.apply(state, rules.parse_action(state, "deal q"))
    assert Card.parse("q") not in dict(rules.chance_outcomes(state))  # the only one is dealt
    state = rules.apply(state, rules.parse_action(state, "deal N"))
    assert rules.kind(state) is NodeKind.DECISION and state.chosen == (
        Card.parse("q"),
        Card.parse("N"),
    )
    with pytest.raises(IllegalAction):
        rules.parse_action(rules.initial_state(), "deal q")  # the layout comes first


def test_three_cards_are_dealt_at_the_harder_level() -> None:
    rules = ChessGolf({"position": EXAMPLE, "cards": 3})
    state = rules.initial_state()
    for letter in "KbN":
        assert rules.kind(state) is NodeKind.CHANCE
        state = rules.apply(state, rules.parse_action(state, f"deal {letter}"))
    assert rules.kind(state) is NodeKind.DECISION and len(state.chosen) == 3


def test_bad_options_are_refused() -> None:
    for options in (
        {"chosen": "Kx"},
        {"chosen": "K"},
        {"chosen": "QQ"},
        {"position": "8/8/8/8/8/8/8/P7"},
        {"move_limit": 0},
    ):
        with pytest.raises(OptionError) as info:
            ChessGolf(options)
        assert "\n" not in str(info.value)
