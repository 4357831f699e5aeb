"""A seat's view of Masquerade Chess as text: the board, the X/O tables of what each player
has learned about their own pieces, the table this seat filled in, and the deduction aid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.masquerade.assignment import ROWS, combos, marks, possible, tables_of
from motley.games.masquerade.codec import MasqueradeView

if TYPE_CHECKING:
    from motley.games.masquerade.rules import MasqueradeChess

SHOWN_TABLES = 8  # list the possible tables when there are at most this many


def render_view(rules: MasqueradeChess, view: MasqueradeView) -> str:
    t = rules.t
    board = view.board
    names = rules.spec.seat_names
    lines = ["   a b c d e f g h"]
    for rank in range(7, -1, -1):
        row = f"{rank + 1} "
        for file in range(8):
            bit = 1 << (rank * 8 + file)
            kind = t.kind_at(board.pieces, bit)
            if kind < 0:
                row += " ."
            else:
                letter = t.letters[kind]
                row += " " + (letter if bit & board.colours[0] else letter.lower())
        lines.append(row)
    if view.seat in (0, 1) and view.known is not None:
        other = names[view.seat ^ 1]
        lines.append(f"You filled in {other}'s table: {combos(view.known) or '(not yet)'}")
    for seat in (0, 1):
        mask = possible(view.clues[seat])
        title = "Your" if seat == view.seat else f"{names[seat]}'s"
        lines.append(f"{title} pieces, as learned so far ({mask.bit_count()} tables possible):")
        lines.append("     " + " ".join(ROWS))
        for row, text in zip(ROWS, marks(mask), strict=True):
            lines.append(f"  {row}  " + " ".join(text))
        if seat == view.seat and mask.bit_count() <= SHOWN_TABLES:
            lines.append("  possible: " + " | ".join(combos(p) for p in tables_of(mask)))
    if view.last:
        lines.append(f"Last: {view.last}")
    lines.append(_status(rules, view))
    return "\n".join(lines)


def _status(rules: MasqueradeChess, view: MasqueradeView) -> str:
    names = rules.spec.seat_names
    if view.outcome:
        return f"Game over: {view.outcome}"
    for filler, table in ((0, 1), (1, 0)):
        left = ", ".join(r for r in ROWS if r not in view.filled[table])
        if left:
            return (
                f"{names[filler]} fills in {names[table]}'s table, any row left ({left}): "
                f"e.g. {left[0]}{left[0]} for the {left[0]}'s own capture"
            )
    return f"{names[view.board.turn]} to move (a capture such as b1xc3 asks 'Capture?')"
