"""Telepathic Chess values: the state, the actions, what one seat may see, and their JSON.

Seed 002, The Rules of Chess Kit, section Telepathic Chess. Each team owns seven chess cards
(pawn, knight, bishop, rook, queen, king, checker). Cards are kept as type letters (`P`,
`N`, ..., `C` for the checker); a team's cards are all of its own colour, so the colour is
the team's (see `card_of`). The only secret in the game is the card the predictor has just
played face down, until the move reveals it; everything else is on the table or follows
from it (a team's hand is its seven cards less those on the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from motley.chesslike.boards import fen_text, read_board
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER, NAMES, TYPES, Card
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


class Codec:
    """JSON in and out for one choice of the options."""

    def __init__(self, t: ChessTables, turns: TurnRules) -> None:
        self.t = t
        self.turns = turns

    def fen(self, board: Position) -> str:
        return fen_text(self.t, board)

    def state_json(self, state: TeleState) -> dict[str, Any]:
        return {
            "fen": self.fen(state.board),
            "phase": state.phase,
            "movers": list(state.movers),
            "face_up": list(state.face_up),
            "face_down": state.face_down,
            "trophy": state.trophy,
            "lost": list(state.lost),
            "loser": state.loser,
            "turns": state.turns,
            "history": list(state.history),
            "last": state.last,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> TeleState:
        if not isinstance(data, Mapping):
            raise StateError("telepathic state must be a JSON object")
        phase = data.get("phase", PREDICT)
        if phase not in PHASES:
            raise StateError(f"telepathic state phase must be one of {', '.join(PHASES)}")
        board = self._board(data.get("fen"), phase, data.get("loser", -1))
        movers = _pair(data.get("movers", [0, 1]), "movers")
        if movers[0] not in TEAMS[0] or movers[1] not in TEAMS[1]:
            raise StateError("telepathic movers are a White seat (0 or 2) and a Black (1 or 3)")
        face_up = _pair(data.get("face_up", ["P", "P"]), "face_up", str)
        if any(u and u not in FACE_UP_TYPES for u in face_up):
            raise StateError("a face-up card is one of P N B R Q K, or '' for none")
        lost = _pair(data.get("lost", [0, 0]), "lost")
        if not all(0 <= n <= 16 for n in lost):
            raise StateError("telepathic lost counts run from 0 to 16")
        trophy, loser, turns = (
            _int(data, "trophy", 0),
            _int(data, "loser", -1),
            _int(data, "turns", 0),
        )
        last = data.get("last", "")
        if trophy not in (-1, 0, 1) or turns < 0 or not isinstance(last, str):
            raise StateError("telepathic trophy is -1, 0 or 1, turns a count, last a text")
        state = TeleState(
            board=board,
            phase=phase,
            movers=movers,
            face_up=face_up,
            face_down="",
            trophy=trophy,
            lost=lost,
            loser=loser,
            turns=turns,
            history=(),
            last=last,
        )
        state = self._cards(state, data.get("face_down", ""))
        # a loser stays named at the end when it gave up its king (`king_removable`)
        named = phase == REMOVE or (phase == END and self.turns.king_removable)
        if (loser != -1 and not named) or (phase == REMOVE and loser not in (0, 1)):
            raise StateError("telepathic loser is the team that must remove a piece, else -1")
        if phase == REMOVE and not self.turns.removable(board, loser):
            raise StateError("the losing team has no piece but its king to remove")
        return self._history(state, data.get("history"))

    def _board(self, fen: Any, phase: str, loser: Any = -1) -> Position:
        if not isinstance(fen, str):
            raise StateError("telepathic state needs a 'fen' text")
        t = self.t
        board, kings = read_board(t, fen)
        wanted = [1, 1]
        if phase == END:
            # the side to move has lost its king, or the team that removed its own
            wanted[loser if loser in (0, 1) else board.turn] = 0
        if kings != wanted:
            raise StateError(f"bad position in state: kings {kings}, wanted {wanted}")
        if board.pieces[t.pawn] & (t.back_rank[0] | t.back_rank[1]):
            raise StateError("bad position in state: a pawn on the first or last rank")
        return board

    def _cards(self, state: TeleState, face_down: Any) -> TeleState:
        if not isinstance(face_down, str):
            raise StateError("telepathic face_down is a card letter or ''")
        if state.phase == PREDICT:
            if face_down:
                raise StateError("no card lies face down before the prediction")
            return state
        if face_down not in TYPES or face_down == state.face_up[state.team]:
            raise StateError("the face-down card is a card of the hand: not the face-up one")
        return replace(state, face_down=face_down)

    def _history(self, state: TeleState, history: Any) -> TeleState:
        if history is None:
            fresh = state.phase in (PREDICT, MOVE)
            keys: tuple[str, ...] = (self.turns.key(state),) if fresh else ()
        elif isinstance(history, list) and all(isinstance(k, str) for k in history):
            keys = tuple(history)
        else:
            raise StateError("telepathic history is a list of position keys")
        # the board stands as the turn started until the move: the key must be the last one
        if state.phase in (PREDICT, MOVE) and (not keys or keys[-1] != self.turns.key(state)):
            raise StateError("telepathic history must end with the current position's key")
        return replace(state, history=keys)


def _pair(value: Any, name: str, kind: type = int) -> Any:
    if not isinstance(value, list) or len(value) != 2 or any(type(v) is not kind for v in value):
        raise StateError(f"telepathic {name} is a list of two {kind.__name__} values")
    return (value[0], value[1])


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if type(value) is not int:
        raise StateError(f"telepathic {key} must be a whole number")
    return value
