"""Chess: the orthodox game, the base every Chess Kit game builds on.

Seed: 002, The Rules of Chess Kit (its games assume the standard rules of chess).

Interpretations:
* Threefold repetition and the fifty-move rule end the game at once as draws (no claim
  needed), which is what self-play and study want; the `repetition` and
  `no_progress_plies` options change or switch them off (FIDE's automatic limits are 5 and
  150).
* Dead positions drawn at once: K v K, a lone minor piece, bishops all on one colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Position
from motley.chesslike.rules import DRAW_OPTIONS, ChessLikeRules, start_from
from motley.chesslike.spec import chess_spec, position_option
from motley.core.registry import register


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


register(Chess)
