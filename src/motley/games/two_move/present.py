"""How Two Move Chess is shown and played (see `core.present`).

The board with a badge on each pawn that has moved this turn (no pawn moves twice in one
turn). Around it: your five piece cards (those lying face up in front of you are marked and
cannot be chosen), the other player's hand as backs and its face-up cards, and, once the
cards are revealed, the pairs played and the card moves still to come, in order.

Choosing two cards is a pick on your cards: click the less valuable card of the pair, then
choose its partner (a pair is one action, and a pick names one card). Moves are drags;
castling is the king's two-square step; a promotion asks for the piece. The terminal's
picture is the board in text with the cards face up and the card to move (`board_text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.chesslike.present import chess_layout, move_gesture, position_pieces, san_body
from motley.chesslike.simultaneous import game_over, result_words
from motley.chesslike.turnless import (
    GEOMETRY,
    PAWN,
    SEAT_NAMES,
    TABLES,
    as_mover,
    draw_board,
    is_castling,
    kind_on,
    owner,
)
from motley.core import present
from motley.core.present import Card, Cards, Choice, Layout, Mark, MarkKind, MarkStyle, Pick
from motley.games.two_move.cards import (
    CARDS,
    HAND,
    LETTERS,
    NAMES,
    CardPair,
    cards_text,
    kinds_of,
    resolution,
)
from motley.games.two_move.state import CHOOSE, MOVE, SETUP, TwoMoveState

if TYPE_CHECKING:
    from motley.games.two_move.rules import TwoMove

HAND_ID = "hand"  # the seat's own five cards, in the order of value (so a pick's index is
# the same for both players: the card kinds' place in CARDS)
MOVED = "moved"
LEGEND = (
    MarkKind(
        MOVED,
        "moved pawn",
        "This pawn has moved this turn; no pawn moves twice in one turn.",
        MarkStyle.BADGE,
        "#8d6e63",
        "M",
    ),
)


def layout(rules: TwoMove) -> Layout:
    return chess_layout(TABLES, LEGEND)


def face(card: int, seat: int, caption: str = "", key: str = "") -> Card:
    """The face of one of `seat`'s piece cards (Appendix A: the piece's letter on it)."""
    letter = LETTERS[card]
    return Card(key or f"{seat}{letter}", letter, caption or NAMES[card], seat, letter)


def pair_words(cards: int) -> str:
    return " and ".join(NAMES[kind] for kind in kinds_of(cards))


# -- the table -----------------------------------------------------------------------------


def own_cards(state: TwoMoveState, seat: int) -> Cards:
    """The seat's five cards: those lying face up are on the table, marked as such."""
    played = state.chosen[seat] if state.phase == MOVE else 0
    faces = []
    for card in CARDS:
        caption = NAMES[card]
        if played >> card & 1:
            caption += ": played"
        elif state.face_up[seat] >> card & 1:
            caption += ": face up"
        faces.append(face(card, seat, caption))
    return Cards(HAND_ID, "Your cards", tuple(faces), owner=seat)


def other_cards(state: TwoMoveState, seat: int) -> list[present.Item]:
    """Another player's hand as backs, and the cards lying face up from last turn."""
    name = SEAT_NAMES[seat]
    key = name.lower()
    in_hand = (HAND & ~state.face_up[seat]).bit_count()
    old = state.face_up[seat] & ~(state.chosen[seat] if state.phase == MOVE else 0)
    items: list[present.Item] = [Cards(f"hand-{key}", f"{name}'s hand", hidden=in_hand, owner=seat)]
    if old:
        faces = tuple(face(card, seat) for card in kinds_of(old))
        title = f"{name}'s cards face up (cannot be chosen this turn)"
        if state.phase == MOVE:
            title = f"{name}'s cards face up from last turn"
        items.append(Cards(f"face-up-{key}", title, faces, owner=seat, kind="line"))
    return items


def played_line(state: TwoMoveState) -> Cards:
    """Both pairs as revealed: cancelled cards, cards that move twice, cards done."""
    common = state.chosen[0] & state.chosen[1]
    waiting = {(s, c) for s, c in state.queue}
    faces = []
    for seat in (0, 1):
        pair = state.chosen[seat]
        twice = (pair & ~common).bit_count() == 1
        for card in kinds_of(pair):
            if common >> card & 1:
                caption = "cancelled"
            elif (seat, card) in waiting:
                caption = "moves twice" if twice else "to move"
            else:
                caption = "done"
            key = f"played-{seat}{LETTERS[card]}"
            faces.append(face(card, seat, f"{NAMES[card]}: {caption}", key))
    return Cards("played", "Cards played this turn", tuple(faces), kind="line")


def queue_line(state: TwoMoveState) -> Cards:
    """The card moves still to make, the one now first."""
    faces = []
    for index, (seat, card) in enumerate(state.queue):
        caption = f"{SEAT_NAMES[seat]}'s {NAMES[card]}" + (": now" if index == 0 else "")
        faces.append(face(card, seat, caption, f"next-{index}"))
    return Cards("to-move", "Card moves to come, in order", tuple(faces), kind="line")


def items(state: TwoMoveState, seat: int) -> tuple[present.Item, ...]:
    out: list[present.Item] = []
    for other in (1, 0):  # the player across the table first, then your own cards
        if other != seat:
            out += other_cards(state, other)
    if state.phase == MOVE:
        out.append(played_line(state))
        if state.queue:
            out.append(queue_line(state))
    if seat in (0, 1):
        out.append(own_cards(state, seat))
    return tuple(out)


