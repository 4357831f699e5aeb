"""Hockey Chess as text: the terminal picture with its notes (the table as the browser draws
it is in `present`; the computer players' evaluation in `evaluate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.hockey.board import LETTERS, kind_at
from motley.games.hockey.state import (
    DRAW,
    DROP,
    OVER,
    PROMOTE,
    REF,
    ROLL,
    SETUP,
    HockeyState,
)

if TYPE_CHECKING:
    from motley.games.hockey.rules import HockeyChess


def score_text(rules: HockeyChess, s: HockeyState) -> str:
    return f"Score: White {s.score[0]}, Black {s.score[1]} (first to {rules.turns.goals})"


def phase_note(rules: HockeyChess, s: HockeyState) -> str:
    name = rules.spec.seat_name(rules.actor(s))
    where = rules.geometry.name
    if s.phase == OVER:
        return outcome_text(rules, s)
    if s.phase == SETUP:
        return f"{name}: place a referee (ref@d4)"
    if s.phase == ROLL:
        return f"{name}: roll the referee die"
    if s.phase == REF:
        return f"{name}: move a referee exactly {s.die} squares"
    if s.phase == DROP:
        return f"{name}: leave the puck on the path of {where(s.cell)} (put@...) or keep it"
    if s.phase == PROMOTE:
        return f"{name}: score a point or bring a captured piece back"
    if s.acts == 0:
        return f"{name}: move a piece and/or pass a puck, or pass twice"
    if s.moved:
        return f"{name}: pass a puck, or end"
    return f"{name}: move a piece or pass again, or end"


def outcome_text(rules: HockeyChess, s: HockeyState) -> str:
    if s.phase != OVER:
        return ""
    if s.result == DRAW:
        return f"draw by {s.reason}"
    return f"{rules.spec.seat_name(s.result)} wins: {s.reason}"


def render(rules: HockeyChess, s: HockeyState) -> str:
    """The board: a piece letter (lower case Black) followed by `*` for a puck under it and
    `^` for a referee; `o` a loose puck, `x` a referee alone, `@` a puck on a referee."""
    board = s.board
    files = "    " + "   ".join("abcdefgh")
    goal = "goal"
    lines = [f"              [{goal} d9 e9]", files]
    for rank in range(7, -1, -1):
        row = f" {rank + 1}  "
        for file in range(8):
            cell = rank * 8 + file
            kind = kind_at(board, cell)
            puck = s.pucks >> cell & 1
            ref = s.refs >> cell & 1
            if kind < 0:
                text = "@" if puck and ref else "o" if puck else "x" if ref else "."
            else:
                letter = LETTERS[kind]
                text = letter if board.colours[0] >> cell & 1 else letter.lower()
                text += ("*" if puck else "") + ("^" if ref else "")
            row += text.ljust(4)
        lines.append(row.rstrip())
    lines.append(files)
    lines.append(f"              [{goal} d0 e0]")
    lines.append("(* puck under a piece, ^ referee under it; o loose puck, x referee, @ both)")
    lines.append(score_text(rules, s))
    lines.append(phase_note(rules, s))
    return "\n".join(lines)
