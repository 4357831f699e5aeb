"""Words for people: which rule an illegal Skock action breaks, and the board as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.games.skock.state import (
    BACK,
    CHOOSE,
    DRAW,
    KINDS,
    KING,
    OVER,
    PASS,
    PAWN,
    PHASE_NAMES,
    PLACE,
    ROLL,
    STEP,
    Action,
    Place,
    Roll,
    SkockState,
    Step,
)
from motley.geometry.square import square_board

if TYPE_CHECKING:
    from motley.games.skock.rules import Skock

GEOMETRY = square_board(8, 8)
PIECE_NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")


def why_illegal(rules: Skock, state: SkockState, action: Action) -> str:
    """The rule `action` breaks at `state`, in one line."""
    if state.phase == OVER:
        return "the game is over"
    if isinstance(action, Roll):
        return "the dice are not being thrown now"
    if state.phase == ROLL:
        return "the dice are to be thrown first"
    if state.phase == PLACE and not isinstance(action, Place):
        return "the pieces brought back from the queue must be placed first"
    if isinstance(action, Place):
        return _why_place(rules, state, action)
    if action == BACK:
        if state.phase != CHOOSE or len(state.dice) != 2:
            return "pieces come back only instead of a whole move, at the start of a turn"
        if state.dice[0] != state.dice[1]:
            return "only a double lets a player bring pieces back"
        return "the queue is empty: there is nothing to bring back"
    if action == PASS:
        return "a player passes only when no two pieces can use the dice"
    if isinstance(action, Step):
        return _why_step(rules, state, action)
    return "not a legal action in this position"


def _why_place(rules: Skock, state: SkockState, place: Place) -> str:
    if state.phase != PLACE:
        return "no pieces are being brought back"
    if place.letter not in state.placing:
        return f"no {PIECE_NAMES[KINDS.index(place.letter)]} is being brought back"
    return (
        "pieces brought back go as far back as possible: fill the rearmost row with room "
        "before the next"
    )


def _why_step(rules: Skock, state: SkockState, step: Step) -> str:
    me = state.turn
    name = GEOMETRY.name
    planner = rules.planner
    if state.phase == STEP:
        if step.origin != state.cell:
            return f"the piece on {name(state.cell)} must first use its {state.left} steps left"
        if step.die:
            return f"the die is already chosen; write the step as {name(step.origin)}..."
        die, left = state.die, state.left
    else:
        if not step.die:
            return "name the die for a piece's first step, as in 4:g2f4"
        if step.die not in state.dice:
            return f"no die left shows {step.die}"
        if step.origin == state.moved:
            return "the two dice must move two different pieces"
        die, left = step.die, step.die
    if state.owner(step.origin) != me:
        return f"there is no {rules.spec.seat_name(me)} piece on {name(step.origin)}"
    kind = state.kind_at(step.origin)
    target_owner = state.owner(step.target)
    # could the piece get there at all, were the target an enemy piece?
    bit = 1 << step.target
    theirs = (state.colours[me ^ 1] | bit) if target_owner == me else state.colours[me ^ 1]
    reach = planner.targets(me, kind, step.origin, state.occupied, theirs, True, 0)
    if not bit & reach:
        return f"a {PIECE_NAMES[kind]} cannot step from {name(step.origin)} to {name(step.target)}"
    if target_owner == me:
        return f"{name(step.target)} holds a piece of your own"
    if target_owner >= 0 and left > 1:
        return "every step but the last must end on an empty square: only the last may capture"
    if target_owner >= 0 and state.kind_at(step.target) == KING and die != planner.king_die:
        return f"only a step made with a die showing {planner.king_die} may take a king"
    last_row = planner.tables.last_row[me]
    if step.promotion:
        if kind != PAWN or not (1 << step.target) & last_row:
            return "only a pawn reaching the last row is exchanged"
        if step.promotion not in state.queues[me] and not planner.free_promotion:
            return f"the queue holds no {PIECE_NAMES[KINDS.index(step.promotion)]} to exchange"
    elif kind == PAWN and (1 << step.target) & last_row and left > 1:
        return "a pawn on the last row cannot use its other steps unless exchanged (add =Q etc.)"
    return (
        "no way to finish the turn after this step: the piece must use every step of its die "
        "and a different piece must then use the other die"
    )


def render(rules: Skock, state: SkockState) -> str:
    """The board (White at the bottom), both queues and where the turn stands."""
    letters = "   " + " ".join("abcdefgh")
    lines = [letters]
    marks = {state.cell, state.moved} - {-1}
    for rank in range(7, -1, -1):
        row = f"{rank + 1}  "
        for file in range(8):
            cell = rank * 8 + file
            kind = state.kind_at(cell)
            symbol = "." if kind < 0 else KINDS[kind]
            if state.owner(cell) == 1:
                symbol = symbol.lower()
            row += symbol + ("<" if cell in marks else " ")
        lines.append(f"{row} {rank + 1}")
    lines.append(letters)
    for seat in (0, 1):
        queue = " ".join(state.queues[seat]) or "-"
        lines.append(f"{rules.spec.seat_name(seat)}'s queue: {queue}")
    lines.append(status(rules, state))
    return "\n".join(lines)


def status(rules: Skock, state: SkockState) -> str:
    mover = rules.spec.seat_name(state.turn)
    if state.phase == OVER:
        if state.result == DRAW:
            return f"Game over: drawn at the turn limit ({rules.turn_limit} throws)"
        return f"Game over: {rules.spec.seat_name(state.result)} has taken the kings"
    if state.phase == ROLL:
        return f"{mover} to throw the dice (throw {state.turns + 1})"
    if state.phase == PLACE:
        return f"{mover} places pieces brought back: {' '.join(state.placing)}"
    if state.phase == STEP:
        piece = PIECE_NAMES[state.kind_at(state.cell)]
        later = f"; then the {state.dice[0]}" if state.dice else ""
        where = GEOMETRY.name(state.cell)
        return f"{mover}: the {piece} on {where} has {state.left} of {state.die} steps left{later}"
    dice = " and ".join(str(d) for d in state.dice)
    return f"{mover} ({PHASE_NAMES[state.phase]}): dice {dice} to use"
