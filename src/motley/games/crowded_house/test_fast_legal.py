"""The fast move list (`HouseMoves.legal`) against every candidate tested in full.

`legal` lets moves that change no cell seeing the mover's king through on the threat as it
stands; `exposes` plays each move and looks for the next player's capture of the king.
Positions come from seeded random games, with both choices of the king side.
"""

from __future__ import annotations

import random

import pytest

from motley.core.testing import random_positions
from motley.games.crowded_house import CrowdedHouse


@pytest.mark.parametrize(("seed", "king_side"), [(1, "e-h"), (2, "a-d")])
def test_fast_moves_agree_with_full_testing(seed: int, king_side: str) -> None:
    rules = CrowdedHouse({"king_side": king_side})
    house = rules.house
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(rules, rng, games=6, plies=300):
        board, seat = state.board, state.seat
        full = [m for m in house.candidates(board, seat) if not house.exposes(board, seat, m)]
        assert house.legal(board, seat) == full, (seat, board)
        compared += 1
    assert compared > 300
