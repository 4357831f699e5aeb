"""Two Move Chess cards: the five piece cards each player holds, and how a reveal resolves.

Each player holds one card per piece type except the pawn (Appendix A of the seed makes
them from playing cards: knight 8, bishop 9, rook 10, queen Q, king K). A set of cards is an
int with bit `kind` set per card, using the piece kinds of `board` (knight 1 ... king 5), so
the cards' order of value is the kinds' order.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from motley.chesslike.turnless import BISHOP, KING, KNIGHT, QUEEN, ROOK
from motley.core.errors import NotationError

CARDS = (KNIGHT, BISHOP, ROOK, QUEEN, KING)  # from least to most valuable: the seed's order
LETTERS = {KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K"}
NAMES = {KNIGHT: "knight", BISHOP: "bishop", ROOK: "rook", QUEEN: "queen", KING: "king"}
_BY_LETTER = {letter: kind for kind, letter in LETTERS.items()}
HAND = sum(1 << kind for kind in CARDS)


@dataclass(frozen=True)
class CardPair:
    """Two cards laid down together (a choice, or White's face-up cards at setup)."""

    cards: int

    def __str__(self) -> str:
        return cards_text(self.cards)


def kinds_of(cards: int) -> list[int]:
    """The card kinds in a set, least valuable first."""
    return [kind for kind in CARDS if cards >> kind & 1]


def cards_text(cards: int) -> str:
    """`KR`-style letters in the order of value (`BQ`, `NK`); empty for no card."""
    return "".join(LETTERS[kind] for kind in kinds_of(cards))


def read_cards(text: str) -> int:
    """A set of cards from letters (`KR`, `b q`, `Q+B`) or Appendix A's playing cards (8 a
    knight, 9 a bishop, 10 a rook: `8 10`); raises NotationError."""
    cards = 0
    for char in text.upper().replace("10", "R").replace("8", "N").replace("9", "B"):
        if char in " ,+&/":
            continue
        kind = _BY_LETTER.get(char)
        if kind is None:
            raise NotationError(
                f"{text!r}: cards are written N, B, R, Q, K (or 8, 9, 10, Q, K as playing cards)"
            )
        if cards >> kind & 1:
            raise NotationError(f"{text!r} names the {NAMES[kind]} card twice")
        cards |= 1 << kind
    return cards


def read_pair(text: str) -> CardPair:
    cards = read_cards(text)
    if cards.bit_count() != 2:
        raise NotationError(f"{text!r}: choose exactly two cards, e.g. 'BQ'")
    return CardPair(cards)


def pairs_from(cards: int) -> list[CardPair]:
    """Every pair of cards in `cards`, in the order of value."""
    return [CardPair((1 << a) | (1 << b)) for a, b in itertools.combinations(kinds_of(cards), 2)]


def resolution(white: int, black: int) -> tuple[tuple[int, int], ...]:
    """The moves a reveal gives, in order, as (seat, card kind).

    Matching cards cancel: if the pairs are equal nothing moves; if one card matches, each
    player's other card moves twice. The cards left then move from least to most valuable;
    after cancelling no type is held by both players, so the order is total.
    """
    if white == black:
        return ()
    common = white & black
    moves: list[tuple[int, int]] = []
    for seat, pair in ((0, white), (1, black)):
        left = kinds_of(pair & ~common)
        if len(left) == 1:
            left = left * 2
        moves += [(seat, kind) for kind in left]
    return tuple(sorted(moves, key=lambda move: move[1]))


def after_turn(face_up: tuple[int, int]) -> tuple[int, int]:
    """The seed's bookkeeping: whoever has four cards face up takes them all back."""
    return (0 if face_up[0].bit_count() == 4 else face_up[0]), (
        0 if face_up[1].bit_count() == 4 else face_up[1]
    )
