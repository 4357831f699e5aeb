"""The threat test (check with extra steps) against a naive one written separately.

The naive version plays out every turn the attacker could take on a plain dictionary board:
each regular move by walking squares, then every sequence of king steps the carried
checkers pay for, taking over the checkers of each piece captured on the way. Positions
come from seeded random games, where checkers pile up.
"""

from __future__ import annotations

import random

import pytest

from motley.chesslike.testing import KING_STEPS, naive_pawn_reach, naive_reach, on_board
from motley.games.adrenaline import AdrenalineChess
from motley.games.adrenaline.state import MOVE, AdrenalineState, moved_stacks, stacked_mask
from motley.games.adrenaline.threats import spread_reaches, steps_reach, threatened

Square = tuple[int, int]
Board = dict[Square, tuple[int, str]]  # square -> (seat, upper-case letter)

def regular_targets(board: Board, square: Square, ep: Square | None) -> list[Square]:
    seat, letter = board[square]
    if letter == "P":
        ahead, start = (1, 1) if seat == 0 else (-1, 6)

        def takes(side: Square) -> bool:
            return board.get(side, (seat, ""))[0] != seat or side == ep

        return naive_pawn_reach(board, square, ahead, start, takes)
    return naive_reach(board, square, letter)


def steps_capture(
    board: Board, stacks: dict[Square, int], at: Square, budget: int, goal: Square
) -> bool:
    if budget == 0:
        return False
    seat = board[at][0]
    for dx, dy in KING_STEPS:
        near = (at[0] + dx, at[1] + dy)
        if not on_board(near) or board.get(near, (-1, ""))[0] == seat:
            continue
        if near == goal:
            return True
        after = dict(board)
        after[near] = after.pop(at)
        left = dict(stacks)
        gain = left.pop(near, 0)  # only enemy pieces are in `stacks`
        if steps_capture(after, left, near, budget - 1 + gain, goal):
            return True
    return False


def naive_threat(
    board: Board, stacks: dict[Square, int], goal: Square, by: int, ep: Square | None
) -> bool:
    for square, (seat, letter) in list(board.items()):
        if seat != by:
            continue
        for target in regular_targets(board, square, ep):
            if target == goal:
                return True
            after = dict(board)
            victim: Square | None = target if target in board else None
            if letter == "P" and target == ep and target not in board:
                victim = (target[0], square[1])
            if victim is not None:
                del after[victim]
            after[target] = after.pop(square)
            prey = {s: n for s, n in stacks.items() if board[s][0] != by and s != victim}
            budget = stacks.get(square, 0) + (stacks.get(victim, 0) if victim else 0)
            if steps_capture(after, prey, target, budget, goal):
                return True
    return False


def as_dicts(rules: AdrenalineChess, state: AdrenalineState) -> tuple[Board, dict[Square, int]]:
    t = rules.tables
    board: Board = {}
    stacks: dict[Square, int] = {}
    for cell in range(64):
        kind = t.kind_at(state.board.pieces, 1 << cell)
        if kind >= 0:
            seat = 0 if state.board.colours[0] >> cell & 1 else 1
            board[(cell % 8, cell // 8)] = (seat, t.letters[kind])
            if state.stacks[cell]:
                stacks[(cell % 8, cell // 8)] = state.stacks[cell]
    return board, stacks


def positions(seed: int, rules: AdrenalineChess) -> list[AdrenalineState]:
    rng = random.Random(seed)
    state = rules.initial_state()
    out: list[AdrenalineState] = []
    while rules.outcome(state) is None and len(out) < 400:
        if state.phase == MOVE:
            out.append(state)
        state = rules.apply(state, rng.choice(list(rules.legal_actions(state))))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_threats_agree_with_a_naive_search(seed: int) -> None:
    rules = AdrenalineChess()
    t = rules.tables
    compared = 0
    for state in positions(seed, rules):
        if sum(state.stacks) > 7:
            continue  # the naive search is exponential
        board, stacks = as_dicts(rules, state)
        turn = state.board.turn
        for cell in range(64):
            if not (1 << cell) & state.board.occupied:
                continue
            owner = 0 if state.board.colours[0] >> cell & 1 else 1
            by = owner ^ 1
            ep_cell = state.board.ep if by == turn else -1
            ep = (ep_cell % 8, ep_cell // 8) if ep_cell >= 0 else None
            square = (cell % 8, cell // 8)
            fast = threatened(t, state.board, state.stacks, cell, by, ep_cell)
            assert fast == naive_threat(board, stacks, square, by, ep), (
                rules.setup_text(state),
                rules.geometry.name(cell),
            )
            compared += 1
    assert compared > 500


@pytest.mark.parametrize("seed", range(3))
def test_spreading_from_many_squares_finds_what_each_square_finds(seed: int) -> None:
    """`spread_reaches` from a set of starts answers as `steps_reach` from any of them."""
    rng = random.Random(seed)
    for _ in range(300):
        cells = rng.sample(range(64), 14)
        goal, blocked, rich, starts = cells[0], cells[1:7], cells[7:10], cells[10:]
        blockers = sum(1 << c for c in blocked)
        gains = {c: rng.randint(1, 3) for c in rich}
        budget = rng.randint(1, 4)
        each = any(steps_reach(c, budget, blockers, gains, goal) for c in starts)
        assert spread_reaches(sum(1 << c for c in starts), budget, blockers, gains, goal) == each


def test_moved_stacks_keep_their_mask_right() -> None:
    """The mask `moved_stacks` works out from the old one is the one the counts give."""
    rng = random.Random(5)
    for _ in range(200):
        stacks = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in range(64))
        origin, target = rng.sample(range(64), 2)
        moved = moved_stacks(stacks, origin, target, rng.randint(0, 3))
        assert stacked_mask(moved) == sum(1 << c for c, n in enumerate(moved) if n)
