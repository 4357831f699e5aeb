"""Chess cards (seed 002, The Rules of Chess Kit, Appendix A) and unseen piles of them.

A chess card names a colour and what it matches: a piece type (pawn, knight, bishop, rook,
queen, king) or a checker. Made from playing cards, red suits are White's cards and black
suits Black's; 2-5 match pawns, 6 and 7 checkers, 8 knights, 9 bishops, 10 rooks, and the
queen and the king of one suit the queen and the king. So each colour has one card per
piece of a chess army (16) and four checker cards: 40 cards in all.

A card is written as its letter, upper case for White and lower case for Black (`N` a white
knight, `c` a black checker), like the pieces of a FEN.

Nobody knows the order of a shuffled pile, so a `Pile` is a multiset, never a sequence:
drawing from it is a chance node over the kinds of card left, each weighted by how many of
that kind remain (`Pile.draw_outcomes`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from motley.core.errors import NotationError

WHITE, BLACK = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, CHECKER = "P", "N", "B", "R", "Q", "K", "C"
TYPES = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, CHECKER)  # the order cards are listed in
PIECE_TYPES = TYPES[:-1]
NAMES = {
    PAWN: "pawn",
    KNIGHT: "knight",
    BISHOP: "bishop",
    ROOK: "rook",
    QUEEN: "queen",
    KING: "king",
    CHECKER: "checker",
}
# Appendix A: how many cards of each type one colour has (two suits of 2-5, 6-7, 8, 9, 10;
# the queen and king of one suit).
PER_COLOUR = {PAWN: 8, KNIGHT: 2, BISHOP: 2, ROOK: 2, QUEEN: 1, KING: 1, CHECKER: 4}
# Appendix A: laying out pieces from cards, how many empty squares go before each piece type.
LAYOUT_GAP = {KNIGHT: 1, BISHOP: 2, ROOK: 3, QUEEN: 5, KING: 6}


@dataclass(frozen=True)
class Card:
    """One chess card: a colour (WHITE or BLACK) and a type from TYPES."""

    colour: int
    type: str

    def __post_init__(self) -> None:
        if self.colour not in (WHITE, BLACK) or self.type not in TYPES:
            raise NotationError(f"no chess card of colour {self.colour!r} and type {self.type!r}")

    @property
    def rank(self) -> tuple[int, int]:
        """Where the card is listed: White's before Black's, in the order of TYPES."""
        return self.colour, TYPES.index(self.type)

    @property
    def letter(self) -> str:
        """`N` for a white knight card, `n` for a black one."""
        return self.type if self.colour == WHITE else self.type.lower()

    @property
    def name(self) -> str:
        return f"{'white' if self.colour == WHITE else 'black'} {NAMES[self.type]}"

    @property
    def is_checker(self) -> bool:
        return self.type == CHECKER

    def matches(self, piece_letter: str, owner: int) -> bool:
        """Whether this card matches a piece (its letter in any case, and its owner's seat)."""
        return self.type == piece_letter.upper() and self.colour == owner

    def __str__(self) -> str:
        return self.letter

    @staticmethod
    def parse(text: str) -> Card:
        """A card from its letter (`N`, `c`); raises NotationError."""
        found = _BY_LETTER.get(text.strip())
        if found is None:
            raise NotationError(
                f"{text!r} is not a chess card: write its letter, P N B R Q K or C (checker), "
                "upper case for White and lower case for Black"
            )
        return found


_BY_LETTER = {card.letter: card for card in (Card(c, t) for c in (WHITE, BLACK) for t in TYPES)}


@dataclass(frozen=True)
class Pile:
    """A multiset of cards whose order nobody knows: `(card, count)` pairs by rank, counts > 0."""

    counts: tuple[tuple[Card, int], ...] = ()

    @staticmethod
    def of(cards: Iterable[Card]) -> Pile:
        tally: dict[Card, int] = {}
        for card in cards:
            tally[card] = tally.get(card, 0) + 1
        return Pile(tuple(sorted(tally.items(), key=lambda item: item[0].rank)))

    def __len__(self) -> int:
        return sum(n for _, n in self.counts)

    def __iter__(self) -> Iterator[Card]:
        """Every card, repeats included, in sorted order (not a deal order: there is none)."""
        for card, n in self.counts:
            yield from (card,) * n

    def __contains__(self, card: object) -> bool:
        return any(c == card for c, _ in self.counts)

    def count(self, card: Card) -> int:
        for c, n in self.counts:
            if c == card:
                return n
        return 0

    def kinds(self) -> tuple[Card, ...]:
        """The distinct cards in the pile."""
        return tuple(c for c, _ in self.counts)

    def add(self, *cards: Card) -> Pile:
        return Pile.of((*self, *cards))

    def remove(self, card: Card) -> Pile:
        """The pile less one `card`; raises NotationError if there is none."""
        if card not in self:
            raise NotationError(f"there is no {card.name} card ({card}) to take")
        out = []
        for c, n in self.counts:
            left = n - 1 if c == card else n
            if left:
                out.append((c, left))
        return Pile(tuple(out))

    def draw_outcomes(self) -> list[tuple[Card, Fraction]]:
        """Drawing one card: each kind of card with its chance (how many remain of it)."""
        total = len(self)
        if not total:
            raise NotationError("cannot draw from an empty pile")
        return [(c, Fraction(n, total)) for c, n in self.counts]

    def __str__(self) -> str:
        """The cards as letters in sorted order, e.g. `NNbc`; `-` for an empty pile."""
        return "".join(c.letter for c in self) or "-"

    @staticmethod
    def parse(text: str) -> Pile:
        """A pile from letters (`NNbc`, spaces ignored; `-` for none); raises NotationError."""
        text = text.strip()
        if text in ("", "-"):
            return Pile()
        return Pile.of(Card.parse(ch) for ch in text if not ch.isspace())

    def to_json(self) -> str:
        return str(self)


@cache
def colour_cards(colour: int, types: tuple[str, ...] = TYPES) -> Pile:
    """One colour's cards of the given types, as many of each as Appendix A makes."""
    return Pile.of(Card(colour, t) for t in types for _ in range(PER_COLOUR[t]))


@cache
def full_deck(types: tuple[str, ...] = TYPES) -> Pile:
    """Both colours' cards of the given types (all 40 by default)."""
    return colour_cards(WHITE, types).add(*colour_cards(BLACK, types))
