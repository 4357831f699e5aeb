"""Half Alice Chess: Alice Chess on a single board, with checkers marking the far side.

Seed: 002, The Rules of Chess Kit, section Half Alice Chess (after Vernon Parton's Alice
Chess, 1953). Open questions settled as in RULES-NOTES section 7 (Half Alice Chess) and its
player aid.

The rules in short. Orthodox chess from the usual start, with one chess set and a set of
checkers (light ones for White, dark ones for Black). A piece standing on a checker is on the
other side of the mirror; every other piece is on the plain side. All pieces start on the
plain side.

* A move must be a legal chess move on the mover's own side of the mirror, as if the pieces
  on the other side were not there: a piece moves (and a pawn double-steps) through squares
  that hold pieces of the other side.
* After moving, the piece switches sides: it gets a checker if it had none, and gives its
  checker back if it had one.
* A piece captures only an enemy piece on its own side of the mirror.
* With 12 checkers each, a piece without a checker may move only while its owner has a free
  checker (a captured piece's checker goes back to its owner).
* Checkmate wins. A king may not escape check by switching sides: its move must be safe
  before the switch, and it must not stand in check after it either.

The seed's example: a king on b8 is checked by a queen on d8 (both on the plain side) and a
rook on b1 stands on a checker. The king cannot go to a8 (still in check from the queen
before switching) nor to b7 (in check from the rook after switching); a7 is its only move.

Readings chosen where the text is open (the alternatives are options):

* Legality is judged on the mover's own side only (the player aid: "make a legal move
  ignoring pieces on the other side of the mirror"). So a king on the mover's side must not
  be left in check there before the switch; a king on the other side is not looked at until
  after the switch. A piece may therefore block a check by arriving on the king's side.
* After the switch the mover's king must not be in check on its own side (the seed's b7
  example). A king is in check when an enemy piece on the king's side attacks it, whether
  or not that piece could move for want of a checker.
* The destination must be physically empty, unless it holds an enemy piece on the mover's
  side (a capture): one square holds one piece, so a piece cannot land on a piece of the
  other side. The equipment allows no other reading, so this is not an option.
* `castling=both` (default): castling must be legal on the plain side (unmoved king and
  rook, empty path there, king not in check, not crossing or landing on an attacked square
  there); both arrival squares must also be physically empty; then the king and the rook
  both switch sides (taking two free checkers), and the king must not be in check on its new
  side. `castling=king`: only the king switches (one checker). `castling=none`: no castling.
* `en_passant=same` (default): a pawn that has just double-stepped can be taken en passant
  only by a pawn on the same side of the mirror as the double-stepped pawn (after its
  switch), since "pieces cannot capture pieces on the other side of the mirror"; the
  capturing pawn lands on the square passed over, which must be physically empty.
  `en_passant=any`: whichever sides the two pawns are on (en passant read as a capture on
  the square passed over, which belongs to neither side).
* `checkers=12` (default, a standard checkers set): moving a piece that has no checker is
  illegal while its owner has no free checker; castling with both pieces switching needs
  two. `checkers=16`: as many checkers as pieces, so players are never short.
* `position`: a FEN to start from, each piece on a checker followed by `*`
  (`4k3/8/8/8/4P*3/8/8/4K3 b - - 0 1`).
* Draws as in `chess`: stalemate, the no-progress rule, repetition (a position counts as
  the same only with the same pieces on checkers; an en-passant right counts only while a
  pawn stands ready to use it). Dead material is only king against king.

Moves are written in coordinates: `e2e4`, `e7e8q`, castling as the king's step `e1g1`
(`O-O` and `O-O-O` are read too). On the board a piece on a checker is marked `*`.
"""

from motley.core.registry import register
from motley.games.half_alice.rules import HalfAliceChess

__all__ = ["HalfAliceChess"]

register(HalfAliceChess)
