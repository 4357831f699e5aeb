"""The variant hooks change what is legal without a new move generator."""

from __future__ import annotations

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Move, Position
from motley.chesslike.testing import KitChess


class QueensAreSacred(KitChess):
    """A test variant: no piece may capture a queen."""

    def may_capture(self, pos: Position, mover: int, victim: int) -> bool:
        return victim != self.tables.kind_of_letter["q"]


class NoCheck(KitChess):
    """A test variant in which a king may stand attacked (check judged by nobody)."""

    def is_move_legal(self, pos: Position, move: Move) -> bool:
        return True


def texts(rules: KitChess, pos: Position) -> set[str]:
    return {rules.action_text(pos, m) for m in rules.moves(pos)}


def test_may_capture_removes_captures_of_the_protected_kind() -> None:
    fen = "4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1"
    plain, sacred = KitChess(), QueensAreSacred()
    assert {"e4d5", "e4f5"} <= texts(plain, parse_fen(plain.tables, fen))
    moves = texts(sacred, parse_fen(sacred.tables, fen))
    assert "e4f5" in moves and "e4d5" not in moves


def test_slow_path_agrees_with_the_fast_path_when_hooks_change_nothing() -> None:
    class SameAsChess(KitChess):
        def may_capture(self, pos: Position, mover: int, victim: int) -> bool:
            return True

    fast, slow = KitChess(), SameAsChess()
    assert slow.fast_legality is False
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    for fen in (kiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"):
        pos = parse_fen(fast.tables, fen)
        assert texts(fast, pos) == texts(slow, pos)
        for move in fast.moves(pos):
            after = fast.apply(pos, move)
            assert texts(fast, after) == texts(slow, after)


def test_is_move_legal_hook_lets_a_king_walk_into_attack() -> None:
    fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"
    assert "e1e2" not in texts(KitChess(), parse_fen(KitChess().tables, fen))
    rules = NoCheck()
    assert "e1e2" in texts(rules, parse_fen(rules.tables, fen))
