"""Hockey Chess on the table: the board with its goals and creases, the pucks and referees,
the score, and how each step of a turn is made (seed 000, RULES-NOTES section 4).

The goals are four cells off the board behind the d and e files (d0 and e0 are White's, d9
and e9 Black's), numbered 64 to 67 after the squares as the actions number them. A pass or a
shot is a drag from the possessor's square to where the puck goes; where a piece could also
move there, a small chooser asks "move the rook" or "pass the puck".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.position import Move
from motley.chesslike.present import san_body
from motley.core import present
from motley.core.present import (
    Button,
    Choice,
    Click,
    Dice,
    Gesture,
    Item,
    Layout,
    Mark,
    MarkKind,
    MarkStyle,
    Note,
    OffCell,
    Piece,
    Scene,
    Score,
    Tray,
)
from motley.games.hockey.board import KING, LETTERS, SIZE, HockeyTables, kind_at, owner_at
from motley.games.hockey.notation import cell_name
from motley.games.hockey.state import (
    ACT,
    DROP,
    END,
    GOALS,
    KEEP,
    OVER,
    PROMOTE,
    REF,
    ROLL,
    SCORE,
    SETUP,
    Action,
    Drop,
    HockeyState,
    KingGoal,
    Pass,
    PlaceRef,
    RefMove,
    Return,
    Roll,
    Slide,
    goal_owner,
)
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.hockey.rules import HockeyChess

NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")
SEATS = ("White", "Black")

PUCK = MarkKind(
    "puck",
    "puck",
    "A black checker: the piece standing on it is its possessor and may pass it the way it "
    "moves, or shoot it into a goal.",
    MarkStyle.TOKEN,
    "#111111",
)
REFEREE = MarkKind(
    "referee",
    "referee",
    "A red checker moved exactly the die's number of squares after every turn; a pass may "
    "cross a piece standing on it, and a new puck goes on it after a goal.",
    MarkStyle.TOKEN,
    "#c62828",
    "R",
)
CREASE = MarkKind(
    "crease",
    "crease",
    "The two squares in front of a goal and the two diagonally from it: a king in the "
    "opponent's crease may walk into their goal when no crease square is guarded.",
    MarkStyle.TINT,
    "#8fbfe8",
)

# -- the board ---------------------------------------------------------------------------------


def points(rules: HockeyChess) -> str:
    """What a promotion scores, in words ("a point"; more under the Variations)."""
    goals = rules.promotion_goals
    return "a point" if goals == 1 else f"{goals} points"


def goal_label(cell: int) -> str:
    return f"{SEATS[goal_owner(cell)]}'s goal"


def _goal_cell(cell: int) -> OffCell:
    """A goal cell one row beyond the end rank, behind the d or e file (RULES-NOTES 4.1)."""
    name = GOALS[cell]
    x = "abcdefgh".index(name[0])
    y = -1 if goal_owner(cell) == 0 else SIZE
    corners = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
    # White's goal drawn in the lighter off-board shade, Black's in the darker
    return OffCell(name, goal_label(cell), corners, (x + 0.5, y + 0.5), 1 - goal_owner(cell))


def layout(t: HockeyTables) -> Layout:
    return Layout(
        geometry=t.geometry,
        off_cells=tuple(_goal_cell(cell) for cell in sorted(GOALS)),
        legend=(PUCK, REFEREE, CREASE),
    )


# -- the table ---------------------------------------------------------------------------------


def pieces(t: HockeyTables, s: HockeyState) -> tuple[Piece, ...]:
    """Every piece with the checkers under it; checkers and crease squares alone too."""
    board = s.board
    crease = t.crease[0] | t.crease[1]
    out: list[Piece] = []
    for cell in range(64):
        marks: list[Mark] = []
        if crease >> cell & 1:
            marks.append(Mark(CREASE.key))
        if s.pucks >> cell & 1:
            marks.append(Mark(PUCK.key))
        if s.refs >> cell & 1:
            marks.append(Mark(REFEREE.key))
        kind = kind_at(board, cell)
        if kind >= 0:
            out.append(Piece(cell, LETTERS[kind], owner_at(board, cell), tuple(marks)))
        elif marks:
            out.append(Piece(cell, "", -1, tuple(marks)))
    return tuple(out)


def items(rules: HockeyChess, s: HockeyState) -> tuple[Item, ...]:
    goals = rules.turns.goals
    scores = tuple((SEATS[seat], str(s.score[seat])) for seat in (0, 1))
    out: list[Item] = [Score("goals", f"Goals (first to {goals})", scores)]
    if s.phase == REF:
        out.append(Dice("die", "Referee die", (s.die,), owner=s.turn))
    for seat in (0, 1):
        captured = tuple((letter, seat) for letter in s.lost[seat])
        out.append(Tray(f"captured-{seat}", f"{SEATS[seat]}'s captured pieces", captured, seat))
    limit = rules.turns.turn_limit
    if limit and s.phase != SETUP:
        shown = min(s.turns + 1, limit)
        out.append(Note(f"Turn {shown} of at most {limit}", "turns"))
    return tuple(out)


def highlight(rules: HockeyChess, s: HockeyState) -> tuple[int, ...]:
    """The cells the step at hand is about: the path a puck may be left on, the squares a
    piece may come back to, the referees that may move."""
    if s.phase == DROP:
        return tuple(sorted({s.cell, *cellset.cells(s.drops)}))
    if s.phase == PROMOTE:
        return tuple(sorted({r.cell for r in rules.turns.returns(s)}))
    if s.phase == REF:
        return tuple(sorted({m.origin for m in rules.turns.ref_moves(s, s.die)}))
    return ()


def scene(rules: HockeyChess, s: HockeyState, seat: int) -> Scene:
    acting = s.phase not in (ROLL, OVER) and seat == rules.actor(s)
    return Scene(
        pieces=pieces(rules.tables, s),
        items=items(rules, s),
        highlight=highlight(rules, s),
        prompt=prompt(rules, s) if acting else "",
        status=status(rules, s),
    )


# -- the words of the phase --------------------------------------------------------------------


def _holder(s: HockeyState) -> str:
    """The piece that moved with its puck (the DROP phase)."""
    kind = kind_at(s.board, s.cell)
    return NAMES[kind] if kind >= 0 else "piece"


def _from_new_puck(rules: HockeyChess, s: HockeyState) -> bool:
    """After a goal the referee must come out from under a new puck (RULES-NOTES 4.2.10)."""
    pool = s.refs & s.fresh & s.pucks
    moves = rules.turns.ref_moves(s, s.die)
    return bool(pool) and bool(moves) and all(pool >> m.origin & 1 for m in moves)


def prompt(rules: HockeyChess, s: HockeyState) -> str:
    """What the player to act does now, in the rulebook's words."""
    if s.phase == SETUP:
        placed = s.refs.bit_count()
        return (
            f"Place referee {placed + 1} of {rules.referees}: click a square without a puck "
            "or referee (a piece may stand on it)"
        )
    if s.phase == REF:
        where = ", out from under a new puck" if _from_new_puck(rules, s) else ""
        return (
            f"Move a referee exactly {s.die} squares{where}: along a line, jumping, onto a "
            "square without a puck or referee"
        )
    if s.phase == DROP:
        holder = _holder(s)
        if s.keep:
            return (
                f"Leave the puck on a lit square of the {holder}'s path, or click the "
                f"{holder} to keep it"
            )
        return f"The {holder} landed on a checker: leave its puck on a lit square of its path"
    if s.phase == PROMOTE:
        vacant = ~s.board.occupied & rules.tables.chess.all_cells
        where = "a vacant corner" if vacant & rules.tables.corners else "any vacant square"
        return (
            f"Score {points(rules)}, or bring a captured piece back on {where} (click a lit "
            "square)"
        )
    if s.phase != ACT:
        return ""
    if s.acts == 0:
        if list(rules.legal_actions(s)) == [END]:
            return "Every move or pass would repeat an earlier position: end the turn"
        return (
            "Move a piece and/or pass a puck, or pass twice: drag a piece, or drag a piece "
            "standing on a puck to where the puck goes"
        )
    if s.moved:
        return "Pass a puck, or end the turn"
    return "Move a piece or pass a puck again, or end the turn"


