"""Adrenaline Chess's evaluation for the computer players, from one seat's side.

The Chess Kit's terms (material, piece placement, the king's shelter; `chesslike.evaluate`),
and Adrenaline's own: every checker under a side's pieces is a king step it may spend after a
move, worth `CHECKER_VALUE`; a checker under the king counts double (it lets the king flee or
close in). Squashed into [-1, 1].
"""

from __future__ import annotations

from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.tables import ChessTables
from motley.games.adrenaline.state import AdrenalineState

CHECKER_VALUE = 40  # centipawns per checker under a piece


def evaluate(t: ChessTables, state: AdrenalineState, seat: int) -> float:
    board = state.board
    balance = float(board_balance(t, board.pieces, board.colours, seat))
    stacks = state.stacks
    kings = board.pieces[t.royal] if t.royal >= 0 else 0
    for colour, sign in ((seat, 1), (seat ^ 1, -1)):
        mine = board.colours[colour]
        while mine:
            low = mine & -mine
            mine ^= low
            count = stacks[low.bit_length() - 1]
            if count:
                balance += sign * CHECKER_VALUE * count * (2 if low & kings else 1)
    return squash(balance)
