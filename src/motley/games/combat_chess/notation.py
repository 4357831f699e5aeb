"""Combat Chess II's notation: actions as text, positions as text, states as JSON.

Decisions: `roll` (roll to move), `e2e5` (the move), `pass` (over-planning: no piece can move
the number rolled), `challenge e4 e5`, `end` (no challenge after a move), `left` / `right`
(where the killed piece goes), `teleport` (declared before its roll), `K@e4` (where the king
lands), `escape b7 a8` (hero, castle), `Q@b8` (where the freed piece lands), and with
`plan_before_roll` `roll e2` (roll for the piece on e2).
Chance outcomes: `first 3 5` (White's and Black's rolls for the first move), `roll 4`
(one die: to move, to teleport or to escape), `combat 4 2` (challenger's, then defender's).

A position (the `position` option) is `<placement> <w|b> <prisoners>`, the prisoners held by
White's left, White's right, Black's left and Black's right castle as four groups of letters
separated by '/', '-' for none: `... w -/-/-/-`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from motley.core.errors import NotationError, StateError
from motley.games.combat_chess.board import GEOMETRY, parse_placement, write_placement
from motley.games.combat_chess.state import (
    ACT,
    DRAW,
    PHASE_NAMES,
    PIECE_NAMES,
    PLAYING,
    SIDES,
    Action,
    Challenge,
    CombatState,
    DicePair,
    Die,
    Escape,
    Move,
    Place,
    PlanRoll,
    Word,
)

CELL = r"([a-h][1-8])"
PATTERNS = (
    (re.compile(rf"{CELL}{CELL}", re.I), "move"),
    (re.compile(rf"challenge\s+{CELL}\s+{CELL}", re.I), "challenge"),
    (re.compile(rf"escape\s+{CELL}\s+{CELL}", re.I), "escape"),
    (re.compile(rf"([prnbqk])@{CELL}", re.I), "place"),
    (re.compile(rf"roll\s+{CELL}", re.I), "plan"),
    (re.compile(r"roll\s+(\d+)", re.I), "die"),
    (re.compile(r"(first|combat)\s+(\d+)\s+(\d+)", re.I), "pair"),
)
WORDS = ("roll", "teleport", "pass", "end", "left", "right", "stay")


def action_text(action: Action) -> str:
    name = GEOMETRY.name
    if isinstance(action, Die):
        return f"roll {action.face}"
    if isinstance(action, DicePair):
        return f"{action.word} {action.first} {action.second}"
    if isinstance(action, Move):
        return name(action.origin) + name(action.target)
    if isinstance(action, Challenge):
        return f"challenge {name(action.challenger)} {name(action.defender)}"
    if isinstance(action, Escape):
        return f"escape {name(action.hero)} {name(action.castle)}"
    if isinstance(action, Place):
        return f"{action.letter}@{name(action.cell)}"
    if isinstance(action, PlanRoll):
        return f"roll {name(action.cell)}"
    return action.word


def read_action(text: str) -> Action:
    """The action `text` names, before any legality check; raises NotationError."""
    words = text.strip()
    if words.lower() in WORDS:
        return Word(words.lower())
    cell = GEOMETRY.parse
    for pattern, what in PATTERNS:
        match = pattern.fullmatch(words)
        if not match:
            continue
        groups = match.groups()
        if what == "move":
            return Move(cell(groups[0]), cell(groups[1]))
        if what == "challenge":
            return Challenge(cell(groups[0]), cell(groups[1]))
        if what == "escape":
            return Escape(cell(groups[0]), cell(groups[1]))
        if what == "place":
            return Place(groups[0].upper(), cell(groups[1]))
        if what == "plan":
            return PlanRoll(cell(groups[0]))
        if what == "die":
            return Die(_face(groups[0], text))
        return DicePair(groups[0].lower(), _face(groups[1], text), _face(groups[2], text))
    raise NotationError(
        f"{text!r} is not a Combat Chess action (try roll, e2e5, challenge e4 e5, "
        "teleport, escape b7 a8, K@e4, left, end, pass)"
    )


def _face(digits: str, text: str) -> int:
    face = int(digits)
    if not 1 <= face <= 6:
        raise NotationError(f"{text!r}: a die shows 1 to 6")
    return face


# -- positions ------------------------------------------------------------------------------


def parse_position(text: str) -> CombatState:
    fields = text.split()
    if len(fields) != 3:
        raise NotationError("a Combat Chess position is '<placement> <w|b> <prisoners>'")
    board = parse_placement(fields[0])
    side = fields[1].lower()
    if side not in ("w", "b"):
        raise NotationError(f"the side to move is 'w' or 'b', not {fields[1]!r}")
    groups = fields[2].split("/")
    if len(groups) != 4:
        raise NotationError("prisoners are four groups (White left/right, Black left/right)")
    prisoners = tuple(_prisoners(g, index) for index, g in enumerate(groups))
    return CombatState(board, 0 if side == "w" else 1, ACT, prisoners=_four(prisoners))


def _prisoners(text: str, index: int) -> str:
    """The prisoners a castle holds: the other side's pieces, so lower case by White's."""
    letters = "" if text == "-" else text
    if any(letter.upper() not in PIECE_NAMES for letter in letters):
        raise NotationError(f"prisoners are piece letters (PRNBQK), not {text!r}")
    held = letters.lower() if index < 2 else letters.upper()
    return "".join(sorted(held))


def _four(groups: tuple[str, ...]) -> tuple[str, str, str, str]:
    return (groups[0], groups[1], groups[2], groups[3])


def write_position(state: CombatState) -> str:
    side = "w" if state.turn == 0 else "b"
    prisoners = "/".join(p or "-" for p in state.prisoners)
    return f"{write_placement(state.board)} {side} {prisoners}"


# -- JSON -----------------------------------------------------------------------------------


def to_json(state: CombatState) -> dict[str, Any]:
    name = GEOMETRY.name
    result: int | str | None = None
    if state.result == DRAW:
        result = "draw"
    elif state.result != PLAYING:
        result = state.result
    return {
        "board": write_placement(state.board),
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "roll": state.roll,
        "active": name(state.active) if state.active >= 0 else None,
        "target": name(state.target) if state.target >= 0 else None,
        "chooser": state.chooser if state.chooser >= 0 else None,
        "captive": state.captive,
        "prisoners": {
            "white": dict(zip(SIDES, state.prisoners[:2], strict=True)),
            "black": dict(zip(SIDES, state.prisoners[2:], strict=True)),
        },
        "fresh": [name(c) for c in range(64) if state.fresh >> c & 1],
        "ties": state.ties,
        "turns": state.turns,
        "result": result,
    }


def from_json(data: Mapping[str, Any]) -> CombatState:
    """Read `to_json` output, checking the type of every field (the rules check the rest)."""
    if not isinstance(data, Mapping):
        raise StateError("a Combat Chess state is a JSON object")
    missing = [k for k in ("board", "turn", "phase", "prisoners") if k not in data]
    if missing:
        raise StateError(f"Combat Chess state is missing {', '.join(missing)}")
    try:
        board = parse_placement(_text(data["board"], "board"))
    except NotationError as error:
        raise StateError(f"bad Combat Chess board: {error}") from None
    turn = _number(data["turn"], "turn", 0, 1)
    if data["phase"] not in PHASE_NAMES:
        raise StateError(f"Combat Chess 'phase' is one of {', '.join(PHASE_NAMES)}")
    prisoners = data["prisoners"]
    try:
        groups = tuple(
            _text(prisoners[seat][side], "prisoners")
            for seat in ("white", "black")
            for side in SIDES
        )
    except (KeyError, TypeError):
        raise StateError("Combat Chess 'prisoners' maps white/black to left/right") from None
    for index, group in enumerate(groups):
        if any(letter.upper() not in PIECE_NAMES for letter in group) or group != _prisoners(
            group, index
        ):
            raise StateError("a castle's prisoners are the other side's pieces, in sorted order")
    fresh = data.get("fresh", [])
    if not isinstance(fresh, list):
        raise StateError("Combat Chess 'fresh' is a list of cells")
    fresh_bits = 0
    for cell_name in fresh:
        fresh_bits |= 1 << _cell(cell_name)
    chooser = data.get("chooser")
    result = data.get("result")
    if result == "draw":
        result_value = DRAW
    elif result is None:
        result_value = PLAYING
    else:
        result_value = _number(result, "result", 0, 1)
    return CombatState(
        board=board,
        turn=turn,
        phase=PHASE_NAMES.index(data["phase"]),
        roll=_number(data.get("roll", 0), "roll", 0, 6),
        active=_cell(data.get("active")),
        target=_cell(data.get("target")),
        chooser=-1 if chooser is None else _number(chooser, "chooser", 0, 1),
        captive=_captive(data.get("captive", "")),
        prisoners=_four(groups),
        fresh=fresh_bits,
        ties=_number(data.get("ties", 0), "ties", 0, 10**9),
        turns=_number(data.get("turns", 0), "turns", 0, 10**9),
        result=result_value,
    )


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise StateError(f"Combat Chess state {what!r} must be text")
    return value


def _number(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"Combat Chess state {what!r} must be a whole number {low}-{high}")
    return value


def _cell(value: Any) -> int:
    if value is None:
        return -1
    try:
        return GEOMETRY.parse(_text(value, "cell"))
    except NotationError as error:
        raise StateError(f"bad cell in Combat Chess state: {error}") from None


def _captive(value: Any) -> str:
    text = _text(value, "captive")
    if len(text) > 1 or (text and text.upper() not in PIECE_NAMES):
        raise StateError("Combat Chess 'captive' is one piece letter or empty")
    return text