def status(rules: HockeyChess, s: HockeyState) -> str:
    """What is going on, for everyone."""
    if s.phase == OVER:
        return outcome(s)
    name = SEATS[rules.actor(s)]
    if s.phase == SETUP:
        return f"{name} is placing a referee"
    if s.phase == ROLL:
        return f"The referee die is rolled for {name}"
    if s.phase == REF:
        return f"{name} is moving a referee exactly {s.die} squares"
    if s.phase == DROP:
        return f"{name} is leaving the {_holder(s)}'s puck on its path"
    if s.phase == PROMOTE:
        return f"{name} is choosing a point or a captured piece back"
    if s.acts:
        return f"{name} has made one act and may make another"
    return f"{name} to play: a move and/or passes"


def outcome(s: HockeyState) -> str:
    if s.result in (0, 1):
        return f"{SEATS[s.result]} wins: {s.reason}"
    return f"Drawn: {s.reason}"


# -- how each step is made ---------------------------------------------------------------------


def _pass_label(t: HockeyTables, s: HockeyState, p: Pass) -> str:
    if p.target >= 64:
        owner = goal_owner(p.target)
        if owner == s.turn:
            return f"shoot into your own goal (a point for {SEATS[owner ^ 1]})"
        return f"shoot at {SEATS[owner]}'s goal"
    kind = kind_at(s.board, p.target)
    if kind < 0:
        return "pass the puck to this square"
    if owner_at(s.board, p.target) == s.turn:
        return f"pass the puck to your {NAMES[kind]}"
    return f"pass the puck to {SEATS[s.turn ^ 1]}'s {NAMES[kind]}"


