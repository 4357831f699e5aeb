"""Move counts from the start, pinned and cross-checked by an independent count.

The independent count plays orthodox chess (the `chess` game's legal moves, where no move
may leave the king attacked by any enemy piece) and keeps the moves that start or end on the
mover's half; a player with none passes, or is mated if in check. In the first four turns
no attack is usable by one enemy player and not the other, so it must agree with
`exposed_king=illegal`.
"""

from __future__ import annotations

from typing import Any

import pytest

from motley.chesslike import movegen
from motley.chesslike.make import make_move
from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.core import registry
from motley.games.crowded_house.rules import CrowdedHouse
from motley.games.crowded_house.state import HouseState

CAPTURE_COUNTS = (10, 100, 1170, 13600, 196478)
ILLEGAL_COUNTS = (10, 100, 1170, 13560, 194404)


def perft(rules: CrowdedHouse, state: HouseState, depth: int) -> int:
    """Leaves `depth` turns ahead (a pass is a turn; a finished game has none)."""
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(rules, rules.apply(state, a), depth - 1) for a in actions)


def naive(chess: ChessLikeRules, pos: Position, seat: int, depth: int) -> int:
    if depth == 0:
        return 1
    files = range(4, 8) if seat % 4 < 2 else range(4)
    g = chess.geometry
    moves = [
        m for m in chess.moves(pos) if g.file_of(m.origin) in files or g.file_of(m.target) in files
    ]
    if not moves:
        if movegen.checkers(chess.tables, pos):
            return 0  # mated
        passed = pos._replace(turn=pos.turn ^ 1, ep=-1)
        return naive(chess, passed, seat + 1, depth - 1)
    return sum(naive(chess, make_move(chess.tables, pos, m), seat + 1, depth - 1) for m in moves)


def make(options: dict[str, Any] | None = None) -> CrowdedHouse:
    rules = registry.make("crowded_house", options)
    assert isinstance(rules, CrowdedHouse)
    return rules


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_start_counts(depth: int) -> None:
    capture = make({"exposed_king": "capture"})
    illegal = make({"exposed_king": "illegal"})
    assert perft(capture, capture.initial_state(), depth) == CAPTURE_COUNTS[depth - 1]
    assert perft(illegal, illegal.initial_state(), depth) == ILLEGAL_COUNTS[depth - 1]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_counts_agree_with_an_independent_count(depth: int) -> None:
    chess = registry.make("chess")
    assert isinstance(chess, ChessLikeRules)
    expected = naive(chess, chess.initial_state(), 0, depth)
    rules = make({"exposed_king": "illegal"})
    assert perft(rules, rules.initial_state(), depth) == expected


@pytest.mark.slow
def test_start_counts_deeper() -> None:
    capture = make({"exposed_king": "capture"})
    illegal = make({"exposed_king": "illegal"})
    assert perft(capture, capture.initial_state(), 5) == CAPTURE_COUNTS[4]
    assert perft(illegal, illegal.initial_state(), 5) == ILLEGAL_COUNTS[4]


def test_the_first_turns_list_exactly_the_half_moves() -> None:
    rules = make()
    state = rules.initial_state()
    texts = sorted(rules.action_text(state, a) for a in rules.legal_actions(state))
    pawns = [f"{f}2{f}{r}" for f in "efgh" for r in "34"]
    assert texts == sorted([*pawns, "g1f3", "g1h3"])
    mirrored = make({"king_side": "a-d"})
    start = mirrored.initial_state()
    texts = sorted(mirrored.action_text(start, a) for a in mirrored.legal_actions(start))
    assert texts == sorted([*(f"{f}2{f}{r}" for f in "abcd" for r in "34"), "b1a3", "b1c3"])