def card_task(rules: TwoMove, state: TwoMoveState) -> tuple[int, int, str]:
    """(seat, card, what the card lets its owner move) for the card that moves now."""
    seat, card = state.queue[0]
    least = rules.least_movable(state.board, seat, state.moved)
    what = f"a {NAMES[card]}"
    if least and least != NAMES[card]:
        what += f" or a {least} (the least valuable piece that can move)"
    order = resolution(*state.chosen)
    if order.count((seat, card)) == 2:
        done = len(order) - len(state.queue)
        first = order.index((seat, card)) >= done
        what += "; this card moves twice, " + ("first move" if first else "second move")
    return seat, card, what


def words(rules: TwoMove, state: TwoMoveState, seat: int) -> tuple[str, str]:
    """(prompt, status): what the seat to act must do, what everyone else reads."""
    result = rules.outcome(state)
    if result is not None:
        return "", result_words(result)
    if state.phase == SETUP:
        prompt = (
            "Lay two cards face up; they cannot be chosen in the first turn: click the less "
            "valuable one, then choose the other"
        )
        return (prompt if seat == 0 else ""), "White is laying two cards face up"
    if state.phase == CHOOSE:
        prompt = (
            "Choose your two cards for this turn: click the less valuable one, then choose "
            "the other"
        )
        if seat in (0, 1) and state.face_up[seat]:
            prompt += f" (your {pair_words(state.face_up[seat])} lie face up and cannot be chosen)"
        return (prompt if seat in (0, 1) else ""), "White and Black are choosing their cards"
    mover, card, what = card_task(rules, state)
    prompt = f"Your {NAMES[card]} card: move {what}"
    status = f"{SEAT_NAMES[mover]}'s {NAMES[card]} card: {SEAT_NAMES[mover]} moves {what}"
    return (prompt if seat == mover else ""), status


def moved_marks(rules: TwoMove, state: TwoMoveState) -> dict[int, tuple[Mark, ...]]:
    """The pawns that have moved this turn (a promoted one too, when the reading says it is
    still the same pawn)."""
    barred = state.moved
    if rules.options["promoted_pawn_moves_again"]:
        barred &= state.board.pieces[PAWN]
    return {cell: (Mark(MOVED),) for cell in range(GEOMETRY.cell_count) if barred >> cell & 1}


def scene(rules: TwoMove, state: TwoMoveState, seat: int) -> present.Scene:
    marks = moved_marks(rules, state)
    pieces = position_pieces(TABLES, state.board, lambda cell: marks.get(cell, ()))
    prompt, status = words(rules, state, seat)
    return present.Scene(pieces=pieces, items=items(state, seat), prompt=prompt, status=status)


# -- gestures and the move list -----------------------------------------------------------


def gesture(rules: TwoMove, state: TwoMoveState, action: CardPair | Move) -> present.Gesture:
    """A pair: a pick of its less valuable card, then its partner; a move: a drag."""
    if isinstance(action, CardPair):
        low, high = kinds_of(action.cards)
        # whose card it is, when both choose at once, the view does not say
        colour = 0 if state.phase == SETUP else -1
        partner = Card(f"with-{LETTERS[high]}", LETTERS[high], NAMES[high], colour, LETTERS[high])
        choice = Choice(pair_words(action.cards), card=partner)
        return Pick(HAND_ID, CARDS.index(low), choice)
    board = state.board
    mover = owner(board, action.origin)
    target = action.target
    if is_castling(board, action):  # written as the king's two-square step
        target, _ = TABLES.castle_squares(mover, action.origin, action.target)
    return move_gesture(Move(action.origin, target, action.promotion), mover)


def notate(rules: TwoMove, state: TwoMoveState, action: CardPair | Move, seat: int) -> str:
    """Cards in words; a card's move in SAN, naming the card when it moves another type."""
    if isinstance(action, CardPair):
        if state.phase == SETUP:
            return f"{pair_words(action.cards)} face up"
        return f"plays {pair_words(action.cards)}"
    if state.phase != MOVE or not state.queue:
        return rules.action_text(state, action)
    seat, card = state.queue[0]
    board = as_mover(state.board, seat)
    text = san_body(TABLES, board, action, rules.card_moves(state))
    if kind_on(board, action.origin) != card:
        text += f" ({NAMES[card]} card)"
    return text


# -- the terminal -----------------------------------------------------------------------------


def board_text(rules: TwoMove, state: TwoMoveState, seat: int) -> str:
    """The board in text (seat 1's side at the bottom for seat 1), the cards lying face up,
    and what the turn asks for now."""
    lines = draw_board(state.board, flipped=seat == 1)
    for s in (0, 1):
        shown = " ".join(cards_text(state.face_up[s])) or "-"
        lines.append(f"{SEAT_NAMES[s]}'s cards face up: {shown}")
    result = rules.outcome(state)
    if result is not None:
        lines.append(game_over(result))
    elif state.phase == SETUP:
        lines.append("White lays two cards face up; they cannot be chosen in turn 1")
    elif state.phase == CHOOSE:
        lines.append(f"Turn {state.turn}: both players choose two cards (e.g. BQ)")
    else:
        revealed = ", ".join(f"{SEAT_NAMES[s]} {cards_text(state.chosen[s])}" for s in (0, 1))
        mover, card = state.queue[0]
        left = " ".join(f"{SEAT_NAMES[s][0]}{cards_text(1 << c)}" for s, c in state.queue)
        lines.append(f"Revealed: {revealed}; moves to come: {left}")
        least = rules.least_movable(state.board, mover, state.moved)
        lines.append(f"{SEAT_NAMES[mover]}'s {NAMES[card]} card: move a {NAMES[card]} or a {least}")
    return "\n".join(lines)
