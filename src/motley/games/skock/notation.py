"""Skock's notation: actions as text, and positions as text.

Actions: `roll 1 4` (the dice, lower first), `4:g2f4` (the first step of a die, naming the
die), `f4g2` (a later step of the same piece), `e7e8=Q` (a pawn exchanged on the last row for
a queued queen), `back` (bring pieces back on a double), `Q@d1` (place one), `pass`.
The rulebook writes squares in capitals (F4); both cases are read.

A position (the `position` option) is `<placement> <w|b> <White's queue> <Black's queue>`,
each queue in capture order or `-` when empty.
"""

from __future__ import annotations

import re

from motley.components.dice import read_faces
from motley.core.errors import NotationError
from motley.games.skock.state import (
    GEOMETRY,
    KIND_OF,
    ROLL,
    Action,
    Place,
    Roll,
    SkockState,
    Step,
    Word,
    parse_placement,
    write_placement,
)

STEP_TEXT = re.compile(r"(?:([1-6]):)?([a-h][1-8])([a-h][1-8])(?:=([pnbrqk]))?", re.I)
PLACE_TEXT = re.compile(r"([pnbrqk])@([a-h][1-8])", re.I)
ROLL_TEXT = re.compile(r"roll\s+(\d+)\s+(\d+)", re.I)


def action_text(action: Action) -> str:
    name = GEOMETRY.name
    if isinstance(action, Roll):
        return f"roll {action.low} {action.high}"
    if isinstance(action, Step):
        die = f"{action.die}:" if action.die else ""
        promotion = f"={action.promotion}" if action.promotion else ""
        return f"{die}{name(action.origin)}{name(action.target)}{promotion}"
    if isinstance(action, Place):
        return f"{action.letter}@{name(action.cell)}"
    return action.word


def read_action(text: str) -> Action:
    """The action `text` names, before any legality check; raises NotationError."""
    words = text.strip()
    if words.lower() in ("back", "pass"):
        return Word(words.lower())
    match = STEP_TEXT.fullmatch(words)
    if match:
        die, origin, target, promotion = match.groups()
        return Step(
            GEOMETRY.parse(origin),
            GEOMETRY.parse(target),
            int(die) if die else 0,
            (promotion or "").upper(),
        )
    match = PLACE_TEXT.fullmatch(words)
    if match:
        return Place(match.group(1).upper(), GEOMETRY.parse(match.group(2)))
    match = ROLL_TEXT.fullmatch(words)
    if match:
        low, high = sorted(read_faces(text, match.group(1), match.group(2)))
        return Roll(low, high)
    raise NotationError(
        f"{text!r} is not a Skock action (try 4:g2f4, f4e6, e7e8=Q, back, Q@d1, pass, roll 1 4)"
    )


# -- positions ------------------------------------------------------------------------------


def parse_position(text: str) -> SkockState:
    """A position at the throw of the dice, from `<placement> <w|b> <queue> <queue>`."""
    fields = text.split()
    if len(fields) != 4:
        raise NotationError(
            "a Skock position is '<placement> <w|b> <White's queue> <Black's queue>'"
        )
    pieces, colours = parse_placement(fields[0])
    side = fields[1].lower()
    if side not in ("w", "b"):
        raise NotationError(f"the side to move is 'w' or 'b', not {fields[1]!r}")
    queues = (_queue(fields[2]), _queue(fields[3]))
    return SkockState(pieces, colours, queues, 0 if side == "w" else 1, ROLL)


def _queue(text: str) -> str:
    if text == "-":
        return ""
    letters = text.upper()
    if any(letter not in KIND_OF for letter in letters):
        raise NotationError(f"a queue holds piece letters (PNBRQK), not {text!r}")
    return letters


def write_position(state: SkockState) -> str:
    side = "w" if state.turn == 0 else "b"
    queues = " ".join(q or "-" for q in state.queues)
    return f"{write_placement((state.pieces, state.colours))} {side} {queues}"
