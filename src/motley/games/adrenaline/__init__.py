"""Adrenaline Chess: every capture leaves an enemy piece pumped up with an extra king step.

Seed: 002, The Rules of Chess Kit, section Adrenaline Chess. The seed's diagrams are missing;
open questions are settled as in RULES-NOTES section 7 (Adrenaline Chess) and the player aid
("the capturer stacks the captured piece's checkers on top of its own").

The rules in short. Orthodox chess from the usual start, with a pile of checkers beside the
board.

* A turn in which you captured one or more pieces ends with exactly one checker placed
  under one of the opponent's remaining pieces (the rush). Checkers stack.
* A piece with checkers under it first makes a regular chess move, carrying its checkers.
  Then, for each checker it spends, it may make one extra step like a king, in any
  direction; it may stop at any time and keep the rest.
* Extra steps may capture. A piece that captures (by its regular move or by a step) takes
  over the victim's checkers and may spend them at once. Still only one rush checker is
  placed per turn, however many pieces were taken.
* Check counts extra moves: your king is in check when the opponent, on their next turn,
  could capture it, by a regular move or by a regular move followed by extra steps,
  counting checkers they would take over on the way. Checkmate wins; no legal turn without
  check is stalemate.
* No castling while the king or the rook has a checker; the king may not start from, pass
  over or land on a square the opponent could reach with extra moves.
* En passant only right after a real double step, and not if the pawn then took an extra
  step; an extra step never captures en passant.
* A pawn reaching its last rank, by its move or by a step, is promoted at once and keeps
  stepping if checkers remain.

The seed's example: Black has pumped three checkers under a White bishop trapped on c1. The
bishop cannot use them (it must first make a regular move), but the Black queen can take
the bishop next turn and spend the three checkers to reach the White king on f2. With the
king's escapes covered by the queen, a bishop and a pawn with a checker, that is mate.

Readings chosen where the text is open (the alternatives are options):

* Every decision is checked on its own: no regular move, no step and no rush placement may
  leave your king open to capture, even if a later step would cover it again. A decision
  is offered only if the turn can still be finished legally; a capture whose every rush
  placement would expose your king cannot be played.
* Check looks one turn ahead for the opponent, ignoring whether their own king would be
  safe meanwhile (a pinned piece still gives check, as in chess).
* `rush_king=true` (default): the rush checker may go under the king too; a king with
  checkers moves as usual, then steps. `rush_king=false`: never under the king (when the
  king is the only piece left, no checker is placed).
* `checkers=24` (default, a standard set): when all 24 checkers are under pieces, a
  capturing turn places none. `checkers=0`: never short.
* A pawn may step sideways or backwards, even onto its own first rank; from its second rank
  it may double-step again. Stepping onto the last rank promotes it.
* The enemy king is never captured by a step (it would have been checkmate already).
* `position`: a setup to start from, a FEN with a `*` after a piece for each checker
  under it (`4k3/7p*/8/8/8/8/8/2B**4K w - - 0 1`).
* Draws as in `chess`: stalemate, the no-progress rule (an extra step by a pawn or a capture
  resets it), repetition (checkers under pieces count), and only kings left.

One decision is one action. The regular move is written in coordinates: `e2e4`, `e7e8q`,
castling as the king's step `e1g1` (`O-O` and `O-O-O` are read too). An extra step is
written from and to, `e4e5` (`e5` alone and `step e4e5` are read too), with a promotion
letter when a pawn steps onto its last rank: `g7g8q`. `stop` ends the steps. The rush
checker is `rush h7` (`h7` alone is read too). Moves are counted (perft) by regular moves:
a turn's extra steps and rush belong to it.
"""

from motley.core.registry import register
from motley.games.adrenaline.rules import AdrenalineChess

__all__ = ["AdrenalineChess"]

register(AdrenalineChess)
