"""Masquerade Chess's evaluation for the computer players, from one seat's side.

The Chess Kit's terms (material, piece placement, the king's shelter; `chesslike.evaluate`).
A king can be captured here, not mated, so the shelter matters as in chess. Squashed into
[-1, 1].
"""

from __future__ import annotations

from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.tables import ChessTables
from motley.games.masquerade.state import MasqueradeState


def evaluate(t: ChessTables, state: MasqueradeState, seat: int) -> float:
    board = state.board
    return squash(board_balance(t, board.pieces, board.colours, seat))
