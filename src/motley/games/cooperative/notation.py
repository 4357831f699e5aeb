"""Cooperative Chess actions as text, and the rule an illegal one breaks.

* `play N`: play the white knight card from hand (lower case for Black's cards);
* `e2e4`, `e7e8q`, `e1g1` (castling): a non-capturing move; SAN (`Nf3`, `O-O`) is read too;
* `d5e6 @3`: a capture, discarding the victim's card at position 3 of the line (counted from
  the draw-pile end); `d5e6` alone is read when only one card can go;
* `out P4 in Q1`: after a promotion, the pawn card at position 4 goes to the discard pile and
  the new piece's card is put so that it ends at position 1;
* `end`: no more moves this turn;
* chance outcomes: `draw N` (a deal or draw), `remove N` (the card a recycling puts out of the
  game; nobody is told which).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.components.chess_cards import Card
from motley.core.errors import IllegalAction, NotationError
from motley.core.rules import NodeKind
from motley.games.cooperative.moves import chess_moves, victim_cell
from motley.games.cooperative.state import (
    PLACE,
    PLAY,
    RECYCLE,
    Action,
    Capture,
    CoopState,
    EndTurn,
    Place,
    PlayCard,
    card_of,
    pawn_card,
)
from motley.games.synchronous.board import (
    as_mover,
    find_move,
    kind_on,
    move_text,
    parse_coordinates,
)

if TYPE_CHECKING:
    from motley.games.cooperative.rules import CooperativeChess

_PLACE = re.compile(r"^out\s+([pnbrqk])(\d{1,2})\s+in\s+([pnbrqk])(\d{1,2})$", re.IGNORECASE)
_CAPTURE = re.compile(r"^(.+?)\s*@\s*(\d{1,2})$")


def action_text(state: CoopState, action: Action) -> str:
    if isinstance(action, Card):
        return f"{'remove' if state.phase == RECYCLE else 'draw'} {action.letter}"
    if isinstance(action, PlayCard):
        return f"play {action.card.letter}"
    if isinstance(action, EndTurn):
        return "end"
    board = as_mover(state.board, state.board.turn)
    if isinstance(action, Capture):
        return f"{move_text(board, action.move)} @{action.victim + 1}"
    if isinstance(action, Place):
        colour = state.board.turn
        new = card_of(kind_on(state.board, state.promoted), colour) if state.promoted >= 0 else None
        letter = new.letter if new is not None else "?"
        return f"out {pawn_card(colour).letter}{action.out + 1} in {letter}{action.into + 1}"
    return move_text(board, action)


def parse(rules: CooperativeChess, state: CoopState, text: str, seat: int | None) -> Action:
    """The action `text` names at `state`, checked legal (NotationError, IllegalAction)."""
    clean = text.strip()
    words = clean.split()
    kind = rules.kind(state)
    if kind is NodeKind.TERMINAL:
        raise IllegalAction(clean, "the game is over")
    if len(words) == 2 and words[0].lower() in ("draw", "remove"):
        outcome = Card.parse(words[1])
        if kind is not NodeKind.CHANCE:
            raise IllegalAction(clean, "no card is drawn or removed now: a player is to act")
        return rules.check_legal(state, outcome)
    if kind is NodeKind.CHANCE:
        raise IllegalAction(clean, "the deck acts now: a card is drawn or removed")
    if seat is not None and seat not in rules.actors(state):
        raise IllegalAction(clean, f"it is {rules.spec.seat_name(rules.mover(state))}'s turn")
    if state.phase == PLAY and (not words or words[0].lower() != "play"):
        raise IllegalAction(clean, "first play a card from your hand to the line ('play N')")
    if state.phase == PLACE and not _PLACE.match(clean):
        raise IllegalAction(clean, "first move the pawn's card out and the new card in")
    action = _read(rules, state, clean, words)
    return rules.check_legal(state, action, seat)


def _read(rules: CooperativeChess, state: CoopState, clean: str, words: list[str]) -> Action:
    if not clean:
        raise NotationError("empty action: write e.g. 'play N', 'e2e4', 'd5e6 @3' or 'end'")
    if clean.lower() == "end":
        return EndTurn()
    if len(words) == 2 and words[0].lower() == "play":
        return PlayCard(Card.parse(words[1]))
    placed = _PLACE.match(clean)
    if placed:
        action = Place(int(placed.group(2)) - 1, int(placed.group(4)) - 1)
        written = action_text(state, action).split()
        if (placed.group(1), placed.group(3)) != (written[1][0], written[3][0]):
            raise IllegalAction(clean, f"the cards are {written[1][0]} out, {written[3][0]} in")
        return action
    captured = _CAPTURE.match(clean)
    body = captured.group(1) if captured else clean
    index = int(captured.group(2)) - 1 if captured else None
    colour = state.board.turn
    board = as_mover(state.board, colour)
    quiet, captures = chess_moves(state.board, colour, rules.castling)
    move = find_move(board, colour, body, captures)
    if move is None:
        move = find_move(board, colour, body, quiet)
        if move is None:
            if index is None and parse_coordinates(body) is not None:
                raise IllegalAction(clean, "no piece of the side to move can make that move")
            raise NotationError(
                f"{clean!r} is not an action here: write e.g. 'play N', 'e2e4', 'd5e6 @3', "
                "'out P2 in Q1' or 'end'"
            )
        if index is not None:
            raise IllegalAction(clean, "this move captures nothing: write it without '@'")
        return move
    if index is None:
        options = [
            a for a in rules.legal_actions(state) if isinstance(a, Capture) and a.move == move
        ]
        if len(options) == 1:
            return options[0]
        if options:
            example = f"{clean} @{options[0].victim + 1}"
            raise NotationError(f"{clean!r}: say which card goes, e.g. '{example}'")
        return Capture(move, -1)
    return Capture(move, index)


def why_illegal(rules: CooperativeChess, state: CoopState, action: Action) -> str:
    """The rule `action` breaks at `state`, in words."""
    kind = rules.kind(state)
    if kind is NodeKind.TERMINAL:
        return "the game is over"
    if isinstance(action, Card):
        if kind is not NodeKind.CHANCE:
            return "no card is drawn or removed now"
        where = "recycled group" if state.phase == RECYCLE else "draw pile"
        return f"there is no {action.name} card in the {where}"
    if kind is NodeKind.CHANCE:
        return "the deck acts now: a card is drawn or removed"
    phase = state.phase
    if isinstance(action, PlayCard):
        if phase != PLAY:
            return "a card is played only at the start of a turn, once"
        return f"there is no {action.card.name} card in your hand"
    if phase == PLAY:
        return "first play a card from your hand to the line"
    if phase == PLACE:
        if not isinstance(action, Place):
            return "first move the promoted pawn's card out and put the new piece's card in"
        return "'out' names a pawn card of your colour in the line, 'in' a position in it"
    if isinstance(action, Place):
        return "cards are placed only just after a promotion"
    if isinstance(action, Capture):
        return _capture_reason(state, action)
    if isinstance(action, Move):
        if not state.quiet_left:
            return "only one non-capturing move a turn, made before the captures"
        if action.promotion:
            return (
                "a pawn reaches the last rank only with its colour's pawn card in the line, "
                "as a piece whose card is in the discard pile"
            )
    return "not a legal move for the side to move"


def _capture_reason(state: CoopState, action: Capture) -> str:
    colour = state.board.turn
    board = as_mover(state.board, colour)
    move = action.move
    victim = victim_cell(board, move)
    if victim < 0 or kind_on(board, move.origin) < 0:
        return "this move captures nothing"
    mover = card_of(kind_on(board, move.origin), colour)
    prey = card_of(kind_on(board, victim), colour ^ 1)
    if move.promotion:
        new = Card(colour, move.promotion.upper())
        if new not in state.discard:
            return f"a pawn may become a {new.name} only when its card is in the discard pile"
    return (
        f"a capture needs a card like the capturing piece ({mover.letter}) right beside the "
        f"captured piece's card ({prey.letter}) in the line, and '@' names that card's position"
    )
