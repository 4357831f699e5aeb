"""A fixed-shape array of what a seat sees, for learners that want numbers.

The array is drawn from the game's own presentation of the seat's view (`Rules.scene`), so it
holds nothing the seat cannot see: one plane per piece letter (A to Z) and owner, with 1 where
such a piece stands, then one plane with the number of marks under each cell (checkers, tar,
coins, pucks). Its shape is (26 * players + 1, cells), cells including those off the board.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from motley.core.rules import Rules

LETTERS = 26


def shape(rules: Rules[Any, Any]) -> tuple[int, int]:
    layout = rules.layout()
    cells = 1 if layout is None else layout.geometry.cell_count + len(layout.off_cells)
    return LETTERS * rules.spec.players + 1, cells


def fill(rules: Rules[Any, Any], view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
    """Write `seat`'s picture of `view` into `out` (of `shape(rules)`)."""
    out.fill(0.0)
    if rules.layout() is None:
        return
    players = rules.spec.players
    marks = LETTERS * players
    for piece in rules.scene(view, seat).pieces:
        letter = piece.letter.upper()
        if len(letter) == 1 and "A" <= letter <= "Z" and 0 <= piece.owner < players:
            out[(ord(letter) - ord("A")) * players + piece.owner, piece.cell] = 1.0
        out[marks, piece.cell] += sum(mark.count for mark in piece.marks)
