"""The fast move list (`TarBoard.legal_moves`) against every candidate tested in full.

With a tarred piece on the board, `legal_moves` lets moves that change no cell seeing the
mover's king through on the king's safety as it stands; `_safe` makes each move and tests
the king on the board it leaves. Positions come from seeded random games.
"""

from __future__ import annotations

import random

from motley.core.testing import random_positions
from motley.games.tar_pit import TarPitChess
from motley.games.tar_pit.state import MOVE


def test_fast_moves_agree_with_full_testing() -> None:
    rules = TarPitChess()
    board_rules = rules.board_rules
    rng = random.Random(4)
    tarred = 0
    for state in random_positions(rules, rng, games=12, plies=500):
        if state.phase == MOVE:
            board, checkers = state.board, state.checkers
            full = [
                m
                for m in board_rules.pseudo_moves(board, checkers)
                if board_rules._safe(board, checkers, m)
            ]
            if (board.colours[0] & checkers[1]) | (board.colours[1] & checkers[0]):
                assert board_rules.legal_moves(board, checkers) == full
                tarred += 1
    assert tarred > 200
