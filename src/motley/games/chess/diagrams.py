"""The positions drawn on the Chess rules page: short games played from the start."""

from __future__ import annotations

from collections.abc import Sequence

from motley.chesslike.position import Position
from motley.chesslike.rules import ChessLikeRules
from motley.core.present import Diagram


def played(rules: ChessLikeRules, moves: Sequence[str]) -> Position:
    """The position after `moves` (in SAN) from the rules' start."""
    state = rules.initial_state()
    for text in moves:
        state = rules.apply(state, rules.parse_action(state, text))
    return state


def cells(rules: ChessLikeRules, *names: str) -> tuple[int, ...]:
    geometry = rules.layout().geometry
    return tuple(geometry.parse(name) for name in names)


def diagrams(rules: ChessLikeRules) -> tuple[Diagram, ...]:
    castled = played(rules, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"])
    passant = played(rules, ["e4", "Nf6", "e5", "d5"])
    mate = played(rules, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"])
    return (
        Diagram(
            "castling",
            castled,
            "White has castled king side: the king went from e1 to g1 and the rook from h1 "
            "to f1, in one move.",
            highlight=cells(rules, "g1", "f1"),
        ),
        Diagram(
            "en-passant",
            passant,
            "Black's pawn has just moved two squares, from d7 to d5, past White's pawn on e5. "
            "On this move only, White may take it en passant: e5 to d6.",
            highlight=cells(rules, "e5", "d5", "d6"),
        ),
        Diagram(
            "mate",
            mate,
            "The shortest trap in chess: the queen takes on f7, guarded by the bishop, and "
            "Black's king has no escape. Checkmate, and White wins.",
            highlight=cells(rules, "f7", "c4"),
        ),
    )
