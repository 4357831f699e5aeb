"""The positions drawn on the Two Move Chess rules page: the Chess Kit's example turn
(its diagrams two-move-chess1 and 2), as the tests play it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.turnless import GEOMETRY, read_board, write_board
from motley.core.present import Diagram
from motley.games.two_move.cards import read_cards
from motley.games.two_move.state import CHOOSE, TwoMoveState, position_key, position_text

if TYPE_CHECKING:
    from motley.games.two_move.rules import TwoMove

EXAMPLE = "rn2kbnr/pbpp1ppp/1p3q2/3Np3/2B1P3/8/PPPP1PPP/R1BQK1NR KQkq"


def at_choice(rules: TwoMove, board: str, white_up: str, black_up: str = "") -> TwoMoveState:
    """A turn about to start on `board`, with these cards lying face up (White's, Black's)."""
    pos = read_board(board)
    face_up = (read_cards(white_up), read_cards(black_up))
    data = {
        "board": write_board(pos),
        "phase": CHOOSE,
        "face_up": [white_up, black_up],
        "chosen": ["", ""],
        "queue": [],
        "moved": [],
        "turn": 5,
        "progress": False,
        "seen": [position_text(position_key(pos, face_up))],
    }
    return rules.state_from_json(data)


def diagrams(rules: TwoMove) -> tuple[Diagram, ...]:
    def cells(*names: str) -> tuple[int, ...]:
        return tuple(GEOMETRY.parse(n) for n in names)

    choosing = at_choice(rules, EXAMPLE, "NR")
    joint = {0: rules.parse_action(choosing, "BQ", 0), 1: rules.parse_action(choosing, "BR", 1)}
    revealed = rules.apply_joint(choosing, joint)
    moved = revealed
    for text in ("h7h5", "h8h6", "c2c3", "d1b3"):
        moved = rules.apply(moved, rules.parse_action(moved, text))
    return (
        Diagram(
            "choosing",
            choosing,
            "White's knight and rook cards lie face up, so White chooses two of bishop, queen "
            "and king. Black's queen threatens to reach White's king in two moves; White's "
            "knight could reach Black's, but its card is not available.",
            highlight=cells("f6", "d5"),
        ),
        Diagram(
            "revealed",
            revealed,
            "White chose bishop and queen, Black bishop and rook. The bishops cancel out; "
            "Black's rook card moves twice, then White's queen card twice. Black's rooks "
            "cannot move, so the rook card moves the least valuable piece that can: a pawn.",
            highlight=cells("h7", "h8"),
        ),
        Diagram(
            "after",
            moved,
            "Black played h7-h5 and then Rh8-h6; White, whose queen was blocked, played c2-c3 "
            "and then Qd1-b3. White had four cards face up and takes them all back; Black's "
            "bishop and rook stay face up for the next turn.",
            highlight=cells("h5", "h6", "c3", "b3"),
        ),
    )
