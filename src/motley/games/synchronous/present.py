"""How Synchronous Chess is shown and played: both sides choose, then both moves are made.

Moves are drags (castling as the king's two-square step, promotion asking for the piece);
declining a blow is a button. The squares where an exchange of blows is fought are
highlighted and tinted, pieces that have struck in it carry a badge (each strikes at most
once), and a king under attack, which must move, is shown in check. The terminal's picture
is the board in text with a line on the turn (`board_text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.position import Move
from motley.chesslike.present import move_gesture, position_pieces, san_body
from motley.chesslike.simultaneous import game_over, result_words
from motley.chesslike.turnless import (
    GEOMETRY,
    SEAT_NAMES,
    TABLES,
    as_mover,
    draw_board,
    in_check,
    is_castling,
    owner,
)
from motley.core import present
from motley.core.present import Button, Item, Layout, Mark, MarkKind, MarkStyle, Note, Scene
from motley.games.synchronous.state import Exchange, SyncState

if TYPE_CHECKING:
    from motley.games.synchronous.rules import Action, Synchronous

LEGEND = (
    MarkKind(
        "blows",
        "exchange of blows",
        "A piece arrived on a square an enemy piece attacked before the moves and still "
        "attacks: the side named may capture it here, and the exchange goes on until nobody "
        "can or will strike.",
        MarkStyle.TINT,
        "#e57373",
    ),
    MarkKind(
        "struck",
        "has struck",
        "This piece has struck in the exchange of blows: each piece strikes at most once.",
        MarkStyle.BADGE,
        "#6d4c41",
        "x",
    ),
)


def layout(rules: Synchronous) -> Layout:
    return Layout(geometry=GEOMETRY, legend=LEGEND)


# -- the table ------------------------------------------------------------------------------


def scene(rules: Synchronous, state: SyncState, seat: int) -> Scene:
    active = rules.active(state)
    squares = {e.square for e in active}
    board = state.board

    def marks(cell: int) -> tuple[Mark, ...]:
        here = []
        if cell in squares:
            here.append(Mark("blows"))
        if state.struck >> cell & 1:
            here.append(Mark("struck"))
        return tuple(here)

    over = rules.outcome(state) is not None
    acting = seat in rules.actors(state)
    return Scene(
        pieces=position_pieces(TABLES, board, marks),
        items=items(rules, state),
        check=() if over or state.exchanges else check(state),
        highlight=tuple(sorted(squares)),
        prompt=prompt(rules, state, seat) if acting else "",
        status=status(rules, state, seat),
    )


def check(state: SyncState) -> tuple[int, ...]:
    """The kings under attack: each must move this turn (the seed's rule)."""
    board = state.board
    return tuple(movegen.king_cell(TABLES, board, s) for s in (0, 1) if in_check(board, s))


def items(rules: Synchronous, state: SyncState) -> tuple[Item, ...]:
    out: list[Item] = [
        Note(blow_words(e), f"blows-{GEOMETRY.name(e.square)}") for e in rules.active(state)
    ]
    if not state.exchanges and rules.outcome(state) is None:
        out.append(Note(f"Turn {state.turn}: both sides choose a move at once", "turn"))
    return tuple(out)


def blow_words(exchange: Exchange) -> str:
    square = GEOMETRY.name(exchange.square)
    return f"Exchange of blows on {square}: {SEAT_NAMES[exchange.striker]} may capture there"


# -- words ----------------------------------------------------------------------------------


def prompt(rules: Synchronous, state: SyncState, seat: int) -> str:
    """What `seat`, one of the sides to choose now, must do."""
    other = SEAT_NAMES[seat ^ 1]
    if state.exchanges:
        mine = next(e for e in rules.active(state) if e.striker == seat)
        square = GEOMETRY.name(mine.square)
        text = (
            f"Exchange of blows on {square}: capture there with a piece that has not struck "
            "yet, or strike no blow"
        )
        if len(rules.actors(state)) > 1:
            text += f"; {other} chooses at the same time"
        return text
    if in_check(state.board, seat):
        return (
            "Your king is attacked, so it must move (to a square not attacked now): choose "
            "its move; it is revealed when both have chosen"
        )
    return "Choose your move; it is revealed when both have chosen"


def status(rules: Synchronous, state: SyncState, seat: int) -> str:
    """What is going on, from `seat`'s chair (a spectator's for any other number)."""
    result = rules.outcome(state)
    if result is not None:
        return result_words(result)
    actors = rules.actors(state)
    if state.exchanges:
        words = "; ".join(blow_words(e) for e in rules.active(state))
        waiting = [s for s in actors if s != seat]
        if seat in actors and waiting:
            return f"Waiting for {SEAT_NAMES[waiting[0]]} to strike or not ({words})"
        return words
    attacked = [SEAT_NAMES[s] for s in (0, 1) if in_check(state.board, s)]
    note = f" ({' and '.join(attacked)}: king attacked, it must move)" if attacked else ""
    if seat in (0, 1):
        return f"Waiting for {SEAT_NAMES[seat ^ 1]} to choose{note}"
    return f"White and Black are choosing their moves{note}"


# -- gestures and the move list --------------------------------------------------------------


def gesture(rules: Synchronous, state: SyncState, action: Action) -> present.Gesture:
    if not isinstance(action, Move):
        return Button("Strike no blow")
    board = state.board
    side = owner(board, action.origin)
    target = action.target
    if is_castling(board, action):  # castling is the king's two-square step, as in chess
        target, _ = TABLES.castle_squares(side, action.origin, action.target)
    return move_gesture(Move(action.origin, target, action.promotion), side)


def notate(rules: Synchronous, state: SyncState, action: Action, seat: int) -> str:
    """One side's move (or blow) in SAN, told apart from that side's other choices."""
    if not isinstance(action, Move):
        return "no blow"
    side = owner(state.board, action.origin)
    legal = [a for a in rules.legal_actions(state, side) if isinstance(a, Move)]
    return san_body(TABLES, as_mover(state.board, side), action, legal)


# -- the terminal -----------------------------------------------------------------------------


def board_text(rules: Synchronous, state: SyncState, seat: int) -> str:
    """The board in text, seat 1's side at the bottom for seat 1, and a line on the turn."""
    lines = draw_board(state.board, flipped=seat == 1)
    result = rules.outcome(state)
    if result is not None:
        lines.append(game_over(result))
    elif state.exchanges:
        for exchange in rules.active(state):
            lines.append(f"{blow_words(exchange)} (or x to pass)")
    else:
        checks = [SEAT_NAMES[s] for s in (0, 1) if in_check(state.board, s)]
        note = f" ({' and '.join(checks)} under attack: the king must move)" if checks else ""
        lines.append(f"Turn {state.turn}: both sides choose a move{note}")
    return "\n".join(lines)
