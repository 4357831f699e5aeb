"""The text picture of a Tar Pit view (the computer players' evaluation is in `evaluate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.marked import marked_board_text
from motley.games.tar_pit.codec import TarPitView
from motley.games.tar_pit.state import CARD, DEAL, DISCARD, DRAW, MOVE, RETURN, THROW, TarPitState

if TYPE_CHECKING:
    from motley.games.tar_pit.rules import TarPitChess

COLOUR = ("light", "dark")  # the checkers' colours: White's and Black's


def mark(s: TarPitState, cell: int, owner: int) -> str:
    """'carry' for a piece on its own checker, 'tar' on the opponent's, '' for none."""
    if s.checkers[owner] >> cell & 1:
        return "carry"
    if s.checkers[owner ^ 1] >> cell & 1:
        return "tar"
    return ""


def phase_note(rules: TarPitChess, s: TarPitState) -> str:
    name = rules.spec.seat_name
    who = name(s.seat)
    other = name(s.seat ^ 1)
    if s.phase == DEAL:
        return "dealing the cards"
    if s.phase == MOVE:
        check = ", in check" if rules.turns.in_check(s) else ""
        return f"{who} to move{check}"
    if s.phase == THROW:
        return f"{who}: throw the checker from {rules.geometry.name(s.piece)} or keep it"
    if s.phase == CARD:
        return f"{who}: play a card or no card"
    if s.phase == RETURN:
        return f"{other}: give up a checker to the extra pile"
    if s.phase == DISCARD:
        return f"{other}: discard a card"
    if s.phase == DRAW:
        return f"{who} draws"
    return ""


def table_notes(rules: TarPitChess, view: TarPitView) -> list[str]:
    """The lines under the text board: the phase, the hands, the checkers and the piles."""
    s = view.public
    name = rules.spec.seat_name
    notes = [view.outcome or phase_note(rules, s)]
    if view.hand is not None and not view.hand:
        notes.append("your hand is empty")
    for seat in (0, 1):
        if seat != view.seat:
            notes.append(f"{name(seat)} holds {view.hand_sizes[seat]}")
    for seat in (0, 1):
        extra = rules.turns.extra(s, seat)
        notes.append(
            f"{name(seat)}: {s.supply[seat]} {COLOUR[seat]} checkers in front, {extra} extra"
        )
    top = f"{s.top.letter} ({s.top.name})" if s.top is not None else "empty"
    notes.append(f"discard pile: {top}, {len(s.discard)} cards")
    notes.append(f"draw pile: {view.draw_size} cards")
    return notes


def render(rules: TarPitChess, view: TarPitView) -> str:
    s = view.public
    board = s.board

    def sign(cell: int) -> str:
        owner = 0 if board.colours[0] >> cell & 1 else 1
        return {"carry": "*", "tar": "~", "": ""}[mark(s, cell, owner)]

    lines = marked_board_text(rules.tables, board, sign)
    lines.append("(* a piece on its own checker, carrying; ~ on the opponent's, tarred)")
    lines.extend(table_notes(rules, view))
    if view.hand is not None:
        lines.append(f"your hand: {view.hand}")
    return "\n".join(lines)
