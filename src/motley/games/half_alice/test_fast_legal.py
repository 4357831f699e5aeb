"""The fast move list (`MirrorMoves.legal`) against every candidate judged in full.

`legal` skips the king tests for moves that change no square seeing the king and judges the
rest without building the board after them; `judge` with its defaults builds that board and
tests the king on it. Positions come from seeded random games with the house rules varied.
"""

from __future__ import annotations

import random

import pytest

from motley.core.testing import random_positions
from motley.games.half_alice import HalfAliceChess


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"castling": "king"}),
        (3, {"en_passant": "same", "checkers": 16}),
    ],
)
def test_fast_moves_agree_with_full_judging(seed: int, options: dict[str, object]) -> None:
    rules = HalfAliceChess(options)
    mirror = rules.mirror
    rng = random.Random(seed)
    compared = 0
    # the position each game ends in is compared too: no move there must mean none in full
    for state in random_positions(rules, rng, games=6, plies=150, ends=True):
        full = {}
        for move in mirror.candidates(state):
            verdict = mirror.judge(state, move)
            if verdict.after is not None:
                full[move] = verdict.after
        fast = mirror.legal(state)
        assert fast == list(full), rules.setup_text(state)
        for move in fast:
            assert mirror.play(state, move) == full[move]
        compared += 1
    assert compared > 300
