"""Half Alice Chess's evaluation for the computer players, from one seat's side.

The Chess Kit's terms (material in the catalogue's values, piece placement, the king's
shelter; `chesslike.evaluate`), and Half Alice's own: a side short of free checkers (fewer
than two) is cramped, since every move of a piece steps through the mirror and needs a
checker to add or take away. Squashed into [-1, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.evaluate import board_balance, squash
from motley.games.half_alice.state import HalfAliceState

if TYPE_CHECKING:
    from motley.games.half_alice.rules import HalfAliceChess

SHORT_OF_CHECKERS = 25  # centipawns per free checker below two


def evaluate(rules: HalfAliceChess, state: HalfAliceState, seat: int) -> float:
    board = state.board
    balance = float(board_balance(rules.tables, board.pieces, board.colours, seat))
    for colour, sign in ((seat, 1), (seat ^ 1, -1)):
        short = max(0, 2 - rules.mirror.free_checkers(state, colour))
        balance -= sign * SHORT_OF_CHECKERS * short
    return squash(balance)
