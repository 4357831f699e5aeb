"""The fast blows (`legal_captures`) against filtering every legal move of the striker.

A blow is a legal capture on the exchange square; `legal_captures` tries only the pieces
attacking it. Boards come from seeded random games, each square holding an enemy piece
compared for every seat, in the order the full generator lists the moves.
"""

from __future__ import annotations

import random

import pytest

from motley.chesslike import movegen
from motley.chesslike import turnless as tl
from motley.core.testing import random_positions
from motley.games.synchronous.rules import Synchronous, legal_captures
from motley.geometry import cellset


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_blows_agree_with_every_legal_move(seed: int) -> None:
    rules = Synchronous()
    rng = random.Random(seed)
    compared = found = 0
    for state in random_positions(rules, rng, games=6, plies=120):
        board = state.board
        if not (tl.has_king(board, 0) and tl.has_king(board, 1)):
            continue
        for seat in (0, 1):
            legal = movegen.legal_moves(tl.TABLES, tl.as_mover(board, seat))
            allowed = rng.choice((tl.TABLES.all_cells, board.colours[seat] & rng.getrandbits(64)))
            for square in cellset.cells(board.colours[seat ^ 1]):
                full = [m for m in legal if m.target == square and (1 << m.origin) & allowed]
                assert legal_captures(board, seat, square, allowed) == full
                compared += 1
                found += len(full)
    assert compared > 1000 and found > 100
