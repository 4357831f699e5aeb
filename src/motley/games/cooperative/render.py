"""The text picture of Cooperative Chess from one seat's view (the table the screens draw is
declared in `present`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.cooperative import score
from motley.games.cooperative.state import (
    ACT,
    DEAL,
    DRAW,
    PLACE,
    PLAY,
    RECYCLE,
    SEAT_NAMES,
    line_text,
)
from motley.games.cooperative.view import CoopView
from motley.games.synchronous.board import draw_board, read_board

if TYPE_CHECKING:
    from motley.games.cooperative.rules import CooperativeChess


def captured(view: CoopView) -> int:
    return score.captured(read_board(view.board))


def cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def score_note(view: CoopView) -> str:
    """The score so far: the captures, and the bonus a king's capture would add now."""
    board = read_board(view.board)
    return (
        f"Score so far: {score.captured(board)} captured; "
        f"{score.wiped(board)} piece types wiped out"
    )


def status(rules: CooperativeChess, view: CoopView) -> str:
    """What is happening now, in a few words."""
    who = SEAT_NAMES[view.colour]
    phase = view.phase
    if phase == DEAL:
        return "Dealing two cards to each player"
    if phase == PLAY:
        if rules.solitaire:
            return f"{who}'s turn: a card is drawn to the line"
        return f"{who} plays a card from hand to the line"
    if phase == ACT:
        if view.quiet_left:
            return f"{who}: one non-capturing move, then captures, or end"
        return f"{who}: captures the cards allow, or end"
    if phase == PLACE:
        return f"{who}: discard a pawn card, then place the promoted piece's card"
    if phase == DRAW:
        return f"{who} draws back up to two cards"
    if phase == RECYCLE:
        return "Recycling four or more cards of one colour: one leaves the game unseen"
    return "Game over"


def render_view(rules: CooperativeChess, view: CoopView, end: str) -> str:
    lines = draw_board(read_board(view.board), flipped=view.seat == 1)
    lines.append(f"Line (draw-pile end first): {line_text(view.line)}")
    for seat, hand in enumerate(view.hands):
        shown = line_text(hand) if hand is not None else cards(view.hand_sizes[seat])
        lines.append(f"{SEAT_NAMES[seat]}'s hand: {shown}")
    lines.append(f"Draw pile: {view.pile_size}; discard: {view.discard}")
    if view.recycled:
        groups = ", ".join(str(g) for g in view.recycled)
        lines.append(f"Recycled groups (one card of each out of the game): {groups}")
    lines.append(score_note(view))
    lines.append(end or status(rules, view))
    return "\n".join(lines)
