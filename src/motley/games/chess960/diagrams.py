"""The positions drawn on the Chess960 rules page: one start and a castling played from it."""

from __future__ import annotations

from motley.chesslike.rules import ChessLikeRules
from motley.core.driver import played
from motley.core.present import Diagram
from motley.core.worked import named_cells

START = 949  # RKBBRNNQ: the king on b1, next to its a-side rook
OPENING = ["d4", "d5", "Bf4", "Bf5", "e3", "e6", "Be2", "Be7"]


def diagrams(rules: ChessLikeRules) -> tuple[Diagram, ...]:
    """The diagrams, drawn by the same rules set to start from position START."""
    game = type(rules)({"position": str(START)})
    start = game.initial_state()
    _, ready = played(type(game), str(START), *OPENING)
    castled = game.apply(ready, game.parse_action(ready, "O-O-O"))
    return (
        Diagram(
            "start",
            start,
            f"Starting position {START}. The bishops stand on squares of opposite colours, "
            "the king between its rooks, and Black's pieces mirror White's.",
        ),
        Diagram(
            "castling-before",
            ready,
            "Both bishops have left, so c1 and d1 are empty and White may castle on the a-side "
            "(queen side): drop the king on the rook on a1.",
            highlight=named_cells(game.geometry, "b1 a1"),
        ),
        Diagram(
            "castling-after",
            castled,
            "After castling the king stands on c1 and the rook on d1, the same squares as in "
            "ordinary chess, although the king moved one square and the rook three.",
            highlight=named_cells(game.geometry, "c1 d1"),
        ),
    )
