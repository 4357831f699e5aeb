"""Tar Pit Chess values: the state, the actions and the piles of cards.

Seed 002, The Rules of Chess Kit, section Tar Pit Chess. The board is an orthodox `Position`;
`checkers[c]` holds the squares whose piece stands on a checker of colour `c` (0 the light
checkers, White's; 1 the dark ones, Black's). A piece holds at most one checker, so the two
sets never meet. Checkers not on the board are either in front of their owner (`supply`) or in
the extra pile (what is left of the box, never stored).

Cards: each hand is a `Pile` (a multiset), the draw pile is a `Pile` whose order nobody knows,
and the discard pile is public (every card reaches it face up); `top` is the card last laid
on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Move, Position
from motley.components.chess_cards import CHECKER, PIECE_TYPES, Card, Pile, colour_cards

# the phases: the deal, then per turn the move, the throw, the card (with the opponent's
# answers to an opponent-coloured checker card: return a checker, discard), and the draw
DEAL = "deal"
MOVE = "move"
THROW = "throw"
CARD = "card"
RETURN = "return"
DISCARD = "discard"
DRAW = "draw"
PHASES = (DEAL, MOVE, THROW, CARD, RETURN, DISCARD, DRAW)
CHANCE_PHASES = (DEAL, DRAW)
# phases in which the player whose turn it is is not the one to decide
ANSWER_PHASES = (RETURN, DISCARD)

NONE = -1  # no checker


class TarPitState(NamedTuple):
    """A Tar Pit position in the middle of some turn (or of the deal).

    `seat` is the player whose turn it is; in the move phase `board.turn == seat`, and once
    the move is made `board.turn` is already the opponent (so `board.ep` is theirs).
    """

    board: Position  # its own `previous` link is always None
    checkers: tuple[int, int]  # squares on a White / a Black checker
    supply: tuple[int, int]  # checkers in front of each player
    hands: tuple[Pile, Pile]  # secret: each seat sees its own
    draw: Pile  # secret to everyone: only its size is seen
    discard: Pile  # public
    top: Card | None  # the card last laid on the discard pile
    phase: str
    seat: int
    piece: int = -1  # THROW: the square of the piece that moved
    plies: int = 0  # turns completed
    history: tuple[str, ...] = ()  # turn-start positions since the last capture or pawn move


# -- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the moved piece's checker one king step, under the piece on `cell`."""

    cell: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the checker under the moved piece (no throw). Written `keep`."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card`: a piece card adds a checker under the piece on `cell`; a checker card
    (cell -1) changes the supplies. Written `play n e4`, `play C`."""

    card: Card
    cell: int = -1


@dataclass(frozen=True, slots=True)
class NoCard:
    """Play no card this turn. Written `no card`."""


@dataclass(frozen=True, slots=True)
class Return:
    """Give up one checker to the extra pile: from in front of you (cell -1) or from under
    the piece on `cell`. Written `return supply`, `return e4`."""

    cell: int = -1


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard `card` from your hand, face up. Written `discard N`."""

    card: Card


Action = Move | Throw | Keep | Play | NoCard | Return | Discard | Card


# -- the deck -----------------------------------------------------------------------------


def deck(checker_cards: int) -> Pile:
    """One card for each piece of both armies, plus `checker_cards` checker cards a colour."""
    cards = [*colour_cards(0, PIECE_TYPES), *colour_cards(1, PIECE_TYPES)]
    cards += [Card(c, CHECKER) for c in (0, 1) for _ in range(checker_cards)]
    return Pile.of(cards)


def minus(pile: Pile, other: Pile) -> Pile:
    """The multiset `pile` less `other` (which it must contain)."""
    left = dict(pile.counts)
    for card, n in other.counts:
        have = left.get(card, 0)
        if have < n:
            raise ValueError(f"no {card.name} card to take")
        left[card] = have - n
    return Pile(tuple((c, left[c]) for c, _ in pile.counts if left[c]))


def merge(*piles: Pile) -> Pile:
    tally: dict[Card, int] = {}
    for pile in piles:
        for card, n in pile.counts:
            tally[card] = tally.get(card, 0) + n
    return Pile(tuple(sorted(tally.items(), key=lambda item: item[0].rank)))


def checker_at(checkers: tuple[int, int], cell: int) -> int:
    """The colour of the checker under the piece on `cell`, or NONE."""
    if checkers[0] >> cell & 1:
        return 0
    if checkers[1] >> cell & 1:
        return 1
    return NONE
