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
from motley.components.dice import Die
from motley.core import present
from motley.games.hockey import state as st
from motley.games.hockey.board import KING, LETTERS, SIZE, HockeyTables, kind_at, owner_at
from motley.games.hockey.notation import cell_name
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.hockey.rules import HockeyChess

NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")
SEATS = ("White", "Black")

PUCK = present.MarkKind(
    "puck",
    "puck",
    "A black checker: the piece standing on it is its possessor and may pass it the way it "
    "moves, or shoot it into a goal.",
    present.MarkStyle.TOKEN,
    "#111111",
)
REFEREE = present.MarkKind(
    "referee",
    "referee",
    "A red checker moved exactly the die's number of squares after every turn; a pass may "
    "cross a piece standing on it, and a new puck goes on it after a goal.",
    present.MarkStyle.TOKEN,
    "#c62828",
    "R",
)
CREASE = present.MarkKind(
    "crease",
    "crease",
    "The two squares in front of a goal and the two diagonally from it: a king in the "
    "opponent's crease may walk into their goal when no crease square is guarded.",
    present.MarkStyle.TINT,
    "#8fbfe8",
)

# -- the board ---------------------------------------------------------------------------------


def points(rules: HockeyChess) -> str:
    """What a promotion scores, in words ("a point"; more under the Variations)."""
    goals = rules.promotion_goals
    return "a point" if goals == 1 else f"{goals} points"


def goal_label(cell: int) -> str:
    return f"{SEATS[st.goal_owner(cell)]}'s goal"


def _goal_cell(cell: int) -> present.OffCell:
    """A goal cell one row beyond the end rank, behind the d or e file (RULES-NOTES 4.1)."""
    name = st.GOALS[cell]
    x = "abcdefgh".index(name[0])
    y = -1 if st.goal_owner(cell) == 0 else SIZE
    corners = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
    # White's goal drawn in the lighter off-board shade, Black's in the darker
    shade = 1 - st.goal_owner(cell)
    return present.OffCell(name, goal_label(cell), corners, (x + 0.5, y + 0.5), shade)


def layout(rules: HockeyChess) -> present.Layout:
    return present.Layout(
        geometry=rules.geometry,
        off_cells=tuple(_goal_cell(cell) for cell in sorted(st.GOALS)),
        legend=(PUCK, REFEREE, CREASE),
    )


# -- the table ---------------------------------------------------------------------------------


def pieces(t: HockeyTables, s: st.HockeyState) -> tuple[present.Piece, ...]:
    """Every piece with the checkers under it; checkers and crease squares alone too."""
    board = s.board
    crease = t.crease[0] | t.crease[1]
    out: list[present.Piece] = []
    for cell in range(64):
        marks: list[present.Mark] = []
        if crease >> cell & 1:
            marks.append(present.Mark(CREASE.key))
        if s.pucks >> cell & 1:
            marks.append(present.Mark(PUCK.key))
        if s.refs >> cell & 1:
            marks.append(present.Mark(REFEREE.key))
        kind = kind_at(board, cell)
        if kind >= 0:
            out.append(present.Piece(cell, LETTERS[kind], owner_at(board, cell), tuple(marks)))
        elif marks:
            out.append(present.Piece(cell, "", -1, tuple(marks)))
    return tuple(out)


def items(rules: HockeyChess, s: st.HockeyState) -> tuple[present.Item, ...]:
    goals = rules.turns.goals
    scores = tuple((SEATS[seat], str(s.score[seat])) for seat in (0, 1))
    out: list[present.Item] = [present.Score("goals", f"Goals (first to {goals})", scores)]
    if s.phase == st.REF:
        out.append(present.Dice("die", "Referee die", (s.die,), owner=s.turn))
    for seat in (0, 1):
        captured = tuple((letter, seat) for letter in s.lost[seat])
        title = f"{SEATS[seat]}'s captured pieces"
        out.append(present.Tray(f"captured-{seat}", title, captured, seat))
    limit = rules.turns.turn_limit
    if limit and s.phase != st.SETUP:
        shown = min(s.turns + 1, limit)
        out.append(present.Note(f"Turn {shown} of at most {limit}", "turns"))
    return tuple(out)


def highlight(rules: HockeyChess, s: st.HockeyState) -> tuple[int, ...]:
    """The cells the step at hand is about: the path a puck may be left on, the squares a
    piece may come back to, the referees that may move."""
    if s.phase == st.DROP:
        return tuple(sorted({s.cell, *cellset.cells(s.drops)}))
    if s.phase == st.PROMOTE:
        return tuple(sorted({r.cell for r in rules.turns.returns(s)}))
    if s.phase == st.REF:
        return tuple(sorted({m.origin for m in rules.turns.ref_moves(s, s.die)}))
    return ()


