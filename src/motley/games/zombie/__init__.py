"""Zombie Chess: captured pieces are buried in secret and come back from the dead.

Seed: 002, The Rules of Chess Kit, section Zombie Chess; open questions settled as in
RULES-NOTES section 7 (Zombie Chess).

The rules in short. Orthodox chess, checkmate wins. A captured piece goes to its colour's
zombie graveyard (public) and the capturer secretly buries it under one of their own pieces
(`bury P@b2`; the opponent hears only that a pawn was buried). At the end of a turn the
player checks each square their pieces left: if the opponent's graveyard is empty they say
"no zombies anywhere"; otherwise "no zombie at c6", or the buried piece comes back there as
a zombie of its own colour (marked by a coin). A zombie must move on each of its owner's
turns or it is destroyed (to the dust bin) at the end of that turn; several zombies form a
horde and each may move once. A pawn that comes back on its last rank is promoted. If every
one of the capturer's pieces already hides a burial, the captured piece goes to the dust bin
("I cannot bury this piece"). A move may not check one's own king by bringing a zombie back.

A turn is a run of small decisions by one player: promotions of pawns that came back on
their last rank (`c8=Q`), then moves (`e2e4`, `e7e8q`, castling `e1g1`), `end` when zombies
could still move, then one burial per captured piece.

Interpretations (each open question is an option; the default is the notes' reading):

* `horde=extra`: a turn is one normal move plus each of the player's zombies moving once,
  each a legal chess move, in any order (a zombie's move may serve as the normal move).
  `instead`: a turn is either one normal move or moves by zombies only.
* `castling_checks=both`: castling is completed first, then the king's and the rook's start
  squares are both checked; `king` checks the king's square only.
* `rebury_zombies=true`: a captured zombie is buried again like any piece; `false` sends it
  straight to the dust bin.
* Which square is checked: the start square of each piece that moved this turn; a square
  that a later move of the same turn occupied again is not checked (its burial stays under
  the piece now there). The check comes first, then the destruction of unmoved zombies, then
  the burials (the seed's example: "First, they check for zombies ... Then, they choose where
  to bury"), so a burial never goes under a zombie that is about to be destroyed.
* `uncovered_by=burier`: a burial stays on its owner's grid when the piece on top is
  captured; it comes back only when a piece of the player who buried it later leaves that
  square, so a square can hide one burial on each grid. The seed says "you can leave that
  piece buried if your opponent captures your piece on top of it. When they move off the
  space, first ask them if they revealed one of your buried pieces. If so, it comes back,
  and you don't yet have to reveal the piece you have buried there": it never says that
  their move off the space makes you reveal yours, so the default keeps the notes' reading
  (only the burier's moves reveal). `anyone`: "don't yet" read as "otherwise you do": at
  the end of a turn each square left and still empty after the mover's own check is
  checked on the other player's grid too (announced like any check), and what was buried
  there comes back as a zombie of the mover's; it came back too late to move, so it is not
  destroyed at the end of that turn but must move on its owner's next one. The mover's
  king safety never counts on such a return (the mover cannot know of it; a piece of the
  mover's own can only shield its king). A buried piece is always in the graveyard (the
  graveyard is exactly the pieces buried on the other grid), so it comes back whenever its
  square is checked.
* Check is judged at the end of the whole turn, not after each move of a horde ("If moving a
  piece would put your king in check by revealing a zombie, you may not move that piece":
  zombies are revealed at the end of the turn). A move is legal when the turn can still end
  with the king safe both on the board the moves leave and once the turn's end has brought
  zombies back and destroyed the player's unmoved zombies; `end` is offered only where the
  king is safe so. So a knight may leave the square hiding a rook that would check its king
  when a zombie of the same horde then steps onto that square (the rook stays buried).
  Castling is judged on the board before any zombie comes back ("complete the move before
  revealing any zombies"). Checkmate and stalemate are judged at the start of a turn, by the
  moves the player has. A king is never captured: a horde whose earlier move gave check may
  go on moving, but none of its moves may take the king.
* A pawn that comes back on its last rank is promoted by its owner at the start of their
  next turn, before moving ("immediately be promoted when they come back and then moved on
  that turn"); it stays a zombie. Since it is promoted at once, a move may not bring one
  back where a queen or a knight would check the mover's king (otherwise the promoted piece
  could take the king). A promoted piece that is captured is buried as the piece it has
  become. A pawn that comes back on its own first rank may step forward, but not
  double-step.
* En passant is open to any move of the turn after a double step, while the pawn to take is
  still there; if a horde makes several double steps, the last one counts.
* Draws as in `chess`, counted in turns: repetition (of the public position, zombies
  included; a capture, pawn move, return, destruction or promotion starts the count again),
  the no-progress rule, and dead material only when both graveyards are empty.

What each seat is told (`event_text_for`): every move, `end` and promotion as played, with
the announcements it set off ("e2e4; no zombie at e2"); another player's burial only as
`bury P`. A seat's view holds the board (coins included), both graveyards and dust bins,
the ledger of announcements and its own grid; `sample_hidden` guesses the other grid from
the ledger: each burial's square among the squares the burier's pieces then stood on, so
that every later check and "I cannot bury this piece" comes out as it was announced.
"""

from motley.core.registry import register
from motley.games.zombie.rules import ZombieChess

__all__ = ["ZombieChess"]

register(ZombieChess)
