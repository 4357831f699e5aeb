"""Crowded House states and actions as immutable values, and states as JSON.

A state is the board (a chess-like `Position`, whose `turn` is the colour to move) and the
seat to move. Seats take turns in a fixed cycle: 0 White king side, 1 Black king side,
2 White queen side, 3 Black queen side. So a seat's colour is `seat % 2` and its half is
`seat // 2` (0 for the king side, 1 for the queen side).

As JSON a state is `{"fen", "seat", "history"}`: the board as FEN (the en-passant field as
the rules keep it), the seat to move, and the boards since the last capture or pawn move,
oldest first, for repetition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motley.chesslike.boards import fen_text, read_board
from motley.chesslike.chain import history_texts, read_history
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import StateError

SEATS = 4
SEAT_NAMES = ("White king side", "Black king side", "White queen side", "Black queen side")
COLOUR_NAMES = ("White", "Black")
HALF_NAMES = ("king side", "queen side")


@dataclass(frozen=True, slots=True)
class Pass:
    """Moving nothing, for a player with no move on their half (written `pass`)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
Action = Move | Pass


@dataclass(frozen=True)
class HouseState:
    """The board and the seat to move; `board.turn` is always the seat's colour.

    `board.previous` links back to the last capture or pawn move (passes included), one
    position per ply, so the seat of the position `k` plies back is `(seat - k) % 4`.
    """

    board: Position
    seat: int


def colour_of(seat: int) -> int:
    return seat % 2


def half_of(seat: int) -> int:
    return seat // 2


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


# -- JSON ----------------------------------------------------------------------------------


def state_json(t: ChessTables, state: HouseState) -> dict[str, Any]:
    board = state.board
    history = list(history_texts(board, lambda prior: fen_text(t, prior)))
    return {"fen": fen_text(t, board), "seat": state.seat, "history": history}


def read_state(t: ChessTables, data: Mapping[str, Any]) -> HouseState:
    """A state from `state_json`'s fields; StateError names what is wrong."""
    if not isinstance(data, Mapping):
        raise StateError("crowded_house state must be a JSON object")
    fen, seat, history = data.get("fen"), data.get("seat"), data.get("history", [])
    if not isinstance(fen, str) or not isinstance(history, list):
        raise StateError("crowded_house state needs a 'fen' text and a 'history' list")
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise StateError("crowded_house state needs a 'seat' from 0 to 3")
    if not all(isinstance(text, str) for text in history):
        raise StateError("crowded_house state history entries must be FEN texts")

    def read(text: str) -> Position:
        board, kings = read_board(t, text)
        # a king may be captured (option exposed_king=capture), never both
        if max(kings) > 1 or kings == [0, 0]:
            raise StateError(f"bad position in state: each side has one king, not {kings}")
        return board

    board = read_history(read(fen), history, read)
    if board.turn != colour_of(seat):
        raise StateError(f"{SEAT_NAMES[seat]} plays {COLOUR_NAMES[colour_of(seat)]}")
    return HouseState(board, seat)