def scene(rules: HockeyChess, s: st.HockeyState, seat: int) -> present.Scene:
    acting = s.phase not in (st.ROLL, st.OVER) and seat == rules.actor(s)
    return present.Scene(
        pieces=pieces(rules.tables, s),
        items=items(rules, s),
        highlight=highlight(rules, s),
        prompt=prompt(rules, s) if acting else "",
        status=status(rules, s),
    )


# -- the words of the phase --------------------------------------------------------------------


def _holder(s: st.HockeyState) -> str:
    """The piece that moved with its puck (the DROP phase)."""
    kind = kind_at(s.board, s.cell)
    return NAMES[kind] if kind >= 0 else "piece"


def _from_new_puck(rules: HockeyChess, s: st.HockeyState) -> bool:
    """After a goal the referee must come out from under a new puck (RULES-NOTES 4.2.10)."""
    pool = s.refs & s.fresh & s.pucks
    moves = rules.turns.ref_moves(s, s.die)
    return bool(pool) and bool(moves) and all(pool >> m.origin & 1 for m in moves)


def prompt(rules: HockeyChess, s: st.HockeyState) -> str:
    """What the player to act does now, in the rulebook's words."""
    if s.phase == st.SETUP:
        placed = s.refs.bit_count()
        return (
            f"Place referee {placed + 1} of {rules.referees}: click a square without a puck "
            "or referee (a piece may stand on it)"
        )
    if s.phase == st.REF:
        where = ", out from under a new puck" if _from_new_puck(rules, s) else ""
        return (
            f"Move a referee exactly {s.die} squares{where}: along a line, jumping, onto a "
            "square without a puck or referee"
        )
    if s.phase == st.DROP:
        holder = _holder(s)
        if s.keep:
            return (
                f"Leave the puck on a lit square of the {holder}'s path, or click the "
                f"{holder} to keep it"
            )
        return f"The {holder} landed on a checker: leave its puck on a lit square of its path"
    if s.phase == st.PROMOTE:
        vacant = ~s.board.occupied & rules.tables.chess.all_cells
        where = "a vacant corner" if vacant & rules.tables.corners else "any vacant square"
        return (
            f"Score {points(rules)}, or bring a captured piece back on {where} (click a lit "
            "square)"
        )
    if s.phase != st.ACT:
        return ""
    if s.acts == 0:
        if list(rules.legal_actions(s)) == [st.END]:
            return "Every move or pass would repeat an earlier position: end the turn"
        return (
            "Move a piece and/or pass a puck, or pass twice: drag a piece, or drag a piece "
            "standing on a puck to where the puck goes"
        )
    if s.moved:
        return "Pass a puck, or end the turn"
    return "Move a piece or pass a puck again, or end the turn"


# what everyone reads while `name` acts in a phase of the turn
DOING = {
    st.SETUP: "{name} is placing a referee",
    st.ROLL: "The referee die is rolled for {name}",
    st.REF: "{name} is moving a referee exactly {die} squares",
    st.DROP: "{name} is leaving the {holder}'s puck on its path",
    st.PROMOTE: "{name} is choosing a point or a captured piece back",
}


def status(rules: HockeyChess, s: st.HockeyState) -> str:
    """What is going on, for everyone."""
    if s.phase == st.OVER:
        return outcome(s)
    name = SEATS[rules.actor(s)]
    if s.phase in DOING:
        holder = _holder(s) if s.phase == st.DROP else ""
        return DOING[s.phase].format(name=name, die=s.die, holder=holder)
    if s.acts:
        return f"{name} has made one act and may make another"
    return f"{name} to play: a move and/or passes"


def outcome(s: st.HockeyState) -> str:
    if s.result in (0, 1):
        return f"{SEATS[s.result]} wins: {s.reason}"
    return f"Drawn: {s.reason}"


# -- how each step is made ---------------------------------------------------------------------


def _pass_label(t: HockeyTables, s: st.HockeyState, p: st.Pass) -> str:
    if p.target >= 64:
        owner = st.goal_owner(p.target)
        if owner == s.turn:
            return f"shoot into your own goal (a point for {SEATS[owner ^ 1]})"
        return f"shoot at {SEATS[owner]}'s goal"
    kind = kind_at(s.board, p.target)
    if kind < 0:
        return "pass the puck to this square"
    if owner_at(s.board, p.target) == s.turn:
        return f"pass the puck to your {NAMES[kind]}"
    return f"pass the puck to {SEATS[s.turn ^ 1]}'s {NAMES[kind]}"


