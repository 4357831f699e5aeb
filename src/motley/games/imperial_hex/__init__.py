"""Imperial Hex Chess: hexagonal chess with a capture hierarchy. PROVISIONAL: see below.

Seed: 003, Imperial Hex Chess by Robert F. Hancock (2005), with section 2 of the rules notes
(the board derivation, the rules the text fixes, the provisional piece table).

The rules in short:

* The board has 75 cells in 13 rows, A1 to M9 from White's end, 25 of each colour (A1 blue,
  A2 white, A3 red); see `motley.geometry.hex`.
* Each side has a King, a Queen, 2 Dragons, 2 Elephants, 2 Knights, 2 Guards and 8 Pawns.
  A coin toss decides who moves first; that player places two "scout" pawns symmetrically
  on their 5th row, then the other player does, then the first player moves.
* Capture hierarchy: King = Queen above Dragon = Elephant above Knight = Guard above Pawn.
  A piece takes an equal or lower piece alone, a higher one only while a second piece of its
  side attacks it too. A piece that captured on its last move has lost that protection for
  one move: any piece may then take it alone.
* Check is an attack by two enemy pieces or by the Queen. It is met by capturing or blocking
  an attacker or by moving the King, which must then go to a cell no enemy piece attacks. A
  King never moves where it could be taken next move, and captures only where no enemy piece
  attacks (having captured, it has no protection). Other pieces may stand where only weaker
  pieces attack them.
* Checkmate wins; stalemate (no legal move, not in check) is a draw, and so is a position in
  which neither side can mate: only the Queen, or two pieces besides the King, can give
  check, and only the Queen can mate a lone King.
* A pawn on its 4th row may move one or two cells (both empty), and a double step may be
  taken en passant on the next move. Promotion: on its 11th row a pawn may become a Knight or
  Guard (or stay a pawn); on its 12th it becomes a Dragon, Elephant or Queen.
* Only Guards and Knights jump; Guards never change colour. Values: King 6, Queen 30,
  Dragon 20, Elephant 18, Knight 8, Guard 6, Pawn 2 (used by `evaluate`).

PROVISIONAL. The seed's piece-move diagrams and start diagram are lost. The moves are a data
table (option `moves`, see `pieces.py` for the format); the default, "provisional", reads the
text as chess made hexagonal (RULES-NOTES 2.4): the eight directions are left and right along
the row and straight ahead and back through a corner ("orthogonal"), and the four edge
neighbours forward and back ("diagonal"). King: one step in the eight; Queen: slides in the
eight; Dragon: slides orthogonally; Elephant: slides diagonally; Knight: the 12 hex knight
leaps; Guard: leaps to the six nearest cells of its colour; Pawn: steps to either forward
neighbour and captures there too. The start array behind the pawns is a reconstruction too
(option `layout`, see `layout.py`). Any table or layout is checked against what the text
fixes: only Guards and Knights jump, Guards keep their colour, pawns advance, the first row is
Dragon, King, Elephant and the Guards start on red and blue cells.

Interpretations where the text is open (option, default):

* `moves` = "provisional": the piece table above. "provisional-pawn-ahead" is the other pawn
  reading: pawns step to the forward neighbours but capture only straight ahead, through the
  corner between them. A corner step passes between two cells and is never blocked by them
  (as in Glinski's hex chess); a slide stops at the first occupied cell on its line.
* `layout` = "provisional": White's rows A-D are DKE / NDQN / .GEG. / six pawns (a dot is an
  empty cell), chosen so that at the start no piece attacks another (see `layout.py`);
  Black's is the same turned 180 degrees.
* Scout placement: the two scouts stand on their owner's 5th row, mirrored in the centre
  line (E3/E5, E2/E6 or E1/E7 for White). Not an option: the text fixes it.
* The pawn's double step repeats one of its single steps (a straight line through the passed
  cell, which must be empty); en passant is taken by a pawn that could capture on the passed
  cell, on the very next move only. Pawns also step onto the cells they attack, so a pawn may
  go to the passed cell without taking (written F4-E3) or take en passant there (F4xE3):
  en passant is optional ("it can be captured"), as in chess.
* Lost protection: "on its last move" is read as the move just made, so the piece that made
  it is open to any attacker for the reply only ("for ONE MOVE ONLY").
* `promotion` = true: the seed lists promotion under "Optional Rule Variations"; off, pawns
  stay pawns. On the 11th row promotion is optional (the pawn may "proceed"); on the 12th it
  is compulsory, and a pawn that skips row 12 (only possible with another table) promotes on
  the 13th as on the 12th.
* Support for a capture (the "second piece") is counted in the position before the move: a
  piece lined up behind the capturer (an x-ray) does not count.
* Check and capture-safety count attacks geometrically, as in chess: an attacker counts even
  if moving it would expose its own King.
* `king_escape` = "any": "The check can be removed by capturing or blocking one of the
  attacking pieces if possible. If this is not possible, the King is forced to move" is read
  as listing the ways out of check, any of which the player may choose, as in chess.
  "last-resort" reads it as an order: the King may step away (other than by capturing an
  attacker) only when no capture or block is possible.
* Stalemate: the text's "forced to move" is read as "has no legal move", as in chess.
* Insufficient material: "If one side has insufficient forces to bring about the capture
  of the King, it is a draw. A King and a Queen are the minimum required to obtain
  checkmate against a lone King." A King never attacks the other King, so a side with
  neither a Queen, nor a pawn (a Queen to be, while promotion is on), nor two pieces
  besides its King can never give check. `lone_king` = "queen": against a lone King only
  the Queen (or a pawn that may still become one) can mate, so King, Dragon and Elephant
  against a lone King is drawn ("There is only one end game that is not a draw, King vs.
  King and Queen"). "check": against a lone King, two pieces besides the King play on,
  since together they can give a double check. The game is drawn when neither side can
  mate.
* `no_progress_plies` = 100 and `repetition` = 3: not in the seed; chess's draws, so that every
  game ends (a game lasts at most about 100 plies per capture or pawn move).
* `position` = "": a position text to start from, skipping the setup.
"""

from motley.core.registry import register
from motley.games.imperial_hex.rules import ImperialHex

__all__ = ["ImperialHex"]

register(ImperialHex)
