"""The fast move list (`MirrorMoves.legal`) against every candidate judged in full.

`legal` skips the king tests for moves that change no square seeing the king and judges the
rest without building the board after them; `judge` with its defaults builds that board and
tests the king on it. Positions come from seeded random games with the house rules varied.
"""

from __future__ import annotations

import random

import pytest

from motley.chesslike import movegen
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


def test_candidates_are_each_sides_pseudo_legal_moves() -> None:
    """`candidates` written out with the sides' masks against each side's own board."""
    rules = HalfAliceChess({"en_passant": "any"})
    mirror = rules.mirror
    t = rules.tables
    compared = 0
    for state in random_positions(rules, random.Random(5), games=6, plies=150):
        full = []
        for side in (t.all_cells & ~state.checkers, state.checkers):
            if state.board.colours[state.board.turn] & side:
                sub = mirror.sub_board(state.board, side)
                if sub.ep >= 0 and not mirror._ep_open(state, side):
                    sub = sub._replace(ep=-1)
                full.extend(movegen.pseudo_legal_moves(t, sub))
        assert mirror.candidates(state) == full
        compared += 1
    assert compared > 300
