"""Synchronous Chess states, and their JSON form.

A state is the board plus what the current turn still owes: the open exchanges of blows
(each a square, the side that may strike there next, and which pieces may make that blow),
the pieces that have already struck in this exchange, whether the turn has captured or moved
a pawn so far, and the boards seen at the start of each turn since the last capture or pawn
move (for the repetition and no-progress draws). Nobody's choice is ever stored: choices made
at the same time are resolved together by `apply_joint`, so a state never holds a secret.

The JSON writes each field under its name (`CODEC`); a square by its name, an exchange as an
object, `allowed` as "any" or the squares of the pieces that may strike.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from motley.chesslike.position import Position
from motley.chesslike.turnless import (
    BOARD,
    BOARD_KEY,
    GEOMETRY,
    TABLES,
    BoardKey,
    board_key,
    cell_names,
    cells_form,
    cells_from_names,
    has_king,
)
from motley.core.codec import Form, StateCodec, tuple_of
from motley.core.errors import StateError

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


def _write_exchange(e: Exchange) -> dict[str, Any]:
    return {
        "square": GEOMETRY.name(e.square),
        "striker": e.striker,
        "allowed": "any" if e.allowed == ANY_PIECE else cell_names(e.allowed),
    }


def _read_exchange(data: Any) -> Exchange:
    if not isinstance(data, dict):
        raise StateError("each exchange of blows is a JSON object")
    try:
        square, striker, allowed = data["square"], data["striker"], data["allowed"]
    except KeyError as missing:
        raise StateError(f"an exchange of blows needs {missing}") from None
    if not isinstance(square, str):
        raise StateError("an exchange's square is a square name")
    if striker not in (0, 1) or type(striker) is not int:
        raise StateError("an exchange's striker is seat 0 or 1")
    bits = ANY_PIECE if allowed == "any" else cells_from_names(allowed, "allowed")
    return Exchange(GEOMETRY.parse(square), striker, bits)


EXCHANGE: Form[Exchange] = Form("an exchange of blows", _write_exchange, _read_exchange)


def check(state: SyncState) -> None:
    """Refuse a state no game could reach (StateError)."""
    board, exchanges, struck, seen = state.board, state.exchanges, state.struck, state.seen
    if state.turn < 1:
        raise StateError("'turn' must be a whole number from 1")
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
    if not exchanges and kings and (state.progress or seen[-1] != board_key(board)):
        raise StateError("between turns, 'seen' must end with the board and 'progress' be false")


CODEC = StateCodec(
    "synchronous",
    SyncState,
    {
        "board": BOARD,
        "exchanges": tuple_of(EXCHANGE),
        "struck": cells_form("struck"),
        "seen": tuple_of(BOARD_KEY),
    },
    check=check,
    omit_defaults=False,  # every field is written, as states have always been
)
