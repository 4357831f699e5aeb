"""Perft: the number of move paths of a given length, the standard move-generator check.

Chess-like games count with `moves` (legal moves without the game-end rules, as perft is
defined); other games count legal actions at decision nodes.
"""

from __future__ import annotations

from typing import Any

from motley.chesslike.rules import ChessLikeRules
from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules


def perft(rules: Rules[Any, Any], state: Any, depth: int) -> int:
    if depth < 0:
        raise MotleyError(f"perft depth must be 0 or more, not {depth}")
    _check_decision(rules, state)
    if isinstance(rules, ChessLikeRules):
        return _chess_perft(rules, state, depth)
    return _generic_perft(rules, state, depth)


def divide(rules: Rules[Any, Any], state: Any, depth: int) -> list[tuple[str, int]]:
    """(move text, perft of depth-1 after it) for every root move, sorted by text."""
    if depth < 1:
        raise MotleyError("perft --divide needs a depth of at least 1")
    rows = [
        (rules.action_text(state, move), perft(rules, rules.apply(state, move), depth - 1))
        for move in _root_moves(rules, state)
    ]
    return sorted(rows)


def _root_moves(rules: Rules[Any, Any], state: Any) -> list[Any]:
    _check_decision(rules, state)
    if isinstance(rules, ChessLikeRules):
        return list(rules.moves(state))
    return list(rules.legal_actions(state))


def _chess_perft(rules: ChessLikeRules, pos: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return rules.count_moves(pos)
    moves = rules.moves(pos)
    apply = rules.apply
    # rules.moves memoises only the last position, so take the list before recursing
    return sum(_chess_perft(rules, apply(pos, move), depth - 1) for move in list(moves))


def _generic_perft(rules: Rules[Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if rules.kind(state) is NodeKind.TERMINAL:
        return 0
    _check_decision(rules, state)
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(_generic_perft(rules, rules.apply(state, a), depth - 1) for a in actions)


def _check_decision(rules: Rules[Any, Any], state: Any) -> None:
    kind = rules.kind(state)
    if kind is not NodeKind.DECISION and kind is not NodeKind.TERMINAL:
        raise MotleyError(
            f"perft counts moves from a decision node; this {rules.spec.id} state is a "
            f"{kind.value} node (give --position)"
        )
