"""A seat's view of Zombie Chess as text: the board with zombies marked by a coin (`*`),
the graveyards and dust bins, the seat's own secret grid, and the latest announcements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.zombie.codec import ZombieView
from motley.games.zombie.notation import announcement
from motley.games.zombie.state import BURY, NAMES, PROMOTE

if TYPE_CHECKING:
    from motley.games.zombie.rules import ZombieChess

RECENT = 6  # announcements shown


def render_view(rules: ZombieChess, view: ZombieView) -> str:
    t = rules.t
    g = t.geometry
    s = view.public
    board = s.board
    names = rules.spec.seat_names
    grid = dict(view.own_grid or ())
    files = "    " + "   ".join("abcdefgh")
    lines = [files]
    for rank in range(7, -1, -1):
        row = f" {rank + 1} "
        for file in range(8):
            cell = rank * 8 + file
            bit = 1 << cell
            kind = t.kind_at(board.pieces, bit)
            if kind < 0:
                symbol = "."
            else:
                letter = t.letters[kind]
                symbol = letter if bit & board.colours[0] else letter.lower()
            coin = "*" if bit & s.zombies else " "
            # White's grid holds black pieces (lower case), Black's grid white ones
            mark = grid.get(cell, "").lower() if view.seat == 0 else grid.get(cell, "")
            row += f" {symbol}{coin}{mark or ' '}"
        lines.append(f"{row.rstrip()}")
    lines.append(files)
    lines.append("(* a zombie; a letter after a piece: the piece you buried under it)")
    for colour in (0, 1):
        lines.append(
            f"{names[colour]}: graveyard {_letters(view.graveyards[colour])}, "
            f"dust bin {_letters(s.dust[colour])}"
        )
    if view.own_grid is not None:
        buried = ", ".join(f"{NAMES[letter]} at {g.name(c)}" for c, letter in view.own_grid)
        lines.append(f"Your grid ({names[view.seat]}): {buried or 'empty'}")
    said = [announcement(t, e, names) for e in s.ledger]
    said = [line for line in said if line][-RECENT:]
    if said:
        lines.append("Announced: " + "; ".join(said))
    lines.append(_status(rules, view))
    return "\n".join(lines)


def _letters(text: str) -> str:
    return " ".join(text) if text else "-"


def _status(rules: ZombieChess, view: ZombieView) -> str:
    s = view.public
    names = rules.spec.seat_names
    if view.outcome:
        return f"Game over: {view.outcome}"
    mover = names[s.board.turn]
    if s.phase == PROMOTE:
        return f"{mover} to promote the pawn that came back (for example c8=Q)"
    if s.phase == BURY:
        return f"{mover} to bury the captured {NAMES[s.captured[0]]} (bury {s.captured[0]}@square)"
    if s.left:
        return f"{mover} may move zombies that have not moved, or 'end' the turn"
    return f"{mover} to move"
