"""Tar Pit Chess: checkers under the pieces either arm them with tar or bog them down.

Seed: 002, The Rules of Chess Kit, section Tar Pit Chess (with Appendix A for the cards);
open questions settled as in RULES-NOTES section 7 (Tar Pit Chess) and its later
clarifications, the newer readings kept as options.

The rules in short. Chess from the usual start. White has 6 light checkers in front, Black 6
dark ones; the other 6 of each colour wait in an extra pile. The deck is one chess card per
piece of both armies plus two checker cards per colour (36 cards); each player is dealt 6
cards and keeps them secret.

* A piece on its own colour's checker is carrying; a piece on the opponent's checker is
  tarred. A tarred pawn cannot move; any other tarred piece moves and captures like a pawn
  (one step forward, one step diagonally forward to capture, en passant too), never with
  the double step and never promoted. A piece holds at most one checker and takes it along
  when it moves.
* A turn: make a move; if the moved piece now carries, it may throw its checker one king
  step, under another piece of either colour (never onto an empty square); then play one
  card or none; then draw until you hold one card per checker in front of you (the discard
  pile is shuffled into a new draw pile when the draw pile runs out).
* A piece card adds one of your checkers (from in front of you) under a piece the card
  matches (its colour and type: a white knight card matches the white knights). Your own
  colour's checker card moves one checker from the extra pile to in front of you; the
  opponent's checker card makes them give up one of theirs (from in front of them or from
  under a piece, their choice) to the extra pile, and then discard a card of their choice
  if they hold more cards than they have checkers in front of them.
* Checkers meeting under one piece (a capture, a throw, a card) combine: opposite colours
  cancel and both go back to their owners; the same colour repels, one going back. So a
  capturer keeps the captured piece's checker: taking a carrying piece leaves you tarred,
  taking a tarred one leaves you carrying.
* A tarred piece that reaches the end of its pawn path hands the checker back to its owner;
  an enemy checker added under a piece already there is removed at once.
* No castling while the king or the rook has a checker. Checkmate wins; check is judged with
  the pieces' actual moves (a tarred queen attacks only its forward diagonals).

Readings chosen where the text is open (each alternative is an option):

* `no_match=yours` (the seed): a piece card none of whose pieces is left adds a checker
  under any of the player's own pieces. `colour` (a newer text): under any piece of the
  card's colour.
* `tar_direction=owner`: "forward" for a tarred piece is its owner's forward, and its "back
  rank" (where the tar comes off, "a bit like promoting a pawn") is where its owner's pawns
  promote; an enemy checker added to a piece on that rank is removed at once. `tarrer`: it
  moves like the pawns of the checker's owner, towards its own first rank, where the tar
  comes off.
* Removal method 3: the seed says to capture an enemy piece tarred with your checker, the
  newer text that your tarred piece makes that capture. Both come to the same thing under
  the capture rule (the captured checker cancels the capturer's tar only when the capturer
  is the tarred piece; any other capturer is left carrying), so it needs no option.
* A removed checker (from a tarred piece on its back rank, or added to one) goes back to its
  owner, in front of them, as the text says for a tarred piece that moves there.
* `check_escape=turn`: "Win by checkmate, as in regular chess" under a turn of "up to four
  parts": as in chess, your king must not be capturable when your turn is over, so the move
  may leave it attacked if your throw or card then tars the attacker (the worked example
  throws tar so that "the pawn can't capture the knight"). A move is legal when some throw
  or card can finish the turn safely; with the king attacked you may not keep the tar, say
  "no card" or play a checker card. A throw or card may never make an enemy piece capture
  like a pawn onto your king. Checkmate (and stalemate) is judged at the start of a turn:
  no move, throw and card of yours leaves the king safe, so the hand can save a king.
  `move`: every decision that changes the board (the move, the throw, a card's checker)
  must leave the king safe on its own, so only the move gets a king out of check, and mate
  is judged on the board alone.
* The player who must give up a checker chooses which. A checker card of your own colour
  with the extra pile empty brings nothing, but may still be played (it cycles the card).
  A piece card needs a checker in front of you. Adding your checker under a piece that
  already has one of yours is allowed (it comes straight back: the text's card cycling).
* Cards: the draw pile is a multiset (each draw a chance node), the discard pile and every
  card played or discarded are public, a hand is seen only by its holder. The deal gives one
  card at a time, White first. A player holding fewer cards than checkers in front (their
  checkers came back during the opponent's turn) draws at the end of their own turn.
* Draws as in chess: stalemate, bare kings, the no-progress rule and repetition (of the
  board, the checkers, the supplies and the hand sizes), and `turn_limit` turns in all.
  As in chess, an en-passant square counts (and is saved) only while a capture there may
  be played, a tarred piece's capture included; with `check_escape=turn` a capture that
  leaves the king attacked counts too, since a card nobody else sees may cover it.
* Variants of the text: `checkers` in the box per colour (12), `start_checkers` in front
  of each player and cards dealt (6), `checker_cards` per colour (2); `position` starts
  from a FEN with `*` after a carrying piece and `~` after a tarred one.

One decision is one action: the move `e2e4` (`e7e8q`, castling `e1g1` or `O-O`), then
`throw f3` or `keep`, then `play n e4`, `play C` or `no card`, the opponent's `return supply`
/ `return e4` and `discard N`; a card drawn is the chance outcome `draw N`, told only to the
player who draws it (the others hear "a card for White").
"""

from motley.core.registry import register
from motley.games.tar_pit.rules import TarPitChess

__all__ = ["TarPitChess"]

register(TarPitChess)
