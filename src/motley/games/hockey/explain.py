"""Why a Hockey Chess step is refused, in one line naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.games.hockey.board import LETTERS, kind_at, owner_at
from motley.games.hockey.state import (
    ACT,
    DROP,
    END,
    KEEP,
    OVER,
    PROMOTE,
    REF,
    SETUP,
    Action,
    Drop,
    HockeyState,
    KingGoal,
    Pass,
    PlaceRef,
    RefMove,
    Return,
    Slide,
)

if TYPE_CHECKING:
    from motley.games.hockey.rules import HockeyChess

ROLL_RULE = "the referee die is rolled now (roll 1 to roll 6)"
REPEATS = "no turn may end in a position reached before (referees aside)"
MOVE_REPEATS = "a move cannot be made that repeats a position reached before (referees aside)"
NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")


def why_illegal(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if s.phase == OVER:
        return "the game is over"
    if s.phase == SETUP:
        return _setup(rules, s, action)
    if s.phase == REF:
        return _ref(rules, s, action)
    if s.phase == DROP:
        return _drop(rules, s, action)
    if s.phase == PROMOTE:
        return _promote(rules, s, action)
    if s.phase == ACT:
        return _act(rules, s, action)
    return ROLL_RULE


def _setup(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if not isinstance(action, PlaceRef):
        return "before the game each side places a referee (ref@d4)"
    return "a referee goes on a square without a checker (a piece may stand there)"


def _ref(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    die = s.die
    if not isinstance(action, RefMove):
        return f"move a referee exactly {die} squares in a line (ref:c3c6)"
    name = rules.geometry.name
    if not s.refs >> action.origin & 1:
        return f"there is no referee on {name(action.origin)}"
    if not rules.tables.ref_targets[die][action.origin] >> action.target & 1:
        return f"a referee moves exactly {die} squares along a rank, file or diagonal"
    if (s.pucks | s.refs) >> action.target & 1:
        return "a referee may not end on a checker (it may end under a piece)"
    return "after a goal the referee leaves from under one of the new pucks"


def _drop(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    where = rules.geometry.name(s.cell)
    if action == KEEP:
        return f"the piece on {where} landed on a checker, so it must leave its own puck"
    if isinstance(action, Drop):
        return "the puck is left on the path of the move, on a square without a checker"
    return f"the possessor now on {where} leaves its puck on its path (put@e3) or keeps it"


def _promote(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    if isinstance(action, Return):
        if action.letter not in s.lost[s.turn]:
            return f"no {NAMES[LETTERS.index(action.letter)]} of yours has been captured"
        return (
            "a piece comes back on a vacant corner, or anywhere vacant when all four are "
            "taken (a pawn never on an end rank)"
        )
    return "after a promotion: score a point (score) or bring a captured piece back (Q@a1)"


def _act(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    turns = rules.turns
    if action == END:
        if not s.acts:
            return "a turn moves a piece or passes a puck before it ends"
        return REPEATS
    if isinstance(action, Move | Slide | KingGoal):
        if s.moved:
            return "only one piece moves in a turn"
        if action in turns.moves(s):
            if turns.advance(s, action) is None:
                return MOVE_REPEATS
            return REPEATS
        return _why_move(rules, s, action)
    if isinstance(action, Pass):
        if action in turns.passes(s):
            return REPEATS
        board = s.board
        name = rules.geometry.name
        if not (s.pucks & board.colours[s.turn]) >> action.origin & 1:
            return f"no puck stands under a piece of yours on {name(action.origin)}"
        return (
            "a pass goes where its possessor could move, through a piece only if it stands "
            "on a checker, and never onto a checker"
        )
    return "a turn is a move and/or a pass, or two passes (e2e4, pass:d4d6, end)"


def _why_move(rules: HockeyChess, s: HockeyState, action: Move | Slide | KingGoal) -> str:
    board = s.board
    name = rules.geometry.name
    origin = action.origin
    if owner_at(board, origin) != s.turn:
        if owner_at(board, origin) < 0:
            return f"there is no piece on {name(origin)}"
        return f"the piece on {name(origin)} is not {rules.spec.seat_name(s.turn)}'s"
    piece = NAMES[kind_at(board, origin)]
    if isinstance(action, KingGoal):
        return (
            "a king walks into the opponent's goal from their crease, and only when no "
            "crease square is guarded"
        )
    if isinstance(action, Slide):
        return (
            "a bishop reaching the last rank slides one square aside only when no puck "
            "stands on its colour"
        )
    return f"a {piece} cannot move from {name(origin)} to {name(action.target)}"
