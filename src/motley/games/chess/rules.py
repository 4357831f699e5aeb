"""Chess, the rules object (seed 002, The Rules of Chess Kit: the standard rules of chess).

The kit's chess as it stands, started from the orthodox array or a given position.

The package docstring (`motley.games.chess`) states the rules and the readings chosen; the
kit (`chesslike.rules.ChessLikeRules`) plays and draws them, so this adds only the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Position
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules, start_from
from motley.chesslike.spec import chess_spec, position_option


class Chess(ChessLikeRules):
    spec = chess_spec(
        id="chess",
        title="Chess",
        summary="Orthodox chess: checkmate the enemy king.",
        seed="002 (the standard rules every Chess Kit game builds on)",
        options=(
            position_option(),
            *DRAW_OPTIONS,
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self._start = start_from(self.options, partial(parse_fen, self.tables), self.start_fen)

    def initial_state(self) -> Position:
        return self._start
