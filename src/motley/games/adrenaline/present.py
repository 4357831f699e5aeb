"""How Adrenaline Chess is shown and played (see `core.present`).

Seed 002, Adrenaline Chess. The checkers under a piece are drawn stacked under it, with
their count; the box beside the board holds the checkers not yet given. A turn is played
on the board: the regular move and each extra king step are drags of the piece, the rush
checker is a click on the enemy piece that gets it, and stopping is a button. Check is the
game's own: the opponent could take the king next turn, extra steps included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import marked
from motley.chesslike.position import Move
from motley.chesslike.present import (
    CHECKER,
    checked_king,
    checker_legend,
    chess_layout,
    chess_move_gesture,
    move_gesture,
    piece_name,
    position_pieces,
    san_body,
    side_to_move_prompt,
)
from motley.core import present
from motley.core.present import Click, Layout, Mark, Scene, Score
from motley.games.adrenaline.state import MOVE, RUSH, STEP, AdrenalineState, Rush, Step
from motley.games.adrenaline.turn import Decision
from motley.geometry.cellset import cells

if TYPE_CHECKING:
    from motley.games.adrenaline.rules import AdrenalineChess

LEGEND = checker_legend(
    "After its regular move a piece may spend each checker under it on one extra king "
    "step; a piece that captures takes over the captured piece's checkers.",
    "#d35400",
)

IN_CHECK = "you are in check: the opponent could take your king next turn, extra steps included"
SPEND = "a piece with checkers may then spend them on extra king steps"
CAPTURE = "a capture lets you give an enemy piece a checker"


def layout(rules: AdrenalineChess) -> Layout:
    return chess_layout(rules.tables, LEGEND)


def check_cells(rules: AdrenalineChess, view: AdrenalineState) -> tuple[int, ...]:
    """The king to move, at the start of its turn, if the opponent could take it next turn
    by a regular move and extra steps (the seed's check); mid-turn nothing is judged yet."""
    return checked_king(rules.tables, view.board, view.phase == MOVE and rules.in_check(view))


# -- the scene -------------------------------------------------------------------------------


def scene(rules: AdrenalineChess, view: AdrenalineState, seat: int) -> Scene:
    stacks = view.stacks

    def marks(cell: int) -> tuple[Mark, ...]:
        return (Mark(CHECKER, stacks[cell]),) if stacks[cell] else ()

    pieces = position_pieces(rules.tables, view.board, marks)
    items = (checker_score(rules, view),)
    result = rules.outcome(view)
    if result is not None:
        return Scene(pieces, items, prompt="", status=rules.describe(result).capitalize())
    check = check_cells(rules, view)
    highlight = (view.piece,) if view.phase == STEP else ()
    prompt, status = words(rules, view, bool(check))
    if seat != view.board.turn:
        prompt = ""
    return Scene(pieces, items, check, highlight, prompt, status)


def checker_score(rules: AdrenalineChess, view: AdrenalineState) -> Score:
    """Where the checkers are: under each side's pieces, and in the box (if it can run out)."""
    board = view.board
    values = [
        (f"under {name}'s pieces", str(sum(view.stacks[c] for c in cells(board.colours[s]))))
        for s, name in enumerate(rules.spec.seat_names)
    ]
    supply = rules.turns.supply
    if supply:
        values.append(("in the box", str(supply - sum(view.stacks))))
    return Score("checkers", "Checkers", tuple(values))


def words(rules: AdrenalineChess, view: AdrenalineState, check: bool) -> tuple[str, str]:
    """The prompt to the player on turn and the status for everyone else."""
    board = view.board
    name = rules.spec.seat_name(board.turn)
    if view.phase == STEP:
        return step_prompt(rules, view), (
            f"{name}'s {piece_of(rules, view, view.piece)} is taking extra king steps "
            f"({checkers(view.stacks[view.piece])} left)"
        )
    if view.phase == RUSH:
        other = rules.spec.seat_name(board.turn ^ 1)
        return (
            "You captured this turn: give one checker to an enemy piece (click it)",
            f"{name} is giving a checker to one of {other}'s pieces",
        )
    _, status = side_to_move_prompt(name, check)
    if check:
        rule = IN_CHECK
    elif any(view.stacks[c] for c in cells(board.colours[board.turn])):
        rule = SPEND
    else:
        rule = CAPTURE
    return f"Your move as {name}: {rule}", status


def step_prompt(rules: AdrenalineChess, view: AdrenalineState) -> str:
    """`Your knight on e5 has 2 checkers: take up to 2 extra king steps, or end the turn`."""
    count = view.stacks[view.piece]
    piece = piece_of(rules, view, view.piece)
    where = rules.geometry.name(view.piece)
    up_to = "one extra king step" if count == 1 else f"up to {count} extra king steps"
    return (
        f"Your {piece} on {where} has {checkers(count)}: take {up_to} (drag it), "
        f"or {stop_words(rules, view).lower()}"
    )


def stop_words(rules: AdrenalineChess, view: AdrenalineState) -> str:
    """What stopping does now: end the turn, or go on to give the rush checker."""
    if rules.turns.stop(view).phase == RUSH:
        return "Stop and give a checker"
    return "End the turn"


def piece_of(rules: AdrenalineChess, view: AdrenalineState, cell: int) -> str:
    t = rules.tables
    return piece_name(t.letters[t.kind_at(view.board.pieces, 1 << cell)])


def checkers(count: int) -> str:
    return f"{count} checker" + ("" if count == 1 else "s")


# -- gestures and the move list ----------------------------------------------------------------


def gesture(rules: AdrenalineChess, view: AdrenalineState, action: Decision) -> present.Gesture:
    """The regular move and each extra step are drags, the rush a click on the enemy piece,
    stopping a button; a pawn reaching its last rank asks for the piece."""
    turn = view.board.turn
    if isinstance(action, Move):  # castling is the king's two-square step
        return chess_move_gesture(rules.tables, view.board, action)
    if isinstance(action, Step):
        return move_gesture(action, turn)
    if isinstance(action, Rush):
        return Click(action.cell)
    return present.Button(stop_words(rules, view))


def notate(rules: AdrenalineChess, state: AdrenalineState, action: Decision, seat: int) -> str:
    """`Nxe5`, then steps `e5-e6`, `e6xf7`, `stop`, and `checker under Nf6`; the decision
    that ends a turn with the opponent in check gets `+` (`#` for mate)."""
    t = rules.tables
    g = rules.geometry
    board = state.board
    if isinstance(action, Move):
        moves = [d for d in rules.decisions(state) if isinstance(d, Move)]
        body = san_body(t, board, action, moves)
    elif isinstance(action, Step):
        joint = "x" if (1 << action.target) & board.occupied else "-"
        promotion = "=" + action.promotion.upper() if action.promotion else ""
        body = g.name(action.origin) + joint + g.name(action.target) + promotion
    elif isinstance(action, Rush):
        letter = t.letters[t.kind_at(board.pieces, 1 << action.cell)].upper()
        body = f"checker under {letter}{g.name(action.cell)}"
    else:
        body = "stop"
    return body + suffix(rules, state, action)


def suffix(rules: AdrenalineChess, state: AdrenalineState, action: Decision) -> str:
    after = rules.turns.apply(state, action)  # the action is legal: no need to judge it again
    if after.phase != MOVE or not rules.in_check(after):
        return ""
    result = rules.outcome(after)
    return "#" if result is not None and result.reason == "checkmate" else "+"


def board_text(rules: AdrenalineChess, state: AdrenalineState, seat: int) -> str:
    """The terminal's board: a digit after a piece for the checkers under it, then the
    phase of the turn."""
    stacks = state.stacks
    name = rules.spec.seat_name(state.board.turn)
    if state.phase == STEP:
        where = rules.geometry.name(state.piece)
        note = f"{name}: extra king step from {where} ({stacks[state.piece]} left) or stop"
    elif state.phase == RUSH:
        note = f"{name}: place a checker under an enemy piece"
    else:
        note = f"{name} to move"
    ending = rules.describe(rules.outcome(state))
    check = state.phase == MOVE and not ending and rules.in_check(state)
    return marked.board_text(
        rules.tables,
        state.board,
        lambda cell: str(min(stacks[cell], 9)) if stacks[cell] else "",
        "(a digit after a piece: the checkers under it)",
        marked.turn_line(ending, note, check),
    )
