"""Boards for the browser: any geometry as drawable cells, and actions as clicks or buttons.

The browser draws a board from nothing but this: each cell's outline, centre, colour class
and name, in board units with y pointing up. Square boards get coordinates along their
edges; other boards name every cell.

Actions are offered by their text alone. A text that starts with a cell name and names a
second cell later is a move from the first to the second (click-click or drag); a text that
is exactly a cell name, or a drop such as `Q@d1`, is a click on that cell; anything else (a
roll, a card, `pass`, a setup choice) is a button. A short qualifier before a colon (`4:g2f4`,
a die's value) is allowed in front of a move; when several actions share a move or a cell,
the player picks one of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from motley.geometry.base import Geometry
from motley.geometry.square import SquareGeometry

# fills per colour class: square boards shade 0 dark / 1 light; three-colour boards get three
SQUARE_PALETTE = ("#b58b63", "#efe1c6")
THREE_PALETTE = ("#f4f1ea", "#e2a9a0", "#9fb7d6")
OTHER_PALETTE = ("#d9d2c5", "#f3efe6", "#b9c7b0", "#c9b6d6")
_QUALIFIER = re.compile(r"^[a-z0-9]{1,4}:")
_DROP = re.compile(r"^[a-z]{1,3}@")


@cache
def geometry_json(geometry: Geometry) -> dict[str, Any]:
    cells = []
    shades = set()
    for cell in range(geometry.cell_count):
        x, y = geometry.centre(cell)
        shade = geometry.shade(cell)
        shades.add(shade)
        cells.append(
            {
                "name": geometry.name(cell),
                "centre": [round(x, 4), round(y, 4)],
                "corners": [[round(a, 4), round(b, 4)] for a, b in geometry.corners(cell)],
                "shade": shade,
            }
        )
    if isinstance(geometry, SquareGeometry):
        palette: Sequence[str] = SQUARE_PALETTE
        labels = "edges"
    else:
        palette = THREE_PALETTE if len(shades) == 3 else OTHER_PALETTE
        labels = "cells"
    return {"id": geometry.id, "cells": cells, "palette": list(palette), "labels": labels}


@cache
def _names(geometry: Geometry) -> tuple[dict[str, int], int]:
    names = {geometry.name(c).lower(): c for c in range(geometry.cell_count)}
    return names, max(len(n) for n in names)


def _cell_at(text: str, start: int, names: dict[str, int], longest: int) -> tuple[int, int]:
    """The longest cell name at `start` as (cell, end), or (-1, start)."""
    for size in range(min(longest, len(text) - start), 0, -1):
        cell = names.get(text[start : start + size])
        if cell is not None:
            return cell, start + size
    return -1, start


def classify(geometry: Geometry | None, texts: Sequence[str]) -> dict[str, list[Any]]:
    """Split action texts into moves [origin, target, text], cell clicks [cell, text], buttons."""
    moves: list[Any] = []
    cells: list[Any] = []
    buttons: list[str] = []
    for text in texts:
        found = _classify_one(geometry, text) if geometry is not None else None
        if found is None:
            buttons.append(text)
        elif len(found) == 2:
            cells.append([found[0], text])
        else:
            moves.append([found[0], found[1], text])
    return {"moves": moves, "cells": cells, "buttons": buttons}


@lru_cache(maxsize=1 << 16)  # the same texts come back move after move
def _classify_one(geometry: Geometry, text: str) -> tuple[int, ...] | None:
    """(origin, target, 0) for a move, (cell, 0) for a cell click, None for a button."""
    names, longest = _names(geometry)
    lowered = text.strip().lower()
    drop = _DROP.match(lowered)
    if drop:
        cell, end = _cell_at(lowered, drop.end(), names, longest)
        if cell >= 0 and end == len(lowered):
            return (cell, 0)
    qualifier = _QUALIFIER.match(lowered)
    begin = qualifier.end() if qualifier else 0
    origin, end = _cell_at(lowered, begin, names, longest)
    if origin < 0:
        return None
    if end == len(lowered) and not qualifier:
        return (origin, 0)
    for start in range(end, len(lowered)):
        if start > end and lowered[start - 1].isalnum() and lowered[start].isdigit():
            continue  # never start a cell name in the middle of a number
        target, _ = _cell_at(lowered, start, names, longest)
        if target >= 0:
            return (origin, target, 0)
    return None


def move_cells(geometry: Geometry | None, text: str | None) -> list[int]:
    """The cells an action text names as a move or a click (for last-move highlighting)."""
    if geometry is None or not text:
        return []
    found = classify(geometry, [text])
    if found["moves"]:
        origin, target, _ = found["moves"][0]
        return [origin, target]
    if found["cells"]:
        return [found["cells"][0][0]]
    return []
