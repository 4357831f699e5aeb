"""Chess Golf states and their JSON form.

A state is one hole: the board, the phase (laying out the pieces from the shuffled deck,
dealing the chosen cards, or playing), the cards nobody has seen yet (a multiset: a shuffled
deck has no known order), the square after the last piece laid out, the chosen cards, the
cards of the pieces taken so far, the square of the piece that made the last capture, and the
number of moves made.

A round (`RoundState`) keeps the board the hole starts from, the deck and the discard pile,
the hole being demonstrated, the bids once revealed, who has failed, and the scorecard: each
hole's start, cards, bids, scores and the moves shown, so its par can be told afterwards.
"""

from __future__ import annotations

from typing import NamedTuple

from motley.chesslike.position import Position
from motley.components.chess_cards import Card, Pile
from motley.core.codec import Form, StateCodec, one_of, optional, text_form, tuple_of
from motley.games.chess_golf.board import (
    GEOMETRY,
    Board,
    as_position,
    card_of,
    read_placement,
    write_placement,
)

LAYOUT, DEAL, PLAY = "layout", "deal", "play"
PHASES = (LAYOUT, DEAL, PLAY)


class GolfState(NamedTuple):
    board: Position  # the pieces (no side to move, castling or en passant in this game)
    phase: str
    pile: Pile = Pile()  # the cards still to be drawn in this phase
    cursor: int = 0  # layout: the square the next gap is counted from
    chosen: tuple[Card, ...] = ()  # the hole's chosen cards, in the order dealt
    taken: tuple[Card, ...] = ()  # cards of the pieces captured, in order
    capturer: int = -1  # square of the piece that made the last capture
    moves: int = 0

    @property
    def cells(self) -> Board:
        return self.board.pieces, self.board.colours


def cards_text(cards: tuple[Card, ...]) -> str:
    return "".join(card.letter for card in cards) or "-"


def read_cards(text: str) -> tuple[Card, ...]:
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(ch) for ch in text if not ch.isspace())


def square_name(cell: int) -> str:
    return GEOMETRY.name(cell) if cell >= 0 else "-"


def read_square(text: str) -> int:
    return -1 if text == "-" else GEOMETRY.parse(text)


# the JSON forms a hole and a round share
PLACEMENT = text_form(
    "a FEN placement",
    lambda board: write_placement((board.pieces, board.colours)),
    lambda text: as_position(read_placement(text)),
)
PILE = text_form("cards as letters", str, Pile.parse)
CARDS = text_form("cards as letters", cards_text, read_cards)
SQUARE = text_form("a square name or '-'", square_name, read_square)
CODEC = StateCodec(
    "chess_golf",
    GolfState,
    {
        "board": PLACEMENT,
        "phase": one_of(PHASES),
        "pile": PILE,
        "chosen": CARDS,
        "taken": CARDS,
        "capturer": SQUARE,
    },
    omit_defaults=False,
)
"""A hole as JSON: shape and notation (the rules check the rest)."""


def capturer_card(state: GolfState) -> Card | None:
    return card_of(state.cells, state.capturer) if state.capturer >= 0 else None


# the phases of a round, after the hole's layout and deal
BID, DEMO, PUT, OVER = "bid", "demo", "put", "over"
ROUND_PHASES = (LAYOUT, DEAL, BID, DEMO, PUT, OVER)


class Hole(NamedTuple):
    """One hole on the scorecard."""

    start: str  # the FEN placement the hole started from
    chosen: tuple[Card, ...]
    bids: tuple[int, ...]
    scores: tuple[int, ...]
    shown: tuple[str, ...] = ()  # the demonstrated moves (empty: nobody showed a path)
    by: int = -1  # the golfer who demonstrated it


class RoundState(NamedTuple):
    phase: str
    board: Position  # the board the hole starts from (the layout while laying out)
    pile: Pile  # the cards still to lay out, then the deck to deal from
    dealer: int
    cursor: int = 0  # layout: the square the next gap is counted from
    discard: Pile = Pile()  # chosen cards of the holes played
    chosen: tuple[Card, ...] = ()
    bids: tuple[int, ...] = ()  # revealed together; 0 is "impossible"
    failed: tuple[int, ...] = ()  # golfers who failed to demonstrate this hole, in order
    actor: int = -1  # the golfer demonstrating, or putting pieces back
    play: GolfState | None = None  # the demonstration: the board as moved so far
    hints: tuple[int, ...] = ()  # hints taken this hole, per golfer
    hint: str = ""  # the last hint given, as a move ("e5g6")
    shown: tuple[str, ...] = ()  # the moves demonstrated so far
    card: tuple[Hole, ...] = ()  # the holes played

    @property
    def cells(self) -> Board:
        return self.board.pieces, self.board.colours


def read_start(text: str) -> str:
    read_placement(text)  # refused here if it is no placement
    return text


HOLE_CODEC = StateCodec(
    "chess_golf",
    Hole,
    {"start": text_form("a FEN placement", str, read_start), "chosen": CARDS},
    omit_defaults=False,
)
ROUND_CODEC = StateCodec(
    "chess_golf",
    RoundState,
    {
        "phase": one_of(ROUND_PHASES),
        "board": PLACEMENT,
        "pile": PILE,
        "discard": PILE,
        "chosen": CARDS,
        "play": optional(Form("a hole's state", CODEC.write, CODEC.read)),
        "card": tuple_of(Form("a hole on the card", HOLE_CODEC.write, HOLE_CODEC.read)),
    },
    omit_defaults=False,
)
"""A round as JSON: shape and notation (the rules check the rest)."""


def square(cell: int) -> str:
    return GEOMETRY.name(cell)
