"""Masquerade Chess: every piece above a pawn captures in a way only the opponent knows.

Seed: 002, The Rules of Chess Kit, section Masquerade Chess; open questions settled as in
RULES-NOTES section 7 (Masquerade Chess).

The rules in short. Before play each player secretly fills in a 5x5 table for the opponent's
pieces: rows K, Q, R, B, N, columns the capture move each uses, one circle in every row and
column (a permutation; a piece may keep its own capture). White fills in Black's table, then
Black fills in White's, one circle per decision (`KQ`: the king captures like a queen), the
rows in any order (`NR` may come before `BK`, as in the seed's "KQ, QN, RB, NR, BK"). Then each
turn is either a standard move without capturing (`e2e4`, castling `e1g1`, promotion `e7e8q`)
or a capture attempt (`b1xc3`): "Capture?". The rules answer from the attacker's row of the
table its opponent filled in: yes, and the capture is made; no, and nothing moves and the turn
is over. Both players hear every answer and record it, as X's and O's, in the table about
their own pieces. Pawns always capture as pawns. There is no check: a king may stay attacked,
walk into attack, and castle out of or through attack; the game ends when a king is captured
(a king may capture the other king).

Every view carries the deduction aid: for each player, every table still consistent with the
answers heard so far, as the seed's X/O table and (for the seat's own pieces) the list of
possible tables. All answers are public, so a player also sees what the opponent has learned.
What each seat is told (`event_text_for`): every move and "Capture?" with its answer
(`b1xc3? no`); a row of a secret table only by the player filling it in (others hear "White
fills in row K"). `sample_hidden` guesses a hidden table uniformly among those still
possible.

Interpretations (each open question is an option where the notes name one):

* `row_order=any`: the seed only asks for one circle in each row and column, and writes its
  example with row N before row B, so the rows are circled in any order; everyone hears which
  row was filled in ("White fills in row N"), never the circle. `fixed`: king, queen, rook,
  bishop, knight, one after the other (the same tables, with fewer decisions). Games stored
  when tables were written as the rows filled so far in that order (`QN`) still load; a
  table with gaps is written with `.` for a row not yet circled (`QN..R`).

* A capture move's path must be clear (a rook-style capture slides, a knight-style capture
  jumps); the answer and the clue both use the board as it stands.
* `promoted_capture=assignment`: a promoted pawn captures like its new type's row of the
  secret table; `own`: with its new type's ordinary capture (no secret involved).
* `en_passant=true`: pawns capture en passant, since it is a pawn capture; `false` forbids it.
* A refused capture ends the turn with nothing moved; it counts as a ply for the no-progress
  rule and clears any en-passant chance.
* Capture attempts are offered against every enemy piece that some capture move could reach
  (a queen's line or a knight's jump from the attacker); an attempt that no table could
  allow would always be refused, so it is not offered. An attempt the attacker already knows
  will fail stays allowed (it is a way to pass).
* Draws: the no-progress rule as in chess (captures and pawn moves reset it), repetition of
  the same board, rights and knowledge of both players (a new answer is new knowledge), and a
  player with no action at all (no stalemate otherwise: kings may be captured, not mated).
"""

from motley.core.registry import register
from motley.games.masquerade.rules import MasqueradeChess

__all__ = ["MasqueradeChess"]

register(MasqueradeChess)