def gesture(rules: HockeyChess, s: HockeyState, action: Action) -> Gesture:
    t = rules.tables
    seat = s.turn
    if isinstance(action, Move):
        target = action.target
        if kind_at(s.board, action.origin) == KING and owner_at(s.board, target) == seat:
            target = t.chess.castle_squares(seat, action.origin, target)[0]  # castling
        choice = None
        if Pass(action.origin, target) in rules.legal_actions(s):
            kind = kind_at(s.board, action.origin)
            choice = Choice(f"move the {NAMES[kind]}", LETTERS[kind], seat)
        return present.Move(action.origin, target, choice)
    if isinstance(action, Pass):
        return present.Move(action.origin, action.target, Choice(_pass_label(t, s, action)))
    if isinstance(action, Slide):
        via, to = cell_name(t, action.via), cell_name(t, action.target)
        label = f"bishop to {via}, sliding on to {to}"
        return present.Move(action.origin, action.target, Choice(label, "B", seat))
    if isinstance(action, KingGoal):
        # into the half of the goal nearer the king's file
        goal = (66 if seat == 0 else 64) + (0 if action.origin % SIZE <= 3 else 1)
        label = f"walk the king into {SEATS[seat ^ 1]}'s goal"
        return present.Move(action.origin, goal, Choice(label, "K", seat))
    if isinstance(action, Drop):
        return Click(action.cell, Choice("leave the puck here"))
    if action == KEEP:
        return Click(s.cell, Choice(f"keep the puck under the {_holder(s)}"))
    if action == SCORE:
        return Button(f"Score {points(rules)}")
    if action == END:
        return Button("End the turn")
    if isinstance(action, Return):
        kind = LETTERS.index(action.letter)
        return Click(action.cell, Choice(f"bring back your {NAMES[kind]}", action.letter, seat))
    if isinstance(action, RefMove):
        return present.Move(action.origin, action.target, Choice("move the referee"))
    if isinstance(action, PlaceRef):
        return Click(action.cell, Choice("put a referee here"))
    return Button("Roll the referee die")  # the die is rolled by chance; never a decision


# -- the move list -----------------------------------------------------------------------------


def notate(rules: HockeyChess, s: HockeyState, action: Action) -> str:
    """SAN for the piece moves, short forms for the pucks and referees."""
    t = rules.tables
    if isinstance(action, Move):
        legal = [a for a in rules.legal_actions(s) if isinstance(a, Move)]
        return san_body(t.chess, s.board, action, legal)
    if isinstance(action, Slide):
        body = san_body(t.chess, s.board, t.chess.moves[action.origin][action.via], [])
        return f"{body}→{cell_name(t, action.target)}"
    if isinstance(action, KingGoal):
        return f"K{cell_name(t, action.origin)}→goal"
    if isinstance(action, Pass):
        text = f"puck {cell_name(t, action.origin)}→{cell_name(t, action.target)}"
        if action.target < 64:
            return text
        own = goal_owner(action.target) == s.turn
        return text + (", own goal!" if own else ", goal!")
    if isinstance(action, Drop):
        return f"puck left on {cell_name(t, action.cell)}"
    if action == KEEP:
        return "puck kept"
    if action == SCORE:
        return "a point scored"
    if action == END:
        return "" if s.acts else "no act possible"
    if isinstance(action, Return):
        return f"{action.letter} back on {cell_name(t, action.cell)}"
    if isinstance(action, Roll):
        return f"die {action.value}"
    if isinstance(action, RefMove):
        return f"referee {cell_name(t, action.origin)}→{cell_name(t, action.target)}"
    if isinstance(action, PlaceRef):
        return f"referee on {cell_name(t, action.cell)}"
    return rules.action_text(s, action)
