"""Cooperative Chess: two partners against the deck, capturing what a line of cards allows.

Seed: 002, The Rules of Chess Kit, section Cooperative Chess (with Solitaire), Appendix A for
the cards; readings from RULES-NOTES section 7 (Cooperative Chess).

The rules in short:

* One standard chess set and 32 piece cards, one per piece of either colour. Each player is
  dealt two cards; the rest form the draw pile, whose order nobody knows (every draw is a
  chance node). A king card drawn or dealt goes face up to the line at once and is replaced.
* A turn has four steps: play a card from hand to the far end of the face-up line (the end
  away from the draw pile); optionally make one non-capturing chess move; make any number of
  captures, by any pieces of the mover's colour; draw back up to two cards.
* Pieces move as in chess (castling and en passant included) but there is no check: a king
  may move into or stay in check. A capture is allowed only when a card like the capturing
  piece lies directly beside a card like the captured piece in the line; that card of the
  captured piece goes to the discard pile.
* Whenever four or more cards of one colour lie in a row in the line, the whole run is taken
  out, one of its cards leaves the game unseen, and the rest are shuffled into the draw pile.
* A pawn may reach the last rank only with a pawn card of its colour in the line; it becomes
  a piece already captured (its card in the discard pile), the pawn card is discarded and the
  new piece's card is put anywhere in the line.
* The game ends when a king is captured: a point per piece captured plus ten for each piece
  type no longer on the board (both colours). If the cards run out first (draw pile and
  hands empty), the score is the pieces captured, with no bonus. Both seats get the score.
* Solitaire (`cooperative_solitaire`, one seat, no hand): each turn starts by drawing a card
  straight to the line; the player moves White and Black in turn; the game ends with a
  captured king or when a turn begins with the draw pile empty.

How it is played here: seat 0 is White and seat 1 Black (choosing colours by hidden pawns
changes nothing in play). A turn is small decisions: `play N`; then moves and captures
(`e2e4`, `d5e6 @3`, where `@3` names the captured piece's card by its position in the line
counted from the draw-pile end) until `end`; after a promotion `out P4 in Q1` moves the cards.
Draws and the card a recycling removes are chance nodes (`draw N`, `remove N`). A step with
no choice is taken automatically (the moves end by themselves when nothing but `end` is left).

Readings where the text is open (options where a choice is real):

* Each player moves only the pieces of their own colour: the players choose colours, White
  starts, and in the seed's example Black moves the black bishop and White takes it back.
* `open_hands=false`: the Talking section lets partners ask yes/no questions but not show
  their hands, so each hand is secret from the partner (`true` shows every hand).
* `free_order=false`: the non-capturing move comes before the captures, in the seed's
  order (RULES-NOTES); `true` lets it come between or after captures too.
* `castling=text`: "All individual moves must be legal chess moves, with this exception:
  you may move a king into check or leave it in check", so castling is chess's, except
  that the king may land on an attacked square; it may not castle out of check nor cross
  an attacked square. `ignored`: castling needs only an unmoved king and rook with nothing
  between them (no check at all); `orthodox` keeps chess's rule against castling out of,
  through or into an attacked square.
* `empty_hand=skip`: a player who has no card to play (the draw pile having run out) skips
  the card and the moves and only draws if cards have come back by recycling; `move` lets
  them still make the turn's chess moves.
* The captured piece's card that is discarded is one lying beside a card like the capturing
  piece; when several could go, the player chooses (`@n`), since the line left differs.
* A pawn may become only a piece of its own colour whose card is in the discard pile (the
  piece must have been captured to be put back). In a capturing promotion the captured
  piece's card is discarded first. The promotion's card changes (pawn card out, new card in)
  count as one change of the line: runs of four are looked for after both.
* Runs are looked for after every change of the line (a card played, drawn or dealt, a
  capture, a promotion) and again after each recycling, since taking a run out can join its
  neighbours into a new one; the run nearest the draw pile goes first.
* En passant is open for the whole of the next turn (the opponent's captures come after its
  card and its non-capturing move), while the pawn that passed is still there.
* A king card dealt or drawn goes to the far end of the line, like a played card.
* `king_card=replaced` (solitaire): "If you ever draw ... a king card, immediately add it to
  the face-up line and draw a replacement card" holds in solitaire too, so a king card drawn
  at the start of a turn is followed by another draw to the line (none when the pile is
  empty). `turn`: the king card is the turn's one card, with no replacement.
* Solitaire ends when a turn would begin with no card to draw.
"""

from motley.core.registry import register
from motley.games.cooperative.rules import CooperativeChess, CooperativeSolitaire

__all__ = ["CooperativeChess", "CooperativeSolitaire"]

register(CooperativeChess)
register(CooperativeSolitaire)
