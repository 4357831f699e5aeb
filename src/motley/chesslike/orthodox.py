"""What every phased game played with the orthodox army on the 8x8 board starts from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from motley.chesslike.tables import ChessTables, orthodox_tables
from motley.core.phased import PhasedRules
from motley.geometry.square import SquareGeometry

S = TypeVar("S")
A = TypeVar("A")


class OrthodoxBoardRules(PhasedRules[S, A]):
    """A phased game with the orthodox army on the 8x8 board: its `tables` and `geometry`,
    and the start a subclass's `__init__` stores in `_start` (usually read with
    `chesslike.rules.start_from` from the `position` option)."""

    _start: S

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.tables: ChessTables = orthodox_tables()
        self.geometry: SquareGeometry = self.tables.geometry  # the board, for drawing it

    def initial_state(self) -> S:
        return self._start
