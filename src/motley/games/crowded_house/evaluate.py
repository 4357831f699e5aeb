"""Crowded House's evaluation for the computer players, from one seat's side.

The Chess Kit's terms (material, piece placement, the king's shelter; `chesslike.evaluate`)
for the seat's colour, so both partners of a team value a position alike. Squashed into
[-1, 1].
"""

from __future__ import annotations

from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.tables import ChessTables
from motley.games.crowded_house.state import HouseState


def evaluate(t: ChessTables, state: HouseState, colour: int) -> float:
    board = state.board
    return squash(board_balance(t, board.pieces, board.colours, colour))
