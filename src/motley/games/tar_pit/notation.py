"""Tar Pit actions as text, and back.

* the move: coordinates, `e2e4`, `e7e8q`, castling as the king's step `e1g1` (`O-O` and
  `O-O-O` are read too);
* the throw: `throw f3`, or `keep`;
* the card: `play n e4` (the card's letter, upper case for White's cards, then the square of
  the piece it adds a checker under), `play C` (a checker card), or `no card`;
* the opponent's answers to a checker card: `return supply` or `return e4`, `discard N`;
* a card drawn or dealt (a chance outcome): `draw N`.
"""

from __future__ import annotations

from typing import NamedTuple

from motley.chesslike.coordinates import read_squares
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import Card
from motley.core.errors import NotationError
from motley.games.tar_pit.state import (
    Action,
    Discard,
    Keep,
    NoCard,
    Play,
    Return,
    Throw,
)

_CASTLES = {"o-o": "g", "0-0": "g", "o-o-o": "c", "0-0-0": "c"}
HINT = (
    "write a move (e2e4), throw f3 or keep, play n e4, play C or no card, "
    "return supply or return e4, discard N, draw N"
)


def action_text(t: ChessTables, board: Position, action: Action) -> str:
    g = t.geometry
    if isinstance(action, Move):
        target = action.target
        if (1 << target) & board.colours[board.turn] and (1 << action.origin) & board.pieces[
            t.royal
        ]:
            target, _ = t.castle_squares(board.turn, action.origin, target)
        return g.name(action.origin) + g.name(target) + action.promotion
    if isinstance(action, Throw):
        return f"throw {g.name(action.cell)}"
    if isinstance(action, Keep):
        return "keep"
    if isinstance(action, Play):
        if action.cell < 0:
            return f"play {action.card.letter}"
        return f"play {action.card.letter} {g.name(action.cell)}"
    if isinstance(action, NoCard):
        return "no card"
    if isinstance(action, Return):
        return "return supply" if action.cell < 0 else f"return {g.name(action.cell)}"
    if isinstance(action, Discard):
        return f"discard {action.card.letter}"
    if isinstance(action, Card):
        return f"draw {action.letter}"
    raise NotationError(f"not a Tar Pit action: {action!r}")


class Parsed(NamedTuple):
    """What a text says, before the rules look at the position."""

    action: Action | None  # None for a castling word, resolved against the position
    castle: str = ""  # the king's target file for O-O / O-O-O


def read(t: ChessTables, text: str) -> Parsed:
    """The action a text names; raises NotationError for text that names none."""
    g = t.geometry
    words = text.strip().split()
    if not words:
        raise NotationError(f"{text!r}: {HINT}")
    head = words[0].lower()
    rest = words[1:]
    if len(words) == 1 and head in ("keep", "pass"):
        return Parsed(Keep())
    if [w.lower() for w in words] in (["no", "card"], ["nocard"], ["no-card"]):
        return Parsed(NoCard())
    if head == "throw" and len(rest) == 1:
        return Parsed(Throw(g.parse(rest[0])))
    if head == "play" and len(rest) in (1, 2):
        card = Card.parse(rest[0])
        if len(rest) == 1:
            if not card.is_checker:
                raise NotationError(f"{text!r}: a piece card names the square: play n e4")
            return Parsed(Play(card))
        if card.is_checker:
            raise NotationError(f"{text!r}: a checker card names no square: play C")
        return Parsed(Play(card, g.parse(rest[1])))
    if head == "return" and len(rest) == 1:
        if rest[0].lower() in ("supply", "front"):
            return Parsed(Return())
        return Parsed(Return(g.parse(rest[0])))
    if head == "discard" and len(rest) == 1:
        return Parsed(Discard(Card.parse(rest[0])))
    if head in ("draw", "deal") and len(rest) == 1:
        return Parsed(Card.parse(rest[0]))
    if len(words) == 1:
        castle = _CASTLES.get(head)
        if castle is not None:
            return Parsed(None, castle)
        move = read_squares(t, head)
        if move is not None:
            return Parsed(move)
    raise NotationError(f"{text.strip()!r}: {HINT}")
