"""Atomic chess perft: the published leaf counts of the reference positions.

The counts are those every atomic move generator is checked against (lichess's chessops
`test/variant.test.ts`, python-chess's `examples/perft/atomic.perft`, Fairy-Stockfish's
`tests/perft.sh`); the atomic960 positions pin castling next to the enemy king.
"""

from __future__ import annotations

import pytest

from motley.chesslike.position import Position
from motley.examples.atomic.rules import Atomic
from motley.examples.atomic.state import read_position

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"

CASES = {
    "start": (START, (20, 400, 8902)),
    "programfox-1": (
        "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -",
        (40, 1238, 45237),
    ),
    "programfox-2": ("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -", (28, 833, 23353)),
    "atomic960-castle-1": ("8/8/8/8/8/8/2k5/rR4KR w KQ -", (18, 180, 4364)),
    "atomic960-castle-2": ("r3k1rR/5K2/8/8/8/8/8/8 b kq -", (25, 282, 6753)),
    "atomic960-castle-3": ("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -", (21, 465, 10631)),
    "castle-out-of-check": ("1R4kr/4K3/8/8/8/8/8/8 b k -", (4, 77, 1021)),
}


def perft(rules: Atomic, pos: Position, depth: int) -> int:
    """Leaf nodes through the rules object (moves + apply), as any caller sees them."""
    found = rules.moves(pos)
    if depth == 1:
        return len(found)
    return sum(perft(rules, rules.apply(pos, m), depth - 1) for m in found)


@pytest.mark.parametrize(
    ("fen", "depth", "nodes"),
    [
        pytest.param(fen, depth, nodes, id=f"{name}-d{depth}")
        for name, (fen, counts) in CASES.items()
        for depth, nodes in enumerate(counts, 1)
    ],
)
def test_perft_matches_the_published_counts(fen: str, depth: int, nodes: int) -> None:
    rules = Atomic()
    assert perft(rules, read_position(rules.tables, rules.ring, fen), depth) == nodes


def test_the_usual_start_is_the_default() -> None:
    rules = Atomic()
    assert rules.fen(rules.initial_state()).startswith(START)


def test_perft_from_the_start_at_depth_four() -> None:
    rules = Atomic()
    assert perft(rules, rules.initial_state(), 4) == 197326
