"""Two Move Chess: both players choose two piece cards at once, then the cards move pieces.

Seed: 002, The Rules of Chess Kit, section Two Move Chess (Don Kirkby), with Appendix A for
the cards; readings from RULES-NOTES section 7.

Rules in short:

* Each player holds five cards: knight, bishop, rook, queen, king (no pawn). At setup White
  lays two cards face up; they cannot be chosen in the first turn.
* Each turn both players secretly choose two cards that are not lying face up in front of
  them (a SIMULTANEOUS node), then reveal them. The same pair on both sides: nothing moves.
  One card in common: it is eliminated and each player's other card moves twice.
* The cards left move in the order knight, bishop, rook, queen, king (after cancelling, no
  type is held by both players). Each move is its owner's decision: a piece of the card's
  type, or one of the player's least valuable movable pieces (usually a pawn). A card that
  can move must; one that cannot is spent. No pawn moves twice in one turn.
* Pieces move as in chess, but there is no check: moving next to or onto an attacked square
  is allowed, and taking the enemy king wins at once, even in the middle of a turn.
  Castling takes the king card, needs an unmoved king and rook with empty squares between
  them, and ignores attacks. Pawns promote; there is no en passant.
* After the moves, whoever has four cards face up takes them all back; the other player's
  two stay face up and cannot be chosen next turn.

Interpretations (each a named option where the text is open):

* `first_face_up` = `choose` (default): White picks its two face-up cards at the start (a
  decision node); a pair such as `KR` (the seed's advice for a first game) lays those
  instead.
* `promoted_pawn_moves_again` = true: a pawn promoted by a card's first move may move again,
  as its new piece, with that card's second move or a later card (the quiz's last example,
  two-move-chess7, promotes with one rook move and captures with the next). False: the
  promoted piece is still "the same pawn" and may not move again that turn.
* "Least valuable movable" is judged at the moment of each move, among pieces that have a
  move then; a pawn that has already moved this turn does not count as movable. Values go
  pawn, knight, bishop, rook, queen, king, as the cards are ordered.
* Castling is a king-card move only: another card whose least valuable movable piece is the
  king moves it by a king's step (such a king has no rook free to castle with anyway).
* Draws: the seed names none. As in chess, `repetition` = 3 draws when the same board with
  the same face-up cards stands at the start of a turn for the third time, and
  `no_progress_turns` = 50 draws after 50 turns with no capture and no pawn move.
"""

from motley.core.registry import register
from motley.games.two_move.rules import TwoMove

__all__ = ["TwoMove"]

register(TwoMove)  # last: the package is complete before the game is registered
