"""Cooperative Chess actions as text, written and read (the rules say why one is illegal).

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

from motley.chesslike.turnless import (
    as_mover,
    find_move,
    kind_on,
    move_text,
    parse_coordinates,
)
from motley.components.chess_cards import Card
from motley.core.errors import IllegalAction, NotationError
from motley.core.rules import NodeKind
from motley.games.cooperative import state as st
from motley.games.cooperative.moves import chess_moves

if TYPE_CHECKING:
    from motley.games.cooperative.rules import CooperativeChess

_PLACE = re.compile(r"^out\s+([pnbrqk])(\d{1,2})\s+in\s+([pnbrqk])(\d{1,2})$", re.IGNORECASE)
_CAPTURE = re.compile(r"^(.+?)\s*@\s*(\d{1,2})$")


def action_text(state: st.CoopState, action: st.Action) -> str:
    if isinstance(action, Card):
        return f"{'remove' if state.phase == st.RECYCLE else 'draw'} {action.letter}"
    if isinstance(action, st.PlayCard):
        return f"play {action.card.letter}"
    if isinstance(action, st.EndTurn):
        return "end"
    board = as_mover(state.board, state.board.turn)
    if isinstance(action, st.Capture):
        return f"{move_text(board, action.move)} @{action.victim + 1}"
    if isinstance(action, st.Place):
        colour = state.board.turn
        promoted = state.promoted
        new = st.card_of(kind_on(state.board, promoted), colour) if promoted >= 0 else None
        letter = new.letter if new is not None else "?"
        return f"out {st.pawn_card(colour).letter}{action.out + 1} in {letter}{action.into + 1}"
    return move_text(board, action)


def parse(rules: CooperativeChess, state: st.CoopState, text: str, seat: int | None) -> st.Action:
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
    if state.phase == st.PLAY and (not words or words[0].lower() != "play"):
        raise IllegalAction(clean, "first play a card from your hand to the line ('play N')")
    if state.phase == st.PLACE and not _PLACE.match(clean):
        raise IllegalAction(clean, "first move the pawn's card out and the new card in")
    action = _read(rules, state, clean, words)
    return rules.check_legal(state, action, seat)


def _read(rules: CooperativeChess, state: st.CoopState, clean: str, words: list[str]) -> st.Action:
    if not clean:
        raise NotationError("empty action: write e.g. 'play N', 'e2e4', 'd5e6 @3' or 'end'")
    if clean.lower() == "end":
        return st.EndTurn()
    if len(words) == 2 and words[0].lower() == "play":
        return st.PlayCard(Card.parse(words[1]))
    placed = _PLACE.match(clean)
    if placed:
        action = st.Place(int(placed.group(2)) - 1, int(placed.group(4)) - 1)
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
            a for a in rules.legal_actions(state) if isinstance(a, st.Capture) and a.move == move
        ]
        if len(options) == 1:
            return options[0]
        if options:
            example = f"{clean} @{options[0].victim + 1}"
            raise NotationError(f"{clean!r}: say which card goes, e.g. '{example}'")
        return st.Capture(move, -1)
    return st.Capture(move, index)
