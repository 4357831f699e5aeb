"""A heuristic value of a Cooperative Chess position: the points the partners may expect.

Both seats share one goal, so the value is the same for every seat: an estimate of the final
score (seed 002, Cooperative Chess, Winning: a point per piece captured, ten per piece type
wiped out once a king falls, nothing extra if the cards run out first), divided by
`POINTS_SCALE` to lie in [0, 1]. The estimate is

* the points already banked, and a little for every card still to come (each may make a
  new pair in the line);
* the bonus for wiped-out types (and progress towards them), but only as far as a king is
  still likely to fall: the chance shrinks as the cards run out, and is nil once both king
  cards have left the game. Without this a planner keeps "expecting" bonus points it will
  never get and lets the cards run out with a king capture on offer;
* the captures the line allows right now (most for the colour to move), and above all a
  king the line and the board let a colour take, or would once it plays a card of its hand
  beside a king card at the far end of the line: such a state is worth nearly what taking
  that king would score.

Written over the public parts of the state only (the board, the line, the discard, the
removed cards' count and the sizes of the pile and the hands), so a seat's view values a
guessed state the same.
"""

from __future__ import annotations

from motley.chesslike import movegen
from motley.chesslike.position import Position
from motley.chesslike.turnless import KING as KING_KIND
from motley.chesslike.turnless import TABLES
from motley.components.chess_cards import KING
from motley.games.cooperative.moves import card_captures
from motley.games.cooperative.score import BONUS, captured, king_taken, points, wiped
from motley.games.cooperative.state import DRAW, RECYCLE, CoopState

POINTS_SCALE = 100.0
START_COUNTS = (16, 4, 4, 4, 2, 2)  # pawns, knights, bishops, rooks, queens, kings
PER_CARD = 0.35  # points a card still to be played is worth, on average
NOW, LATER = 0.45, 0.25  # points per capture open to the colour to move, and to the other
KING_HORIZON = 14.0  # cards still to come by which a king capture is as likely as it gets
KING_CHANCE = 0.8  # the best chance of a king capture later, with every king card in play
KING_OPEN = 0.9  # how sure a king capture the line already allows is to be made
KING_EXPOSED = 1.0  # points per kind of piece attacking a king (no check: kings may walk)
AFTER = 0.6  # and one open only after the partner's turn (the line or the king may move)
HAND_OFFER = 0.8  # and one a card in the hand would allow, played beside a king card


def king_cards_left(state: CoopState) -> int:
    """King cards still in the game (a recycled run may have taken one out unseen; the count
    of removed cards is public, their faces are not, so a guess is valued like the truth)."""
    return 2 - sum(1 for card in state.removed if card.type == KING)


def king_chance(state: CoopState) -> float:
    """The chance that a king is still captured before the cards run out."""
    kings = king_cards_left(state)
    if not kings:
        return 0.0
    cards = len(state.pile) + sum(len(hand) for hand in state.hands)
    return KING_CHANCE * min(1.0, cards / KING_HORIZON) * (1.0 if kings == 2 else 0.7)


def wipe_progress(state: CoopState) -> float:
    """Bonus points the board is on its way to: ten per type gone, less for types thinning."""
    board = state.board
    total = 0.0
    for kind, start in enumerate(START_COUNTS[:-1]):
        gone = start - board.pieces[kind].bit_count()
        total += BONUS * (gone / start) ** 2
    return total


def expected_points(state: CoopState) -> float:
    board = state.board
    if king_taken(board):
        return float(points(board))
    banked = float(captured(board))
    cards = len(state.pile) + sum(len(hand) for hand in state.hands)
    total = banked + PER_CARD * cards + king_chance(state) * wipe_progress(state)
    total += KING_EXPOSED * king_chance(state) * exposure(board)
    colour = board.turn
    if state.phase == DRAW or (state.phase == RECYCLE and state.resume == DRAW):
        # the turn is over: the captures it left are not the colour's until its next turn
        colour ^= 1
    for side, weight in ((colour, NOW), (colour ^ 1, LATER)):
        found = card_captures(board, side, state.line, state.discard)
        victims = {c.move.target for c in found}
        total += weight * len(victims)
        offered = king_in(board, victims)
        sure = KING_OPEN * (1.0 if offered else HAND_OFFER) * (1.0 if side == colour else AFTER)
        if offered or king_by_hand(state, side):
            # the king falls whenever the partners choose: worth what taking it scores now
            now = banked + 1 + BONUS * wiped(board)
            total = max(total, sure * now + (1 - sure) * total)
    return total


def exposure(board: Position) -> int:
    """Kinds of piece attacking each king: with a card of such a kind played beside the king's
    card, the king falls (there is no check, so the partners may walk a king into danger)."""
    kinds = 0
    for side in (0, 1):
        kings = board.pieces[KING_KIND] & board.colours[side ^ 1]
        if not kings:
            continue
        cell = kings.bit_length() - 1
        found = movegen.attackers(TABLES, board, cell, side, board.occupied)
        kinds += sum(1 for bits in board.pieces if bits & found)
    return kinds


def king_in(board: Position, cells: set[int]) -> bool:
    return any((1 << cell) & board.pieces[KING_KIND] for cell in cells)


def king_by_hand(state: CoopState, side: int) -> bool:
    """Can `side` take a king with a card from its hand played beside a king card lying at
    the far end of the line (where drawn king cards go and played cards follow)?"""
    line = state.line
    if not line or line[-1].type != KING or line[-1].colour == side:
        return False
    hands = state.hands
    hand = hands[side] if side < len(hands) else ()
    for card in dict.fromkeys(hand):
        if card.colour == side:
            found = card_captures(state.board, side, (*line, card), state.discard)
            if king_in(state.board, {c.move.target for c in found}):
                return True
    return False


def evaluate(state: CoopState, seat: int) -> float:
    """`expected_points` / `POINTS_SCALE`, the same for every seat."""
    return min(1.0, expected_points(state) / POINTS_SCALE)
