"""The positions Cooperative Chess's rules pages draw: the text's worked example (a bishop
taking two pawns through the line of cards), a promotion and, for solitaire, the same example
with the card drawn straight to the line. States are built as the scenario tests build them."""

from __future__ import annotations

from collections import Counter

from motley.chesslike.turnless import GEOMETRY, read_board
from motley.components.chess_cards import PIECE_TYPES, Pile, full_deck
from motley.core.present import Diagram
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire
from motley.games.cooperative.state import (
    PLAY,
    CoopState,
    card_of,
    hand_of,
    new_state,
    read_line,
)

# the text's example: Black holds a black knight and a white pawn card; after the pawn card
# is played the bishop goes to e6 and takes both white pawns, one beside each side of its own
# card. The text shows only the pieces that matter; a black knight and a black pawn stand here
# too, since every card outside the discard pile belongs to a piece still on the board
EXAMPLE = "1nb1k3/7p/8/3P4/4P3/8/6P1/4K3 -"
# the white queen has been captured (its card discarded); the bishop and knight own the cards
PROMOTE = "3k4/4P3/8/8/8/7b/8/1N2K3 -"


def _make(board: str, colour: int, line: str, hands: tuple[str, ...], phase: str) -> CoopState:
    """A state with these cards shown: the cards of pieces no longer on the board are in the
    discard pile, every other card not shown is in the draw pile."""
    position = read_board(board)._replace(turn=colour)
    standing = Counter(
        card_of(kind, side)
        for kind, bits in enumerate(position.pieces)
        for side in (0, 1)
        for _ in range((bits & position.colours[side]).bit_count())
    )
    discard = Counter(full_deck(PIECE_TYPES)) - standing
    held = [c for h in hands for c in read_line(h)]
    pile = standing.copy()
    pile.subtract([*read_line(line), *held])
    assert all(n >= 0 for n in pile.values()), "a card shown for a piece not on the board"
    state = new_state(position, Pile.of(pile.elements()), len(hands))
    return state._replace(
        phase=phase,
        hands=tuple(hand_of(list(read_line(h))) for h in hands),
        line=read_line(line),
        discard=Pile.of(discard.elements()),
        turns=5,
    )


def _do(rules: CooperativeChess, state: CoopState, *steps: str) -> CoopState:
    for text in steps:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def _cells(*names: str) -> tuple[int, ...]:
    return tuple(GEOMETRY.parse(n) for n in names)


def example() -> Diagram:
    return Diagram(
        "example",
        _make(EXAMPLE, 1, "pPb", hands=("", "nP"), phase=PLAY),
        "Black holds a black knight card and a white pawn card; the line reads black pawn, "
        "white pawn, black bishop. Black will play the white pawn card to the far end of the "
        "line, beside the bishop card, and move the bishop to e6.",
        seat=1,
        highlight=_cells("c8", "e6", "d5", "e4"),
    )


def captured() -> Diagram:
    rules = CooperativeChess()
    state = _do(
        rules,
        _make(EXAMPLE, 1, "pPb", hands=("", "nP"), phase=PLAY),
        "play P",
        "c8e6",
        "e6d5 @2",
        "d5e4 @3",
    )
    return Diagram(
        "captured",
        state,
        "With a white pawn card on each side of its own card, the bishop took d5 and then e4; "
        "both pawn cards went to the discard pile. It cannot take g2: the pawn card left in the "
        "line is black.",
        seat=1,
        highlight=_cells("d5", "e4", "g2"),
    )


def promotion() -> Diagram:
    rules = CooperativeChess()
    state = _do(rules, _make(PROMOTE, 0, "bP", hands=("N", ""), phase=PLAY), "play N")
    return Diagram(
        "promotion",
        state,
        "A white pawn card lies in the line and the white queen has been captured, so the pawn "
        "on e7 may step to e8 and become a queen. Its card is discarded and the queen's card "
        "comes back into the line, wherever White likes.",
        highlight=_cells("e7", "e8"),
    )


def solitaire_start() -> Diagram:
    rules = CooperativeSolitaire()
    state = _do(rules, rules.initial_state(), "draw P")
    return Diagram(
        "solitaire-start",
        state,
        "The first turn: a white pawn card was drawn straight to the line. You now move for "
        "White; the next card drawn is for Black's move.",
    )


def solitaire_example() -> Diagram:
    rules = CooperativeSolitaire()
    state = _do(rules, _make(EXAMPLE, 1, "pPb", hands=(), phase=PLAY), "draw P", "c8e6")
    return Diagram(
        "solitaire-example",
        state,
        "Black's turn: the white pawn card drawn to the line lies beside the bishop card, so "
        "the bishop, moved to e6, may now take d5 and then e4.",
        highlight=_cells("e6", "d5", "e4"),
    )


def diagrams() -> tuple[Diagram, ...]:
    """The two-player page's diagrams, in the order it places them."""
    return (example(), captured(), promotion())


def solitaire_diagrams() -> tuple[Diagram, ...]:
    """The solitaire page's diagrams, in the order it places them."""
    return (solitaire_start(), solitaire_example())
