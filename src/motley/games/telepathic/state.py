"""Telepathic Chess values: the state, the actions and what one seat may see.

Seed 002, The Rules of Chess Kit, section Telepathic Chess. Each team owns seven chess cards
(pawn, knight, bishop, rook, queen, king, checker). Cards are kept as type letters (`P`,
`N`, ..., `C` for the checker); a team's cards are all of its own colour, so the colour is
the team's (see `card_of`). The only secret in the game is the card the predictor has just
played face down, until the move reveals it; everything else is on the table or follows
from it (a team's hand is its seven cards less those on the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Move, Position
from motley.components.chess_cards import CHECKER, NAMES, TYPES, Card

SEAT_NAMES = ("White A", "Black A", "White B", "Black B")
TEAM_NAMES = ("White", "Black")
TEAMS = ((0, 2), (1, 3))  # seats by team: a seat's team is its colour, `seat % 2`

# the phases of a team turn: the predictor plays a card face down, the mover moves, and, when
# the trophy went beyond an end, a player of the losing team removes a piece. END: a king was
# captured (the game is over; the face-down card lies revealed).
PREDICT = "predict"
MOVE = "move"
REMOVE = "remove"
END = "end"
PHASES = (PREDICT, MOVE, REMOVE, END)

UNSEEN = "?"  # the face-down card in a view of a seat that may not see it
EIGHT = 8  # a team that has lost this many pieces stops leaving a card face up

# the trophy: -1 beside White's side of the board, 0 in the middle, 1 beside Black's side
TROPHY_NAMES = {-1: "beside White", 0: "in the middle", 1: "beside Black"}


def team_of(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return seat ^ 2


def card_of(team: int, letter: str) -> Card:
    """The chess card (of the team's colour) for a type letter."""
    return Card(team, letter)


def card_name(letter: str) -> str:
    return NAMES[letter]


@dataclass(frozen=True, slots=True)
class TeleState:
    """A Telepathic Chess position in the middle of some team turn.

    `team` is the team on turn (0 White, 1 Black): `board.turn` while it predicts and moves,
    the other colour once its move is made (REMOVE, END). `movers[c]`
    is the seat that makes team c's next move; its partner predicts. `face_up[c]` is the
    type of team c's face-up card ("" when none lies on the table), never a checker.
    `face_down` is the on-turn team's face-down card ("" before it is played, `UNSEEN` in a
    view that may not see it). `loser` is the team that must remove a piece (REMOVE only,
    else -1). `history` holds the repetition keys of the turn starts since the last capture,
    pawn move or removal, the current turn's last.
    """

    board: Position
    phase: str
    movers: tuple[int, int]
    face_up: tuple[str, str]
    face_down: str
    trophy: int
    lost: tuple[int, int]
    loser: int
    turns: int  # team turns completed
    history: tuple[str, ...]
    last: str  # what the last reveal showed, in words (public)

    @property
    def team(self) -> int:
        turn = self.board.turn
        return turn if self.phase in (PREDICT, MOVE) else turn ^ 1

    @property
    def mover(self) -> int:
        return self.movers[self.team]

    @property
    def predictor(self) -> int:
        return partner(self.movers[self.team])

    def hand(self) -> tuple[str, ...]:
        """The on-turn team's cards not on the table, in the order of TYPES."""
        table = {self.face_up[self.team], self.face_down}
        return tuple(t for t in TYPES if t not in table)


class TeleView(NamedTuple):
    """What one seat sees: the state, with the face-down card `UNSEEN` unless the seat may
    see it (the predictor who played it, or anyone once it is revealed)."""

    seat: int
    state: TeleState


# -- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Predict:
    """The predictor plays the card of type `card` face down. Written `predict N`."""

    card: str

    def __post_init__(self) -> None:
        if self.card not in TYPES:
            raise ValueError(f"no card type {self.card!r}")


@dataclass(frozen=True, slots=True)
class Remove:
    """The losing team takes its piece on `cell` off the board. Written `remove b7`."""

    cell: int


Action = Predict | Move | Remove

__all__ = [
    "CHECKER",
    "END",
    "MOVE",
    "PHASES",
    "PREDICT",
    "REMOVE",
    "SEAT_NAMES",
    "TEAMS",
    "TEAM_NAMES",
    "UNSEEN",
    "Action",
    "Predict",
    "Remove",
    "TeleState",
    "TeleView",
]
