"""A heuristic value of a Cooperative Chess position: the points the partners may expect.

Both seats share one goal, so the value is the same for every seat: an estimate of the final
score (seed 002, Cooperative Chess, Winning: a point per piece captured, ten per piece type
wiped out once a king falls), divided by `POINTS_SCALE` to lie in [0, 1]. The estimate is
the points already banked, the captures the line allows right now (most for the colour about
to move), progress towards wiping out a piece type (worth ten only once a king is captured,
so it counts at a discount), and a little for every card still to come (each draw may make a
new pair in the line). Written over the public parts of the state only: the board, the line,
the discard and the size of the pile, so a seat's view values a guessed state the same.
"""

from __future__ import annotations

from motley.games.cooperative.moves import card_captures
from motley.games.cooperative.score import BONUS, captured, king_taken, points
from motley.games.cooperative.state import CoopState

POINTS_SCALE = 100.0
START_COUNTS = (16, 4, 4, 4, 2, 2)  # pawns, knights, bishops, rooks, queens, kings
PER_CARD = 0.35  # points a card still in the pile is worth, on average
NOW, LATER = 0.45, 0.25  # points per capture open to the colour to move, and to the other
WIPE_SHARE = 0.6  # how much of a wiped type's ten a position may count on before a king falls


def expected_points(state: CoopState) -> float:
    board = state.board
    if king_taken(board):
        return float(points(board))
    total = float(captured(board))
    for kind, start in enumerate(START_COUNTS[:-1]):
        gone = start - board.pieces[kind].bit_count()
        total += WIPE_SHARE * BONUS * (gone / start) ** 2
    colour = board.turn
    for side, weight in ((colour, NOW), (colour ^ 1, LATER)):
        victims = {c.move.target for c in card_captures(board, side, state.line, state.discard)}
        total += weight * len(victims)
    total += PER_CARD * len(state.pile)
    return total


def evaluate(state: CoopState, seat: int) -> float:
    """`expected_points` / `POINTS_SCALE`, the same for every seat."""
    return min(1.0, expected_points(state) / POINTS_SCALE)
