"""A heuristic value of a Skock position, for the computer players.

All from one seat's point of view, in pawns (then squashed into [-1, 1]):

* both kings: "you win when your opponent has no king left", so the second king is worth
  far more than the first (the last one is the game);
* king safety: a king one step from an enemy piece's capture can be taken by "a step made
  with a die showing 6", a chance of 11 in 36 on the enemy's next throw;
* material with Skock's values, and mobility: a piece with an empty square next to it can
  use a die (the full opening board makes most throws passes);
* the queue: "on a double you may ... bring back that many pieces from the front of your
  queue", so a captured piece is not quite lost, the front of the queue most of all;
* the race to the last row: a pawn reaching it "may be exchanged for a piece from its side's
  queue", worth more the nearer it is and the better the queue's best piece.
"""

from __future__ import annotations

from motley.chesslike.evaluate import squash
from motley.games.skock.state import KIND_OF, KING, OVER, PAWN, ROLL, SkockState
from motley.games.skock.steps import Planner
from motley.geometry import cellset

#: Skock's piece values (kings apart: see KINGS)
VALUES = (1, 3, 3, 5, 9, 4)
#: value of having one king, and two kings, on the board
KINGS = (0.0, 20.0, 32.0)
#: chance that at least one of two dice shows the king die
KING_DIE_CHANCE = 11 / 36
#: a double (1 in 6) brings the queue's front back: worth this share of a queued piece
QUEUED = 0.2
#: per piece that can step somewhere
MOBILE = 0.15
#: per row a pawn has advanced, times the best piece its queue could give it
RACE = 0.03
#: the kit's squash: a balance of this many pawns is worth 0.5
SCALE = 30.0


def evaluate(planner: Planner, s: SkockState, seat: int) -> float:
    if s.phase == OVER:
        return 0.0
    tables = planner.tables
    occupied = s.colours[0] | s.colours[1]
    # whose throw comes next: the mover's before its roll, else the opponent's
    thrower = s.turn if s.phase == ROLL else s.turn ^ 1
    value = 0.0
    for side, sign in ((seat, 1.0), (seat ^ 1, -1.0)):
        mine = s.colours[side]
        kings = s.pieces[KING] & mine
        value += sign * KINGS[min(2, kings.bit_count())]
        mobile = 0
        for kind in range(6):
            bits = s.pieces[kind] & mine
            if kind != KING:
                value += sign * VALUES[kind] * bits.bit_count()
            if kind != PAWN:
                near = tables.near[kind]
                mobile += sum(1 for c in cellset.cells(bits) if near[c] & ~occupied)
        value += sign * MOBILE * mobile
        queue = s.queues[side]
        for place, letter in enumerate(queue):
            worth = KINGS[1] / 2 if letter == "K" else VALUES[KIND_OF[letter]]
            value += sign * QUEUED * worth / (1 + 0.5 * place)
        best = max((VALUES[KIND_OF[k]] for k in queue if k != "K"), default=0)
        if best > 1:
            for row, bits in enumerate(tables.back_rows[side]):
                value += sign * RACE * (best - 1) * row * (s.pieces[PAWN] & mine & bits).bit_count()
        # the side's kings under attack by a piece of the other side
        threat = _kings_attacked(planner, s, side, occupied)
        if threat:
            chance = KING_DIE_CHANCE if thrower != side else KING_DIE_CHANCE / 3
            lost = KINGS[kings.bit_count()] - KINGS[kings.bit_count() - 1]
            value -= sign * chance * lost * min(threat, kings.bit_count())
    return squash(value, SCALE)


def _kings_attacked(planner: Planner, s: SkockState, side: int, occupied: int) -> int:
    """How many of `side`'s kings an enemy piece could take with one step."""
    movement = planner.tables.movement[side]
    enemy = s.colours[side ^ 1]
    count = 0
    for king in cellset.cells(s.pieces[KING] & s.colours[side]):
        for kind in range(6):
            # attacks are symmetric: what `side`'s piece of this kind on the king's cell
            # would capture is where an enemy piece of the kind captures it from
            if movement[kind].captures(king, occupied) & s.pieces[kind] & enemy:
                count += 1
                break
    return count
