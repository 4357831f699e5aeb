"""Synchronous Chess states, and their JSON form.

A state is the board plus what the current turn still owes: the open exchanges of blows
(each a square, the side that may strike there next, and which pieces may make that blow),
the pieces that have already struck in this exchange, whether the turn has captured or moved
a pawn so far, and the boards seen at the start of each turn since the last capture or pawn
move (for the repetition and no-progress draws). Nobody's choice is ever stored: choices made
at the same time are resolved together by `apply_joint`, so a state never holds a secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.core.errors import NotationError, StateError
from motley.games.synchronous.board import (
    GEOMETRY,
    TABLES,
    BoardKey,
    board_key,
    cell_names,
    cells_from_names,
    has_king,
    key_text,
    read_board,
    write_board,
)

ANY_PIECE = TABLES.all_cells  # `allowed` when every piece that can legally strike may


class Exchange(NamedTuple):
    """An exchange of blows on `square`: `striker` may capture there next."""

    square: int
    striker: int
    allowed: int  # cells of the pieces that may make this blow


class SyncState(NamedTuple):
    board: Position
    turn: int = 1  # the number of the turn (a turn is both sides' moves plus any blows)
    exchanges: tuple[Exchange, ...] = ()  # in the order they are resolved
    struck: int = 0  # cells of pieces that have struck in this exchange of blows
    progress: bool = False  # this turn has captured a piece or moved a pawn
    seen: tuple[BoardKey, ...] = ()  # boards at each turn's start since the last progress


def state_to_json(state: SyncState) -> dict[str, Any]:
    return {
        "board": write_board(state.board),
        "turn": state.turn,
        "exchanges": [
            {
                "square": GEOMETRY.name(e.square),
                "striker": e.striker,
                "allowed": "any" if e.allowed == ANY_PIECE else cell_names(e.allowed),
            }
            for e in state.exchanges
        ],
        "struck": cell_names(state.struck),
        "progress": state.progress,
        "seen": [key_text(key) for key in state.seen],
    }


def state_from_json(data: Mapping[str, Any]) -> SyncState:
    """Read `state_to_json` output, refusing anything no game could reach (StateError)."""
    if not isinstance(data, Mapping):
        raise StateError("a synchronous state is a JSON object")
    try:
        board = read_board(_text(data, "board"))
        turn = data["turn"]
        progress = data["progress"]
        exchanges = tuple(_exchange(e) for e in _list(data, "exchanges"))
        struck = cells_from_names(data["struck"], "struck")
        texts = _list(data, "seen")
        if not all(isinstance(text, str) for text in texts):
            raise StateError("'seen' lists boards as text")
        seen = tuple(board_key(read_board(text)) for text in texts)
    except KeyError as missing:
        raise StateError(f"a synchronous state needs the field {missing}") from None
    except NotationError as error:
        raise StateError(f"bad synchronous state: {error}") from None
    if type(turn) is not int or turn < 1:
        raise StateError("'turn' must be a whole number from 1")
    if not isinstance(progress, bool):
        raise StateError("'progress' must be true or false")
    if not seen:
        raise StateError("'seen' must list at least the board at the start of this turn")
    kings = has_king(board, 0) and has_king(board, 1)
    if exchanges and not kings:
        raise StateError("no exchange of blows goes on once a king is captured")
    if len(exchanges) > 2 or len({e.square for e in exchanges}) != len(exchanges):
        raise StateError("there are at most two exchanges of blows, on different squares")
    for e in exchanges:
        if not (1 << e.square) & board.colours[e.striker ^ 1]:
            raise StateError(f"the exchange on {GEOMETRY.name(e.square)} has nothing to strike")
    if struck & ~board.occupied or (struck and not exchanges):
        raise StateError("'struck' names squares outside an exchange of blows")
    if not exchanges and kings and (progress or seen[-1] != board_key(board)):
        raise StateError("between turns, 'seen' must end with the board and 'progress' be false")
    return SyncState(board, turn, exchanges, struck, progress, seen)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise StateError(f"'{key}' must be text")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise StateError(f"'{key}' must be a list")
    return value


def _exchange(data: Any) -> Exchange:
    if not isinstance(data, Mapping):
        raise StateError("each exchange of blows is a JSON object")
    square = GEOMETRY.parse(_text(data, "square"))
    striker = data["striker"]
    if striker not in (0, 1) or type(striker) is not int:
        raise StateError("an exchange's striker is seat 0 or 1")
    allowed = data["allowed"]
    bits = ANY_PIECE if allowed == "any" else cells_from_names(allowed, "allowed")
    return Exchange(square, striker, bits)
