"""Chess960 on the table: the kit's board, with the start position named and castling explained.

What it adds to the kit's presentation (`chesslike.present`), called from the rules' `scene`
and `render`: the board is empty while the start is drawn, a note names the start position
while it can be known, and the prompt says how to castle where castling is open, since on the
table the king is dropped on its rook (its two-square step would be ambiguous when the king
starts next to its destination).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from motley.chesslike.fen import parse_fen, write_fen
from motley.chesslike.position import Position
from motley.chesslike.present import is_castle
from motley.core.errors import NotationError
from motley.core.present import Note, Scene
from motley.games.chess960.start import number_of, start_fen

if TYPE_CHECKING:
    from motley.games.chess960.rules import Chess960

UNDEALT = "The start position is being drawn"


def scene(rules: Chess960, view: Position, kit: Scene) -> Scene:
    """The kit's scene `kit` of `view`, with the start's note and the castling hint."""
    number = start_number(rules, view)
    items = () if number is None else (Note(f"Starting position {number}", "start"),)
    prompt = kit.prompt
    if prompt and any(is_castle(rules.tables, view, m) for m in rules.moves(view)):
        prompt += "; to castle, drop the king on its rook"
    return replace(kit, items=items, prompt=prompt)


def start_number(rules: Chess960, pos: Position) -> int | None:
    """The start position's number, while it can be known: given by the options, or the
    start array at the root of the position's chain (it ends at the first capture or pawn
    move, before which the game may have begun anywhere)."""
    if rules.given_start is not None:
        return rules.given_start
    root = pos
    while root.previous is not None:
        root = root.previous
    if root.turn != 0 or root.fullmove != 1:
        return None
    placement = write_fen(rules.tables, root, counters=False).split()[0]
    try:
        number = number_of(placement.rsplit("/", 1)[1])
    except NotationError:
        return None
    start = parse_fen(rules.tables, start_fen(number))
    same = placement == start_fen(number).split()[0] and root.castling == start.castling
    return number if same else None
