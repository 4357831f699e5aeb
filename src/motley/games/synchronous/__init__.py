"""Synchronous Chess: both sides write a move at the same time, then the moves are made.

Seed: 002, The Rules of Chess Kit, section Synchronous Chess (after Korolev, Hansmann and
the Krasowskys); readings from RULES-NOTES section 7.

Rules in short:

* Each turn both sides choose a move at once (a SIMULTANEOUS node). Each move must be legal
  in orthodox chess on the position before either move. There is no en passant.
* Resolution: a move onto an enemy piece that stayed captures it; onto an enemy piece that
  moved, nothing is captured (pieces swap or pass through each other); both moves onto the
  same empty square capture both pieces (a king among them is captured).
* Exchange of blows: when a piece has moved to a square that an enemy piece attacked before
  the moves and still attacks, that enemy may capture it there; then the first side may
  recapture, and so on, each piece striking at most once, until nobody can or will strike
  (`x` passes). When both sides may strike at once (one on each arrival square), both choose
  at the same time and the blows are resolved by the same three rules.
* A king under attack must move, to a square that was not attacked before the move: no
  blocking, no taking the attacker with another piece, no castling out of check. A king
  under attack with no such square is checkmated.
* Capturing or checkmating the enemy king wins; both at once is a draw. A side that is not
  under attack but has no legal move is stalemated: a draw, as in chess. Repetition,
  no-progress and dead-material draws apply.

Interpretations (each a named option where the text is open):

* `first_blow` = `any` (default): once an exchange of blows is open on a square, any piece
  with a legal capture there may make the first blow. `attacker`: only a piece that attacked
  the square before the moves and still does (the piece that opened the exchange).
* The pieces that "attacked before and still attack" are followed through their own move: a
  piece that moved still counts if it attacks the square from where it now stands.
* `exchange_order` = `together` (default; the notes' reading of the original): the two
  arrival squares are resolved side by side, with simultaneous choices whenever both sides
  may strike. `one_by_one`: White's arrival square is resolved to the end first, then
  Black's.
* Blows are ordinary chess captures judged on the position at that moment: they may not
  leave the striker's own king attacked, and a pawn striking onto the last rank promotes.
  The "king must move" rule governs the turn's moves, not the blows.
* Castling's arrival squares can never open an exchange: castling may not cross or land on
  an attacked square.
* `repetition` = 3: the game is drawn when the same board (with the same castling rights)
  stands at the start of a turn for the third time. `no_progress_turns` = 50: drawn after 50
  turns with no capture and no pawn move (a turn holds both sides' moves, as the fifty-move
  rule's "50 moves" count one move by each player). Both apply at once, without a claim.
* Dead material (king against king, a lone minor piece, bishops all on one colour) is drawn
  as in chess: no collision can take a king there, since kings, knights and bishops only
  move to squares they attack and a king never moves onto an attacked one.
"""

from motley.core.registry import register
from motley.games.synchronous.rules import Synchronous

__all__ = ["Synchronous"]

register(Synchronous)  # last: the package is complete before the game is registered
