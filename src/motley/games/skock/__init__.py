"""Skock: two chess armies a side on one full board, moved by two dice.

Seed: 001, "How to play Skock" (Ulf Göransson and Peter Andersson, 1999), with
RULES-NOTES section 3 for the lost pictures and the open questions.

The rules in short:

* The board starts full: every row of the chess setup doubled (picture 1).
* A turn begins with a throw of two dice (a chance node; `roll 1 4` has probability 2/36, a
  double such as `roll 3 3` 1/36). Each die moves a different piece exactly that many steps.
  Each step is one legal chess move of the piece (a slider's step may be any distance); every
  step but the last must end on an empty cell, so only the last step may capture. Back and
  forth is allowed. No castling, no en passant, no double pawn step.
* Exactly two different pieces must move or the player makes no move at all (`pass`).
* A captured piece joins the end of its owner's queue. On a double the player may instead
  bring back that many pieces from the front of the queue (all of them if fewer), placed as
  far back as possible: the rearmost row with room first, anywhere within it.
* A pawn reaching the last row may be exchanged for a piece of its side's queue; steps it has
  left pass to the new piece, which must be able to use them.
* A king may be taken only by a step made with the king die. Taking both enemy kings wins.

How a turn is played here: the throw, then one decision per step. A piece's first step
names the die it uses (`4:g2f4`); its later steps do not (`f4g2`, `f4e6`, `e7e8=Q`). On a
double `back` chooses to bring pieces back, then `Q@d1` places each. Only steps from which
the whole turn can still be completed are offered (the piece can use every step of its die,
and a different piece can then use the other die), so no offered step leads to a dead end.

Interpretations (each an option; the default follows RULES-NOTES 3):

* `setup=colours`: queens on their own colour, White d1 and e2, Black d8 and e7 (notes 3.1).
  `doubled` copies the orthodox back rank instead.
* Start of the game: only a 4th-row pawn can move, and only with a 1, so a throw without a 1
  is a pass. The text says the second piece must then be a knight; the rules as written also
  let the pawn behind move (E3-E4-xF5 with a 2), and this implementation allows that.
* `king_die=6`: the face that may take kings (the text's icon is lost; 25/36, the text's
  "69%" chance that a king in check survives a turn, fits any single face).
* `kings_return=true`: a taken king goes into the queue like every other piece and may come
  back by a double or a promotion (the text puts every captured piece in the queue).
* `kings_to_take=2`: a side with no king left on the board has lost; taking one king changes
  nothing else. `1` ends the game at the first king taken.
* Promotion: the pawn is exchanged for the latest piece of the chosen kind in the queue (so
  pieces of that kind keep the earlier places, the better order for the promoting side);
  pawns are not exchanged for pawns. `promoted_pawn=exchange`: the pawn takes that piece's
  place in the queue ('exchange' in the text); `queue_end` and `removed` are the others.
  `promotion_compulsory=false` (the text says "can be promoted"); a pawn that still has steps
  must be exchanged to use them. `free_promotion=false`: with nothing to exchange the pawn
  stays a pawn (notes 3.2).
* `pawn_double_step=false` (no pawn starts on its second row; notes 3.2).
* A piece may end its die on the cell it started from (after moving out and back).
* A turn whose first die takes the last enemy king ends the game at once; that die could be
  chosen only if the second die could also have been used.
* `turn_limit=300`: the game is drawn after 300 throws in all. The text has no draw; the
  limit only guarantees that every game ends (0 switches it off).
"""

from motley.core.registry import register
from motley.games.skock.rules import Skock

__all__ = ["Skock"]

register(Skock)
