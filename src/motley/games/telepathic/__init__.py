"""Telepathic Chess: two teams of two, where each move is predicted by the mover's partner.

Seed: 002, The Rules of Chess Kit, section Telepathic Chess (cards from its Appendix A);
open questions settled as in RULES-NOTES section 7 (Telepathic Chess).

The rules in short. Four players, two to a team: seats 0 and 2 play White, seats 1 and 3
Black, from the usual start; White's team moves first. Each team has seven cards (pawn,
knight, bishop, rook, queen, king and a checker) and, within the team, one player is the
predictor and the other the mover, the roles swapping after every move of the team. At the
start each team's predictor lays its pawn card face up. A team turn goes:

1. the predictor plays one card of the hand face down (`predict N`; Black's cards are
   written in lower case, `predict n`): a guess of the piece type the partner will move.
   The checker card stands for a copy of the face-up card;
2. the mover makes a legal chess move (`e2e4`, `e7e8q`, castling as the king's step `e1g1`,
   or `O-O`): its own king is never left in check, but a king left open by a removal may be
   taken, and capturing the enemy king wins at once;
3. the card is turned over. Moving the type of the face-down card pulls the trophy one
   place towards the team's side of the board; moving the type of the face-up card leaves
   it; anything else pushes it one place away. The trophy has three places (beside White,
   middle, beside Black); a pull or push beyond an end makes the team at the far end remove
   one of its pieces (`remove b7`) and puts the trophy back in the middle;
4. the mover takes the hand and one card from the table: the checker if it was played, else
   the card that was face up (so the face-down card stays on the table, face up).

A team that has lost eight pieces (captured or removed) lays no card face up any more: its
predictor plays only the face-down card, which then pulls on a match and pushes otherwise.

What each seat knows. The face-down card is seen only by the predictor who plays it, until
the move turns it over; the partner does not see it either. Everything else is public: the
board, the trophy, the face-up cards, the lost pieces and so each team's hand (its seven
cards less those on the table). The other seats are told `predict (a card face down)`; a
move is told with the card it revealed and what followed.

Readings chosen where the text is open (each is an option; the default first):

* `white_first_mover=0`, `black_first_mover=1`: the text lets each team choose who moves
  first; by default the lower seat of each team moves first and its partner predicts
  first (2 and 3 are the alternatives).
* The seed's draw of pawns from a bag to pick teams is left to the players joining seats.
* Piece types: a promotion counts as a pawn move, castling as a king move.
* A matched face-down card pulls even when the face-up card matches too (a face-down checker
  matches exactly when the face-up card would). A checker played with no face-up card on
  the table (after eight losses) matches nothing.
* Going beyond an end: the far team loses a piece of its choice. `king_removable=false`:
  never the king (RULES-NOTES: INFERENCE: "remove one of their pieces" is a cost, and
  losing the king would end the game), and a team with only its king loses nothing.
  `true`: the king is one of its pieces; a team that removes it (a team with only its
  king must) loses the game ("king removed").
  `remover=next_mover`: the choice of piece is made by the player of that team who makes
  its next move (on the losing team's own turn, its predictor), since it is the one who
  will play on from what is left (the seed's tactic of removing a blocking pawn to attack
  at once). `next_predictor`: by the other player of that team. Where nothing may be
  removed, the trophy still goes back to the middle. The removal
  comes before the pick-up; a removed piece counts as lost.
* Capturing the king ends the game at once (the card is still shown). A king left open by
  a removal can be taken on the next move, check or no check.
* `eighth_loss=at_once`: as soon as a team has lost its eighth piece, whenever that
  happens, its face-up card goes back to its hand, so its next prediction is already the
  face-down card alone. `after_turn`: the face-up card stays in play for the team's next
  turn and is picked up with the other card at the end of it.
* `king_safety=chess`: the seed has the mover make "any legal chess move" and still say
  "check", and lets a king be taken only because a removal may open it after the move. So
  moves are chess's legal moves (the mover's king may not be left in check), except that
  taking the enemy king is always allowed, even by a pinned piece; a team in check with no
  move is checkmated and loses. Castling and en passant are as in chess. `none`: no check
  rule at all; a move is any move by the pieces' movement, and a king left attacked is
  simply captured.
* Draws: a team with no move at all (stalemate), bare kings, `no_progress_plies` (100) team
  turns without a capture, pawn move or removal, a position standing for the
  `repetition`-th time (3; the board, the trophy, the face-up cards and who moves next in
  each team must all recur), and `turn_limit` (400) team turns in all, which the seed does
  not have (0 turns it off) but which keeps any game finite.
* `position`: a FEN to start from; pieces missing from a side's sixteen count as lost.
"""

from motley.core.registry import register
from motley.games.telepathic.rules import TelepathicChess

__all__ = ["TelepathicChess"]

register(TelepathicChess)
