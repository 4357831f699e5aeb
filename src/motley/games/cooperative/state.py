"""Cooperative Chess values: the state, the actions, and the face-up line of cards.

Seed 002, The Rules of Chess Kit, section Cooperative Chess. A state holds the board, every
card's place (hands, the face-up line, the unseen draw pile, the discard pile and the cards
put out of the game by recycling) and where the turn stands. The draw pile is a multiset
(`Pile`): nobody knows its order, so every draw is a chance node. The cards put out of the
game are known to nobody either; each is kept beside the group it was taken from (public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Move, Position
from motley.components.chess_cards import BLACK, PAWN, PIECE_TYPES, WHITE, Card, Pile

# the phases of the game; a turn is PLAY, ACT (with PLACE after a promotion), DRAW
DEAL = "deal"  # chance: the opening deal, two cards to each hand (seat 0 first)
PLAY = "play"  # the mover plays a card from hand to the line (solitaire: chance, a draw)
ACT = "act"  # one optional non-capturing move, then any number of captures, then `end`
PLACE = "place"  # after a promotion: discard a pawn card, place the new piece's card
DRAW = "draw"  # chance: the mover draws back up to two cards
RECYCLE = "recycle"  # chance: which card of a recycled group leaves the game (nobody sees)
OVER = "over"  # the cards ran out (a captured king ends the game in any phase)
PHASES = (DEAL, PLAY, ACT, PLACE, DRAW, RECYCLE, OVER)

HAND_SIZE = 2
RUN = 4  # this many cards of one colour in a row are recycled
KINDS = "PNBRQK"  # the chess tables' piece kinds, in order, as card types
SEAT_NAMES = ("White", "Black")

Line = tuple[Card, ...]


class CoopState(NamedTuple):
    """Cooperative Chess in the middle of some turn.

    `board.turn` is the colour whose turn it is for the whole turn, and `board.ep` the
    en-passant target open to it (a double step of the previous turn).
    """

    board: Position
    phase: str
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted; () for the solitaire player
    line: Line  # face up, from the end beside the draw pile to the far end
    pile: Pile  # the unseen draw pile
    discard: Pile  # face up: captured pieces' cards and promoted pawns' cards
    removed: tuple[Card, ...]  # out of the game, one per recycled group (seen by nobody)
    recycled: tuple[Pile, ...]  # each group recycled so far (public), in order
    pending: Pile  # the group being recycled (RECYCLE), else empty
    resume: str  # the phase to go back to after RECYCLE
    quiet_left: bool  # ACT: the non-capturing move may still be made
    promoted: int  # PLACE: the cell of the piece a pawn just became, else -1
    double_step: int  # the e.p. target a double step made this turn (for the next), or -1
    turns: int  # turns begun so far


def new_state(board: Position, pile: Pile, seats: int) -> CoopState:
    return CoopState(
        board=board,
        phase=DEAL if seats else PLAY,
        hands=((),) * seats,
        line=(),
        pile=pile,
        discard=Pile(),
        removed=(),
        recycled=(),
        pending=Pile(),
        resume="",
        quiet_left=True,
        promoted=-1,
        double_step=-1,
        turns=0 if seats else 1,
    )


# -- actions ------------------------------------------------------------------------------
# Chance outcomes are `Card`s (a draw, or the card a recycling puts out of the game);
# non-capturing moves are chess `Move`s.


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card from hand to the far end of the line. Written `play N`."""

    card: Card


@dataclass(frozen=True, slots=True)
class Capture:
    """A capturing move; `victim` is the line index of the captured piece's card, which
    must lie next to a card like the capturing piece. Written `d5e6 @3` (1-based)."""

    move: Move
    victim: int


@dataclass(frozen=True, slots=True)
class Place:
    """After a promotion: discard the pawn card at line index `out`, then put the new
    piece's card so that it ends at index `into`. Written `out P3 in Q1` (1-based)."""

    out: int
    into: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """No more moves this turn: draw back up to two cards. Written `end`."""


Action = Card | PlayCard | Move | Capture | Place | EndTurn


# -- cards and the line ---------------------------------------------------------------------


def card_of(kind: int, colour: int) -> Card:
    """The card like a piece of chess-table kind `kind` and colour `colour`."""
    return Card(colour, KINDS[kind])


def pawn_card(colour: int) -> Card:
    return Card(colour, PAWN)


def line_text(line: Line) -> str:
    return "".join(card.letter for card in line) or "-"


def read_line(text: str) -> Line:
    """A line from letters, in order (`PbPn`; `-` for none); raises NotationError."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(ch) for ch in text)


def hand_of(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.rank))


def first_run(line: Line) -> tuple[int, int] | None:
    """(start, end) of the first run of RUN or more cards of one colour, from the draw-pile
    end, or None."""
    start = 0
    for index in range(1, len(line) + 1):
        if index == len(line) or line[index].colour != line[start].colour:
            if index - start >= RUN:
                return start, index
            start = index
    return None


def without(line: Line, index: int) -> Line:
    return line[:index] + line[index + 1 :]


def inserted(line: Line, index: int, card: Card) -> Line:
    return (*line[:index], card, *line[index:])


def next_to(line: Line, index: int, card: Card) -> bool:
    """Whether `card` lies directly beside position `index` of the line."""
    return (index > 0 and line[index - 1] == card) or (
        index + 1 < len(line) and line[index + 1] == card
    )


COLOURS = (WHITE, BLACK)
DECK_TYPES = PIECE_TYPES  # one card per piece: 16 a colour, no checker cards
