"""Skock's notation: actions as text, positions as text, states as JSON.

Actions: `roll 1 4` (the dice, lower first), `4:g2f4` (the first step of a die, naming the
die), `f4g2` (a later step of the same piece), `e7e8=Q` (a pawn exchanged on the last row for
a queued queen), `back` (bring pieces back on a double), `Q@d1` (place one), `pass`.
The rulebook writes squares in capitals (F4); both cases are read.

A position (the `position` option) is `<placement> <w|b> <White's queue> <Black's queue>`,
each queue in capture order or `-` when empty.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from motley.core.errors import NotationError, StateError
from motley.games.skock.board import parse_placement, write_placement
from motley.games.skock.state import (
    CHOOSE,
    DRAW,
    KIND_OF,
    KINDS,
    KING,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLAYING,
    ROLL,
    STEP,
    Action,
    Place,
    Roll,
    SkockState,
    Step,
    Word,
)
from motley.geometry.square import square_board

GEOMETRY = square_board(8, 8)
STEP_TEXT = re.compile(r"(?:([1-6]):)?([a-h][1-8])([a-h][1-8])(?:=([pnbrqk]))?", re.I)
PLACE_TEXT = re.compile(r"([pnbrqk])@([a-h][1-8])", re.I)
ROLL_TEXT = re.compile(r"roll\s+(\d+)\s+(\d+)", re.I)
SEATS = ("White", "Black")


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
        low, high = sorted((int(match.group(1)), int(match.group(2))))
        if not (low >= 1 and high <= 6):
            raise NotationError(f"{text!r}: dice show 1 to 6")
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


# -- JSON -----------------------------------------------------------------------------------


def to_json(state: SkockState) -> dict[str, Any]:
    name = GEOMETRY.name
    result: int | str | None = None
    if state.result == DRAW:
        result = "draw"
    elif state.result != PLAYING:
        result = state.result
    return {
        "board": write_placement((state.pieces, state.colours)),
        "turn": state.turn,
        "queues": list(state.queues),
        "phase": PHASE_NAMES[state.phase],
        "dice": list(state.dice),
        "die": state.die,
        "piece": name(state.cell) if state.cell >= 0 else None,
        "left": state.left,
        "moved": name(state.moved) if state.moved >= 0 else None,
        "placing": state.placing,
        "turns": state.turns,
        "result": result,
    }


def from_json(data: Mapping[str, Any]) -> SkockState:
    """Read `to_json` output, checking every field and how they fit together."""
    if not isinstance(data, Mapping):
        raise StateError("a Skock state is a JSON object")
    missing = [k for k in ("board", "turn", "queues", "phase") if k not in data]
    if missing:
        raise StateError(f"Skock state is missing {', '.join(missing)}")
    try:
        pieces, colours = parse_placement(_text(data["board"], "board"))
    except NotationError as error:
        raise StateError(f"bad Skock board: {error}") from None
    turn = data["turn"]
    if turn not in (0, 1) or isinstance(turn, bool):
        raise StateError("Skock state 'turn' is 0 (White) or 1 (Black)")
    queues = data["queues"]
    if not (isinstance(queues, list) and len(queues) == 2):
        raise StateError("Skock state 'queues' is a list of two texts")
    queue_texts = (_letters(queues[0], "queue"), _letters(queues[1], "queue"))
    phase_name = data["phase"]
    if phase_name not in PHASE_NAMES:
        raise StateError(f"Skock state 'phase' is one of {', '.join(PHASE_NAMES)}")
    dice = data.get("dice", [])
    if not (isinstance(dice, list) and len(dice) <= 2 and all(_is_die(d) for d in dice)):
        raise StateError("Skock state 'dice' is a list of at most two numbers 1-6")
    die = data.get("die", 0)
    if not (die == 0 or _is_die(die)):
        raise StateError("Skock state 'die' is 0 or a number 1-6")
    left = data.get("left", 0)
    if not (isinstance(left, int) and not isinstance(left, bool) and 0 <= left < 6):
        raise StateError("Skock state 'left' is a number of steps 0-5")
    turns = data.get("turns", 0)
    if not (isinstance(turns, int) and not isinstance(turns, bool) and turns >= 0):
        raise StateError("Skock state 'turns' is a count of throws")
    result_data = data.get("result")
    if result_data is None:
        result = PLAYING
    elif result_data == "draw":
        result = DRAW
    elif result_data in (0, 1) and not isinstance(result_data, bool):
        result = int(result_data)
    else:
        raise StateError("Skock state 'result' is null, 0, 1 or 'draw'")
    state = SkockState(
        pieces,
        colours,
        queue_texts,
        turn,
        PHASE_NAMES.index(phase_name),
        tuple(sorted(dice)),
        die,
        _cell(data.get("piece")),
        left,
        _cell(data.get("moved")),
        _letters(data.get("placing", ""), "placing"),
        turns,
        result,
    )
    _check_consistent(state)
    return state


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise StateError(f"Skock state {what!r} must be text")
    return value


def _letters(value: Any, what: str) -> str:
    text = _text(value, what)
    if any(letter not in KINDS for letter in text):
        raise StateError(f"Skock state {what!r} holds piece letters PNBRQK, not {text!r}")
    return text


def _is_die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _cell(value: Any) -> int:
    if value is None:
        return -1
    try:
        return GEOMETRY.parse(_text(value, "cell"))
    except NotationError as error:
        raise StateError(f"bad cell in Skock state: {error}") from None


def _check_consistent(s: SkockState) -> None:
    """The fields of a turn in progress must describe one possible moment of a turn."""
    me = s.turn
    for seat in (0, 1):
        held = s.colours[seat].bit_count() + len(s.queues[seat])
        if seat == me:
            held += len(s.placing)
        if held > 32:
            raise StateError(f"{SEATS[seat]} has more than 32 pieces on the board and queued")
    blank = (s.dice, s.die, s.cell, s.left, s.moved, s.placing)
    if s.phase in (ROLL, OVER):
        if blank != ((), 0, -1, 0, -1, ""):
            raise StateError("between turns a Skock state holds no dice, steps or placements")
        if (s.phase == OVER) != (s.result != PLAYING):
            raise StateError("Skock state 'result' is set exactly when the phase is 'over'")
        if s.phase == ROLL:
            _check_kings(s)
        return
    if s.result != PLAYING:
        raise StateError("a Skock game in progress has no result")
    _check_kings(s)
    if s.phase == CHOOSE:
        if s.die or s.cell >= 0 or s.left or s.placing or not s.dice:
            raise StateError("choosing a die needs the dice thrown and nothing else under way")
        if len(s.dice) == 1 and s.owner(s.moved) != me:
            raise StateError("with one die left, 'moved' names the piece the first die moved")
        if len(s.dice) == 2 and s.moved >= 0:
            raise StateError("no piece has moved before the first die")
    elif s.phase == STEP:
        if not s.die or s.placing or s.owner(s.cell) != me or not 1 <= s.left < s.die:
            raise StateError("a piece part-way through its die needs the die, its cell, steps left")
        if len(s.dice) > 1 or (not s.dice and s.owner(s.moved) != me) or s.moved == s.cell:
            raise StateError("the second die must move a piece other than the first")
    elif s.phase == PLACE and (
        not s.placing or s.dice or s.die or s.cell >= 0 or s.left or s.moved >= 0
    ):
        raise StateError("placing pieces brought back needs the pieces and nothing else")


def _check_kings(s: SkockState) -> None:
    for seat in (0, 1):
        if not s.pieces[KING] & s.colours[seat]:
            raise StateError(f"{SEATS[seat]} has no king on the board but the game goes on")
