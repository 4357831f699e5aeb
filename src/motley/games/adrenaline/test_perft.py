"""Adrenaline Chess move counts from the start.

Moves are counted by regular moves: a turn's extra steps and rush checker belong to it, so
every way of finishing a turn is followed, and the last turn counts its regular moves only.
No checker can stand on the board before the third ply's capture, so the counts equal
orthodox chess: 20, 400, 8902.
"""

from __future__ import annotations

from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.core import registry
from motley.games.adrenaline import AdrenalineChess
from motley.games.adrenaline.state import MOVE, AdrenalineState

START_PERFT = {1: 20, 2: 400, 3: 8902}


def finished_turns(rules: AdrenalineChess, state: AdrenalineState) -> list[AdrenalineState]:
    """Every state a turn in progress can end in."""
    if state.phase == MOVE:
        return [state]
    out = []
    for action in rules.decisions(state):
        out.extend(finished_turns(rules, rules.turns.apply(state, action)))
    return out


def perft(rules: AdrenalineChess, state: AdrenalineState, depth: int) -> int:
    moves = rules.decisions(state)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        for after in finished_turns(rules, rules.turns.apply(state, move)):
            total += perft(rules, after, depth - 1)
    return total


def test_start_counts_equal_orthodox_chess() -> None:
    rules = AdrenalineChess()
    state = rules.initial_state()
    for depth, expected in START_PERFT.items():
        assert perft(rules, state, depth) == expected, depth


def orthodox(rules: ChessLikeRules, depth: int) -> int:
    def count(pos: Position, left: int) -> int:
        moves = rules.moves(pos)
        if left == 1:
            return len(moves)
        return sum(count(rules.apply(pos, m), left - 1) for m in moves)

    return count(rules.initial_state(), depth)


def test_orthodox_chess_agrees() -> None:
    chess = registry.make("chess")
    assert isinstance(chess, ChessLikeRules)
    assert {d: orthodox(chess, d) for d in START_PERFT} == START_PERFT


def test_the_first_capture_adds_the_rush_choices() -> None:
    rules = AdrenalineChess()
    state = rules.initial_state()
    for text in ("e2e4", "d7d5"):
        state = rules.apply(state, rules.parse_action(state, text))
    after = rules.apply(state, rules.parse_action(state, "e4d5"))
    assert after.phase == "rush"
    assert len(rules.legal_actions(after)) == 15  # any of Black's fifteen pieces left
