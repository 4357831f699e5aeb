"""How Crowded House is shown and played (see `core.present`).

The board with the half of the player to move tinted: they may move only a piece that starts
or ends there. The king of the player to move is marked in check when the next player could
capture it (the game's own check). Moves are drags (castling as the king's two-square step,
a promotion asks for the piece); a player without a move passes with a button. The move list
reads SAN, with `+` when the next player could take the king and `#` for checkmate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.boards import board_lines
from motley.chesslike.present import chess_layout, chess_move_gesture, position_pieces, san_body
from motley.core import present
from motley.core.present import Button, Layout, Mark, MarkKind, MarkStyle
from motley.games.crowded_house.state import (
    COLOUR_NAMES,
    HALF_NAMES,
    SEAT_NAMES,
    Action,
    HouseState,
    Pass,
    half_of,
    next_seat,
)

if TYPE_CHECKING:
    from motley.games.crowded_house.rules import CrowdedHouse

HALF = "half"
LEGEND = (
    MarkKind(
        HALF,
        "half of the player to move",
        "The player to move may move only a piece that starts or ends on this half.",
        MarkStyle.TINT,
        "#5b9bd5",
    ),
)
PASS_LABEL = "Pass (no move on or onto your half)"
PASS_EXPOSED_LABEL = "Pass (every move would leave your king open to capture)"


def blocked(rules: CrowdedHouse, state: HouseState) -> bool:
    """Whether the player passes because every move by the half rule is refused (the king
    would be open to capture), rather than for having nothing on or onto their half."""
    return bool(rules.house.candidates(state.board, state.seat))


def layout(rules: CrowdedHouse) -> Layout:
    return chess_layout(rules.tables, LEGEND)


def half_words(rules: CrowdedHouse, seat: int) -> str:
    """`king side (files e-h)`."""
    half = half_of(seat)
    return f"{HALF_NAMES[half]} (files {rules.half_files[half]})"


def check_cells(rules: CrowdedHouse, state: HouseState) -> tuple[int, ...]:
    """The king of the player to move, if the next player could capture it now."""
    board = state.board
    king = movegen.king_cell(rules.tables, board, board.turn)
    return (king,) if king >= 0 and rules.house.in_check(board, state.seat) else ()


def words(rules: CrowdedHouse, state: HouseState, seat: int, check: bool) -> tuple[str, str]:
    """(prompt, status) in the rulebook's words."""
    result = rules.outcome(state)
    if result is not None:
        if result.winner is None:
            return "", f"Drawn: {result.reason}"
        return "", f"{COLOUR_NAMES[result.winner]} wins: {result.reason}"
    mover = state.seat
    half = half_words(rules, mover)
    if all(isinstance(action, Pass) for action in rules.legal_actions(state)):
        if blocked(rules, state):
            taker = SEAT_NAMES[next_seat(mover)]
            prompt = f"Every move would leave your king open to capture by {taker}: pass"
        else:
            prompt = f"No piece can move on or onto your {half}: pass"
        status = f"{SEAT_NAMES[mover]} has no move and passes"
    else:
        prompt = f"Move a piece that starts or ends on your {half}"
        files = rules.half_files[half_of(mover)]
        status = f"{SEAT_NAMES[mover]} to move a piece that starts or ends on files {files}"
    if check:
        taker = SEAT_NAMES[next_seat(mover)]
        prompt = f"{taker}, who moves next, could capture your king. " + prompt
        status += f"; {taker} threatens the king"
    return (prompt if seat == mover else ""), status


def scene(rules: CrowdedHouse, state: HouseState, seat: int) -> present.Scene:
    over = rules.outcome(state) is not None
    half = 0 if over else rules.house.half(state.seat)
    tint = (Mark(HALF),)
    pieces = position_pieces(
        rules.tables, state.board, lambda cell: tint if half >> cell & 1 else (), half
    )
    check = check_cells(rules, state)  # a checkmated king stays marked
    prompt, status = words(rules, state, seat, bool(check))
    return present.Scene(pieces=pieces, check=check, prompt=prompt, status=status)


def gesture(rules: CrowdedHouse, state: HouseState, action: Action) -> present.Gesture:
    if isinstance(action, Pass):
        return Button(PASS_EXPOSED_LABEL if blocked(rules, state) else PASS_LABEL)
    return chess_move_gesture(rules.tables, state.board, action)  # castling: the king's step


def notate(rules: CrowdedHouse, state: HouseState, action: Action, seat: int) -> str:
    """SAN; `+` when the next player's king is open to capture by the player after them
    (the mover's partner: the game's check), `#` for checkmate."""
    if isinstance(action, Pass):
        return "pass"
    text = san_body(rules.tables, state.board, action, rules.moves(state))
    after = rules.apply(state, action)
    result = rules.outcome(after)
    if result is not None and result.reason == "checkmate":
        return text + "#"
    if result is None and check_cells(rules, after):
        return text + "+"
    return text


# -- the terminal -------------------------------------------------------------------------


def board_text(rules: CrowdedHouse, state: HouseState, seat: int) -> str:
    """The board and whose turn it is, or how the game ended."""
    result = rules.outcome(state)
    if result is None:
        files = rules.half_files[half_of(state.seat)]
        status = f"{SEAT_NAMES[state.seat]} to move (files {files})"
    elif result.winner is None:
        status = f"draw: {result.reason}"
    else:
        status = f"{COLOUR_NAMES[result.winner]} wins: {result.reason}"
    return "\n".join([*board_lines(rules.tables, state.board), status])
