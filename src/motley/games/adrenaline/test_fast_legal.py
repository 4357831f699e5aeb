"""The fast list of regular moves (`TurnRules.legal`) against every candidate judged in full.

`legal` lets most quiet moves through on the orthodox test and the footprint of the
extra-step threat, and judges the others on the board they leave; `broken` plays each
candidate and tests the king as the turn goes on. Positions come from seeded random games,
where checkers pile up under pieces.
"""

from __future__ import annotations

import random

import pytest

from motley.core.testing import random_positions
from motley.games.adrenaline import AdrenalineChess
from motley.games.adrenaline.state import MOVE, RUSH
from motley.games.adrenaline.threats import far_rushes, harmless_rush, rush_threat
from motley.geometry import cellset


@pytest.mark.parametrize(
    ("seed", "options"), [(1, {}), (2, {"rush_king": False}), (5, {"checkers": 0})]
)
def test_fast_moves_agree_with_full_judging(seed: int, options: dict[str, object]) -> None:
    rules = AdrenalineChess(options)
    turns = rules.turns
    rng = random.Random(seed)
    compared = 0
    for state in random_positions(rules, rng, games=4, plies=400):
        if state.phase == MOVE:
            full = [m for m in turns.candidates(state) if turns.broken(state, m) is None]
            assert turns.legal(state) == full, rules.setup_text(state)
            compared += 1
    assert compared > 300


@pytest.mark.parametrize(("seed", "options"), [(3, {}), (4, {"rush_king": False, "checkers": 0})])
def test_fast_turn_ends_agree_with_full_search(seed: int, options: dict[str, object]) -> None:
    """Rush checkers are judged by the one piece they go under, and a turn inside is ended
    by stopping where that is enough; both against placing each checker and searching on."""
    rules = AdrenalineChess(options)
    turns = rules.turns
    rushes = inside = 0
    for state in random_positions(rules, random.Random(seed), games=6, plies=400):
        if state.phase == RUSH:
            full = [
                r for r in turns.candidates(state) if turns.finished_safe(turns.apply(state, r))
            ]
            assert turns.legal(state) == full, rules.setup_text(state)
            rushes += 1
        if state.phase != MOVE:
            turns._memo = {}
            fast = turns._completable_unexposed(state)
            turns._memo = {}
            assert fast == turns.completable(state), rules.setup_text(state)
            inside += 1
    assert rushes > 20 and inside > 40


@pytest.mark.parametrize(("seed", "options"), [(6, {}), (7, {"checkers": 0})])
def test_far_rushes_cannot_reach_the_king(seed: int, options: dict[str, object]) -> None:
    """The pieces `far_rushes` finds with one mask (`remote`) are ones `rush_threat` clears,
    and `harmless_rush` answers as trying every piece would."""
    rules = AdrenalineChess(options)
    t = rules.tables
    far_found = judged = 0
    for state in random_positions(rules, random.Random(seed), games=4, plies=400):
        board = state.board
        king = rules.turns.king(board, board.turn)
        if state.phase != MOVE or king < 0:
            continue
        by = board.turn ^ 1
        cells = board.colours[by]
        far = far_rushes(t, board, state.stacks, king, by, cells)
        threats = {
            c: rush_threat(t, board, state.stacks, king, by, c) for c in cellset.cells(cells)
        }
        for cell, threat in threats.items():
            if far >> cell & 1:
                assert not threat, rules.setup_text(state)
                far_found += 1
        harmless = harmless_rush(t, board, state.stacks, king, by, cells)
        assert harmless == (not all(threats.values())), rules.setup_text(state)
        judged += 1
    assert judged > 300 and far_found > 1000
