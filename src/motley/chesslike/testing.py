"""Test helpers for chess-like variants: legal moves as text, refusals, the piece on a square."""

from __future__ import annotations

from typing import Any

import pytest

from motley.chesslike.position import Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import IllegalAction
from motley.core.rules import Rules


def legal_texts(rules: Rules[Any, Any], state: Any) -> set[str]:
    """The legal actions at `state`, as the game writes them."""
    return {rules.action_text(state, action) for action in rules.legal_actions(state)}


def refusal(rules: Rules[Any, Any], state: Any, text: str) -> str:
    """The one-line reason `parse_action` gives for refusing `text` (it must refuse it)."""
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, text)
    message = str(info.value)
    assert "\n" not in message
    return message


def letter_on(t: ChessTables, board: Position, name: str) -> str:
    """The FEN letter of the piece on the square `name` ('' if it is empty)."""
    cell = t.geometry.parse(name)
    kind = t.kind_at(board.pieces, 1 << cell)
    if kind < 0:
        return ""
    return t.letters[kind] if board.colours[0] >> cell & 1 else t.letters[kind].lower()
