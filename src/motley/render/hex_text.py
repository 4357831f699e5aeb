"""A terminal picture of a game on the hex board (`geometry.hex`), from its declared presentation.

Each cell is drawn as its name and what stands on it (White's pieces in upper case, Black's
in lower case; an empty cell shows its colour), at the column its centre has on the board's
drawing layout, so the rows of 3 to 9 cells form the hexagon. Seat 1 sees the board turned
round, its own pieces at the bottom; `flipped` turns it the other way for either seat.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from motley.core.rules import SPECTATOR, Rules
from motley.geometry.hex import ROWS, HexGeometry

#: What an empty cell shows: its colour (white, red, blue).
EMPTY_MARKS = ("·", "∘", "•")
LEGEND = "White upper case, Black lower case; empty cells: · white, ∘ red, • blue"
HALF = 3  # text columns per half cell width


def render_hex(
    rules: Rules[Any, Any],
    state: object,
    seat: int = SPECTATOR,
    *,
    flipped: bool = False,
    highlight: Collection[int] = (),
    last: str = "",
) -> str:
    """What `seat` sees of `state`: the board, a legend and a status line."""
    layout = rules.layout()
    assert layout is not None and isinstance(layout.geometry, HexGeometry)
    g = layout.geometry
    scene = rules.scene(rules.view(state, seat), seat)
    standing = {p.cell: p for p in scene.pieces if p.letter}
    turned = flipped != (seat == 1)
    widest = max(g.half_columns(c) for c in range(g.cell_count))
    lines = []
    rows = range(1, ROWS + 1) if turned else range(ROWS, 0, -1)
    for r in rows:
        tokens = []
        for cell in range(g.cell_count):
            if g.coords(cell)[1] != r:
                continue
            column = g.half_columns(cell)
            column = (widest + 1 - column) if turned else column
            mark = EMPTY_MARKS[g.shade(cell)]
            piece = standing.get(cell)
            if piece is not None:
                mark = piece.letter.upper() if piece.owner == 0 else piece.letter.lower()
            token = f"{g.name(cell)} {mark}"
            tokens.append((column, f"[{token}]" if cell in highlight else f" {token} "))
        line = ""
        for column, token in sorted(tokens):
            line = line.ljust(column * HALF - 3) + token
        lines.append(line.rstrip())
    lines.append(LEGEND)
    if layout.piece_names:
        lines.append(", ".join(f"{letter} {name}" for letter, name in layout.piece_names))
    if rules.spec.provisional:
        lines.append(f"Part of these rules is provisional: {rules.spec.provisional}")
    status = scene.status or scene.prompt
    lines.append(f"{status} (last move: {last})" if last else status)
    return "\n".join(lines)
