"""Zombie Chess actions as text: moves `e2e4`, `e7e8q`, castling `e1g1`, `end`, `bury P@b2`,
promotion of a returning pawn `c8=Q`; and the ledger's announcements in words."""

from __future__ import annotations

import re

from motley.chesslike.coordinates import read_squares
from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables
from motley.core.errors import NotationError
from motley.games.zombie.state import (
    BURIED,
    CANNOT,
    CHECK,
    DESTROYED,
    DUSTED,
    NAMES,
    NOWHERE,
    Action,
    Bury,
    EndTurn,
    Entry,
    Promote,
)

_BURY = re.compile(r"^bury\s+(?:([a-z])@)?([a-z]\d+)$")
_PROMOTE = re.compile(r"^([a-z]\d+)\s*=\s*([a-z])$")


def action_text(t: ChessTables, pos: Position, captured: str, action: Action) -> str:
    g = t.geometry
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Bury):
        return f"bury {captured[:1] or '?'}@{g.name(action.cell)}"
    if isinstance(action, Promote):
        return f"{g.name(action.cell)}={action.letter.upper()}"
    target = action.target
    if (1 << target) & pos.colours[pos.turn] and (1 << action.origin) & pos.pieces[t.royal]:
        target, _ = t.castle_squares(pos.turn, action.origin, target)
    return g.name(action.origin) + g.name(target) + action.promotion


class Parsed:
    """Text read into the shape of an action, before legality is judged."""

    def __init__(self, kind: str, cell: int = -1, target: int = -1, letter: str = "") -> None:
        self.kind = kind  # "end", "bury", "promote" or "move"
        self.cell = cell
        self.target = target
        self.letter = letter


def read(t: ChessTables, text: str) -> Parsed:
    """The shape of an action text; NotationError if it has none."""
    g = t.geometry
    words = text.strip().lower()
    if words == "end":
        return Parsed("end")
    try:
        found = _BURY.match(words)
        if found:
            return Parsed("bury", g.parse(found.group(2)), letter=(found.group(1) or ""))
        found = _PROMOTE.match(words)
        if found:
            return Parsed("promote", g.parse(found.group(1)), letter=found.group(2))
    except NotationError as error:
        raise NotationError(f"{text!r}: {error}") from None
    move = read_squares(t, words)
    if move is not None:
        return Parsed("move", move.origin, move.target, move.promotion)
    raise NotationError(
        f"expected a move (e2e4, e7e8q), 'end', 'bury P@b2' or 'c8=Q', got {text!r}"
    )


def castling_targets(t: ChessTables, pos: Position, move: Move) -> set[int]:
    """The squares a text may name as a move's target: castling also by the king's square."""
    found = {move.target}
    if (1 << move.target) & pos.colours[pos.turn]:
        found.add(t.castle_squares(pos.turn, move.origin, move.target)[0])
    return found


def announcement(t: ChessTables, entry: Entry, seat_names: tuple[str, ...]) -> str:
    """An entry of the ledger as it was said aloud ('' for the unspoken ones)."""
    g = t.geometry
    who = seat_names[entry.seat]
    piece = NAMES.get(entry.letter, "")
    if entry.what == CHECK:
        if entry.letter:
            return f"a zombie {piece} comes back at {g.name(entry.cell)}"
        return f"no zombie at {g.name(entry.cell)}"
    if entry.what == NOWHERE:
        return "no zombies anywhere"
    if entry.what == BURIED:
        return f"{who} buries the {piece}"
    if entry.what == CANNOT:
        return f"{who}: I cannot bury this piece ({piece} to the dust bin)"
    if entry.what == DESTROYED:
        return f"the zombie {piece} on {g.name(entry.cell)} is destroyed"
    if entry.what == DUSTED:
        return f"the zombie {piece} taken on {g.name(entry.cell)} goes to the dust bin"
    return ""
