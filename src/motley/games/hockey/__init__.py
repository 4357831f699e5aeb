"""Hockey Chess: chess with pucks to pass and shoot, and referees moved by a die.

Seed: 000, Hockey Chess (Chuck Smith, 1997), read with RULES-NOTES section 4 (the page has
no pictures; the goals and the crease are inferred from "behind the king and queen").

The rules in short. Orthodox pieces from the orthodox start, but no check: a king is taken
like any other piece. Black checkers are pucks, red checkers referees.

* Before the game a puck goes under each king; White puts a referee on any square without a
  checker (a piece may stand on it), then Black another.
* A piece on a puck is its possessor. A pass moves a puck the way its possessor could move
  (a pawn's one square forward or diagonally forward, a bishop's may bounce off the side
  files). A pass may end on an empty square or on any piece (which then possesses it), never
  on a checker, and may cross a piece only if that piece stands on a checker.
* A turn is a move and/or one pass (either order, by the same piece or another), or two
  passes (of two pucks, or of one puck twice). Then a die is rolled and a referee moves
  exactly that many squares along a line, jumping, onto a square without a checker (under a
  piece is fine); if no referee can, none moves.
* A moving possessor leaves its puck on any square of its path (its start included) or
  keeps it; landing on a checker it must leave its own. A piece ending on a loose puck, or
  taking a possessor, takes the puck over.
* A goal is two cells off the board behind the d and e files. A pass that leaves the board
  there scores one point (into your own goal, a point for the opponent). The puck leaves
  play, a new puck goes on each referee that has none, and the scorer's referee move must
  take a referee from under a new puck when one can move.
* A pawn reaching the last rank leaves the board: its player scores a point, or puts one of
  their captured pieces back on a vacant corner (on any vacant square when all four are
  occupied). A king in the opponent's crease (c, d, e, f on their back rank) may walk into
  their goal when no crease square is attacked by the opponent, with the same choice.
* A bishop moving to its last rank while no puck stands on its colour may slide one square
  left or right in the same move, onto a square without a piece.
* "A move cannot be made that repeats a position": no move, and no turn, may end in a
  position (pieces, pucks and the side that would move next; referees ignored) that the
  game has already reached. Each move is judged as it is made, so a move that brings back
  an earlier position is refused even when a pass after it would make the turn new.
* Five goals win (`goals`), and so does taking every enemy piece; if both come at once, the
  goals decide.

Readings chosen where the text is open (RULES-NOTES 4.1 and 4.2), the alternatives options:

* Goals d0/e0 (White's) and d9/e9 (Black's); any piece whose pass line leaves the board
  through an end rank on the d or e file shoots: rooks and queens along those files,
  bishops and queens along diagonals, knights jumping there, kings stepping there.
* `bishop_bounce=true`: a bishop's pass reflects off the a and h files as often as it meets
  them, never off the end ranks.
* A knight's pass is never blocked; a pawn's pass goes one square forward or diagonally
  forward whatever stands there. A checker alone on a square does not block a pass.
* Paths: a slider's path is its start and the squares it crossed; a king's, a knight's and
  a pawn's single step only its start (the double step's middle square too). Castling
  keeps the rook's puck with the rook unless it lands on a checker (then the puck stays on
  the rook's square); the king may leave its puck only on its own square.
* En passant takes the victim's puck over as a capture does; it is not possible when that
  would put two checkers on the landing square.
* `play_after_goal=false`: a goal closes the acts of the turn and the scorer rolls at once;
  that roll is the turn's referee move. `true` lets a first-act goal be followed by a second.
* Returned pieces: "vacant" means no piece (a checker may be there); a pawn never goes back
  onto an end rank. The king's and pawn's puck stays on the square it leaves from.
* `crease_guard=attacked`: "guarded" crease squares are squares the opponent attacks, as
  check is judged in chess (the text's "guarding" is what pieces do to squares they
  attack). `occupied`: an enemy piece standing on a crease square guards it too.
* `promotion_goals=0`: a pawn or king promotion scores in proportion to the goals needed
  (goals / 5, rounded, at least 1: one point in the standard game), as the Variations ask
  ("If you change the number of goals needed then you should also change the number of
  goals the pawn or king makes when they promote"); a number sets it outright.
* The bishop slide is part of the same move and may not capture.
* Repetition is judged against the position at the end of every earlier turn (and the
  start), after each move and at the end of each turn; a pass in the middle of a turn is
  judged only with the turn (the rule names moves). A turn with no act that avoids
  repetition has no act at all (`end` at once).
* `castling=true`, `en_passant=true`: orthodox, including castling not out of, through or
  into an attacked square (uncertain; the text only says pieces move as in chess).
* `referees=2`: the text's variant of more or fewer referees, placed alternately by White
  and Black.
* `turn_limit=200`: the game is drawn after 200 turns in all (100 each), about twice a long
  chess game; the text has no draw, and a limit keeps every game (random play included)
  finite (0 switches it off).
* `position`: a start given as a placement with marks (`*` puck, `^` referee, `.` an empty
  square written out), side to move, castling, en passant and an optional score.

One decision is one step: a move `e2e4` (castling `e1g1`, a pawn to the last rank `e7e8`, a
bishop slide `b5e8f8`, `e8 goal`), a pass `pass:d4d6` or a shot `pass:e5e9`, the puck's square
`put@e3` or `keep`, after a promotion `score` or `Q@a1`, `end` after one act, the die
`roll 4`, the referee `ref:c3c6`, and at setup `ref@d4`.
"""

from motley.core.registry import register
from motley.games.hockey.rules import HockeyChess

__all__ = ["HockeyChess"]

register(HockeyChess)
