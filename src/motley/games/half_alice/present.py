"""How Half Alice Chess is shown and played (see `core.present`).

Seed 002, Half Alice Chess. A piece on the other side of the mirror stands on a checker, as
on the real table: the board draws the checker under it. Beside the board lie each
player's free checkers. Check is the game's own (a piece attacks only on its side of the
mirror); moves are drags and read in SAN, promotion chosen with a figure.
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
    position_pieces,
    side_to_move_prompt,
)
from motley.chesslike.san import check_mark, write_san
from motley.core import present
from motley.core.present import Layout, Mark, Scene, Score
from motley.games.half_alice.state import HalfAliceState

if TYPE_CHECKING:
    from motley.games.half_alice.rules import HalfAliceChess

LEGEND = checker_legend(
    "A piece on a checker is through the mirror; it meets only pieces also on checkers.",
    "#7e57c2",
)

PROMPT = "the piece you move steps through the mirror (a checker added or taken away)"
IN_CHECK = "you are in check on your king's side of the mirror"
SHORT = "no checker of yours is free, so only a piece on a checker may move (it steps off)"


def layout(rules: HalfAliceChess) -> Layout:
    return chess_layout(rules.tables, LEGEND)


def check_cells(rules: HalfAliceChess, view: HalfAliceState) -> tuple[int, ...]:
    """The king to move when a piece on its side of the mirror attacks it (the game's check)."""
    return checked_king(rules.tables, view.board, rules.in_check(view))


def scene(rules: HalfAliceChess, view: HalfAliceState, seat: int) -> Scene:
    on_checker = (Mark(CHECKER),)
    pieces = position_pieces(
        rules.tables, view.board, lambda cell: on_checker if view.checkers >> cell & 1 else ()
    )
    names = rules.spec.seat_names
    free = tuple((names[s], str(rules.mirror.free_checkers(view, s))) for s in (0, 1))
    items: tuple[present.Item, ...] = (Score("free", "Free checkers", free),)
    result = rules.outcome(view)
    if result is not None:
        return Scene(pieces, items, prompt="", status=rules.describe(result).capitalize())
    check = check_cells(rules, view)
    turn = view.board.turn
    _, status = side_to_move_prompt(names[turn], bool(check))
    if check:
        rule = IN_CHECK
    elif rules.mirror.free_checkers(view, turn) < 1:
        rule = SHORT
    else:
        rule = PROMPT
    prompt = f"Your move as {names[turn]}: {rule}"
    return Scene(pieces, items, check, prompt=prompt if seat == turn else "", status=status)


def gesture(rules: HalfAliceChess, view: HalfAliceState, move: Move) -> present.Gesture:
    """A drag; castling is the king's two-square step, a promotion asks for the piece."""
    return chess_move_gesture(rules.tables, view.board, move)


def notate(rules: HalfAliceChess, state: HalfAliceState, move: Move, seat: int) -> str:
    """SAN (`Nf3`, `exd6`, `e8=Q`, `O-O`), with `+` or `#` by the game's own check."""

    def mark(move: Move) -> str:
        after = rules.apply(state, move)
        return check_mark(rules.in_check(after), lambda: not rules.legal(after))

    return write_san(rules.tables, state.board, move, rules.legal(state), mark)


def board_text(rules: HalfAliceChess, state: HalfAliceState, seat: int) -> str:
    """The terminal's board: `*` after a piece on a checker, then the free checkers."""
    checkers = state.checkers
    names = rules.spec.seat_names
    free = ", ".join(f"{names[s]} {rules.mirror.free_checkers(state, s)}" for s in (0, 1))
    ending = rules.describe(rules.outcome(state))
    return marked.board_text(
        rules.tables,
        state.board,
        lambda cell: marked.MARK * (checkers >> cell & 1),
        "(* a piece on a checker: the other side of the mirror)",
        f"{free} free checkers",
        marked.turn_line(ending, f"{names[state.board.turn]} to move", rules.in_check(state)),
    )
