"""Atomic Chess: chess in which every capture explodes.

Seed: none; the worked example of `docs/adding-a-game.md`, with the rules as FIDE's
Handbook and the online servers play them.

The rules in short. Chess, from the usual start, with these changes:

* A capture is an explosion on the capture square: the captured piece, the capturing piece
  and every piece except pawns on the eight squares around it leave the board, whatever
  their colour. A pawn is destroyed only when it is taken or makes the capture.
* A king may not capture (its blast would kill it), and no move may blow up the mover's own
  king.
* Blowing up the enemy king wins at once. Such a move is legal even if it leaves the mover's
  own king attacked, since the game ends before anyone could take it.
* The kings may stand next to each other. While they touch, neither is in check: a piece
  taking one king would blow up the other. Check is otherwise as in chess (an enemy piece
  could take the king), and so are checkmate, stalemate and castling (the king may not
  castle out of, through or into check, judged this way).

Readings chosen where the usual texts are open (the alternatives are options):

* `en_passant_blast=landing` (default, as every server plays it): an en-passant capture
  explodes on the square the capturing pawn lands on. `taken`: around the pawn it takes.
* Dead material: chess's dead positions only where one side has a bare king (a king
  cannot capture, so it can never blow anything up). Bishops of one colour on both sides,
  dead in chess, play on: one may take the other next to a king. Rarer dead ends (a rook
  against a bare king, which can always touch the other king) are left to the draw rules.
* Draws by repetition and the no-progress rule as in `chess` (the same options).
* `position`: a FEN to start from; the kings may touch there.

Moves are written as in chess (`e2e4`, `Nxf7`); the move list marks `#` on the capture that
blows up the enemy king.
"""

from motley.core import registry
from motley.examples.atomic.rules import Atomic

__all__ = ["Atomic", "register"]


def register() -> None:
    """List Atomic among the registered games (the lobby, `motley games`): examples are not
    registered on import, so a test or a deployment opts in."""
    registry.register(Atomic)
