"""Telepathic Chess states and views as JSON, read back with validation.

A state is the board as FEN (the en-passant field as the rules keep it: set after every
double step) plus the table: phase, who moves next in each team, the face-up cards, the
face-down card, the trophy, the pieces each team has lost, the team that must remove a piece,
the turn count, the repetition keys and the last reveal in words. A view adds its seat; its
face-down card is `?` when the seat may not see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import CHECKER, TYPES
from motley.core.errors import NotationError, StateError
from motley.games.telepathic.state import END, MOVE, PHASES, PREDICT, REMOVE, TEAMS, TeleState
from motley.games.telepathic.turn import TurnRules

FACE_UP_TYPES = tuple(t for t in TYPES if t != CHECKER)


class Codec:
    """JSON in and out for one choice of the options."""

    def __init__(self, t: ChessTables, turns: TurnRules) -> None:
        self.t = t
        self.turns = turns

    def fen(self, board: Position) -> str:
        fields = write_fen(self.t, board._replace(ep=-1)).split()
        fields[3] = self.t.geometry.name(board.ep) if board.ep >= 0 else "-"
        return " ".join(fields)

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
        try:
            board = parse_fen(t, fen, strict=False)
        except NotationError as error:
            raise StateError(f"bad position in state: {error}") from None
        kings = [(board.pieces[t.royal] & board.colours[c]).bit_count() for c in (0, 1)]
        wanted = [1, 1]
        if phase == END:
            # the side to move has lost its king, or the team that removed its own
            wanted[loser if loser in (0, 1) else board.turn] = 0
        if kings != wanted:
            raise StateError(f"bad position in state: kings {kings}, wanted {wanted}")
        if board.pieces[t.pawn] & (t.back_rank[0] | t.back_rank[1]):
            raise StateError("bad position in state: a pawn on the first or last rank")
        return board._replace(previous=None)

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
