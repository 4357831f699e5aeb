"""Hockey Chess in writing: the actions (the placement with its checkers is in `state`).

Actions (one click each in the web app):

* a move `e2e4` (castling `e1g1`, a pawn reaching the last rank `e7e8`), a bishop's move
  with its slide `b5e8f8`, a king walking into the goal `e8 goal`;
* a pass `pass:d4d6`, a shot `pass:e5e9` (goal cells d0, e0, d9, e9);
* where a moving possessor leaves its puck `put@e3`, or `keep`;
* after a promotion `score`, or a captured piece back `Q@a1`;
* `end` (no second act), the die `roll 4`, the referee `ref:c3c6`, setup `ref@d4`.

"""

from __future__ import annotations

import re

from motley.chesslike.position import Move, Position
from motley.components.dice import Die, die_text, read_face
from motley.core.errors import NotationError
from motley.games.hockey import state as st
from motley.games.hockey.board import KING, HockeyTables, kind_at, owner_at

SQ = r"([a-h][1-8])"
TARGET = r"([a-h][1-8]|[de][09])"
_MOVE = re.compile(rf"^{SQ}-?x?{SQ}(?:-?{SQ})?$")
_KING_GOAL = re.compile(rf"^(?:{SQ}\s*(?:>|-)?\s*goal|goal\s*:?\s*{SQ})$")
_PASS = re.compile(rf"^pass\s*:?\s*{SQ}\s*(?:>|-)?\s*{TARGET}$")
_PUT = re.compile(rf"^(?:put\s*@?|drop\s*@?)\s*{SQ}$")
_RETURN = re.compile(rf"^([pnbrqk])\s*@\s*{SQ}$")
_ROLL = re.compile(r"^(?:roll|die)\s+(\d+)$")
_REF = re.compile(rf"^ref\s*:?\s*{SQ}\s*(?:>|-)?\s*{SQ}$")
_PLACE = re.compile(rf"^ref\s*(?:@|\s)\s*{SQ}$")
_CASTLES = {"o-o": 6, "0-0": 6, "o-o-o": 2, "0-0-0": 2}
WORDS = {"end": st.END, "keep": st.KEEP, "score": st.SCORE}
HINT = (
    "write a move e2e4, a pass pass:d4d6, put@e3 or keep, score or Q@a1, e8 goal, end, "
    "roll 4, ref:c3c6 or ref@d4"
)


def cell_name(t: HockeyTables, cell: int) -> str:
    return st.GOALS[cell] if cell >= 64 else t.geometry.name(cell)


def action_text(t: HockeyTables, action: st.Action, board: Position) -> str:
    """The text of `action`; `board` tells castling (king takes own rook) from other moves."""
    name = t.geometry.name
    if isinstance(action, Move):
        origin, target = action.origin, action.target
        if kind_at(board, origin) == KING and owner_at(board, target) == owner_at(board, origin):
            target = t.chess.castle_squares(owner_at(board, origin), origin, target)[0]
        return name(origin) + name(target)
    if isinstance(action, st.Slide):
        return name(action.origin) + name(action.via) + name(action.target)
    if isinstance(action, st.KingGoal):
        return f"{name(action.origin)} goal"
    if isinstance(action, st.Pass):
        return f"pass:{name(action.origin)}{cell_name(t, action.target)}"
    if isinstance(action, st.Drop):
        return f"put@{name(action.cell)}"
    if isinstance(action, st.Return):
        return f"{action.letter}@{name(action.cell)}"
    if isinstance(action, st.Word):
        return action.word
    if isinstance(action, Die):
        return die_text(action)
    if isinstance(action, st.RefMove):
        return f"ref:{name(action.origin)}{name(action.target)}"
    return f"ref@{name(action.cell)}"


def read_action(t: HockeyTables, text: str, castle: dict[tuple[int, int], Move]) -> st.Action:
    """Parse `text`; `castle` maps (king's square, its castling destination) to the move."""
    words = " ".join(text.strip().lower().split())
    parse = t.geometry.parse
    if words in WORDS:
        return WORDS[words]
    if words in _CASTLES:
        for (_, king_to), move in castle.items():
            if king_to % 8 == _CASTLES[words]:
                return move
        raise NotationError(f"{text.strip()!r}: castling is not possible here")
    found = _MOVE.match(words)
    if found:
        origin, target = parse(found.group(1)), parse(found.group(2))
        if found.group(3):
            return st.Slide(origin, target, parse(found.group(3)))
        if (origin, target) in castle:
            return castle[origin, target]
        return t.chess.moves[origin][target]
    found = _KING_GOAL.match(words)
    if found:
        return st.KingGoal(parse(found.group(1) or found.group(2)))
    found = _PASS.match(words)
    if found:
        goal = st.GOAL_OF_NAME.get(found.group(2))
        return st.Pass(parse(found.group(1)), parse(found.group(2)) if goal is None else goal)
    found = _PUT.match(words)
    if found:
        return st.Drop(parse(found.group(1)))
    found = _RETURN.match(words)
    if found:
        return st.Return(found.group(1).upper(), parse(found.group(2)))
    found = _ROLL.match(words)
    if found:
        return Die(read_face(found.group(1), text))
    found = _REF.match(words)
    if found:
        return st.RefMove(parse(found.group(1)), parse(found.group(2)))
    found = _PLACE.match(words)
    if found:
        return st.PlaceRef(parse(found.group(1)))
    if re.match(rf"^{SQ}{SQ}[qrbn]$", words):
        raise NotationError(
            f"{text.strip()!r}: a pawn is not promoted to a piece here; write the move "
            "without a letter, then choose score or a piece back"
        )
    raise NotationError(f"{text.strip()!r}: {HINT}")
