"""Crowded House states and actions as immutable values.

A state is the board (a chess-like `Position`, whose `turn` is the colour to move) and the
seat to move. Seats take turns in a fixed cycle: 0 White king side, 1 Black king side,
2 White queen side, 3 Black queen side. So a seat's colour is `seat % 2` and its half is
`seat // 2` (0 for the king side, 1 for the queen side).
"""

from __future__ import annotations

from dataclasses import dataclass

from motley.chesslike.position import Move, Position

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
