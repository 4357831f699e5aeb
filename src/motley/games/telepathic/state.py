"""Telepathic Chess values: the state, the actions, what one seat may see, and their JSON.

Seed 002, The Rules of Chess Kit, section Telepathic Chess. Each team owns seven chess cards
(pawn, knight, bishop, rook, queen, king, checker). Cards are kept as type letters (`P`,
`N`, ..., `C` for the checker); a team's cards are all of its own colour, so the colour is
the team's (see `card_of`). The only secret in the game is the card the predictor has just
played face down, until the move reveals it; everything else is on the table or follows
from it (a team's hand is its seven cards less those on the table).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from motley.chesslike.boards import fen_text, read_board
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER, NAMES, TYPES, Card
from motley.core.codec import INT, STR, Joint, StateCodec, one_of, pair_of, text_form
from motley.core.errors import StateError

if TYPE_CHECKING:
    from motley.games.telepathic.turn import TurnRules

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
    "Codec",
    "Predict",
    "Remove",
    "TeleState",
    "TeleView",
]


# -- JSON ------------------------------------------------------------------------------------

FACE_UP_TYPES = tuple(t for t in TYPES if t != CHECKER)


class Codec(StateCodec[TeleState]):
    """A state's JSON for one choice of the options: the board as FEN, then the table. Keys
    left out take the start's values (the pawn cards face up, the trophy in the middle), so
    that a position is set up with its FEN alone; a left-out history is the current key."""

    def __init__(self, t: ChessTables, turns: TurnRules) -> None:
        self.t = t
        self.turns = turns
        board = text_form("a FEN", self._write_board, self._read_board)
        super().__init__(
            "telepathic",
            TeleState,
            {
                "phase": one_of(PHASES),
                "movers": pair_of(INT),
                "face_up": pair_of(STR),
                "lost": pair_of(INT),
            },
            joints={"fen": Joint(("board",), board)},  # the board, saved under `fen`
            defaults={
                **{"phase": PREDICT, "movers": (0, 1), "face_up": ("P", "P"), "face_down": ""},
                **{"trophy": 0, "lost": (0, 0), "loser": -1, "turns": 0, "history": ()},
                "last": "",
            },
            complete=self._history,
            check=self._check,
            omit_defaults=False,
        )

    def fen(self, board: Position) -> str:
        return fen_text(self.t, board)

    def _write_board(self, fields: tuple[Any, ...]) -> str:
        return self.fen(fields[0])

    def _read_board(self, text: str) -> tuple[Any, ...]:
        return (read_board(self.t, text)[0],)

    def _history(self, state: TeleState, left_out: frozenset[str]) -> TeleState:
        """A state set up without its history starts one at its turn's position."""
        if "history" not in left_out or state.phase not in (PREDICT, MOVE):
            return state
        return replace(state, history=(self.turns.key(state),))

    def _check(self, s: TeleState) -> None:
        """What no turn of the game can produce."""
        if s.movers[0] not in TEAMS[0] or s.movers[1] not in TEAMS[1]:
            raise StateError("telepathic: 'movers' are a White seat (0 or 2) and a Black (1 or 3)")
        if any(u and u not in FACE_UP_TYPES for u in s.face_up):
            raise StateError("telepathic: 'face_up' cards are P N B R Q K, or '' for none")
        if not all(0 <= n <= 16 for n in s.lost):
            raise StateError("telepathic: 'lost' counts run from 0 to 16")
        if s.trophy not in (-1, 0, 1) or s.turns < 0:
            raise StateError("telepathic: the 'trophy' is -1, 0 or 1, the 'turns' a count")
        self._board(s)
        self._cards(s)
        # a loser stays named at the end when it gave up its king (`king_removable`)
        named = s.phase == REMOVE or (s.phase == END and self.turns.king_removable)
        if (s.loser != -1 and not named) or (s.phase == REMOVE and s.loser not in (0, 1)):
            raise StateError("telepathic: 'loser' is the team that must remove a piece, else -1")
        if s.phase == REMOVE and not self.turns.removable(s.board, s.loser):
            raise StateError("telepathic: the 'loser' has no piece but its king to remove")
        # the board stands as the turn started until the move: the key must be the last one
        if s.phase in (PREDICT, MOVE) and (
            not s.history or s.history[-1] != self.turns.key(s)
        ):
            raise StateError("telepathic: 'history' must end with the current position's key")

    def _board(self, s: TeleState) -> None:
        t, board = self.t, s.board
        kings = [(board.pieces[t.royal] & board.colours[c]).bit_count() for c in (0, 1)]
        wanted = [1, 1]
        if s.phase == END:
            # the side to move has lost its king, or the team that removed its own
            wanted[s.loser if s.loser in (0, 1) else board.turn] = 0
        if kings != wanted:
            raise StateError(f"telepathic: 'fen': kings {kings}, wanted {wanted}")
        if board.pieces[t.pawn] & (t.back_rank[0] | t.back_rank[1]):
            raise StateError("telepathic: 'fen': a pawn on the first or last rank")

    def _cards(self, s: TeleState) -> None:
        if s.phase == PREDICT:
            if s.face_down:
                raise StateError("telepathic: no card lies 'face_down' before the prediction")
        elif s.face_down not in TYPES or s.face_down == s.face_up[s.team]:
            raise StateError("telepathic: the 'face_down' card is of the hand: not the face-up one")
