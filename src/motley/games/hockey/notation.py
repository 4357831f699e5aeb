"""Hockey Chess in writing: actions, the placement with its checkers, and states as JSON.

Actions (one click each in the web app):

* a move `e2e4` (castling `e1g1`, a pawn reaching the last rank `e7e8`), a bishop's move
  with its slide `b5e8f8`, a king walking into the goal `e8 goal`;
* a pass `pass:d4d6`, a shot `pass:e5e9` (goal cells d0, e0, d9, e9);
* where a moving possessor leaves its puck `put@e3`, or `keep`;
* after a promotion `score`, or a captured piece back `Q@a1`;
* `end` (no second act), the die `roll 4`, the referee `ref:c3c6`, setup `ref@d4`.

The placement is a FEN placement in which `.` is an empty square written out, and a piece
letter or `.` may be followed by `*` (a puck there) and `^` (a referee there):
`rnbqk*bnr/pppppppp/8/8/3.^4/8/PPPPPPPP/RNBQK*BNR`.
"""

from __future__ import annotations

import re

from motley.chesslike.position import Move, Position
from motley.core.errors import NotationError
from motley.games.hockey.board import KING, LETTERS, HockeyTables, kind_at, owner_at
from motley.games.hockey.state import (
    END,
    GOAL_OF_NAME,
    GOALS,
    KEEP,
    SCORE,
    Action,
    Drop,
    KingGoal,
    Pass,
    PlaceRef,
    RefMove,
    Return,
    Roll,
    Slide,
    Word,
)

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
WORDS = {"end": END, "keep": KEEP, "score": SCORE}
HINT = (
    "write a move e2e4, a pass pass:d4d6, put@e3 or keep, score or Q@a1, e8 goal, end, "
    "roll 4, ref:c3c6 or ref@d4"
)


def cell_name(t: HockeyTables, cell: int) -> str:
    return GOALS[cell] if cell >= 64 else t.geometry.name(cell)


def action_text(t: HockeyTables, action: Action, board: Position) -> str:
    """The text of `action`; `board` tells castling (king takes own rook) from other moves."""
    name = t.geometry.name
    if isinstance(action, Move):
        origin, target = action.origin, action.target
        if kind_at(board, origin) == KING and owner_at(board, target) == owner_at(board, origin):
            target = t.chess.castle_squares(owner_at(board, origin), origin, target)[0]
        return name(origin) + name(target)
    if isinstance(action, Slide):
        return name(action.origin) + name(action.via) + name(action.target)
    if isinstance(action, KingGoal):
        return f"{name(action.origin)} goal"
    if isinstance(action, Pass):
        return f"pass:{name(action.origin)}{cell_name(t, action.target)}"
    if isinstance(action, Drop):
        return f"put@{name(action.cell)}"
    if isinstance(action, Return):
        return f"{action.letter}@{name(action.cell)}"
    if isinstance(action, Word):
        return action.word
    if isinstance(action, Roll):
        return f"roll {action.value}"
    if isinstance(action, RefMove):
        return f"ref:{name(action.origin)}{name(action.target)}"
    return f"ref@{name(action.cell)}"


def read_action(t: HockeyTables, text: str, castle: dict[tuple[int, int], Move]) -> Action:
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
            return Slide(origin, target, parse(found.group(3)))
        if (origin, target) in castle:
            return castle[origin, target]
        return t.chess.moves[origin][target]
    found = _KING_GOAL.match(words)
    if found:
        return KingGoal(parse(found.group(1) or found.group(2)))
    found = _PASS.match(words)
    if found:
        goal = GOAL_OF_NAME.get(found.group(2))
        return Pass(parse(found.group(1)), parse(found.group(2)) if goal is None else goal)
    found = _PUT.match(words)
    if found:
        return Drop(parse(found.group(1)))
    found = _RETURN.match(words)
    if found:
        return Return(found.group(1).upper(), parse(found.group(2)))
    found = _ROLL.match(words)
    if found:
        value = int(found.group(1))
        if not 1 <= value <= 6:
            raise NotationError(f"{text.strip()!r}: the die shows 1 to 6")
        return Roll(value)
    found = _REF.match(words)
    if found:
        return RefMove(parse(found.group(1)), parse(found.group(2)))
    found = _PLACE.match(words)
    if found:
        return PlaceRef(parse(found.group(1)))
    if re.match(rf"^{SQ}{SQ}[qrbn]$", words):
        raise NotationError(
            f"{text.strip()!r}: a pawn is not promoted to a piece here; write the move "
            "without a letter, then choose score or a piece back"
        )
    raise NotationError(f"{text.strip()!r}: {HINT}")


# -- the placement with its checkers ------------------------------------------------------------


def write_placement(t: HockeyTables, pieces: tuple[int, ...], colours: tuple[int, int],
                    pucks: int, refs: int) -> str:  # fmt: skip
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for file in range(8):
            cell = rank * 8 + file
            bit = 1 << cell
            marks = ("*" if pucks & bit else "") + ("^" if refs & bit else "")
            kind = -1
            for index, bits in enumerate(pieces):
                if bits & bit:
                    kind = index
                    break
            if kind < 0 and not marks:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            if kind < 0:
                row += "." + marks
            else:
                letter = LETTERS[kind]
                row += (letter if colours[0] & bit else letter.lower()) + marks
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def read_placement(text: str) -> tuple[tuple[int, ...], tuple[int, int], int, int]:
    """(pieces per kind, colours, pucks, refs) from a placement; raises NotationError."""
    rows = text.split("/")
    if len(rows) != 8:
        raise NotationError(f"a placement needs 8 ranks, got {len(rows)}")
    pieces = [0] * 6
    colours = [0, 0]
    pucks = refs = 0
    for index, row in enumerate(rows):
        rank = 7 - index
        file = 0
        last = -1  # the cell the last letter or '.' stood for, while marks may follow
        marks = ""
        for char in row:
            if char.isdigit():
                file += int(char)
                last = -1
                continue
            if char in "*^":
                if last < 0 or char in marks:
                    raise NotationError(f"a {char!r} must follow a piece or '.' once: {row!r}")
                marks += char
                if char == "*":
                    pucks |= 1 << last
                else:
                    refs |= 1 << last
                continue
            if file >= 8:
                raise NotationError(f"rank {rank + 1} has more than 8 files: {row!r}")
            cell = rank * 8 + file
            if char != ".":
                kind = LETTERS.find(char.upper())
                if kind < 0:
                    raise NotationError(f"unknown piece {char!r} in the placement")
                pieces[kind] |= 1 << cell
                colours[0 if char.isupper() else 1] |= 1 << cell
            last = cell
            marks = ""
            file += 1
        if file != 8:
            raise NotationError(f"rank {rank + 1} has {file} files, not 8: {row!r}")
    return tuple(pieces), (colours[0], colours[1]), pucks, refs
