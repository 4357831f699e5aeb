"""Masquerade Chess values: the state and the assignment action.

Seed 002, The Rules of Chess Kit, section Masquerade Chess. The state holds both secret
tables; the clues (every "Capture?" and its answer) are public, since both players hear them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Move, Position
from motley.games.masquerade.assignment import Clue


class MasqueradeState(NamedTuple):
    board: Position
    # tables[s]: the capture letters of seat s's K, Q, R, B, N, as the OPPONENT filled them
    # in (secret from s); shorter than five while the opponent is still filling it in
    tables: tuple[str, str]
    clues: tuple[tuple[Clue, ...], tuple[Clue, ...]]  # clues[s]: about seat s's pieces
    promoted: int  # squares of pieces that were pawns (for option promoted_capture=own)
    winner: int  # the seat that captured a king, or -1
    history: tuple[str, ...]  # positions (with knowledge) since the last capture or pawn move
    last: str = ""  # the last action as everyone heard it ("b1xc3? no"; "White fills in row K")


@dataclass(frozen=True, slots=True)
class Assign:
    """Circle one square of the opponent's table: `row` captures like `capture` (`KQ`)."""

    row: str
    capture: str


Action = Move | Assign
