"""Zombie Chess's evaluation for the computer players, from one seat's side.

The Chess Kit's terms (material, piece placement, the king's shelter; `chesslike.evaluate`),
with Zombie's own correction: a zombie counts half its value (it must keep moving or
crumble), so half of each zombie's material is taken back off. Written over the board, which
every seat sees; the buried pieces stay out (they are secret until they rise). Squashed into
[-1, 1].
"""

from __future__ import annotations

from motley.chesslike.evaluate import board_balance, squash
from motley.chesslike.tables import ChessTables
from motley.games.zombie.state import ZombieState


def evaluate(t: ChessTables, state: ZombieState, seat: int) -> float:
    board = state.board
    balance = float(board_balance(t, board.pieces, board.colours, seat))
    zombies = state.zombies
    if zombies:
        for kind, piece in enumerate(t.kinds):
            if kind == t.royal:
                continue
            bits = board.pieces[kind] & zombies
            if bits:
                mine = (bits & board.colours[seat]).bit_count()
                theirs = (bits & board.colours[seat ^ 1]).bit_count()
                balance -= piece.value * (mine - theirs) / 2
    return squash(balance)
