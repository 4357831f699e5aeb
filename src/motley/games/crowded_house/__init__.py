"""Crowded House: chess for two teams of two, each player confined to half the board.

Seed: 002, The Rules of Chess Kit, section Crowded House; open questions settled as in
RULES-NOTES section 7 (Crowded House).

The rules in short. Four players form two teams, White and Black, and play from the usual
start position. In each team one player has the king side of the board (files e-h) and the
other the queen side (files a-d). Turns go round in a fixed order: White king side, Black
king side, White queen side, Black queen side, and again. On your turn you may move a piece
of your colour only if it starts or ends on your half: after `e2e4 e7e5` the White
queen-side player may bring the f1 bishop over to b5, but may not play it to e2, which
starts and ends on the king side. A player with no such move moves nothing that turn
(`pass`).

Check works differently: what counts is whether the *next* player, who is always on the
other team, could capture your king on their turn, within their own half rule (the king or
the capturing piece must stand on their half). A king may stand in, move into or castle out
of an attack the next player cannot use. Checkmate wins as usual, judged on that next
player: your king is open to capture by the next player and nothing you can do prevents it.
En passant is open only to the very next player, right after the double step.

Moves are written as coordinates: `e2e4`, `e7e8q` to promote, castling as the king's step
(`e1g1`, `e1c1`; `O-O` and `O-O-O` are read too), and `pass` for the player without a move.
The seats are named for the player's colour and half; who sits where is settled when the
players join, so the seed's draw of pawns from a bag to pick colours is left to the players
and not modelled.

Readings chosen where the text is open (each alternative is an option; defaults first):

* `king_side=e-h`: the king side is files e-h and the queen side files a-d, as in the seed's
  diagram. `a-d` gives files a-d to the players who move first in each team.
* `exposed_king=illegal`: a move that leaves your king open to capture by the next player
  is not allowed, as in orthodox chess: the text lets a king "move into check or castle out
  of check, if the next player can't make the capture", and the game is won "by check
  mate", not by taking the king. `capture`: such moves are allowed, and if the next player
  takes the king the game ends with that capture (a win for their team); a king left open
  to a later player may be saved by your partner.
* `no_move=pass`: under `illegal`, a player not in check whose every move is refused moves
  nothing that turn, like the seed's player with nothing on their half ("they move nothing
  on that turn"); the seed knows no stalemate, and the team plays on. `stalemate`: such a
  player is stalemated and the game is drawn, as in orthodox chess (a player with no move
  at all by the half rule still passes). A player in check with no way out is mated under
  either reading ("Win by check mate, as usual").
* Checkmate ends the game at once: it is your turn, the next player could capture your king,
  and no move you have (nor your pass, if you have none) prevents it. Taking the enemy king
  yourself also counts as a way out.
* Castling needs the king and the rook unmoved and every square they cross empty; the king
  may not castle from or across a square where the next player could capture it, and where
  it lands is judged like any other move. `castling=both`: the king's and the rook's moves
  must each start or end on your half, so the king-side player castles short and the
  queen-side player long. `king`: only the king's move is checked, so the king-side player
  may also castle long.
* Passing: a player passes only when they have no move at all, and then must pass. A pass
  ends the en-passant chance.
* Draws: by agreement (outside the program), when only the two kings are left, after
  `no_progress_plies` turns (200, passes included) with no capture or pawn move, or when a
  position stands for the `repetition`-th time (3) with the same player to move. Since a
  lone king can be trapped against the half rule, no other material is declared dead.
* `position`: a FEN to start from; White to move means the White king-side player starts.
"""

from motley.core.registry import register
from motley.games.crowded_house.rules import CrowdedHouse

__all__ = ["CrowdedHouse"]

register(CrowdedHouse)
