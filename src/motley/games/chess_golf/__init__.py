"""Chess Golf: a puzzle where every piece moves only with the moves of its neighbours.

Seed: 002, The Rules of Chess Kit, section Chess Golf (Don Kirkby), with Appendix A for the
cards; readings from RULES-NOTES ("Chess Golf readings" and section 7). This game is one
hole for one player (the puzzle); `solver` finds its shortest solution.

The rules in short:

* Setup. The 16 piece cards of both colours (no pawns, no checkers) are shuffled and drawn
  one at a time; each card's piece goes on the board after a gap of empty squares (knight
  1, bishop 2, rook 3, queen 5, king 6), counting a1 to h1, a2 to h2, and so on to h8. The
  deck is then shuffled again and two cards are dealt: the chosen piece types (three at the
  harder level). Each draw is a chance node over the kinds of card left.
* Moves. Any piece of either colour may move; a move is one move of a piece type standing
  on one of the eight squares around it *in the same colour*. A piece never uses its own
  movement. Lines are blocked as in chess; there is no check and no pawn.
* Special move. When no two pieces of a colour stand next to each other, every piece of that
  colour may make a king's step.
* Captures. The only capture allowed is a piece matching one chosen card taking a piece
  matching another chosen card; any other piece blocks. The hole ends when the capture is
  made (with three cards, when one chosen type has taken both others); the score is the
  number of moves, fewer being better.

Readings chosen where the text is open (each an option):

* `special` = `no_pairs` (default, the text): king steps for a whole colour once none of its
  pieces stand next to each other. `no_moves`: once none of its pieces has a borrowed move
  (the reading of one known program).
* `second` = `same_piece` (default): with three cards, the piece that made the first capture
  must make the second. `same_type`: any piece matching its card may.
* Two identical cards (say two black bishop cards) let a piece take its own twin: each card
  stands for a different piece. With a white and a black bishop card a white bishop may not
  take the other white bishop. (Problems 1 and 3 need this; not an option.)
* `cards` = 2 (default) or 3 chosen cards dealt; `chosen` gives them instead (e.g. `Kb`, upper
  case White), and then decides how many there are.
* `position`: a FEN placement to play instead of the dealt layout (how the seed's problems
  are set up). No pawns; any number of each piece.
* `move_limit` = 10: after this many moves without the goal the hole ends unsolved (a hand
  shows at most ten fingers when bids are revealed). Returns: minus the moves made for a
  solved hole, minus (limit + 1) for an unsolved one, like a failed demonstration's worst
  count plus a penalty point; higher is better. A hole where nothing can move ends unsolved.

Where the book's answers are beaten (the solver proves each count; see `test_problems`):

* the opening example's white king capture takes 3 moves (`b3b1 f1g1 h2a2`: once the bishop
  leaves b3 no two white pieces touch, so the queen steps beside the king and the king takes
  along the second rank), not "at least 4";
* Problems 1, 2 and 3 take 5, 6 and 6 moves, where the book's solutions take 6, 8 and 7; each
  shorter path leans on the Special Move.

The round the book plays around these puzzles (dealers, bids shown together, demonstrations,
penalties, nine holes) is the game `chess_golf_N` for N golfers (`round`); the solver's
public entry is `solver.solve`, and `players` holds the computer players built on it.

Moves are written as two squares, `e5g6` (the seed's solutions are written so); chance draws
as `lay N` (the layout) and `deal b` (the chosen cards), upper case for White.
"""

from motley.core.registry import register
from motley.games.chess_golf.round import ROUNDS, GolfRound
from motley.games.chess_golf.rules import ChessGolf

__all__ = ["ChessGolf", "GolfRound"]

register(ChessGolf)
for _round in ROUNDS:  # the round of the book, for one to four golfers (see `round`)
    register(_round)
