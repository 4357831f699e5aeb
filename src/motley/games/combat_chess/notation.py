"""Combat Chess II's notation: actions as text, and positions as text.

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

from motley.components.dice import die_text, read_face
from motley.core.errors import NotationError
from motley.games.combat_chess import state as st

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


def action_text(action: st.Action) -> str:
    name = st.GEOMETRY.name
    if isinstance(action, st.Die):
        return die_text(action)
    if isinstance(action, st.DicePair):
        return f"{action.word} {action.first} {action.second}"
    if isinstance(action, st.Move):
        return name(action.origin) + name(action.target)
    if isinstance(action, st.Challenge):
        return f"challenge {name(action.challenger)} {name(action.defender)}"
    if isinstance(action, st.Escape):
        return f"escape {name(action.hero)} {name(action.castle)}"
    if isinstance(action, st.Place):
        return f"{action.letter}@{name(action.cell)}"
    if isinstance(action, st.PlanRoll):
        return f"roll {name(action.cell)}"
    return action.word


def read_action(text: str) -> st.Action:
    """The action `text` names, before any legality check; raises NotationError."""
    words = text.strip()
    if words.lower() in WORDS:
        return st.Word(words.lower())
    cell = st.GEOMETRY.parse
    for pattern, what in PATTERNS:
        match = pattern.fullmatch(words)
        if not match:
            continue
        groups = match.groups()
        if what == "move":
            return st.Move(cell(groups[0]), cell(groups[1]))
        if what == "challenge":
            return st.Challenge(cell(groups[0]), cell(groups[1]))
        if what == "escape":
            return st.Escape(cell(groups[0]), cell(groups[1]))
        if what == "place":
            return st.Place(groups[0].upper(), cell(groups[1]))
        if what == "plan":
            return st.PlanRoll(cell(groups[0]))
        if what == "die":
            return st.Die(read_face(groups[0], text))
        faces = (read_face(groups[1], text), read_face(groups[2], text))
        return st.DicePair(groups[0].lower(), *faces)
    raise NotationError(
        f"{text!r} is not a Combat Chess action (try roll, e2e5, challenge e4 e5, "
        "teleport, escape b7 a8, K@e4, left, end, pass)"
    )


# -- positions ------------------------------------------------------------------------------


def parse_position(text: str) -> st.CombatState:
    fields = text.split()
    if len(fields) != 3:
        raise NotationError("a Combat Chess position is '<placement> <w|b> <prisoners>'")
    board = st.parse_placement(fields[0])
    side = fields[1].lower()
    if side not in ("w", "b"):
        raise NotationError(f"the side to move is 'w' or 'b', not {fields[1]!r}")
    groups = fields[2].split("/")
    if len(groups) != 4:
        raise NotationError("prisoners are four groups (White left/right, Black left/right)")
    held = [st.held_by(group, index) for index, group in enumerate(groups)]
    prisoners = (held[0], held[1], held[2], held[3])
    return st.CombatState(board, 0 if side == "w" else 1, st.ACT, prisoners=prisoners)


def write_position(state: st.CombatState) -> str:
    side = "w" if state.turn == 0 else "b"
    prisoners = "/".join(p or "-" for p in state.prisoners)
    return f"{st.write_placement(state.board)} {side} {prisoners}"
