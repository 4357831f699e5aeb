"""Telepathic Chess action text: `predict N`, `e2e4` / `e7e8q` / `e1g1` / `O-O`, `remove b7`.

A prediction names the card by its Appendix A letter (upper case for White's cards, lower
case for Black's; either case is read). Castling is written as the king's two-square step,
as in chess; inside, moves keep castling as king-takes-own-rook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from motley.chesslike.coordinates import move_text
from motley.chesslike.position import Move, Position
from motley.chesslike.refusals import named_move
from motley.chesslike.tables import ChessTables
from motley.components.chess_cards import Card
from motley.core.errors import NotationError
from motley.games.telepathic.state import Action, Predict, Remove

_COORDINATES = re.compile(r"^([a-z]\d+)([a-z]\d+)([qrbn]?)$")
_CASTLING = {"o-o": "short", "0-0": "short", "o-o-o": "long", "0-0-0": "long"}


@dataclass(frozen=True)
class Parsed:
    """The shape of a text: `kind` is predict, move, castle or remove."""

    kind: str
    card: str = ""  # predict: the type letter
    origin: int = -1  # move
    target: int = -1  # move, and remove (the cell)
    promotion: str = ""
    side: str = ""  # castle: short or long


def read(t: ChessTables, text: str) -> Parsed:
    """The shape of `text`, whatever the state; raises NotationError."""
    words = text.strip().split()
    lowered = [w.lower() for w in words]
    if len(words) == 2 and lowered[0] == "predict":
        return Parsed("predict", card=Card.parse(words[1]).type)
    if len(words) == 2 and lowered[0] == "remove":
        return Parsed("remove", target=_cell(t, lowered[1], text))
    if len(words) == 1 and lowered[0] in _CASTLING:
        return Parsed("castle", side=_CASTLING[lowered[0]])
    match = _COORDINATES.match(lowered[0]) if len(words) == 1 else None
    if match is None:
        raise NotationError(
            f"{text!r} is not a Telepathic Chess action: write 'predict N', a move such as "
            "'e2e4' or 'e7e8q', or 'remove b7'"
        )
    origin, target = _cell(t, match.group(1), text), _cell(t, match.group(2), text)
    return Parsed("move", origin=origin, target=target, promotion=match.group(3))


def _cell(t: ChessTables, name: str, text: str) -> int:
    try:
        return t.geometry.parse(name)
    except NotationError:
        raise NotationError(f"{text!r}: {name!r} is not a square of the board") from None


def action_text(t: ChessTables, board: Position, team: int, action: Action) -> str:
    """The action's text; `board` is the board it is played on, `team` the team on turn."""
    g = t.geometry
    if isinstance(action, Predict):
        return f"predict {Card(team, action.card).letter}"
    if isinstance(action, Remove):
        return f"remove {g.name(action.cell)}"
    return move_text(t, board, action)


def find_move(t: ChessTables, board: Position, moves: list[Move], shape: Parsed) -> Move | None:
    """The move a parsed move or castling names (a listed move when one fits; None for a
    castling that is not open)."""
    if shape.kind == "castle":
        for move in moves:
            castles = (1 << move.target) & board.colours[board.turn]
            if castles and (move.target > move.origin) == (shape.side == "short"):
                return move
        return None
    wanted = Move(shape.origin, shape.target, shape.promotion)
    # castling is written as the king's step: the same text names the same move
    found = named_move(moves, wanted, lambda move: move_text(t, board, move))
    return wanted if found is None else found