def gesture(rules: HockeyChess, s: st.HockeyState, action: st.Action) -> present.Gesture:
    t = rules.tables
    seat = s.turn
    if isinstance(action, Move):
        target = action.target
        if kind_at(s.board, action.origin) == KING and owner_at(s.board, target) == seat:
            target = t.chess.castle_squares(seat, action.origin, target)[0]  # castling
        choice = None
        if st.Pass(action.origin, target) in rules.legal_actions(s):
            kind = kind_at(s.board, action.origin)
            choice = present.Choice(f"move the {NAMES[kind]}", LETTERS[kind], seat)
        return present.Move(action.origin, target, choice)
    if isinstance(action, st.Pass):
        return present.Move(action.origin, action.target, present.Choice(_pass_label(t, s, action)))
    if isinstance(action, st.Slide):
        via, to = cell_name(t, action.via), cell_name(t, action.target)
        label = f"bishop to {via}, sliding on to {to}"
        return present.Move(action.origin, action.target, present.Choice(label, "B", seat))
    if isinstance(action, st.KingGoal):
        # into the half of the goal nearer the king's file
        goal = (66 if seat == 0 else 64) + (0 if action.origin % SIZE <= 3 else 1)
        label = f"walk the king into {SEATS[seat ^ 1]}'s goal"
        return present.Move(action.origin, goal, present.Choice(label, "K", seat))
    if isinstance(action, st.Drop):
        return present.Click(action.cell, present.Choice("leave the puck here"))
    if action == st.KEEP:
        return present.Click(s.cell, present.Choice(f"keep the puck under the {_holder(s)}"))
    if action == st.SCORE:
        return present.Button(f"Score {points(rules)}")
    if action == st.END:
        return present.Button("End the turn")
    if isinstance(action, st.Return):
        kind = LETTERS.index(action.letter)
        back = present.Choice(f"bring back your {NAMES[kind]}", action.letter, seat)
        return present.Click(action.cell, back)
    if isinstance(action, st.RefMove):
        return present.Move(action.origin, action.target, present.Choice("move the referee"))
    if isinstance(action, st.PlaceRef):
        return present.Click(action.cell, present.Choice("put a referee here"))
    return present.Button("Roll the referee die")  # the die is rolled by chance; never a decision


# -- the move list -----------------------------------------------------------------------------


def notate(rules: HockeyChess, s: st.HockeyState, action: st.Action, seat: int) -> str:
    """SAN for the piece moves, short forms for the pucks and referees."""
    t = rules.tables
    if isinstance(action, Move):
        legal = [a for a in rules.legal_actions(s) if isinstance(a, Move)]
        return san_body(t.chess, s.board, action, legal)
    if isinstance(action, st.Slide):
        body = san_body(t.chess, s.board, t.chess.moves[action.origin][action.via], [])
        return f"{body}→{cell_name(t, action.target)}"
    if isinstance(action, st.KingGoal):
        return f"K{cell_name(t, action.origin)}→goal"
    if isinstance(action, st.Pass):
        text = f"puck {cell_name(t, action.origin)}→{cell_name(t, action.target)}"
        if action.target < 64:
            return text
        own = st.goal_owner(action.target) == s.turn
        return text + (", own goal!" if own else ", goal!")
    if isinstance(action, st.Drop):
        return f"puck left on {cell_name(t, action.cell)}"
    if action == st.KEEP:
        return "puck kept"
    if action == st.SCORE:
        return "a point scored"
    if action == st.END:
        return "" if s.acts else "no act possible"
    if isinstance(action, st.Return):
        return f"{action.letter} back on {cell_name(t, action.cell)}"
    if isinstance(action, Die):
        return f"die {action.face}"
    if isinstance(action, st.RefMove):
        return f"referee {cell_name(t, action.origin)}→{cell_name(t, action.target)}"
    if isinstance(action, st.PlaceRef):
        return f"referee on {cell_name(t, action.cell)}"
    return rules.action_text(s, action)


# -- the terminal's board text ----------------------------------------------------------------


def score_text(rules: HockeyChess, s: st.HockeyState) -> str:
    return f"Score: White {s.score[0]}, Black {s.score[1]} (first to {rules.turns.goals})"


def board_text(rules: HockeyChess, s: st.HockeyState, seat: int) -> str:
    """The board: a piece letter (lower case Black) followed by `*` for a puck under it and
    `^` for a referee; `o` a loose puck, `x` a referee alone, `@` a puck on a referee."""
    board = s.board
    files = "    " + "   ".join("abcdefgh")
    goal = "goal"
    lines = [f"              [{goal} d9 e9]", files]
    for rank in range(7, -1, -1):
        row = f" {rank + 1}  "
        for file in range(8):
            cell = rank * 8 + file
            kind = kind_at(board, cell)
            puck = s.pucks >> cell & 1
            ref = s.refs >> cell & 1
            if kind < 0:
                text = "@" if puck and ref else "o" if puck else "x" if ref else "."
            else:
                letter = LETTERS[kind]
                text = letter if board.colours[0] >> cell & 1 else letter.lower()
                text += ("*" if puck else "") + ("^" if ref else "")
            row += text.ljust(4)
        lines.append(row.rstrip())
    lines.append(files)
    lines.append(f"              [{goal} d0 e0]")
    lines.append("(* puck under a piece, ^ referee under it; o loose puck, x referee, @ both)")
    lines.append(score_text(rules, s))
    lines.append(status(rules, s))  # the same words as the table's status line
    return "\n".join(lines)
